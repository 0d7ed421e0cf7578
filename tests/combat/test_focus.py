"""Focus fire: `attack A B ... TARGET`, the target's state carried from one to the next.

Numbers worked by hand: two Marauder pairs shoot nine Marines. Quad K12 (RoA 3, 3+,
Surge Armoured only, Damage 1) at Marines (Light; Armour 5+, no Evade roll unengaged,
2 Hit Points): each die is unsaved with (2/3)(2/3) = 4/9, so each pair deals
D ~ Binomial(6, 4/9) Damage. The marker carries over: a lone point of Damage from the
first pair and one from the second remove a Marine together, so after both the
Marines lost floor((D1 + D2) / 2), D1 + D2 ~ Binomial(12, 4/9) (at most 6 Marines:
the cap of 9 never binds).
"""

from __future__ import annotations

import json
from fractions import Fraction
from math import comb
from typing import Any

import pytest
from typer.testing import CliRunner

from armylist.cli import app
from armylist.combat import AttackSetup, resolve
from armylist.combat.focus import focus_fire

runner = CliRunner()
P = Fraction(4, 9)


def binomial(n: int, k: int) -> Fraction:
    return comb(n, k) * P**k * (1 - P) ** (n - k)


def halves(n: int) -> dict[int, Fraction]:
    """floor(D / 2) for D ~ Binomial(n, 4/9): Marines of 2 Hit Points removed."""
    out: dict[int, Fraction] = {}
    for d in range(n + 1):
        out[d // 2] = out.get(d // 2, Fraction(0)) + binomial(n, d)
    return out


@pytest.fixture(scope="module")
def two_pairs(unit: Any) -> list[AttackSetup]:
    marauders, marines = unit("Marauder"), unit("Marine")
    return [AttackSetup(attacker=marauders, target=marines, models=2)] * 2


def test_the_second_attacker_starts_from_the_marker_the_first_left(
    two_pairs: list[AttackSetup],
) -> None:
    first, second = focus_fire(two_pairs).steps
    assert first.removed_so_far == halves(6)
    assert {k: p for k, p in second.removed_so_far.items() if p} == halves(12)
    # Supply 2 at 7-9 Marines, 1 at 4-6, 0 at 1-3: 3 removed cost 1, 6 removed 2.
    lost = sum(binomial(12, d) for d in range(6, 13))  # 3 or more removed
    lost += sum(binomial(12, d) for d in range(12, 13))  # 6 removed
    assert second.outcome.supply_left == 2 - lost
    assert first.outcome.wiped_out == second.outcome.wiped_out == 0


def test_one_attacker_is_the_plain_attack(unit: Any) -> None:
    setup = AttackSetup(attacker=unit("Marine"), target=unit("Zealot"))
    (step,) = focus_fire([setup]).steps
    assert step.outcome == resolve(setup).total


def test_first_armour_roll_tough_is_spent_by_the_first_attacker(unit: Any) -> None:
    # Ancillary Carapace: TOUGH (1) on the Hydralisks' first Armour roll only
    # (Decision 7): the second attacker's dice meet no TOUGH.
    setup = AttackSetup(
        attacker=unit("Marine"),
        target=unit("Hydralisk"),
        target_upgrades=("Ancillary Carapace",),
    )
    with_tough = resolve(setup).total.expected_models_removed
    spent = resolve(setup, first_armour_roll=False).total.expected_models_removed
    assert spent > with_tough
    first, second = focus_fire([setup, setup]).steps
    expected = Fraction(0)
    for (models, marker, _), p in first.states.items():
        if models:
            again = setup.model_copy(
                update={"target_models": models, "damage_marker": marker}
            )
            removed = resolve(again, first_armour_roll=False).total
            expected += p * removed.expected_models_removed
    assert second.outcome.expected_models_removed == expected


def test_the_command_prints_each_attacker_in_turn_and_json(
    two_pairs: list[AttackSetup],
) -> None:
    args = ["attack", "Marauder:2", "Marauder:2", "Marine"]
    text = runner.invoke(app, args)
    assert text.exit_code == 0, text.output
    assert "1. Marauder (2): Quad K12" in text.stdout
    assert "2. Marauder (2): Quad K12" in text.stdout
    assert text.stdout.count("Marine models removed so far (probability):") == 2
    data = runner.invoke(app, [*args, "--format", "json", "--exact"])
    assert data.exit_code == 0
    assert json.loads(data.stdout) == focus_fire(two_pairs).to_json(exact=True)
    steps = json.loads(data.stdout)["attackers"]
    so_far = steps[1]["removed_so_far"]["models_removed"]
    assert {int(k): Fraction(p) for k, p in so_far.items() if Fraction(p)} == halves(12)


def test_name_colon_models_gives_the_attackers_models() -> None:
    by_colon = runner.invoke(app, ["attack", "Marine:6", "Zealot", "--format", "json"])
    by_option = runner.invoke(
        app, ["attack", "Marine", "Zealot", "--models", "6", "--format", "json"]
    )
    assert by_colon.exit_code == 0
    assert by_colon.stdout == by_option.stdout


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["Marine", "Marauder", "Zealot", "--models", "3"], "--models names one"),
        (["Marine", "Marauder", "Zealot", "--upgrade", "AGG-12"], "--upgrade names"),
        (["Marine:0", "Zealot"], "NAME:N, N a whole number >= 1"),
        (["Marine:many", "Zealot"], "NAME:N"),
        (["Marine:6", "Zealot", "--models", "9"], "disagree"),
        (["Marine:20", "Marauder", "Zealot"], "at most 9 models"),
        (["Marine"], "Missing argument"),
        (["Marine", "Zergling", "Zealot", "--phase", "combat"], None),
    ],
)
def test_focus_fire_options_fail_clearly(args: list[str], says: str | None) -> None:
    result = runner.invoke(app, ["attack", *args])
    if says is None:
        assert result.exit_code == 0, result.output
        return
    assert result.exit_code == 2
    assert says in result.stderr
    assert "Traceback" not in result.output


def test_each_attacker_shows_what_its_abilities_cost_it() -> None:
    # Stimpack, as in a single attack: the odds with it, its self-damage beside them.
    args = ["attack", "Marine:9", "Marauder:4", "Zealot", "--ability", "Stimpack"]
    text = runner.invoke(app, args)
    assert text.exit_code == 0, text.output
    lines = text.stdout.splitlines()
    for heading, cost in (
        ("1. Marine (9): C-14 Rifle", "Marine suffers NON-LETHAL DAMAGE (2)"),
        ("2. Marauder (4): Quad K12", "Marauder suffers NON-LETHAL DAMAGE (2)"),
    ):
        assert lines[lines.index(heading) + 1] == f"Cost: Stimpack: {cost}"
    data = json.loads(runner.invoke(app, [*args, "--format", "json"]).stdout)
    assert [step["costs"] for step in data["attackers"]] == [
        ["Stimpack: Marine suffers NON-LETHAL DAMAGE (2)"],
        ["Stimpack: Marauder suffers NON-LETHAL DAMAGE (2)"],
    ]


def test_an_attacker_without_a_costly_ability_shows_no_cost() -> None:
    text = runner.invoke(app, ["attack", "Marauder:2", "Marauder:2", "Marine"])
    assert "Cost:" not in text.stdout
    data = runner.invoke(
        app, ["attack", "Marauder:2", "Marauder:2", "Marine", "--format", "json"]
    )
    assert [s["costs"] for s in json.loads(data.stdout)["attackers"]] == [[], []]

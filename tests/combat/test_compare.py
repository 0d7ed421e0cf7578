"""`armylist compare`: loadouts side by side, numbers worked by hand.

Every example is worked out here from the cards with a plain loop over the dice (no
code of the calculator): Hits ~ Binomial(n, p_hit); PRECISION (X) turns up to X
misses into hits; the Surge die moves min(hits, S) dice past Armour; Armour fails
~ Binomial(rest, p_fail); a granted Evade keeps each die of the pool unsaved with
p_unsaved. Models of H Hit Points, no Shield: floor(Damage / H) are removed, at most
the models there are. Supply removed = Supply at the start - Supply left.
"""

from __future__ import annotations

import json
from fractions import Fraction
from math import comb
from typing import Any

import pytest
from typer.testing import CliRunner

from armylist.cli import app
from armylist.combat import Combatant
from armylist.combat.compare import Comparison, compare, loadout, panel
from armylist.gamedata.catalog import Catalog
from armylist.gamedata.models import Unit

runner = CliRunner()
HALF, THIRD = Fraction(1, 2), Fraction(1, 3)
D3 = {1: THIRD, 2: THIRD, 3: THIRD}
D3_PLUS_1 = {2: THIRD, 3: THIRD, 4: THIRD}


def binomial(n: int, k: int, p: Fraction) -> Fraction:
    return comb(n, k) * p**k * (1 - p) ** (n - k)


def unsaved(
    dice: int,
    hit: Fraction,
    surge: dict[int, Fraction],
    fail: Fraction,
    evade_unsaved: Fraction | None = None,
    precision: int = 0,
) -> dict[int, Fraction]:
    """The distribution of unsaved dice of one batch, by the loop in the docstring."""
    out: dict[int, Fraction] = {}
    for h in range(dice + 1):
        ph = binomial(dice, h, hit)
        hits = h + min(precision, dice - h)
        for s, ps in surge.items():
            moved = min(hits, s)
            for f in range(hits - moved + 1):
                pool = moved + f
                p = ph * ps * binomial(hits - moved, f, fail)
                kept = range(pool + 1) if evade_unsaved is not None else [pool]
                for u in kept:
                    q = binomial(pool, u, evade_unsaved) if evade_unsaved else 1
                    out[u] = out.get(u, Fraction(0)) + p * q
    return out


def losses(
    dealt: dict[int, Fraction], hit_points: int, unit: Unit, models: int
) -> tuple[Fraction, Fraction]:
    """Expected models and Supply removed by that much Damage (Damage 1 per die)."""
    start = unit.supply_at(models) or 0
    expected = supply = Fraction(0)
    for damage, p in dealt.items():
        removed = min(damage // hit_points, models)
        expected += p * removed
        supply += p * (start - (unit.supply_at(models - removed) or 0))
    return expected, supply


def attack(comparison: Comparison, attacker: str, target: str, phase: str) -> Any:
    found = [
        q
        for q in comparison.questions
        if (q.attacker, q.target, q.phase) == (attacker, target, phase)
    ]
    assert len(found) == 1, (attacker, target, phase)
    return found[0]


def totals(question: Any) -> list[Any]:
    return [cell.result.total for cell in question.cells]


def test_is_combat_shield_worth_its_minerals(catalog: Catalog, unit: Any) -> None:
    # The docs' example (docs/combat-odds.md): `armylist compare Marine --vs "Combat Shield"`.
    marine = unit("Marine")
    loadouts = [loadout(marine, 9, []), loadout(marine, 9, ["Combat Shield"])]
    assert [lo.minerals for lo in loadouts] == [210, 240]  # Combat Shield: 30 at 9
    comparison = compare(marine, loadouts, 9, panel(catalog))
    # 18 Zerglings' Claws at 9 Marines: 36 dice, 4+ to hit, Surge D3 on Light;
    # Marines Armour 5+ (fail 2/3), 2 Hit Points. Without Combat Shield no Evade in
    # close combat: E[D] = E[M] + (2/3)(E[H] - E[M]) = 12 + E[M]/3, with
    # E[M] = 2 - 2P(H=0) - P(H=1) - P(H=2)/3 = 2 - (2 + 36 + 630/3)/2^36.
    # Combat Shield: Evade 5+ against close combat, each die unsaved with 2/3.
    bare, shielded = totals(attack(comparison, "Zergling (18)", "Marine (9)", "combat"))
    moved = 2 - Fraction(2 + 36 + 210, 2**36)
    assert bare.damage == 12 + moved / 3
    assert shielded.damage == Fraction(2, 3) * (12 + moved / 3)
    for total, evade in ((bare, None), (shielded, Fraction(2, 3))):
        dealt = unsaved(36, HALF, D3, Fraction(2, 3), evade)
        assert (total.expected_models_removed, total.supply_removed) == losses(
            dealt, 2, marine, 9
        )
    # About 6.07 Marines (1.65 Supply) without, 3.97 (1.00 Supply) with.
    assert float(bare.supply_removed - shielded.supply_removed) == pytest.approx(
        0.66, abs=0.005
    )
    # Combat Shield changes nothing the Marines do: every attacking row is equal.
    for question in comparison.questions:
        if not question.defending and question.cells[0].result:
            first, second = totals(question)
            assert first == second


def test_hydriodic_bile_on_roaches_shooting_marines(unit: Any) -> None:
    # `armylist compare Roach --vs "Hydriodic Bile" --target Marine:9`: 3 Roaches,
    # Acid Saliva 9 dice at 3+, no Surge without the upgrade, Surge Light D3+1 with it;
    # Marines Armour 5+ (fail 2/3), no Evade roll, 2 Hit Points.
    # Without: each die unsaved with (2/3)(2/3) = 4/9, E[D] = 4, and the Marines lose
    # Supply 1 when 3 die, i.e. D >= 6: P(Binomial(9, 4/9) >= 6).
    # With: E[D] = E[M] + (2/3)(6 - E[M]) = 4 + E[M]/3, E[M] = E[min(H, S)], S uniform
    # on 2, 3, 4: E[M] = P(H>=1) + P(H>=2) + (2/3)P(H>=3) + (1/3)P(H>=4).
    roach, marine = unit("Roach"), unit("Marine")
    loadouts = [loadout(roach, 3, []), loadout(roach, 3, ["Hydriodic Bile"])]
    assert [lo.minerals for lo in loadouts] == [170, 180]
    target = Combatant(unit=marine, models=9)
    comparison = compare(roach, loadouts, 3, [target])
    bare, bile = totals(attack(comparison, "Roach (3)", "Marine (9)", "assault"))
    at_least = [
        sum(binomial(9, k, Fraction(2, 3)) for k in range(j, 10)) for j in range(5)
    ]
    moved = at_least[1] + at_least[2] + Fraction(2, 3) * at_least[3] + at_least[4] / 3
    assert bare.damage == 4
    assert bile.damage == 4 + moved / 3
    assert bare.supply_removed == sum(
        binomial(9, d, Fraction(4, 9)) for d in range(6, 10)
    )
    dealt = unsaved(9, Fraction(2, 3), D3_PLUS_1, Fraction(2, 3))
    assert (bile.expected_models_removed, bile.supply_removed) == losses(
        dealt, 2, marine, 9
    )
    data = comparison.to_json(exact=True)
    row = next(q for q in data["questions"] if q["phase"] == "assault")  # type: ignore[attr-defined]
    per_100 = [Fraction(c["supply_removed_per_100_minerals"]) for c in row["loadouts"]]
    assert per_100 == [bare.supply_removed * 100 / 170, bile.supply_removed * 100 / 180]
    difference = Fraction(row["loadouts"][1]["difference"]["supply_removed"])
    assert difference == bile.supply_removed - bare.supply_removed


def test_adrenal_glands_on_zerglings_against_marauders(unit: Any) -> None:
    # `armylist compare Zergling --vs "Adrenal Glands" --target Marauder:4`, close
    # combat: 36 Claws dice at 4+, Surge Light only (Marauders are Armoured: none);
    # Adrenal Glands: PRECISION (2), E[H'] = 18 + 2 - 2P(H=36) - P(H=35)
    # = 20 - 38/2^36. Marauders Armour 4+ (fail 1/2), no Evade, 5 Hit Points:
    # E[D] = E[H']/2: 9 without, 10 - 19/2^36 with.
    zergling, marauder = unit("Zergling"), unit("Marauder")
    loadouts = [loadout(zergling, 18, []), loadout(zergling, 18, ["Adrenal Glands"])]
    assert [lo.minerals for lo in loadouts] == [220, 240]
    target = Combatant(unit=marauder, models=4)
    comparison = compare(zergling, loadouts, 18, [target])
    bare, glands = totals(attack(comparison, "Zergling (18)", "Marauder (4)", "combat"))
    assert bare.damage == 9
    assert glands.damage == 10 - Fraction(19, 2**36)
    for total, precision in ((bare, 0), (glands, 2)):
        dealt = unsaved(36, HALF, {0: Fraction(1)}, HALF, precision=precision)
        assert (total.expected_models_removed, total.supply_removed) == losses(
            dealt, 5, marauder, 4
        )


def test_the_command_prints_the_summary_and_json(unit: Any) -> None:
    args = ["compare", "Roach", "--vs", "Hydriodic Bile", "--target", "Marine:9"]
    text = runner.invoke(app, args)
    assert text.exit_code == 0, text.output
    assert "Roach (3): no upgrades 170 Minerals; Hydriodic Bile 180 Minerals" in (
        text.stdout
    )
    assert "Roach (3) → Marine (9), Assault" in text.stdout
    assert "Marine (9) → Roach (3), Assault" in text.stdout  # the other way too
    assert "At least 1" in text.stdout and "difference" in text.stdout
    data = runner.invoke(app, [*args, "--format", "json", "--exact"])
    assert data.exit_code == 0
    roach, marine = unit("Roach"), unit("Marine")
    loadouts = [loadout(roach, 3, []), loadout(roach, 3, ["Hydriodic Bile"])]
    expected = compare(roach, loadouts, 3, [Combatant(unit=marine, models=9)])
    assert json.loads(data.stdout) == expected.to_json(exact=True)


def test_models_pick_the_composition_and_its_upgrade_cost() -> None:
    result = runner.invoke(
        app,
        ["compare", "Marine", "--vs", "Combat Shield", "--models", "6",
         "--target", "Zergling:12", "--format", "json"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert [lo["minerals"] for lo in data["loadouts"]] == [160, 180]
    assert {q["target"] for q in data["questions"] if not q["defending"]} == {
        "Zergling (12)"
    }


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["Marine"], "give a loadout to compare"),
        (["Marine", "--vs", "Combat Shields"], "its upgrades: AGG-12"),
        (["Marine", "--vs", "Combat Shield", "--target", "Marine:7"], "no composition"),
        (
            ["Marine", "--vs", "Combat Shield", "--target", "Ultralisk"],
            "no unit called",
        ),
        (["Marine", "--vs", "Combat Shield", "--models", "7"], "no composition of 7"),
        (["Marine", "--vs", "Combat Shield", "--exact"], "--format json"),
    ],
)
def test_a_bad_comparison_is_one_clear_message_and_exit_2(
    args: list[str], says: str
) -> None:
    result = runner.invoke(app, ["compare", *args])
    assert result.exit_code == 2, result.output
    assert says in " ".join(result.stderr.split())
    assert result.stdout == ""


def test_the_table_facts_reach_every_attack() -> None:
    # --charge: the Zerglings' Devastating Charge adds an IMPACT batch first.
    args = ["compare", "Marine", "--vs", "Combat Shield", "--target", "Zergling:18"]
    plain = json.loads(runner.invoke(app, [*args, "--format", "json"]).stdout)
    charged = runner.invoke(app, [*args, "--charge", "--format", "json"])
    assert charged.exit_code == 0, charged.output
    data = json.loads(charged.stdout)

    def supply_lost(found: dict[str, Any]) -> list[float]:
        (row,) = [
            q for q in found["questions"] if q["defending"] and q["phase"] == "combat"
        ]
        return [c["expected"]["supply_removed"] for c in row["loadouts"]]

    assert all(
        c > p for c, p in zip(supply_lost(data), supply_lost(plain), strict=True)
    )
    # --range: a weapon out of reach makes no attack; a negative range is refused.
    far = runner.invoke(app, [*args, "--range", "30", "--format", "json"])
    assert far.exit_code == 0
    shooting = [
        q for q in json.loads(far.stdout)["questions"] if q["phase"] == "assault"
    ]
    assert all("problem" in c for q in shooting for c in q["loadouts"])
    assert runner.invoke(app, [*args, "--range", "-1"]).exit_code == 2

"""`armylist attack --ability` / `--target-ability`: every toggle of the cards.

Each ability changes the odds it should (a passing case, against the same attack
without it), and is refused, exit 2, for a unit that lacks it (a failing case), with
the unit's real abilities in the message.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from typer.testing import CliRunner

from armylist.cli import app

runner = CliRunner()

# (ability, option, arguments of an attack it changes, a unit lacking it on that side);
# Optical Flare, which changes the reach rather than the odds, has its own test below.
CASES = [
    ("Stimpack", "--ability", ["Marine", "Zergling", "--phase", "combat"], "Zergling"),
    ("Stimpack", "--ability", ["Marauder", "Marine"], "Zergling"),
    ("Stimpack", "--ability", ["Raynor's Raider (Marine)", "Marine", "--range", "10"], "Zergling"),
    ("Orders", "--ability", ["Marine", "Marauder"], "Jim Raynor"),
    ("Target Lock", "--ability", ["Goliath", "Marauder", "--range", "10", "--weapon", "Autocannon"], "Marine"),
    ("Adrenal Overload", "--ability", ["Raptor (Zergling)", "Marine", "--phase", "combat", "--charge"], "Zergling"),
    ("Adrenal Overload", "--ability", ["Kerrigan Swarm Raptor (Zergling)", "Marine", "--phase", "combat", "--charge"], "Zergling"),
    ("We Stand as One", "--ability", ["Zealot", "Marine", "--phase", "combat"], "Adept"),
    ("Fury of the Nerazim", "--ability", ["Stalker", "Zealot", "--target-ability", "Zealous Round"], "Adept"),
    ("Psionic Presence", "--ability", ["Stalker", "Marine"], "Marine"),
    ("Sentenced to Death", "--ability", ["Zeratul", "Marauder", "--phase", "combat"], "Zealot"),
    ("Veteran of Tarsonis", "--target-ability", ["Marine", "Marauder"], "Marine"),
    ("Life Support", "--target-ability", ["Zergling", "Marine", "--phase", "combat"], "Goliath"),
    ("Point Defense Laser", "--target-ability", ["Marine", "Jim Raynor"], "Zealot"),
    ("Lurking", "--target-ability", ["Marine", "Hydralisk"], "Roach"),
    ("Burrow", "--target-ability", ["Marine", "Roach"], "Hydralisk"),
    ("Burrow", "--target-ability", ["Marine", "Vile (Roach)"], "Hydralisk"),
    ("Burrow", "--target-ability", ["Marine", "Corpser (Roach)"], "Hydralisk"),
    ("Transfusion", "--target-ability", ["Marine", "Hydralisk"], "Queen"),
    ("Mutating Carapace", "--target-ability", ["Marine", "Kerrigan"], "Queen"),
    ("Debilitating Saliva", "--target-ability", ["Marine", "Roach"], "Marauder"),
    ("Guardian Shield", "--target-ability", ["Marine", "Zealot"], "Marine"),
    ("Hallucination", "--target-ability", ["Marine", "Zealot"], "Marine"),
    ("Precognition", "--target-ability", ["Zergling", "Praetor Guard (Zealot)", "--phase", "combat"], "Zealot"),
    ("Zealous Round", "--target-ability", ["Marine", "Zealot"], "Adept"),
    ("Hierarch's Stand", "--target-ability", ["Marine", "Artanis"], "Zealot"),
]  # fmt: skip


EVERY_ABILITY = pytest.mark.parametrize(
    ("ability", "option", "args", "lacking"),
    CASES,
    ids=[f"{c[0]}-{c[2][0]}-{c[2][1]}" for c in CASES],
)


def _run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["attack", *args])
    assert result.exception is None or isinstance(result.exception, SystemExit)
    return result.exit_code, result.stdout, result.stderr


def _odds(*args: str) -> dict[str, Any]:
    code, out, err = _run(*args, "--format", "json", "--exact")
    assert code == 0, err
    data: dict[str, Any] = json.loads(out)
    return data


@EVERY_ABILITY
def test_an_ability_changes_the_odds_it_should(
    ability: str, option: str, args: list[str], lacking: str
) -> None:
    without = _odds(*args)
    # Names as printed, in any case.
    with_it = _odds(*args, option, ability.upper())
    assert with_it["batches"] != without["batches"], ability


@EVERY_ABILITY
def test_an_ability_the_unit_lacks_is_refused_with_its_real_ones(
    ability: str, option: str, args: list[str], lacking: str
) -> None:
    side = 0 if option == "--ability" else 1
    changed = list(args)
    changed[side] = lacking
    code, out, err = _run(*changed, option, ability)
    assert code == 2 and out == ""
    assert f"{lacking} has no ability {ability!r}" in err
    assert "its abilities:" in err and "Traceback" not in err


def test_a_misspelt_ability_gets_a_did_you_mean() -> None:
    code, out, err = _run("Marine", "Zergling", "--ability", "Stimpak")
    assert code == 2 and out == ""
    assert 'did you mean "Stimpack"' in err
    # Its own abilities first, then those other cards of its race give it.
    assert "its abilities: Stimpack; given by other cards:" in err
    assert "Orders (Jim Raynor)" in err


def test_stimpacks_self_damage_is_shown_in_the_report() -> None:
    code, out, _ = _run(
        "Marine", "Zergling", "--phase", "combat", "--ability", "Stimpack"
    )
    assert code == 0
    assert "Stimpack: Marine suffers NON-LETHAL DAMAGE (2)" in " ".join(out.split())
    code, out, _ = _run("Marine", "Zergling", "--phase", "combat")
    assert "NON-LETHAL" not in out
    data = _odds("Marine", "Zergling", "--phase", "combat", "--ability", "Stimpack")
    assert data["costs"] == ["Stimpack: Marine suffers NON-LETHAL DAMAGE (2)"]


def test_an_upgrade_whose_effect_is_a_choice_says_which_option_gives_it() -> None:
    code, _, err = _run("Marine", "Marauder", "--target-upgrade", "Veteran of Tarsonis")
    assert code == 0
    assert "--target-ability 'Veteran of Tarsonis'" in err
    code, _, err = _run(
        "Marine", "Marauder", "--target-upgrade", "Veteran of Tarsonis",
        "--target-ability", "Veteran of Tarsonis",
    )  # fmt: skip
    assert code == 0 and err == ""


def test_optical_flare_takes_long_range_away() -> None:
    # A Goliath's Autocannon (12", LONG RANGE (18")) at 14": in reach, at -1 to Hit;
    # flared, its 12" become 8" and LONG RANGE is lost: out of reach.
    args = ["Goliath", "Marine", "--range", "14", "--weapon", "Autocannon"]
    assert _run(*args)[0] == 0
    code, out, err = _run(*args, "--target-ability", "Optical Flare")
    assert code == 2 and out == "" and 'reaches 8"' in err
    # A Medic's flare protects Terrans only: a Zergling's side has none.
    code, out, err = _run(
        "Goliath", "Zergling", "--range", "14", "--target-ability", "Optical Flare"
    )
    assert code == 2 and out == ""
    assert "Zergling has no ability 'Optical Flare'" in err

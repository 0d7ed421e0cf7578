"""`armylist profile`: the rulebook example army's profile, worked out by hand.

The example army (lists/official-example.yaml, §9.1): 2 x Marine (9), Marine (6),
Marauder (4), Marauder (2), Jim Raynor, 2 x Medic (3), Goliath; no upgrades, no
ability toggled. The cards (factions/terran.yaml) as the calculator reads them:

  Marine      HP 2, Armour 5+  C-14 Rifle RoA 2, 3+, Surge Light D3, Dmg 1;
                               Strike RoA 1, 5+, Dmg 1
  Marauder    HP 5, Armour 4+  Quad K12 RoA 3, 3+, Surge Armoured D3, Dmg 1,
                               PIERCE Armoured (2); Strike RoA 2, 4+, Dmg 1
  Jim Raynor  HP 8, Armour 4+  Commando Rifle RoA 3, 3+, Surge Armoured D3, Dmg 1;
                               "Justice" Revolver RoA 2, 3+, Dmg 2 (SIDEARM);
                               Bayonet RoA 2, 4+, Surge Light D3, Dmg 1
  Medic       HP 2, Armour 5+  Strike RoA 1, 5+, Dmg 1
  Goliath     HP 10, Armour 4+ Autocannon RoA 9, 4+, Dmg 1; Underbelly Machine Gun
                               RoA 6, 3+, Surge Light D3, Dmg 1 (SIDEARM);
                               Hellfire Missiles RoA 6 (Flying targets only);
                               Stomp RoA 4, 5+, Dmg 1
  Zergling (the Light target, 18 models): Light, HP 1, Armour 6+.
  Marauder (the Armoured target, 4 models): Armoured, HP 5, Armour 4+.

COMBAT.md, one batch: Hits H ~ Binomial(n, p_hit); the Surge die moves M = min(H, S)
dice past Armour (S = 0 when the target lacks the Surge tag); the rest fail Armour
with p_fail; unengaged targets roll no Evade. With a D3 Surge die,
E[M] = 2 - 2P(H=0) - P(H=1) - P(H=2)/3, and E[unsaved] = E[M] + p_fail (E[H] - E[M]).
"""

from __future__ import annotations

import json
import os
import re
import shlex
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from projectpaths import ROOT
from typer.testing import CliRunner

from armylist.cli import app
from armylist.combat.profile import GAP_AT, ListProfile, Round, profile_of
from armylist.gamedata.cards import SlotType
from armylist.gamedata.catalog import Catalog
from armylist.reporters.profile import BAR_CELLS, profile_view
from armylist.reporters.text import to_text

runner = CliRunner()
EXAMPLE = ROOT / "lists" / "official-example.yaml"
ROACH_HYDRA = ROOT / "lists" / "zerg-swarm-roach-hydra.yaml"
GOLDEN = ROOT / "tests" / "golden"


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    # A bad input ends in SystemExit, never in an uncaught exception's traceback.
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        result.exception
    )
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture(scope="module")
def example(catalog: Catalog) -> ListProfile:
    return profile_of(EXAMPLE, catalog)


def _round(profile: ListProfile, kind: str, phase: str) -> Round:
    target = next(t for t in profile.targets if t.kind == kind)
    return next(r for r in target.rounds if r.phase == phase)


def test_the_example_armys_supply_minerals_and_bodies(example: ListProfile) -> None:
    # Supply by slot (§9.1.6, the compositions' Supply): Core 2 + 2 + 1 (Marines)
    # + 2 + 1 (Marauders) = 8; Elite: Goliath 2; Support: 2 x Medic (3) at 1 = 2;
    # Hero: Raynor 1. Total 13. Minerals 210 + 210 + 160 + 280 + 150 + 250 + 110 +
    # 110 + 190 = 1,670; 1,670 / 13 = 128.4615... -> 128.46.
    assert example.supply == {
        SlotType.CORE: 8,
        SlotType.ELITE: 2,
        SlotType.SUPPORT: 2,
        SlotType.AIR: 0,
        SlotType.HERO: 1,
    }
    assert example.total_supply == 13
    assert example.minerals == 1670
    assert example.minerals_per_supply == Fraction(1670, 13)
    # Models 9 + 9 + 6 + 4 + 2 + 1 + 3 + 3 + 1 = 38. Hit Points: Marines 24 x 2,
    # Marauders 6 x 5, Raynor 8, Medics 6 x 2, Goliath 10 = 48 + 30 + 8 + 12 + 10.
    assert example.models == 38
    assert example.hit_points == 108
    assert example.shields == 0
    # Armour 4+: 6 Marauders, Raynor, the Goliath; 5+: 24 Marines, 6 Medics.
    assert example.armour == {4: 8, 5: 30}


def test_the_example_armys_attack_dice_per_phase(example: ListProfile) -> None:
    # Assault: Marines 24 x 2 = 48, Marauders 6 x 3 = 18, Raynor 3 + 2 = 5,
    # Goliath 9 + 6 + 6 = 21: 92. Combat: Marines 24 x 1, Marauders 6 x 2 = 12,
    # Raynor 2, Medics 6 x 1, Goliath 4: 48.
    assert example.attack_dice == {"assault": 92, "combat": 48}


# One round of shooting at fresh units of 18 Zerglings (Light, Armour 6+, HP 1: a die
# of Damage d removes d models, and no squad rolls more than 18 dice):
#
# Marine (9), C-14 Rifle: n = 18, p_hit = 2/3, E[H] = 12, Surge Light D3.
#   P(H=0) = 1/3^18, P(H=1) = 36/3^18, P(H=2) = 153 * 4/3^18 = 612/3^18, so
#   E[M] = 2 - (2 + 36 + 204)/3^18 = 2 - 242/3^18; with p_fail 5/6,
#   E = E[M] + (5/6)(12 - E[M]) = 10 + E[M]/6 = 31/3 - 121/3^19. Two such squads.
MARINE_9 = Fraction(31, 3) - Fraction(121, 3**19)
# Marine (6): n = 12, E[H] = 8; P(H=0) = 1/3^12, P(H=1) = 24/3^12,
#   P(H=2) = 66 * 4/3^12 = 264/3^12: E[M] = 2 - (2 + 24 + 88)/3^12 = 2 - 114/3^12,
#   E = (5/6) 8 + E[M]/6 = 7 - 19/3^12.
MARINE_6 = 7 - Fraction(19, 3**12)
# Marauders, Quad K12: Surge Armoured, none on Light; PIERCE Armoured does not apply.
#   Marauder (4): 12 dice x 2/3 x 5/6 = 20/3; Marauder (2): 10/3.
# Raynor: Commando Rifle 3 x 2/3 x 5/6 = 5/3; "Justice" Revolver 2 x 2/3 x 5/6 = 10/9
#   unsaved at Damage 2 = 20/9: 35/9.
# Goliath: Autocannon 9 x 1/2 x 5/6 = 15/4; Underbelly Machine Gun n = 6, E[H] = 4,
#   P(H=0) = 1/729, P(H=1) = 12/729, P(H=2) = 60/729: E[M] = 2 - 34/729,
#   E = 10/3 + E[M]/6 = 11/3 - 17/2187; the Hellfire Missiles shoot Flying only.
# Medics: no ranged weapon.
GOLIATH = Fraction(15, 4) + Fraction(11, 3) - Fraction(17, 2187)
SHOOTING_LIGHT = (
    2 * MARINE_9
    + MARINE_6
    + Fraction(20, 3)
    + Fraction(10, 3)
    + Fraction(35, 9)
    + GOLIATH
)


def test_a_round_of_shooting_at_the_light_target_worked_by_hand(
    example: ListProfile,
) -> None:
    shooting = _round(example, "Light", "assault")
    assert shooting.damage == SHOOTING_LIGHT
    # HP 1, no squad past 18 dice: every Damage removes a model.
    assert shooting.removed == SHOOTING_LIGHT
    assert shooting.top is not None
    assert shooting.top.unit == "Marine (9) ×2"
    assert shooting.top.damage == 2 * MARINE_9


# Close combat at fresh units of 4 Marauders (Armoured, Armour 4+: p_fail 1/2), no
# Surge on Armoured for any close-combat weapon here:
#   Marines 24 dice x 1/3 (5+) x 1/2 = 4; Marauders 12 x 1/2 x 1/2 = 3;
#   Raynor's Bayonet 2 x 1/2 x 1/2 = 1/2; Medics 6 x 1/3 x 1/2 = 1;
#   Goliath's Stomp 4 x 1/3 x 1/2 = 2/3. Total 55/6.
# The best die is a 4+ Strike or Bayonet: 1/2 x 1/2 = 1/4, no better than a 5+ roll
# (1/3): a gap, named by the first squad with it, Marauder (4).
def test_close_combat_at_the_armoured_target_is_a_gap_in_words(
    example: ListProfile,
) -> None:
    fighting = _round(example, "Armoured", "combat")
    assert fighting.damage == Fraction(55, 6)
    assert fighting.best_per_die == Fraction(1, 4) <= GAP_AT
    assert fighting.best_weapon == ("Marauder (4)", "Strike")
    assert [g.message for g in example.gaps()] == [
        "no close-combat attack that wounds Armoured on better than 5+ (best: "
        "Marauder (4), Strike: 25.0 % a die)"
    ]


def test_a_list_with_no_ranged_weapon_says_so_for_every_target(
    tmp_path: Path, catalog: Catalog
) -> None:
    lings = tmp_path / "lings.yaml"
    lings.write_text(
        "name: Lings\nscale: standard\nfaction: Kerrigan's Swarm\n"
        "units:\n  - unit: Zergling\n    models: 18\n",
        encoding="utf-8",
    )
    profile = profile_of(lings, catalog)
    shooting = [g for g in profile.gaps() if g.phase == "assault"]
    assert [g.message for g in shooting] == [
        f"no ranged attack that can attack {kind} units"
        for kind in ("Armoured", "Light", "Shielded")
    ]
    assert profile.attack_dice["assault"] == 0


def test_the_json_contract_of_the_example(example: ListProfile) -> None:
    code, out, err = run("profile", str(EXAMPLE), "--format", "json")
    assert code == 0, err
    data: dict[str, Any] = json.loads(out)
    assert data["file"] == str(EXAMPLE)
    assert data["minerals"] == 1670
    assert data["supply"] == {
        "total": 13,
        "core": 8,
        "elite": 2,
        "support": 2,
        "air": 0,
        "hero": 1,
    }
    assert data["minerals_per_supply"] == 128.46
    assert [t["target"] for t in data["targets"]] == ["marauder", "zergling", "zealot"]
    light = data["targets"][1]
    assert light["assault"]["expected_damage"] == pytest.approx(float(SHOOTING_LIGHT))
    assert light["assault"]["expected_removed"] == pytest.approx(float(SHOOTING_LIGHT))
    assert set(light["combat"]) == {
        "expected_damage",
        "expected_removed",
        "top",
        "best_per_die",
    }
    assert data["targets"][0]["combat"]["expected_damage"] == pytest.approx(55 / 6)
    assert [g["phase"] for g in data["gaps"]] == ["combat"]
    assert data["vs"] is None


def test_the_text_shows_bars_the_targets_and_the_gap() -> None:
    code, out, err = run("profile", str(EXAMPLE))
    assert code == 0, err
    assert "Minerals per Supply point   128.46" in out
    # Core is the largest slot: its bar is the full width.
    core = next(line for line in out.splitlines() if line.startswith("Core"))
    assert "█" * BAR_CELLS in core
    for title in (
        "Armoured: Marauder (4 models)",
        "Light: Zergling (18 models)",
        "Shielded: Zealot (3 models)",
    ):
        assert title in out
    assert "Gap: no close-combat attack that wounds Armoured" in out


def test_vs_sets_the_other_list_beside_it(catalog: Catalog) -> None:
    code, out, err = run(
        "profile", str(EXAMPLE), "--vs", str(ROACH_HYDRA), "--format", "json"
    )
    assert code == 0, err
    data = json.loads(out)
    assert data["file"] == str(EXAMPLE)
    assert data["vs"]["file"] == str(ROACH_HYDRA)
    other = profile_of(ROACH_HYDRA, catalog)
    assert data["vs"]["minerals"] == other.minerals
    assert data["vs"]["supply"]["total"] == other.total_supply
    text = to_text(profile_view((profile_of(EXAMPLE, catalog), other)), width=80)
    assert text.startswith("A  Rulebook example army")
    assert "Assault A" in text
    assert "Assault B" in text
    assert max(len(line) for line in text.splitlines()) <= 80


@pytest.mark.parametrize(
    ("args", "code", "says"),
    [
        (["missing.yaml"], 2, "no such list file: missing.yaml"),
        ([str(EXAMPLE), "--vs", "missing.yaml"], 2, "no such list file: missing.yaml"),
        ([str(EXAMPLE), "--vs", str(ROOT / "lists")], 2, "is a folder"),
        (["-", "--vs", "-"], 2, "standard input (-) can give only one"),
    ],
)
def test_a_bad_list_or_vs_is_one_clear_line(
    args: list[str], code: int, says: str
) -> None:
    exit_code, out, err = run("profile", *args)
    assert exit_code == code
    assert out == ""
    assert says in err
    assert "Traceback" not in err


def test_a_vs_list_that_is_not_yaml_exits_1(tmp_path: Path) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text("units: [\n", encoding="utf-8")
    code, out, err = run("profile", str(EXAMPLE), "--vs", str(broken))
    assert code == 1
    assert out == ""
    assert f"{broken}:2:1" in err


def test_the_profile_in_spanish() -> None:
    code, out, err = run("--lang", "es", "profile", str(EXAMPLE))
    assert code == 0, err
    assert "Minerals por punto de Supply" in out
    assert "Hueco:" in out


def test_the_examples_of_help_run_as_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, _ = run("profile", "--help")
    assert code == 0
    examples = re.findall(r"`(armylist profile [^`]+)`", " ".join(out.split()))
    assert len(examples) == 3
    (tmp_path / "mylist.yaml").write_bytes(EXAMPLE.read_bytes())
    (tmp_path / "theirs.yaml").write_bytes(ROACH_HYDRA.read_bytes())
    monkeypatch.chdir(tmp_path)
    for example in examples:
        code, out, err = run(*shlex.split(example)[1:])
        assert code == 0, (example, err)
        assert out


def test_the_layout_of_the_example_at_80_columns(example: ListProfile) -> None:
    """The golden file fixes the layout (ARMYLIST_UPDATE_GOLDEN=1 rewrites it on
    purpose); the numbers in it are the ones worked out above."""
    # The file as a player names it, not this checkout's absolute path.
    named = replace(example, file="lists/official-example.yaml")
    rendered = to_text(profile_view((named,)), width=80)
    golden = GOLDEN / "profile.txt"
    if os.environ.get("ARMYLIST_UPDATE_GOLDEN"):
        golden.write_text(rendered, encoding="utf-8")
    assert rendered == golden.read_text(encoding="utf-8")
    assert max(len(line) for line in rendered.splitlines()) <= 80

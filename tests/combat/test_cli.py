"""`armylist attack` and `armylist matchup` through the CLI: options, formats, errors.

The numbers are the calculator's own (`resolve`, `matchup`), worked out here from the
same facts the command line gives, never copied from an earlier run.
"""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from armylist.cli import app
from armylist.combat import AttackSetup, Combatant, list_matchup, matchup, resolve

runner = CliRunner()


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    # A usage error ends in SystemExit, never in an uncaught exception's traceback.
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        result.exception
    )
    return result.exit_code, result.stdout, result.stderr


def _json(*args: str) -> dict[str, Any]:
    code, out, err = run(*args, "--format", "json")
    assert code == 0, err
    data: dict[str, Any] = json.loads(out)
    return data


# Command-line options and the calculator's facts they stand for, one case per option.
OPTION_CASES = [
    (["Marine", "Zealot"], {}),
    (["marine", "zealot"], {}),  # ids and any case, as the catalog finds them
    (["Marine", "Marauder", "--target-upgrade", "Kinetic Foam"], {"target_upgrades": ("Kinetic Foam",)}),
    (
        ["Zergling", "Marine", "--phase", "combat", "--charge", "--models", "12",
         "--target-upgrade", "Combat Shield"],
        {"phase": "combat", "charge": True, "models": 12, "target_upgrades": ("Combat Shield",)},
    ),
    (
        ["Marine", "Zergling", "--target-models", "12", "--visible", "3", "--damage-marker", "1"],
        {"target_models": 12, "visible": 3, "damage_marker": 1},
    ),
    (["Marine", "Zealot", "--hit", "-1", "--armour", "1", "--evade"], {"hit": -1, "armour": 1, "evade": True}),
    (["Marine", "Marauder", "--upgrade", "AGG-12", "--range", "15"], {"upgrades": ("AGG-12",), "range": 15}),
    (
        ["Goliath", "Marine", "--range", "12", "--upgrade", "Scatter Missiles", "--stationary"],
        {"range": 12, "upgrades": ("Scatter Missiles",), "stationary": True},
    ),
    (
        ["Goliath", "Marine", "--range", "12", "--upgrade", "Scatter Missiles", "--moved"],
        {"range": 12, "upgrades": ("Scatter Missiles",), "stationary": False},
    ),
    (
        ["Goliath", "Zergling", "--weapon", "Autocannon", "--weapon", "Underbelly Machine Gun", "--range", "8"],
        {"weapons": ("Autocannon", "Underbelly Machine Gun"), "range": 8},
    ),
    (
        ["Marine", "Zealot", "--high-ground", "--shield-lost", "--no-surge"],
        {"high_ground": True, "shield_lost": True, "surge": False},
    ),
    (
        ["Goliath", "Zergling", "--weapon", "Underbelly Machine Gun", "--engaged"],
        {"weapons": ("Underbelly Machine Gun",), "engaged": True},
    ),
    (["Marine", "Zealot", "--removed-dice", "2", "--damage-reduction", "1"], {"removed_dice": 2, "damage_reduction": 1}),
    (
        ["Zealot", "Marine", "--phase", "combat", "--charge", "--impact", "1", "--attacker-engaged"],
        {"phase": "combat", "charge": True, "impact": 1, "attacker_engaged": True},
    ),
]  # fmt: skip


@pytest.mark.parametrize(("args", "facts"), OPTION_CASES)
def test_every_option_reaches_the_calculator(
    unit: Any, args: list[str], facts: dict[str, Any]
) -> None:
    setup = AttackSetup(attacker=unit(args[0]), target=unit(args[1]), **facts)
    assert _json("attack", *args) == resolve(setup).to_json()


def test_the_text_report_shows_the_pools_the_chart_and_the_supply(unit: Any) -> None:
    code, out, err = run("attack", "Marine", "Zealot")
    assert code == 0 and not err
    result = resolve(AttackSetup(attacker=unit("Marine"), target=unit("Zealot")))
    batch = result.batches[0]
    assert f"1. C-14 Rifle: {batch.models} models, {batch.pools.dice} dice" in out
    for step in batch.pools.expected:
        assert step in out
    assert "Models removed (probability):" in out and "█" in out
    assert f"Zealot Supply: 2 → {float(result.total.supply_left):.2f} expected" in out
    assert "Total over 1 batch" in out


def test_a_charge_adds_the_impact_batch_before_the_claws() -> None:
    batches = _json("attack", "Zergling", "Marine", "--phase", "combat", "--charge")[
        "batches"
    ]
    assert [b["weapon"] for b in batches] == ["IMPACT (1) 5+", "Claws"]
    plain = _json("attack", "Zergling", "Marine", "--phase", "combat")["batches"]
    assert [b["weapon"] for b in plain] == ["Claws"]


def test_json_probabilities_sum_to_one(unit: Any) -> None:
    data = _json("attack", "Zergling", "Marine", "--phase", "combat", "--charge")
    for batch in data["batches"]:
        assert sum(batch["distribution"]["models_removed"].values()) == pytest.approx(
            1, abs=1e-9
        )
    assert set(data["total"]) == {"hits", "damage", "models_removed", "supply_removed"}


def test_json_reads_in_the_contracts_order_counts_ascending() -> None:
    code, out, _ = run(
        "attack", "Marine", "Zergling", "--target-models", "12", "--format", "json"
    )
    assert code == 0
    data = json.loads(out)  # dicts keep the order of the text
    assert list(data) == [
        "attacker",
        "target",
        "batches",
        "total",
        "distribution",
        "costs",
    ]
    counts = list(data["batches"][0]["distribution"]["models_removed"])
    assert len(counts) > 10  # so "10" would sort before "2" as text
    assert counts == [str(k) for k in range(len(counts))]


def test_exact_prints_fractions_that_sum_to_exactly_one(unit: Any) -> None:
    data = _json("attack", "Marine", "Zealot", "--exact")
    setup = AttackSetup(attacker=unit("Marine"), target=unit("Zealot"))
    assert data == resolve(setup).to_json(exact=True)
    for batch in data["batches"]:
        odds = [Fraction(p) for p in batch["distribution"]["models_removed"].values()]
        assert sum(odds) == 1
    assert Fraction(data["total"]["damage"]) == resolve(setup).total.damage


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["Marnie", "Zealot"], 'did you mean "Marine"'),
        (["Marine", "Zeolot"], 'did you mean "Zealot"'),
        (["Siege Tank", "Marine", "--weapon", "Shock Cannon"], "BT is defined in no source"),
        (["Marine", "Zealot", "--weapon", "Gauss Rifle"], "its weapons: C-14 Rifle"),
        (["Goliath", "Marine"], "--range"),
        (["Goliath", "Marine", "--range", "12", "--upgrade", "Scatter Missiles"], "--stationary"),
        (["Marine", "Zealot", "--visible", "0"], "--visible"),
        (["Marine", "Zealot", "--models", "20"], "at most 9"),
        (["Marine", "Zealot", "--target-models", "5"], "at most 3"),
        (["Marine", "Zealot", "--upgrade", "Stimpack"], "has no upgrade 'Stimpack'"),
        (["Marine", "Zealot", "--target-upgrade", "Shields"], "has no upgrade 'Shields'"),
        (["Zealot", "Marine"], "no assault-phase weapon"),
        (["Marine", "Zealot", "--range", "30"], "out of range"),
        (["Marine", "Zealot", "--engaged"], "PINPOINT"),
        (["Marine", "Zealot", "--exact"], "--format json"),
    ],
)  # fmt: skip
def test_a_problem_is_one_clear_line_and_exit_2(args: list[str], says: str) -> None:
    code, out, err = run("attack", *args)
    assert code == 2
    assert out == ""
    assert says in err
    assert err.startswith("armylist: error: ") and err.count("\n") == 1


@pytest.mark.parametrize(
    "args",
    [
        ["Marine", "Zealot", "--phase", "psionic"],
        ["Marine", "Zealot", "--models", "0"],
        ["Marine", "Zealot", "--damage-marker", "-1"],
    ],
)
def test_an_impossible_value_is_a_usage_error(args: list[str]) -> None:
    code, out, err = run("attack", *args)
    assert code == 2 and out == ""
    assert "Traceback" not in err


def test_matchup_of_two_units_both_ways_both_phases(unit: Any) -> None:
    entries = matchup(unit("Marine"), unit("Zealot"))
    rows = _json("matchup", "Marine", "Zealot")["matchups"]
    assert [(r["attacker"], r["target"], r["phase"]) for r in rows] == [
        ("Marine", "Zealot", "assault"),
        ("Marine", "Zealot", "combat"),
        ("Zealot", "Marine", "assault"),
        ("Zealot", "Marine", "combat"),
    ]
    for entry, row in zip(entries, rows, strict=True):
        if entry.result is None:
            assert row["problem"] == entry.problem and row["expected"] is None
        else:
            assert row["expected"] == entry.result.to_json()["total"]
    code, out, _ = run("matchup", "Marine", "Zealot", "--details")
    assert code == 0
    assert "Marine → Zealot" in out and "Zealot → Marine" in out
    assert "Zealot has no assault-phase weapon" in out


def test_matchup_takes_the_range_and_the_charge(unit: Any) -> None:
    rows = _json("matchup", "Zergling", "Marine", "--charge", "--range", "12")
    entries = matchup(unit("Zergling"), unit("Marine"), charge=True, range_inches=12)
    for entry, row in zip(entries, rows["matchups"], strict=True):
        expected = entry.result.to_json()["total"] if entry.result else None
        assert row["expected"] == expected
    combat = rows["matchups"][1]
    assert combat["weapons"][0].startswith("IMPACT")


def test_matchup_exact_gives_fractions(unit: Any) -> None:
    rows = _json("matchup", "Marine", "Zealot", "--exact")["matchups"]
    result = resolve(AttackSetup(attacker=unit("Marine"), target=unit("Zealot")))
    assert Fraction(rows[0]["expected"]["damage"]) == result.total.damage


def test_matchup_names_a_misspelt_unit() -> None:
    code, out, err = run("matchup", "Marine", "Zeolot")
    assert code == 2 and out == ""
    assert 'did you mean "Zealot"' in err


RAIDERS = """\
scale: standard
faction: Raynor's Raiders
units:
  - unit: Marine
    models: 9
    upgrades: [Combat Shield]
  - unit: Marine
    models: 9
    upgrades: [Combat Shield]
  - unit: Marauder
    models: 2
"""
SWARM = """\
scale: standard
faction: Kerrigan's Swarm
units:
  - unit: Zergling
    models: 12
  - unit: Roach
    models: 3
"""


@pytest.fixture
def lists(tmp_path: Path) -> tuple[Path, Path]:
    raiders, swarm = tmp_path / "raiders.yaml", tmp_path / "swarm.yaml"
    raiders.write_text(RAIDERS, encoding="utf-8")
    swarm.write_text(SWARM, encoding="utf-8")
    return raiders, swarm


def test_matchup_of_two_lists_is_every_unit_against_every_unit(
    unit: Any, lists: tuple[Path, Path]
) -> None:
    raiders, swarm = lists
    rows = _json("matchup", str(raiders), str(swarm))["matchups"]
    marines = Combatant(unit=unit("Marine"), models=9, upgrades=("Combat Shield",))
    marauders = Combatant(unit=unit("Marauder"), models=2)
    zerglings = Combatant(unit=unit("Zergling"), models=12)
    roaches = Combatant(unit=unit("Roach"), models=3)
    # The two identical Marine squads give the same rows: they are listed once.
    entries = list_matchup([marines, marauders], [zerglings, roaches])
    labels = {
        "Marine": "Marine (9; Combat Shield)",
        "Marauder": "Marauder (2)",
        "Zergling": "Zergling (12)",
        "Roach": "Roach (3)",
    }
    assert len(rows) == len(entries) == 16
    for entry, row in zip(entries, rows, strict=True):
        assert (row["attacker"], row["target"], row["phase"]) == (
            labels[entry.attacker],
            labels[entry.target],
            entry.phase,
        )
        expected = entry.result.to_json()["total"] if entry.result else None
        assert row["expected"] == expected
    code, out, _ = run("matchup", str(raiders), str(swarm), "--details")
    assert code == 0
    assert "Marine (9; Combat Shield) → Zergling (12)" in out
    assert "Roach (3) → Marauder (2)" in out


def test_matchup_of_an_unreadable_list_says_so(
    tmp_path: Path, lists: tuple[Path, Path]
) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text("units: [\n", encoding="utf-8")
    code, out, err = run("matchup", str(broken), str(lists[1]))
    assert code == 1 and out == ""
    assert "broken.yaml" in err and "Traceback" not in err


def test_matchup_of_a_missing_list_file_says_so(lists: tuple[Path, Path]) -> None:
    code, out, err = run("matchup", str(lists[0]), "theirs.yaml")
    assert code == 2 and out == ""
    assert "no such list file: theirs.yaml" in err


@pytest.mark.parametrize("unit_first", [True, False])
def test_matchup_of_a_unit_and_a_list_is_the_unit_against_each_squad(
    unit: Any, lists: tuple[Path, Path], unit_first: bool
) -> None:
    sides = ["Zealot", str(lists[1])]
    rows = _json("matchup", *(sides if unit_first else sides[::-1]))["matchups"]
    pairs = {(r["attacker"], r["target"]) for r in rows}
    assert pairs == {
        ("Zealot", "Zergling (12)"),
        ("Zergling (12)", "Zealot"),
        ("Zealot", "Roach (3)"),
        ("Roach (3)", "Zealot"),
    }
    zealots = Combatant(unit=unit("Zealot"))
    roaches = Combatant(unit=unit("Roach"), models=3)
    for entry in matchup(zealots, roaches):
        label = {"Zealot": "Zealot", "Roach": "Roach (3)"}
        (row,) = [
            r
            for r in rows
            if (r["attacker"], r["target"], r["phase"])
            == (label[entry.attacker], label[entry.target], entry.phase)
        ]
        expected = entry.result.to_json()["total"] if entry.result else None
        assert row["expected"] == expected


def test_every_fact_of_the_calculator_has_its_option_and_the_docs_name_it() -> None:
    from armylist.cli.combat import FACTS

    # `friends` is no option: the command passes the catalog's cards itself.
    fields = set(AttackSetup.model_fields) - {"attacker", "target", "friends"}
    assert {fact.name for fact in FACTS} == fields
    docs = (Path(__file__).parents[2] / "docs" / "combat.md").read_text(
        encoding="utf-8"
    )
    for fact in FACTS:
        for flag in fact.flags.split("/"):
            assert f"`{flag}" in docs or flag == "--surge", flag


def test_the_console_script_keeps_every_option_of_attack(
    unit: Any, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # `armylist attack ...` builds an app with that one command: its options come from
    # the declared facts, which must survive the rebuild.
    from armylist.cli.launch import main

    args = ["Goliath", "Marine", "--range", "12", "--upgrade", "Scatter Missiles"]
    monkeypatch.setattr(
        "sys.argv", ["armylist", "attack", *args, "--moved", "--format", "json"]
    )
    with pytest.raises(SystemExit) as stopped:
        main()
    assert stopped.value.code == 0
    setup = AttackSetup(
        attacker=unit("Goliath"),
        target=unit("Marine"),
        range=12,
        upgrades=("Scatter Missiles",),
        stationary=False,
    )
    assert json.loads(capsys.readouterr().out) == resolve(setup).to_json()


def test_matchup_of_two_lists_sharing_a_squad_gives_each_activation_once(
    tmp_path: Path, lists: tuple[Path, Path]
) -> None:
    # Both lists field 12 Zerglings: their two activations each way are the same
    # pair of squads, so the table shows them once, not under one heading twice.
    mirror = tmp_path / "mirror.yaml"
    mirror.write_text(SWARM.replace("Roach\n    models: 3", "Hydralisk\n    models: 3"))
    rows = _json("matchup", str(mirror), str(lists[1]))["matchups"]
    keys = [(r["attacker"], r["target"], r["phase"]) for r in rows]
    assert len(keys) == len(set(keys))
    assert ("Zergling (12)", "Zergling (12)", "combat") in keys
    assert ("Hydralisk (3)", "Roach (3)", "assault") in keys
    assert ("Roach (3)", "Hydralisk (3)", "assault") in keys
    code, out, _ = run("matchup", str(mirror), str(lists[1]), "--details")
    assert code == 0
    block = out.split("Zergling (12) → Zergling (12)\n")[1].split("→")[0]
    assert block.count("Combat") == 1


@pytest.mark.parametrize(
    ("command", "shown"),
    [
        (
            "attack",
            [
                "{ATTACKER}... {TARGET}",
                "--weapon NAME",
                "--models N",
                "--target-models M",
                "--visible V",
                "--damage-marker D",
                "--upgrade NAME",
                "--hit ±N",
                "--range INCHES",
            ],
        ),
        ("matchup", ["{FIRST} {SECOND}", "--range INCHES"]),
    ],
)
def test_help_names_what_each_option_takes_not_a_python_type(
    command: str, shown: list[str]
) -> None:
    result = runner.invoke(app, [command, "--help"], env={"COLUMNS": "160"})
    assert result.exit_code == 0
    # The flag, then what it takes (as the issue writes them), on one line.
    for words in shown:
        flag, _, what = words.partition(" ")
        pattern = rf"{re.escape(flag)}(?![\w-])\s+{re.escape(what)}(?!\w)"
        assert re.search(pattern, result.stdout), words
    for programmer in ("list[str]", "int range", "float range"):
        assert programmer not in result.stdout, programmer


def test_matchup_of_a_unit_with_itself_gives_each_phase_once(unit: Any) -> None:
    rows = _json("matchup", "Marine", "marine")["matchups"]
    assert [(r["attacker"], r["target"], r["phase"]) for r in rows] == [
        ("Marine", "Marine", "assault"),
        ("Marine", "Marine", "combat"),
    ]
    code, out, _ = run("matchup", "Marine", "Marine", "--details")
    assert code == 0
    details = out.split("Expected per activation")[1]
    assert details.count("Assault") == 1 and details.count("Combat") == 1


@pytest.mark.parametrize(
    ("units", "says"),
    [
        (
            "  - unit: Zergling\n    models: 12\n  - unit: Roch\n    models: 3\n",
            "unknown unit 'Roch' (did you mean \"Roach\"",
        ),
        (
            "  - unit: Zergling\n    models: 12\n    upgrades: [Adrenal Gland]\n",
            "unknown upgrade 'Adrenal Gland'",
        ),
        (
            "  - unit: Zergling\n    models: many\n  - unit: Roach\n    models: 3\n",
            "models",
        ),
    ],
)
def test_matchup_of_a_list_with_an_unknown_name_refuses_not_leaves_it_out(
    tmp_path: Path, lists: tuple[Path, Path], units: str, says: str
) -> None:
    # A table without the misspelt squad (or its upgrade) would be a wrong answer.
    misspelt = tmp_path / "misspelt.yaml"
    misspelt.write_text(SWARM.split("units:\n")[0] + "units:\n" + units)
    code, out, err = run("matchup", str(lists[0]), str(misspelt))
    assert code == 1 and out == ""
    assert says in err and "misspelt.yaml:" in err


def test_matchup_of_a_folder_says_it_is_a_folder(
    tmp_path: Path, lists: tuple[Path, Path]
) -> None:
    folder = tmp_path / "lists.yaml"
    folder.mkdir()
    for args in ([str(folder), str(lists[1])], [str(folder), "Marine"]):
        code, out, err = run("matchup", *args)
        assert code == 2 and out == ""
        assert f"{folder} is a folder" in err, err


def test_an_upgrade_the_odds_leave_out_is_named_on_stderr(unit: Any) -> None:
    # Veteran of Tarsonis (+1 Armour near a marker) is not in the data: a player who
    # asks for it must not read odds that silently ignore it.
    code, out, err = run(
        "attack", "Marine", "Marauder", "--target-upgrade", "Veteran of Tarsonis",
        "--upgrade", "Slugthrower", "--range", "6", "--format", "json",
    )  # fmt: skip
    assert code == 0
    setup = AttackSetup(
        attacker=unit("Marine"), target=unit("Marauder"), upgrades=("Slugthrower",),
        range=6,
    )  # fmt: skip
    assert json.loads(out) == resolve(setup).to_json()  # the odds: without it
    assert "Marauder's Veteran of Tarsonis" in err and "left out" in err
    assert "--armour" in err  # how to give its effect when it applies
    assert "Slugthrower" not in err  # an upgrade the odds use is not named
    code, _, err = run(
        "attack", "Marine", "Marauder", "--target-upgrade", "Kinetic Foam"
    )
    assert code == 0 and err == ""


def test_a_charge_in_the_assault_phase_asks_for_the_combat_phase() -> None:
    # IMPACT is rolled in the Combat phase: a Goliath's shooting with --charge would
    # silently leave its IMPACT (4) 3+ out.
    code, out, err = run("attack", "Goliath", "Marine", "--range", "8", "--charge")
    assert code == 2 and out == ""
    assert "--phase combat" in err


@pytest.mark.parametrize(
    ("args", "named"),
    [
        # Combat Shield protects the Marines; it does nothing when they attack.
        (["Marine", "Zergling", "--upgrade", "Combat Shield"], "Marine's Combat Shield"),
        # Slugthrower sharpens the Marines' rifles; it does nothing for a target.
        (
            ["Marine", "Marine", "--target-upgrade", "Slugthrower"],
            "Marine's Slugthrower",
        ),
        (["Zergling", "Marine", "--phase", "combat", "--target-upgrade", "Combat Shield"], None),
        (["Zealot", "Marine", "--phase", "combat", "--charge", "--upgrade", "My Life for Aiur"], None),
    ],
)  # fmt: skip
def test_an_upgrade_on_the_wrong_side_of_the_attack_is_named(
    args: list[str], named: str | None
) -> None:
    code, _, err = run("attack", *args)
    assert code == 0
    if named is None:
        assert err == ""
    else:
        assert named in err and "left out" in err

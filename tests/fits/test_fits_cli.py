"""`armylist fits` through the CLI: what it names, its JSON contract, exit codes."""

from __future__ import annotations

import json
from pathlib import Path

from projectpaths import LISTS, OFFICIAL
from typer.testing import CliRunner

from armylist.cli import app

runner = CliRunner()
PATROL = LISTS / "terran-armed-forces-skirmish-patrol.yaml"


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_the_official_example_can_add_a_medic_and_upgrades_dearest_first() -> None:
    code, out, err = run("fits", str(OFFICIAL))
    assert code == 0
    assert (
        "Left: 330 Minerals, 15 Vespene Gas; free Army Slots: Support 1, Air 1" in out
    )
    lines = out.splitlines()
    medic = next(line for line in lines if line.strip().startswith("Medic"))
    assert medic.split()[-1] == "110"
    upgrades = lines.index("Upgrades")
    first = lines[upgrades + 4].split()
    assert first[:3] == ["7", "Medic", "(3)"] and first[-1] == "60"
    assert "Jim Raynor (1)" in lines[-2] and lines[-2].split()[-1] == "0"
    # 15 Gas buys no card: there is no card group.
    assert "Tactical Cards" not in out
    assert "35 things fit" in err


def test_json_contract() -> None:
    code, out, _ = run("fits", str(OFFICIAL), "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert list(data) == ["file", "left", "units", "upgrades", "cards"]
    assert data["left"] == {
        "minerals": 330,
        "gas": 15,
        "slots": {"core": 0, "elite": 0, "support": 1, "air": 1, "hero": 0},
    }
    assert data["units"] == [
        {"unit": "medic", "models": 3, "minerals": 110, "slot": "support", "slots": 1}
    ]
    assert data["upgrades"][0] == {
        "entry": 7,
        "unit": "medic",
        "upgrade": "advanced-medic-facilities",
        "minerals": 60,
    }
    costs = [u["minerals"] for u in data["upgrades"]]
    assert costs == sorted(costs, reverse=True)
    assert data["cards"] == []


def test_kind_card_names_only_cards_the_gas_left_buys() -> None:
    code, out, _ = run("fits", str(PATROL), "--kind", "card", "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert data["units"] == [] and data["upgrades"] == []
    gas = [c["gas"] for c in data["cards"]]
    assert gas and max(gas) <= data["left"]["gas"] == 55
    assert gas == sorted(gas, reverse=True)


def test_nothing_fits_is_said_in_words() -> None:
    code, out, err = run("fits", str(PATROL), "--kind", "unit")
    assert code == 0
    assert "Nothing fits: the list can add nothing as it is." in out
    assert "0 things fit" in err


def test_without_a_known_faction_card_it_says_what_is_missing(tmp_path: Path) -> None:
    path = tmp_path / "list.yaml"
    path.write_text("scale: standard\nfaction: Nobody\nunits: []\n", encoding="utf-8")
    code, out, err = run("fits", str(path))
    assert code == 0
    assert "name a known Faction Card to see what the list may take" in out
    assert "is not a legal list" in err


def test_an_illegal_list_is_answered_with_a_note(tmp_path: Path) -> None:
    path = tmp_path / "list.yaml"
    path.write_text(
        "scale: skirmish\nfaction: Raynor's Raiders\nunits:\n"
        "  - unit: Jim Raynor\n  - unit: Jim Raynor\n",
        encoding="utf-8",
    )
    code, out, err = run("fits", str(path), "--format", "json")
    assert code == 0
    assert "jim-raynor" not in {u["unit"] for u in json.loads(out)["units"]}
    assert "is not a legal list (2 errors)" in err  # Unique, and the Hero slot


def test_exit_codes_for_bad_input(tmp_path: Path) -> None:
    assert run("fits", str(tmp_path / "missing.yaml"))[0] == 2
    code, _, err = run("fits", str(OFFICIAL), "--kind", "model")
    assert code == 2 and "unit, upgrade, card" in err
    broken = tmp_path / "broken.yaml"
    broken.write_text("units: [\n", encoding="utf-8")
    code, out, _ = run("fits", str(broken))
    assert code == 1 and out == ""

"""`show` and `export` keep a marked line for every entry they cannot resolve.

Issue 11, item 5: a player pastes an incomplete list; an unknown unit, card or upgrade
must not vanish from the sheet, and the units keep the numbers the file gives them.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from armylist.cli import app

runner = CliRunner()

PASTED = """\
name: Pasted
scale: standard
faction: Raynor's Raiders
tactical_cards: [Barracks, Barrakcs, Factory]
units:
  - unit: Marine
    models: 9
    upgrades: [Combat Shield, Foo Bar]
  - unit: Marin
    models: 9
  - unit: Medic
    models: 3
"""


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def pasted(tmp_path: Path) -> Path:
    path = tmp_path / "pasted.yaml"
    path.write_text(PASTED)
    return path


def line_with(text: str, needle: str) -> str:
    word = re.compile(rf"(?<!\w){re.escape(needle)}(?!\w)")
    found = [line for line in text.splitlines() if word.search(line)]
    assert found, f"no line with {needle!r} in:\n{text}"
    return found[0]


def test_show_keeps_a_marked_line_for_each_unknown_entry(pasted: Path) -> None:
    code, out, _ = run("show", str(pasted))
    assert code == 1  # illegal, still printed
    unit = line_with(out, "Marin")
    assert unit.lstrip().startswith("2.") and "unknown unit" in unit
    assert 'did you mean "Marine"' in unit
    assert line_with(out, "3. Medic")
    assert "unknown Tactical Card" in line_with(out, "Barrakcs")
    assert "unknown upgrade" in line_with(out, "Foo Bar")


@pytest.mark.parametrize("output", ["text", "markdown", "discord"])
def test_export_keeps_unknown_entries_numbered_as_the_file(
    pasted: Path, output: str
) -> None:
    code, out, _ = run("export", str(pasted), "--format", output)
    assert code == 1
    unit = line_with(out, "Marin")
    assert "2" in unit.split("Marin")[0] and "unknown" in unit.casefold()
    assert "3" in line_with(out, "Medic").split("Medic")[0]
    assert "unknown" in line_with(out, "Barrakcs").casefold()
    assert "unknown" in line_with(out, "Foo Bar").casefold()


def test_export_json_marks_unknown_entries(pasted: Path) -> None:
    code, out, _ = run("export", str(pasted), "--format", "json")
    assert code == 1
    data = json.loads(out)
    units = {u["position"]: u for u in data["units"]}
    assert sorted(units) == [1, 2, 3]
    assert units[2]["unit"] == "Marin" and units[2]["unknown"] is True
    assert units[1]["unknown"] is False
    cards = [(c["name"], c["unknown"]) for c in data["tactical_cards"]]
    assert cards == [("Barracks", False), ("Barrakcs", True), ("Factory", False)]
    upgrades = [(u["name"], u["unknown"]) for u in units[1]["upgrades"]]
    assert upgrades == [("Combat Shield", False), ("Foo Bar", True)]
    # The totals count what is known; the unknown unit adds nothing.
    assert data["totals"]["units"] == 3
    assert data["minerals"]["used"] == 240 + 110


UNREADABLE_FIRST = """\
scale: standard
faction: Raynor's Raiders
tactical_cards: [Barracks, 12, Barrakcs]
units:
  - Marine
  - unit: Marin
    models: 9
  - unit: Medic
    models: 3
"""


def test_entries_after_an_unreadable_one_keep_their_file_numbers(
    tmp_path: Path,
) -> None:
    path = tmp_path / "pasted.yaml"
    path.write_text(UNREADABLE_FIRST)
    code, out, _ = run("show", str(path))
    assert code == 1
    numbered = {
        int(m.group(1)): line
        for line in out.splitlines()
        if (m := re.match(r"^\s*(\d+)\. ", line))
    }
    assert sorted(numbered) == [1, 2, 3]
    assert "Marine" in numbered[1] and "not a unit entry" in numbered[1]
    assert "Marin (9)" in numbered[2] and "unknown unit" in numbered[2]
    assert "Medic (3)" in numbered[3]
    # The validator points at the lines that wrote them, too.
    _, out, _ = run("validate", str(path), "--format", "json")
    findings = {f["rule"]: f["line"] for f in json.loads(out)["results"][0]["findings"]}
    assert findings["unknown-unit"] == 6
    assert findings["unknown-card"] == 3

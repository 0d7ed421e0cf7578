"""`armylist diff` shows a unit that changed as one change, not a unit removed and
another added: its upgrades added and removed, and its models."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from projectpaths import OFFICIAL
from typer.testing import CliRunner

from armylist.cli import app

runner = CliRunner()
BASE = OFFICIAL.read_text(encoding="utf-8")
SECOND_MARINE = "  - unit: Marine\n    models: 9\n  - unit: Marine\n    models: 6\n"


def diff(tmp_path: Path, after: str, *options: str) -> str:
    assert after != BASE
    changed = tmp_path / "after.yaml"
    changed.write_text(after, encoding="utf-8")
    result = runner.invoke(app, ["diff", str(OFFICIAL), str(changed), *options])
    assert result.exit_code == 0, result.stderr
    return result.stdout


@pytest.mark.parametrize(
    ("after", "shown"),
    [
        (
            BASE.replace(
                SECOND_MARINE,
                "  - unit: Marine\n    models: 9\n    upgrades: [AGG-12]\n"
                "  - unit: Marine\n    models: 6\n",
            ),
            "~ unit Marine (9) #2: + AGG-12",
        ),
        (
            BASE.replace(
                "  - unit: Marine\n    models: 6\n", "  - unit: Marine\n    models: 9\n"
            ),
            "~ unit Marine (6 -> 9) #3",
        ),
        (
            BASE.replace(
                "  - unit: Marine\n    models: 6\n",
                "  - unit: Marine\n    models: 9\n    upgrades: [Combat Shield]\n",
            ),
            "~ unit Marine (6 -> 9) #3: + Combat Shield",
        ),
    ],
    ids=["upgrade", "models", "both"],
)
def test_a_changed_unit_is_one_change(tmp_path: Path, after: str, shown: str) -> None:
    out = diff(tmp_path, after)
    assert shown in out.splitlines()
    assert "+ unit" not in out and "- unit" not in out


def test_an_upgrade_taken_off_is_a_minus(tmp_path: Path) -> None:
    before = tmp_path / "before.yaml"
    before.write_text(
        BASE.replace(
            "  - unit: Goliath\n",
            "  - unit: Goliath\n    upgrades: [Scatter Missiles]\n",
        ),
        encoding="utf-8",
    )
    result = runner.invoke(app, ["diff", str(before), str(OFFICIAL)])
    assert result.exit_code == 0
    assert "~ unit Goliath (1) #9: - Scatter Missiles" in result.stdout.splitlines()


def test_units_of_another_kind_are_still_added_and_removed(tmp_path: Path) -> None:
    out = diff(tmp_path, BASE.replace("  - unit: Goliath\n", "  - unit: Jim Raynor\n"))
    assert "+ unit Jim Raynor (1)" in out.splitlines()
    assert "- unit Goliath (1)" in out.splitlines()
    assert "~ unit" not in out


def test_json_lists_the_changed_unit(tmp_path: Path) -> None:
    after = BASE.replace(
        "  - unit: Marine\n    models: 6\n",
        "  - unit: Marine\n    models: 9\n    upgrades: [Combat Shield]\n",
    )
    data = json.loads(diff(tmp_path, after, "--format", "json"))
    assert data["units_added"] == [] and data["units_removed"] == []
    assert data["units_changed"] == [
        {
            "unit": "Marine",
            "position": 3,
            "models": [6, 9],
            "upgrades_added": ["Combat Shield"],
            "upgrades_removed": [],
        }
    ]


def test_a_changed_unit_is_numbered_as_show_numbers_it(tmp_path: Path) -> None:
    # An unknown unit first: `show` numbers it 1, so the second Marine is #3.
    unknown = BASE.replace("units:\n", "units:\n  - unit: Marnie\n", 1)
    before = tmp_path / "before.yaml"
    before.write_text(unknown, encoding="utf-8")
    after = tmp_path / "after.yaml"
    after.write_text(
        unknown.replace(
            SECOND_MARINE,
            "  - unit: Marine\n    models: 9\n    upgrades: [AGG-12]\n"
            "  - unit: Marine\n    models: 6\n",
        ),
        encoding="utf-8",
    )
    shown = runner.invoke(app, ["show", str(after)]).stdout
    assert " 3. Marine (9)" in shown
    result = runner.invoke(app, ["diff", str(before), str(after)])
    assert result.exit_code == 0
    assert "~ unit Marine (9) #3: + AGG-12" in result.stdout.splitlines()

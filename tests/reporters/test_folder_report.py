"""`validate` of many lists in text: one short block per list; `--details` for the rest.

A folder of 17 submissions printed 713 lines: every list's budgets, Army Slots ledger,
units table and info findings. With more than one list each list now gets its verdict
line and its errors and warnings; `--details` shows everything; one list prints in full.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from projectpaths import OFFICIAL
from typer.testing import CliRunner

from armylist.cli import app

runner = CliRunner()
BASE = OFFICIAL.read_text(encoding="utf-8")


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "a-legal.yaml").write_text(BASE, encoding="utf-8")
    (tmp_path / "b-warned.yaml").write_text(
        BASE + "data_version: '1999.01'\n", encoding="utf-8"
    )
    (tmp_path / "c-illegal.yaml").write_text(
        BASE.replace("models: 6", "models: 7"), encoding="utf-8"
    )
    return tmp_path


def validate(*args: str) -> tuple[int, str]:
    # Wide enough that no verdict line wraps.
    result = runner.invoke(
        app, ["validate", "--format", "text", *args], env={"COLUMNS": "200"}
    )
    return result.exit_code, result.stdout


def test_many_lists_print_a_verdict_and_the_errors_and_warnings_of_each(
    folder: Path,
) -> None:
    code, out = validate(str(folder))
    assert code == 1
    lines = out.splitlines()
    assert f"{folder / 'a-legal.yaml'}  Rulebook example army: ✔ legal list" in lines
    assert (
        f"{folder / 'b-warned.yaml'}  Rulebook example army: ✔ legal list (1 warning)"
        in lines
    )
    assert any(
        line.startswith(
            f"{folder / 'c-illegal.yaml'}  Rulebook example army: ✘ illegal"
        )
        for line in lines
    )
    assert "AL602" in out  # the warning
    assert "AL304 composition" in out  # the error
    for detail in ("Granted by", "Minerals: 1,670", "Info (", "AL204", "AL307"):
        assert detail not in out
    assert lines[-1] == (
        "each list's budgets, Army Slots, units and info findings: --details"
    )
    assert len(lines) < 25


def test_details_shows_every_list_in_full(folder: Path) -> None:
    code, out = validate(str(folder), "--details")
    assert code == 1
    assert out.count("Granted by") == 3
    assert out.count("Info (") == 3
    assert "--details" not in out


def test_one_list_prints_in_full_as_before(folder: Path) -> None:
    code, out = validate(str(folder / "a-legal.yaml"))
    assert code == 0
    assert "Army Slots" in out and "Info (4)" in out and "AL204" in out
    assert out.splitlines()[-1] == "✔ legal list"

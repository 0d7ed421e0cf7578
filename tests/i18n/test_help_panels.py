"""A help panel of a command's own (`rich_help_panel`) speaks the run's language."""

from __future__ import annotations

from typer.testing import CliRunner

from armylist.cli import app


def test_a_commands_own_help_panel_is_translated() -> None:
    runner = CliRunner()
    english = runner.invoke(app, ["attack", "--help"], env={"COLUMNS": "100"})
    spanish = runner.invoke(
        app, ["attack", "--lang", "es", "--help"], env={"COLUMNS": "100"}
    )
    assert english.exit_code == spanish.exit_code == 0
    assert "─ The table ─" in english.stdout
    assert "─ La mesa ─" in spanish.stdout
    assert "The table" not in spanish.stdout

"""Narrow terminals: help that cuts no option name and pads no line, `rules` wrapped
to `COLUMNS`, and Army Slot cells that break between their items, never inside one."""

from __future__ import annotations

import re
from typing import Any

import pytest
import typer
from projectpaths import LISTS
from typer.testing import CliRunner

from armylist.cli import app

runner = CliRunner()


def commands() -> list[tuple[tuple[str, ...], Any]]:
    """Every command of the app, with the words that run it."""
    found: list[tuple[tuple[str, ...], Any]] = []

    def walk(words: tuple[str, ...], command: Any) -> None:
        found.append((words, command))
        for name, sub in getattr(command, "commands", {}).items():
            walk((*words, name), sub)

    walk((), typer.main.get_command(app))
    return found


COMMANDS = commands()


@pytest.mark.parametrize(
    ("words", "command"), COMMANDS, ids=[" ".join(w) or "armylist" for w, _ in COMMANDS]
)
@pytest.mark.parametrize("columns", [60, 80])
def test_help_names_every_option_whole_and_pads_no_line(
    words: tuple[str, ...], command: Any, columns: int
) -> None:
    result = runner.invoke(app, [*words, "-h"], env={"COLUMNS": str(columns)})
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "…" not in out
    for param in command.params:
        for name in [*param.opts, *param.secondary_opts]:
            if name.startswith("-"):
                assert re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", out), name
    lines = out.splitlines()
    assert all(line == line.rstrip() for line in lines)
    assert max(len(line) for line in lines) <= columns


@pytest.mark.parametrize("columns", [50, 72])
def test_rules_wrap_to_columns_and_lose_no_word(columns: int) -> None:
    wide = runner.invoke(app, ["rules"], env={"COLUMNS": "200"})
    narrow = runner.invoke(app, ["rules"], env={"COLUMNS": str(columns)})
    assert wide.exit_code == narrow.exit_code == 0
    assert max(len(line) for line in narrow.stdout.splitlines()) <= columns
    assert narrow.stdout.split() == wide.stdout.split()


@pytest.mark.parametrize("columns", [80, 90, 100])
def test_slot_cells_break_between_items(columns: int) -> None:
    listed = LISTS / "daelaam-gateway-assault.yaml"
    result = runner.invoke(
        app, ["validate", str(listed)], env={"COLUMNS": str(columns)}
    )
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    for item in ("Stalker (1) 1", "Stalker (2) 2", "Twilight Council 1", "Adept (4) 1"):
        assert any(item in line for line in lines), item
    # No item broken after its name: no ledger line ends in a unit's model count.
    ledger = lines[lines.index("Army Slots") : lines.index("Units")]
    assert not any(re.search(r"\w \(\d\)$", line) for line in ledger)

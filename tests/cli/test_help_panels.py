"""`armylist --help` groups its commands by task, building a list first: a newcomer
reads `new`, `build` and `validate` in the first panels and in the examples, in
English and in Spanish."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from typer.testing import CliRunner

from armylist.cli import app
from armylist.cli.registry import command_name

runner = CliRunner()

PANELS = {
    "en": [
        "Build a list",
        "Check",
        "Game day",
        "Combat",
        "Organised play",
        "Game data",
    ],
    "es": [
        "Armar una lista",
        "Revisar",
        "El día de la partida",
        "Combate",
        "Juego organizado",
        "Datos del juego",
    ],
}
OPTIONS = {"en": "Options", "es": "Opciones"}
PANEL_TITLE = re.compile(r"^╭─ (.+?) ─")
COMMAND = re.compile(r"^│ ([a-z-]+) ")


def panels(language: str) -> dict[str, list[str]]:
    """The panels of `armylist --help` in the language, in order, with the commands
    each lists, in order."""
    result = runner.invoke(app, ["--help", "--lang", language], env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    shown: dict[str, list[str]] = {}
    current: list[str] = []
    for line in result.output.splitlines():
        title = PANEL_TITLE.match(line)
        if title:
            current = shown.setdefault(title.group(1), [])
            continue
        command = COMMAND.match(line)
        if command and not line.startswith("│ -"):
            current.append(command.group(1))
    return shown


@pytest.mark.parametrize("language", ["en", "es"])
def test_help_lists_the_commands_by_task_building_first(language: str) -> None:
    shown = panels(language)
    assert list(shown) == [OPTIONS[language], *PANELS[language]]
    build, check = PANELS[language][:2]
    assert shown[build][:2] == ["new", "build"]
    assert shown[check][0] == "validate"


@pytest.mark.parametrize("language", ["en", "es"])
def test_every_command_is_in_one_panel(language: str) -> None:
    shown = panels(language)
    listed = [name for title in PANELS[language] for name in shown[title]]
    commands = [command_name(info) for info in app.registered_commands]
    commands += [group.name or "" for group in app.registered_groups]
    assert sorted(listed) == sorted(commands)
    assert len(listed) == len(set(listed))


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_examples_are_new_build_and_validate(language: str) -> None:
    result = runner.invoke(app, ["--help", "--lang", language])
    examples = re.findall(r"^\s*armylist (\w+) ", result.output, re.MULTILINE)
    assert examples == ["new", "build", "validate"]


def test_the_first_examples_run_as_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A newcomer types the help's examples: `new` writes the list `validate` checks
    (`build` needs a person at the keys, and its file is the same)."""
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["--help"], env={"COLUMNS": "200"})
    lines = re.findall(r"^\s*armylist (new .*|validate .*)$", result.output, re.M)
    assert len(lines) == 2
    for line in lines:
        ran = runner.invoke(app, shlex.split(line))
        assert ran.exit_code == 0, ran.output
    assert (tmp_path / "mylist.yaml").is_file()

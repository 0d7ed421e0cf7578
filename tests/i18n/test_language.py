"""Which language a run speaks: `--lang`, then `ARMYLIST_LANG`, then the locale."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
import typer.main
from typer._click import Context
from typer.testing import CliRunner

from armylist.cli import app
from armylist.text import i18n


def words(panel: str) -> str:
    """A message as one line, out of typer's error panel."""
    return " ".join(re.sub("[│╭╮╰╯─]", " ", panel).split())


CHOICES = [
    # (argv, environment, language)
    ([], {}, "en"),
    ([], {"LANG": "es_ES.UTF-8"}, "es"),
    ([], {"LANG": "es_AR.UTF-8"}, "es"),
    ([], {"LANG": "fr_FR.UTF-8"}, "en"),
    ([], {"LC_ALL": "C.UTF-8", "LANG": "es_ES.UTF-8"}, "en"),  # LC_ALL decides
    ([], {"LC_MESSAGES": "es_MX", "LANG": "en_GB"}, "es"),
    ([], {"ARMYLIST_LANG": "es", "LANG": "en_GB.UTF-8"}, "es"),
    ([], {"ARMYLIST_LANG": "en", "LC_ALL": "es_ES.UTF-8"}, "en"),
    (["validate", "--lang", "es", "x.yaml"], {"ARMYLIST_LANG": "en"}, "es"),
    (["--lang=en", "validate"], {"LANG": "es_ES.UTF-8"}, "en"),
    (["validate", "--", "--lang", "es"], {}, "en"),  # after `--`, a file name
]


@pytest.mark.parametrize(("argv", "environ", "language"), CHOICES)
def test_the_language_of_a_run(
    argv: list[str], environ: dict[str, str], language: str
) -> None:
    assert i18n.language_from(argv, environ) == language


def test_version_names_the_language_in_use() -> None:
    runner = CliRunner()
    assert "language: English" in runner.invoke(app, ["--version"]).stdout
    i18n.use(i18n.SPANISH)
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert "idioma: español" in result.stdout
    assert "datos del juego" in result.stdout


def _commands(command: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[str, Any]]:
    yield " ".join(path) or "armylist", command
    for name, sub in getattr(command, "commands", {}).items():
        yield from _commands(sub, (*path, name))


def test_every_command_and_group_takes_lang() -> None:
    root = typer.main.get_command(app)
    missing = [
        name
        for name, command in _commands(root)
        if not any("--lang" in p.opts for p in command.get_params(Context(command)))
    ]
    assert missing == []


@pytest.mark.parametrize(
    "argv",
    [
        ["--lang", "es", "--version"],
        ["--lang=ES", "--version"],
        ["--version", "--lang", "es"],  # eager: read before the version is printed
    ],
)
def test_lang_speaks_the_language_asked_for(argv: list[str]) -> None:
    result = CliRunner().invoke(app, argv)
    assert result.exit_code == 0
    assert "idioma: español" in result.stdout


def test_lang_on_a_command_translates_its_help() -> None:
    runner = CliRunner()
    helped = runner.invoke(app, ["validate", "--help", "--lang", "es"])
    assert helped.exit_code == 0
    assert "Opciones" in helped.stdout
    assert "Options" not in helped.stdout


@pytest.mark.parametrize(
    "argv", [["--lang", "fr", "factions"], ["factions", "--lang", "klingon"]]
)
def test_an_unknown_lang_is_refused_naming_the_languages(argv: list[str]) -> None:
    result = CliRunner().invoke(app, argv)
    assert result.exit_code == 2
    assert "is not a language armylist speaks; use one of en, es" in words(
        result.stderr
    )
    assert result.stdout == ""


def test_an_unknown_armylist_lang_is_ignored_with_a_warning() -> None:
    result = CliRunner().invoke(app, ["--version"], env={"ARMYLIST_LANG": "fr"})
    assert result.exit_code == 0
    assert "language: English" in result.stdout
    assert (
        "warning: ARMYLIST_LANG=fr is not a language armylist speaks (en, es); "
        "it is ignored" in result.stderr
    )


def test_the_refusal_of_a_lang_speaks_the_language_already_chosen() -> None:
    result = CliRunner().invoke(app, ["--lang", "es", "factions", "--lang", "fr"])
    assert result.exit_code == 2
    assert "'fr' no es un idioma que armylist hable; usa uno de estos: en, es" in (
        words(result.stderr)
    )


def test_the_shell_completes_the_languages() -> None:
    environ = {
        "_ARMYLIST_COMPLETE": "complete_bash",
        "COMP_WORDS": "armylist validate --lang e",
        "COMP_CWORD": "3",
    }
    result = CliRunner().invoke(app, [], env=environ, prog_name="armylist")
    assert result.stdout.split() == ["en", "es"]

"""click's and typer's own words in Spanish: the usage line, the help panels, and the
usage errors they word in English (`cli/translated.py`)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import typer
from babel.messages.extract import extract_from_file
from typer.testing import CliRunner

from armylist.cli import app
from armylist.cli.translated import CLICK_MESSAGES, CLICK_WORDS, TYPER_WORDS

runner = CliRunner()


def words(text: str) -> str:
    """Output as one line, out of typer's panels."""
    return " ".join(re.sub("[│╭╮╰╯─]", " ", text).split())


ERRORS = [
    # (arguments, what the Spanish message says)
    (["validate", "--nope"], "No existe la opción: --nope"),
    (["validate", "--hel"], "No existe la opción: --hel (opciones posibles: --help)"),
    (["valdate"], "No existe el comando 'valdate'. ¿Quisiste decir 'validate'?"),
    (["info"], "Falta el argumento 'NOMBRE'."),
    (["validate", "--strict=yes"], "La opción '--strict' no lleva valor."),
    (["validate", "--format"], "La opción '--format' necesita un argumento."),
    (["info", "Marine", "Zealot"], "Sobran argumentos inesperados (Zealot)"),
    (["validate", "--format", "x"], "Valor no válido para '--format':"),
]


@pytest.mark.parametrize(("argv", "spanish"), ERRORS)
def test_usage_errors_are_worded_in_spanish(argv: list[str], spanish: str) -> None:
    english = runner.invoke(app, argv)
    result = runner.invoke(app, ["--lang", "es", *argv])
    assert (result.exit_code, english.exit_code) == (2, 2)
    assert spanish in words(result.stderr)
    assert ("Prueba 'armylist" in result.stderr) == ("Try 'armylist" in english.stderr)


def test_help_speaks_spanish_to_the_last_word() -> None:
    result = runner.invoke(app, ["--lang", "es", "validate", "--help"])
    assert result.exit_code == 0
    shown = words(result.stdout)
    assert "Uso: armylist validate [OPCIONES] [RUTAS]..." in shown
    for spanish in ("Argumentos", "Opciones", "Muestra este mensaje y termina."):
        assert spanish in shown
    for english in ("Usage", "Options", "Show this message", "[default:"):
        assert english not in shown
    group = runner.invoke(app, ["--lang", "es", "--help"])
    assert "Uso: armylist [OPCIONES] COMANDO [ARGS]..." in words(group.stdout)
    assert "Armar una lista" in group.stdout  # its commands' panels, by task
    event = runner.invoke(app, ["--lang", "es", "event", "--help"])
    assert "Comandos" in event.stdout


def test_every_word_typer_translates_itself_is_in_the_catalogue() -> None:
    # typer words a few texts through gettext (`_("Commands")`): each must be one of
    # ours, or a typer upgrade brings an English word into Spanish output unnoticed.
    ours = {*CLICK_WORDS, *TYPER_WORDS.values(), *CLICK_MESSAGES}
    package = Path(typer.__file__).parent
    marked = {
        message
        for source in sorted(package.rglob("*.py"))
        for _, message, _, _ in extract_from_file(
            "python", str(source), keywords={"_": None}
        )
    }
    assert sorted(marked - ours) == []


def test_did_you_mean_speaks_spanish() -> None:
    result = runner.invoke(app, ["--lang", "es", "info", "Marin"])
    assert result.exit_code == 2
    assert '(¿quisiste decir "Marine" o ' in result.stderr

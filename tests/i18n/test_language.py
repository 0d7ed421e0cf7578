"""Which language a run speaks: `--lang`, then `ARMYLIST_LANG`, then the locale."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from armylist import i18n
from armylist.cli import app

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

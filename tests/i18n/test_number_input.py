"""Numbers as a Spanish or an English reader types them: `3.000` is three thousand in
Spanish and refused in English, `3,000` the other way round; YAML keeps plain
numbers, and `minerals: 3.000` says to write 3000."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from armylist.cli import app
from armylist.cli import building as cli_edit
from armylist.text import i18n
from armylist.text.numbers import NotAWholeNumber, parse_whole

runner = CliRunner()


def words(text: str) -> str:
    return " ".join(re.sub("[│╭╮╰╯─]", " ", text).split())


READ = [
    # (typed, language, number)
    ("3000", "en", 3000),
    ("3000", "es", 3000),
    ("3,000", "en", 3000),
    ("3.000", "es", 3000),
    ("12.500.000", "es", 12_500_000),
    ("3 000", "es", 3000),
    ("3\u00a0000", "es", 3000),  # a no-break space
    ("3\u202f000", "es", 3000),  # a narrow no-break space, as CLDR groups in places
    ("3 000", "en", 3000),
    ("3,0", "es", 3),
]
REFUSED = [
    # (typed, language, message, hint)
    (
        "3.000",
        "en",
        "'3.000' reads as 3",
        "for the whole number 3,000, write 3000 or 3,000",
    ),
    (
        "3,000",
        "es",
        "'3,000' se lee como 3 (la ',' marca los decimales)",
        "para el número entero 3.000, escribe 3000 o 3.000",
    ),
    ("3.5", "en", "'3.5' is not a whole number", "write 3 or 4"),
    ("3,5", "es", "'3,5' no es un número entero", "escribe 3 o 4"),
    ("3.5", "es", "'3.5' no es un número entero", "escribe cifras"),
    ("3.00", "es", "'3.00' no es un número entero", "escribe cifras"),
    (
        "30.00",
        "es",
        "'30.00' agrupa sus cifras de forma extraña",
        "escribe 3000, o 3.000",
    ),
    ("3 00", "es", "'3 00' no es un número entero", "escribe cifras"),
]


@pytest.mark.parametrize(("typed", "language", "number"), READ)
def test_numbers_read_as_the_language_writes_them(
    typed: str, language: str, number: int
) -> None:
    i18n.use(language)
    assert parse_whole(typed) == number


@pytest.mark.parametrize(("typed", "language", "message", "hint"), REFUSED)
def test_forms_read_otherwise_or_not_whole_are_refused(
    typed: str, language: str, message: str, hint: str
) -> None:
    i18n.use(language)
    with pytest.raises(NotAWholeNumber) as refused:
        parse_whole(typed)
    assert message in refused.value.message
    assert hint in refused.value.hint


def _new(tmp_path: Path, minerals: str) -> tuple[int, str, Path]:
    out = tmp_path / "go.yaml"
    result = runner.invoke(
        app,
        [
            *("--lang", "es", "new", "-f", "khalai", "--scale", "grand-offensive"),
            *("--minerals", minerals, "-o", str(out)),
        ],
    )
    return result.exit_code, words(result.stdout + result.stderr), out


def test_a_spanish_minerals_option_reads_3_000_and_refuses_3_comma_000(
    tmp_path: Path,
) -> None:
    code, output, out = _new(tmp_path, "3.000")
    assert code == 0, output
    assert yaml.safe_load(out.read_text(encoding="utf-8"))["minerals"] == 3000
    out.unlink()
    code, output, out = _new(tmp_path, "3,000")
    assert code == 2
    assert "Valor no válido para '--minerals': '3,000' se lee como 3 (" in output
    assert not out.exists()


def test_the_builders_prompt_reads_spanish_numbers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(cli_edit, "stdin_is_terminal", lambda: True)
    result = runner.invoke(
        app,
        ["--lang", "es", "new"],
        input="Protoss\n2\ngrand-offensive\n3,000\n3.500\n",
    )
    assert result.exit_code == 0, result.output
    assert "'3,000' se lee como 3 (la ',' marca los decimales)" in result.stdout
    data = yaml.safe_load((tmp_path / "khalai.yaml").read_text(encoding="utf-8"))
    assert data["minerals"] == 3500


LIST = """\
faction: khalai
scale: standard
minerals: 3.000
units: []
"""


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        ([], "minerals: 3.000 reads as 3: YAML takes the point for a decimal point"),
        (
            ["--lang", "es"],
            "minerals: 3.000 se lee como 3: YAML toma el punto por separador decimal",
        ),
    ],
)
def test_a_list_with_minerals_3_000_is_told_to_write_3000(
    tmp_path: Path, argv: list[str], said: str
) -> None:
    listed = tmp_path / "l.yaml"
    listed.write_text(LIST, encoding="utf-8")
    result = runner.invoke(app, [*argv, "validate", str(listed)])
    assert result.exit_code == 1
    output = " ".join(result.stdout.split())
    assert "AL002 list-schema" in output
    assert said in output
    assert "`minerals: 3000`" in output


def test_an_event_file_with_minerals_3_000_is_told_to_write_3000(
    tmp_path: Path,
) -> None:
    event = tmp_path / "event.yaml"
    event.write_text(
        "name: Open\nscale: standard\nminerals: 3.000\nplayers: []\n", encoding="utf-8"
    )
    result = runner.invoke(app, ["event", "standings", str(event)])
    assert result.exit_code == 2
    assert "minerals: 3.000 reads as 3" in result.stderr
    assert "write `minerals: 3000` for 3,000" in result.stderr

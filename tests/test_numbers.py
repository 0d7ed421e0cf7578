"""Whole numbers as people type them (armylist/text/numbers.py and every `int` option).

Before, `--minerals 3,000` was refused with typer's "unable to parse string as an
integer" while the builder's prompt took "3,000", and `--minerals 3.000` was read as 3.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import typer.main
import yaml
from typer._click import Context
from typer.testing import CliRunner

from armylist.cli import app
from armylist.cli import building as cli_edit
from armylist.engine import check_text
from armylist.gamedata.catalog import Catalog
from armylist.text.numbers import NotAWholeNumber, Separators, parse_whole

runner = CliRunner()
SPANISH = Separators(thousands=".", decimal=",")

READ = [
    ("3000", 3000),
    ("3,000", 3000),
    (" 3,000,000 ", 3_000_000),
    ("+2", 2),
    ("007", 7),
    ("3.0", 3),
    ("0", 0),
]
REFUSED = [
    ("3.000", "reads as 3 ('.' marks the decimals)", "write 3000 or 3,000"),
    ("12.500", "reads as 12.5 ('.' marks", "for the whole number 12,500, write 12500"),
    ("3.5", "is not a whole number", "write 3 or 4"),
    ("30,00", "groups its digits oddly", "write 3000, or 3,000"),
    ("3,000.5", "is not a whole number", "write digits"),
    ("-5", "is negative", "0 or more"),
    ("", "no number given", "write a whole number"),
    ("lots", "is not a whole number", "write digits"),
    ("²", "is not a whole number", "write digits"),
    ("9" * 5000, "has 5,000 digits", "at most 15 digits"),
]


@pytest.mark.parametrize(("typed", "number"), READ)
def test_whole_numbers_are_read(typed: str, number: int) -> None:
    assert parse_whole(typed) == number


@pytest.mark.parametrize(("typed", "message", "hint"), REFUSED)
def test_other_forms_are_refused_with_what_to_write(
    typed: str, message: str, hint: str
) -> None:
    with pytest.raises(NotAWholeNumber) as refused:
        parse_whole(typed)
    assert message in refused.value.message
    assert hint in refused.value.hint


def test_the_separators_are_the_locales() -> None:
    assert parse_whole("3.000", SPANISH) == 3000
    assert parse_whole("-1", signed=True) == -1
    with pytest.raises(NotAWholeNumber, match=r"reads as 3 \(',' marks the decimals\)"):
        parse_whole("3,000", SPANISH)


def _new(tmp_path: Path, minerals: str) -> tuple[int, str]:
    out = tmp_path / "go.yaml"
    result = runner.invoke(
        app,
        [
            *("new", "-f", "khalai", "--scale", "grand-offensive"),
            *("--minerals", minerals, "-o", str(out)),
        ],
    )
    return result.exit_code, result.stdout + result.stderr


def test_minerals_may_group_thousands(tmp_path: Path) -> None:
    code, output = _new(tmp_path, "3,000")
    assert code == 0, output
    data = yaml.safe_load((tmp_path / "go.yaml").read_text(encoding="utf-8"))
    assert data["minerals"] == 3000


@pytest.mark.parametrize(
    ("typed", "words"),
    [
        ("3.000", "reads as 3 ('.' marks the decimals)"),
        ("3.5", "is not a whole number"),
    ],
)
def test_minerals_read_two_ways_are_refused(
    tmp_path: Path, typed: str, words: str
) -> None:
    code, output = _new(tmp_path, typed)
    assert code == 2
    assert words in " ".join(output.replace("│", " ").split())
    assert "Traceback" not in output
    assert not (tmp_path / "go.yaml").exists()


def test_set_minerals_reads_the_same_way(tmp_path: Path) -> None:
    _new(tmp_path, "3000")
    path = str(tmp_path / "go.yaml")
    result = runner.invoke(app, ["set", path, "minerals", "4,500"])
    assert result.exit_code == 0, result.output
    result = runner.invoke(app, ["set", path, "minerals", "4.500"])
    assert result.exit_code == 2
    assert "reads as 4.5 ('.' marks the decimals)" in result.stderr
    data = yaml.safe_load((tmp_path / "go.yaml").read_text(encoding="utf-8"))
    assert data["minerals"] == 4500


def test_the_builders_mineral_prompt_refuses_3_000(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(cli_edit, "stdin_is_terminal", lambda: True)
    result = runner.invoke(
        app, ["new"], input="Protoss\n2\ngrand-offensive\n3.000\n3,500\n"
    )
    assert result.exit_code == 0, result.output
    assert "reads as 3 ('.' marks the decimals)" in result.stdout
    data = yaml.safe_load((tmp_path / "khalai.yaml").read_text(encoding="utf-8"))
    assert data["minerals"] == 3500


def test_signed_modifiers_still_read(tmp_path: Path) -> None:
    result = runner.invoke(
        app, ["attack", "Marine", "Zealot", "--hit", "-1", "--armour", "+1"]
    )
    assert result.exit_code == 0, result.output


def _int_parameters() -> list[tuple[str, object]]:
    found = []

    def walk(command: object, ctx: Context, path: str) -> None:
        for param in command.get_params(ctx):  # type: ignore[attr-defined]
            descriptor = getattr(param, "type_descriptor", None)
            if descriptor is not None and descriptor.annotation is int:
                found.append((f"{path} {param.name}", descriptor.parameter_info))
        for name, sub in (getattr(command, "commands", None) or {}).items():
            walk(sub, Context(sub, parent=ctx), f"{path} {name}")

    root = typer.main.get_command(app)
    walk(root, Context(root), "armylist")
    return found


def test_every_whole_number_option_reads_grouped_thousands() -> None:
    parameters = _int_parameters()
    assert len(parameters) >= 10  # attack, add, new, validate, draft ...
    for name, info in parameters:
        parser = getattr(info, "parser", None)
        assert getattr(parser, "reads_whole_numbers", False), name


@pytest.mark.parametrize(
    ("written", "message", "hint"),
    [
        (
            "minerals: 3.000",
            "minerals: 3.000 reads as 3: YAML takes the point for a decimal point",
            "write `minerals: 3000` for 3,000, or `minerals: 3`",
        ),
        (
            "minerals: 3000.0",
            "minerals: 3000.0 reads as 3,000 (a decimal number)",
            "write `minerals: 3000`",
        ),
    ],
)
def test_a_list_with_minerals_3_000_is_told_what_it_reads_as(
    catalog: Catalog, written: str, message: str, hint: str
) -> None:
    text = f"scale: grand-offensive\n{written}\nfaction: Khalai\n"
    result, _ = check_text(text, "go.yaml", catalog)
    (finding,) = [f for f in result.findings if f.code == "AL002"]
    assert (finding.line, finding.column) == (2, 11)
    assert finding.message == message
    assert finding.hint == hint

"""Messages for people, not programmers (issue 11, item 7).

A player who writes `units: [Marine]` or `name: Raiders: the return` must read what is
wrong in plain words, on which line, and what to write instead: never a parser's or
pydantic's own wording ("mapping values are not allowed in this context", "Extra inputs
are not permitted", "Field required", "Value error").
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from projectpaths import OFFICIAL
from smalllist import SMALL
from typer.testing import CliRunner

from armylist.cli import app

runner = CliRunner()

# What a parser or pydantic says, which no player should have to decode.
RAW = (
    "mapping values are not allowed",
    "could not find expected",
    "did not find expected",
    "while parsing",
    "while scanning",
    "expected <block end>",
    "Extra inputs are not permitted",
    "Field required",
    "Value error",
    "Input should be",
    "found character",
    "binary",
    "found unexpected end of stream",
    "found undefined alias",
    "invalid YAML",
    "not allowed here",
    "expected a single document",
)


def findings(path: Path) -> list[dict[str, object]]:
    result = runner.invoke(app, ["validate", str(path), "--format", "json"])
    assert result.exit_code == 1, result.output
    found: list[dict[str, object]] = json.loads(result.stdout)["results"][0]["findings"]
    return [f for f in found if f["severity"] == "error"]


def assert_plain(text: str) -> None:
    for raw in RAW:
        assert raw.casefold() not in text.casefold(), f"{raw!r} in {text!r}"


def test_a_bare_unit_name_says_how_to_write_a_unit_entry(tmp_path: Path) -> None:
    path = tmp_path / "list.yaml"
    path.write_text(
        "scale: standard\nfaction: Raynor's Raiders\nunits: [Marine, Medic]\n",
        encoding="utf-8",
    )
    errors = findings(path)
    assert [(f["rule"], f["line"]) for f in errors] == [("list-schema", 3)] * 2
    first = errors[0]
    text = f"{first['message']} {first['hint']}"
    assert "- unit: Marine" in text
    assert "expected a mapping" not in text
    assert_plain(text)


def test_a_colon_inside_a_value_says_to_quote_it(tmp_path: Path) -> None:
    path = tmp_path / "list.yaml"
    path.write_text(
        "scale: standard\nfaction: Raynor's Raiders\nname: Raiders: the return\n",
        encoding="utf-8",
    )
    (error,) = findings(path)
    assert error["rule"] == "yaml-syntax" and error["line"] == 3
    text = f"{error['message']} {error['hint']}"
    assert_plain(text)
    assert 'name: "Raiders: the return"' in str(error["hint"])


@pytest.mark.parametrize(
    ("text", "line"),
    [
        # a list item that is not indented like its neighbours
        ("scale: standard\nunits:\n  - unit: Marine\n - unit: Medic\n", 4),
        # an unclosed bracket
        ("scale: standard\ntactical_cards: [Barracks, Academy\nunits: []\n", 2),
        # an unclosed quote
        ('scale: standard\nname: "Raiders\nfaction: x\n', 2),
        # a key with no colon in a mapping
        ("scale: standard\nfaction Raynor's Raiders\nunits: []\n", 2),
        # a tab used to indent
        ("scale: standard\nunits:\n\t- unit: Marine\n", 3),
        # a list started on its key's line
        ("scale: standard\nunits: - unit: Marine\n", 2),
        # a second document
        ("scale: standard\n---\nscale: skirmish\n", 2),
        # an alias that names no anchor
        ("scale: standard\nunits: *army\n", 2),
    ],
)
def test_yaml_mistakes_get_plain_words_and_a_line(
    tmp_path: Path, text: str, line: int
) -> None:
    path = tmp_path / "list.yaml"
    path.write_text(text, encoding="utf-8")
    (error,) = findings(path)
    assert error["rule"] == "yaml-syntax"
    assert error["line"] == line
    assert_plain(f"{error['message']} {error['hint']}")
    assert str(error["hint"]).strip()


# `models: 9` of the first unit, indented one level too deep or not deep enough.
MISINDENTED = [
    ("      models: 9", "more"),
    ("     models: 9", "more"),
    ("   models: 9", "less"),
    ("  models: 9", "less"),
    (" models: 9", "less"),
    # At the left edge YAML reads it as a key of the list: still a unit's key.
    ("models: 9", "less"),
]


@pytest.mark.parametrize(("models", "more_or_less"), MISINDENTED)
def test_a_misindented_key_is_lined_up_and_then_the_list_reads(
    tmp_path: Path, models: str, more_or_less: str
) -> None:
    lines = SMALL.splitlines()
    at = lines.index("    models: 9")
    lines[at] = models
    path = tmp_path / "list.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    (error,) = [f for f in findings(path) if f["line"] == at + 1]
    assert error["rule"] == ("list-schema" if models[0] != " " else "yaml-syntax")
    assert error["message"] == (
        f"`models:` is indented {more_or_less} than `unit:` above it"
    )
    # Neither quotes (which loop: the same error again) nor a `- ` (a second unit).
    hint = str(error["hint"])
    assert "quotes" not in hint and "- " not in hint
    # Following the hint: `models:` in the column it names reads as the unit's.
    column = int(re.search(r"column (\d+)", hint)[1])  # type: ignore[index]
    lines[at] = " " * (column - 1) + "models: 9"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = runner.invoke(app, ["validate", str(path)])
    assert result.exit_code == 0, result.output


def test_a_unit_without_its_dash_still_gets_the_dash(tmp_path: Path) -> None:
    # `unit:` again at the items' column is a second unit that lacks its `- `.
    path = tmp_path / "list.yaml"
    path.write_text(SMALL + "  unit: Medic\n    models: 2\n", encoding="utf-8")
    (error,) = findings(path)
    assert error["line"] == SMALL.count("\n") + 1
    assert "`- `" in str(error["hint"])


def test_a_misindented_key_is_named_in_spanish(tmp_path: Path) -> None:
    path = tmp_path / "list.yaml"
    path.write_text(SMALL.replace("    models", "      models"), encoding="utf-8")
    result = runner.invoke(app, ["validate", str(path), "--lang", "es"])
    assert result.exit_code == 1
    words = " ".join(result.stdout.split())
    assert "`models:` tiene más sangría que `unit:`" in words
    assert "columna 5" in words


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-32"])
def test_a_list_saved_as_utf16_is_text_in_another_encoding(
    tmp_path: Path, encoding: str
) -> None:
    path = tmp_path / "list.yaml"
    path.write_bytes(OFFICIAL.read_text(encoding="utf-8").encode(encoding))
    (error,) = findings(path)
    text = f"{error['message']} {error['hint']}"
    assert "binary" not in text
    assert encoding.split("-")[0].upper().replace("UTF", "UTF-") in text
    assert "UTF-8" in str(error["hint"])


def test_an_unknown_event_key_is_named_with_the_keys_to_write(tmp_path: Path) -> None:
    event = tmp_path / "event.yaml"
    event.write_text("name: Spring Cup\nscale: standard\nbanned: [Marine]\n", "utf-8")
    result = runner.invoke(app, ["validate", str(OFFICIAL), "--event", str(event)])
    assert result.exit_code == 2
    assert_plain(result.stderr)
    assert "banned" in result.stderr and f"{event}:3" in result.stderr
    for known in ("scale", "minerals", "scenario_cards", "data_version"):
        assert known in result.stderr


def test_a_team_file_without_players_says_what_to_write(tmp_path: Path) -> None:
    team = tmp_path / "team.yaml"
    team.write_text("name: Raiders\nminerals: 4000\n", "utf-8")
    result = runner.invoke(app, ["validate", "--team", str(team)])
    assert result.exit_code == 2
    assert_plain(result.stderr)
    assert "players" in result.stderr
    assert "players: [alice.yaml, bob.yaml]" in result.stderr


def test_a_team_file_with_an_unknown_key_names_it(tmp_path: Path) -> None:
    team = tmp_path / "team.yaml"
    team.write_text(
        "minerals: 4000\nplayers: [a.yaml, b.yaml]\ncaptain: Jim\n", "utf-8"
    )
    result = runner.invoke(app, ["validate", "--team", str(team)])
    assert result.exit_code == 2
    assert_plain(result.stderr)
    assert "captain" in result.stderr and f"{team}:3" in result.stderr


def test_a_team_total_that_is_not_a_number_says_so(tmp_path: Path) -> None:
    team = tmp_path / "team.yaml"
    team.write_text("minerals: lots\nplayers: [a.yaml, b.yaml]\n", "utf-8")
    result = runner.invoke(app, ["validate", "--team", str(team)])
    assert result.exit_code == 2
    assert_plain(result.stderr)
    assert "minerals" in result.stderr and "whole number" in result.stderr


@pytest.mark.parametrize(
    ("args", "formats"),
    [
        (["validate", str(OFFICIAL)], "text, json, github, junit"),
        (["export", str(OFFICIAL)], "text, markdown, discord, json"),
        (["factions"], "text, json"),
    ],
)
def test_an_unknown_format_lists_the_formats(args: list[str], formats: str) -> None:
    result = runner.invoke(app, [*args, "--format", "csv"])
    assert result.exit_code == 2
    # The message may sit in a box drawn with lines: read the words only.
    message = " ".join(re.sub("[│╭╮╰╯─]", " ", result.stderr).split())
    assert_plain(message)
    assert "csv" in message and formats in message

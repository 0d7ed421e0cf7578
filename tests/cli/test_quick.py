"""`validate`'s common forms, read without the command frame (`cli/quick.py`): each
form read gives the very arguments the command's options give, and every other form
is left to the command frame, with its help and its errors."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from freshrun import fresh_run
from projectpaths import OFFICIAL
from typer.testing import CliRunner

from armylist.cli import app, validate
from armylist.cli.quick import ValidateArgs, validate_args
from armylist.reporters import ReportFormat

# Forms read without the frame, with the arguments they give.
READ: list[tuple[list[str], ValidateArgs]] = [
    (["validate", "a.yaml"], ValidateArgs((Path("a.yaml"),))),
    (
        ["validate", "a.yaml", "lists/", "--format", "json"],
        ValidateArgs((Path("a.yaml"), Path("lists")), ReportFormat.JSON),
    ),
    (
        ["validate", "--format=junit", "a"],
        ValidateArgs((Path("a"),), ReportFormat.JUNIT),
    ),
    (
        ["validate", "a", "--format", " GitHub "],
        ValidateArgs((Path("a"),), ReportFormat.GITHUB),
    ),
    (
        ["validate", "a", "--strict", "--show-info", "--details", "--skip-non-lists"],
        ValidateArgs(
            (Path("a"),), strict=True, show_info=True, details=True, skip_non_lists=True
        ),
    ),
    (["validate", "a", "-j", "2"], ValidateArgs((Path("a"),), jobs=2)),
    (["validate", "a", "--jobs=3"], ValidateArgs((Path("a"),), jobs=3)),
    (["validate", "a", "--jobs", "1,000"], ValidateArgs((Path("a"),), jobs=1000)),
    (["validate", "-"], ValidateArgs((Path("-"),))),
]

# Forms left to the command frame: help, options it alone reads, values it refuses
# (with its message), repeats it settles, and no list at all.
LEFT = [
    ["validate"],
    ["validate", "--help"],
    ["validate", "a", "-h"],
    ["validate", "a", "--lang", "es"],
    ["validate", "a", "--event", "event.yaml"],
    ["validate", "--team", "team.yaml"],
    ["validate", "a", "--summary", "s.csv"],
    ["validate", "a", "--exclude", "*.bak"],
    ["validate", "a", "--collection", "c.yaml"],
    ["validate", "a", "--data", "data/"],
    ["validate", "a", "--allow-outside"],
    ["validate", "a", "--format", "csv"],
    ["validate", "a", "--format"],
    ["validate", "a", "--jobs", "0"],
    ["validate", "a", "--jobs", "two"],
    ["validate", "a", "-j2"],
    ["validate", "a", "--strict", "--strict"],
    ["validate", "a", "--strict=yes"],
    ["validate", "a", "--no-strict"],
    ["validate", "a", "--", "b"],
    ["validate", "a", "--nope"],
    ["valdate", "a"],
    ["show", "a"],
    [],
]


def as_the_command_reads(argv: list[str], monkeypatch: pytest.MonkeyPatch) -> object:
    """The arguments `validate`'s options give for ``argv``, through typer."""
    seen: list[ValidateArgs] = []

    def keep(args: ValidateArgs) -> None:
        seen.append(args)

    monkeypatch.setattr(validate, "run", keep)
    result = CliRunner().invoke(app, argv)
    assert result.exit_code == 0, result.output
    return seen[0]


@pytest.mark.parametrize(("argv", "expected"), READ)
def test_a_common_form_gives_the_arguments_of_the_options(
    argv: list[str], expected: ValidateArgs, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert validate_args(argv) == expected
    assert as_the_command_reads(argv, monkeypatch) == expected


@pytest.mark.parametrize("argv", LEFT)
def test_every_other_form_is_left_to_the_command_frame(argv: list[str]) -> None:
    assert validate_args(argv) is None


def test_a_form_left_to_the_frame_runs_through_it(tmp_path: Path) -> None:
    _, code, modules = fresh_run(tmp_path, "validate", str(OFFICIAL), "--lang", "es")
    assert code == 0
    assert {"armylist.cli.frame", "armylist.cli.validate", "typer"} <= set(modules)


def test_a_common_form_checks_and_exits_as_the_command_does(tmp_path: Path) -> None:
    illegal = tmp_path / "illegal.yaml"
    illegal.write_text(
        OFFICIAL.read_text(encoding="utf-8").replace("scale: standard", "scale: huge"),
        encoding="utf-8",
    )
    argv = ("validate", str(OFFICIAL), str(illegal), "--format", "json")
    stdout, code, modules = fresh_run(tmp_path, *argv)
    assert code == 1
    assert "typer" not in modules
    through_frame = CliRunner().invoke(
        app, list(argv), env={"XDG_CACHE_HOME": str(tmp_path)}
    )
    assert through_frame.exit_code == 1
    assert stdout == through_frame.stdout


def test_a_reader_that_goes_away_ends_the_run_quietly_with_1(tmp_path: Path) -> None:
    # `armylist validate lists/ --format json | head -c 10`: the pipe closes while
    # the report is written; no traceback, no "Exception ignored" at exit.
    folder = tmp_path / "lists"
    folder.mkdir()
    for i in range(400):
        (folder / f"list-{i:03}.yaml").write_text(
            OFFICIAL.read_text(encoding="utf-8"), encoding="utf-8"
        )
    env = dict(os.environ, XDG_CACHE_HOME=str(tmp_path / "cache"))
    env.pop("GITHUB_ACTIONS", None)
    child = subprocess.Popen(
        [sys.executable, "-m", "armylist", "validate", str(folder), "--format", "json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    )
    assert child.stdout is not None and child.stderr is not None
    assert child.stdout.read(10)
    child.stdout.close()
    errors = child.stderr.read().decode()
    child.stderr.close()
    assert child.wait(timeout=120) == 1
    assert "Traceback" not in errors and "Exception ignored" not in errors, errors

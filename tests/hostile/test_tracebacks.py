"""Hostile values and names end with the documented exit code, never a traceback."""

from __future__ import annotations

import errno
import importlib
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from .helpers import GAME_NEW, make_node, run

HUGE = "9" * 5000  # int() refuses more than 4,300 digits
LIST = "faction: raynors-raiders\nscale: standard\n"


@pytest.mark.parametrize(
    "text",
    [
        f"{LIST}minerals: {HUGE}\n",
        f"{LIST}units:\n  - unit: Marine\n    models: {HUGE}\n",
        f"faction: raynors-raiders\nscale: {HUGE}\n",
    ],
)
def test_a_huge_number_in_a_list_is_a_finding_and_json_stays_json(
    here: Path, text: str
) -> None:
    Path("huge.yaml").write_text(text)
    code, out, err = run("validate", "huge.yaml", "--format", "json")
    assert code == 1, err
    [finding] = json.loads(out)["results"][0]["findings"]
    assert "5,000 digits" in finding["message"]
    assert HUGE not in out + err


def test_a_huge_number_in_an_importers_json_is_refused(here: Path) -> None:
    Path("huge.json").write_text(f'{{"mineralLimit": {HUGE}}}')
    code, _, err = run("import", "huge.json")
    assert code == 2, err
    assert "5,000 digits" in err and "Traceback" not in err


@pytest.mark.parametrize(
    "args",
    [
        ["add", "ok.yaml", "upgrade", "AGG-12", "--unit", HUGE],
        ["remove", "ok.yaml", "card", HUGE],
        ["set", "ok.yaml", "minerals", HUGE],
        ["supply", "ok.yaml", "--lost", f"Marine:{HUGE}"],
    ],
)
def test_a_huge_number_as_an_argument_is_a_usage_error(
    here: Path, args: list[str]
) -> None:
    before = Path("ok.yaml").read_text()
    code, _, err = run(*args)
    assert code == 2, err
    assert Path("ok.yaml").read_text() == before


def test_a_superscript_digit_at_a_build_prompt_is_asked_again(here: Path) -> None:
    # "²".isdigit() is true, int("²") raises.
    code, out, err = run("build", "ok.yaml", input="2\n²\n0\nq\n")
    assert code == 0, err
    assert "²" in out


@pytest.mark.parametrize("models", [0, -3])
def test_matchup_refuses_a_unit_of_no_models(here: Path, models: int) -> None:
    Path("none.yaml").write_text(
        f"{LIST}units:\n  - unit: Marine\n    models: {models}\n"
    )
    code, _, err = run("matchup", "none.yaml", "ok.yaml")
    assert code == 1, err
    assert f"models: {models}" in err


LONG = "x" * 300 + ".yaml"  # ENAMETOOLONG


@pytest.mark.parametrize(
    "args",
    [
        ["validate", LONG],
        ["fingerprint", LONG],
        ["matchup", LONG, "ok.yaml"],
        ["game", "play", LONG],
        ["export", LONG],
        ["export", LONG, "--format", "html"],
        ["show", LONG],
        [*GAME_NEW, "--list", LONG, "--list", "ok.yaml"],
        [*GAME_NEW, "--list", "ok.yaml", "--list", LONG, "-o", "game.yaml"],
    ],
)
def test_a_file_name_too_long_is_named_as_such(here: Path, args: list[str]) -> None:
    code, _, err = run(*args)
    assert code == 2, err
    assert f"cannot read {LONG}: {os.strerror(errno.ENAMETOOLONG)}" in err
    assert "Traceback" not in err


def test_a_symlink_loop_as_the_event_file_or_a_game_list_is_a_usage_error(
    here: Path,
) -> None:
    os.symlink("loop-b.yaml", "loop-a.yaml")
    os.symlink("loop-a.yaml", "loop-b.yaml")
    code, _, err = run("validate", "ok.yaml", "--event", "loop-a.yaml")
    assert code == 2 and "symlink loop" in err
    code, _, err = run(
        *GAME_NEW,
        "--list",
        "loop-a.yaml",
        "--list",
        "ok.yaml",
    )
    assert code == 2 and "symlink loop" in err


@pytest.mark.parametrize(
    "args",
    [
        ["validate", "loop-a.yaml"],
        ["fingerprint", "loop-a.yaml"],
        ["show", "loop-a.yaml"],
        ["add", "loop-a.yaml", "card", "Armory"],
        ["validate", "--team", "team.yaml"],
        ["matchup", "loop-a.yaml", "ok.yaml"],
        ["validate", "ok.yaml", "--event", "event.yaml"],
        ["event", "lock", "event.yaml"],
    ],
)
def test_a_symlink_loop_is_called_one_never_no_such_file(
    here: Path, args: list[str]
) -> None:
    os.symlink("loop-b.yaml", "loop-a.yaml")
    os.symlink("loop-a.yaml", "loop-b.yaml")
    Path("team.yaml").write_text("minerals: 4000\nplayers: [ok.yaml, loop-a.yaml]\n")
    Path("event.yaml").write_text(
        "scale: standard\nplayers:\n  - {name: Ana, rosters: [ok.yaml]}\n"
        "  - {name: Ben, rosters: [loop-a.yaml]}\n"
    )
    code, _, err = run(*args)
    assert code == 2, err
    assert "loop-a.yaml" in err and "symlink loop" in err
    assert "no such" not in err and "does not exist" not in err


def test_a_folder_nested_a_thousand_deep_is_walked(here: Path) -> None:
    levels = [Path("deep")]
    for _ in range(1000):  # os.makedirs itself recurses: one level at a time
        levels.append(levels[-1] / "d")
    try:
        for level in levels:
            level.mkdir()
        (levels[-1] / "list.yaml").write_text(Path("ok.yaml").read_text())
        code, _, err = run("validate", "deep")
        assert code == 0, err
        assert "1 list checked" in err
    finally:
        # shutil.rmtree recurses too (pytest's clean-up would fail): bottom up.
        (levels[-1] / "list.yaml").unlink(missing_ok=True)
        for level in reversed(levels):
            if level.exists():
                level.rmdir()


def test_ctrl_c_while_starting_exits_130_without_a_traceback() -> None:
    # The interrupt arrives while the command line is imported (its launcher).
    script = (
        "import builtins, os, signal\n"
        "real = builtins.__import__\n"
        "def interrupting(name, *args, **kwargs):\n"
        "    if name == 'armylist.cli.launch':\n"
        "        os.kill(os.getpid(), signal.SIGINT)\n"
        "    return real(name, *args, **kwargs)\n"
        "builtins.__import__ = interrupting\n"
        "import armylist.cli\n"
        "print('not interrupted')\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 130, done.stderr
    assert "Traceback" not in done.stderr and "not interrupted" not in done.stdout


# The console script as installers write it (`import re, sys`, then the entry point),
# with a Ctrl-C sent at the Nth import after the command line's first line has run:
# the handler comes before any import of its own (`_signal` is the interpreter's).
_CONSOLE_SCRIPT = """
import builtins, os, re, signal, sys
real = builtins.__import__
count = None
def interrupting(name, globals=None, *args, **kwargs):
    global count
    importer = (globals or {{}}).get("__name__")
    if count is None and importer == "armylist.cli" and name not in (
        "__future__", "_signal"
    ):
        count = 0
    if count is not None:
        count += 1
        if count == {nth}:
            print("sent", flush=True)
            os.kill(os.getpid(), signal.SIGINT)
    return real(name, globals, *args, **kwargs)
builtins.__import__ = interrupting
sys.argv = ["armylist", "validate", {list!r}]
from armylist.cli import main
sys.argv[0] = re.sub(r"(-script\\.pyw|\\.exe)?$", "", sys.argv[0])
sys.exit(main())
"""


@pytest.mark.parametrize("nth", [1, 2, 3, 5, 8, 13, 40, 120, 400])
def test_ctrl_c_at_any_import_of_the_console_script_exits_130_quietly(
    nth: int,
) -> None:
    from projectpaths import OFFICIAL

    script = _CONSOLE_SCRIPT.format(nth=nth, list=str(OFFICIAL))
    # `__main__.__file__` names the script `armylist`, as the console script does.
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder, "armylist")
        path.write_text(script)
        done = subprocess.run(
            [sys.executable, str(path)], capture_output=True, text=True, timeout=120
        )
    if "sent" not in done.stdout:
        pytest.skip(f"the command made fewer than {nth} imports")
    assert "Traceback" not in done.stderr, done.stderr
    assert done.returncode == 130, done.stderr
    assert "interrupted" in done.stderr


def test_ctrl_c_before_a_command_runs_exits_130(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    frame = importlib.import_module("armylist.cli.frame")
    launch = importlib.import_module("armylist.cli.launch")

    def interrupted(argv: object) -> object:
        raise KeyboardInterrupt

    monkeypatch.setattr(frame, "app_for", interrupted)
    stopped: BaseException | None = None
    try:
        launch.main()
    except BaseException as error:  # KeyboardInterrupt itself would end pytest
        stopped = error
    assert isinstance(stopped, SystemExit) and stopped.code == 130
    assert "interrupted" in capsys.readouterr().err


@pytest.mark.parametrize("columns", [HUGE, "²"])
def test_a_hostile_columns_value_is_ignored(
    here: Path, monkeypatch: pytest.MonkeyPatch, columns: str
) -> None:
    monkeypatch.setenv("COLUMNS", columns)
    code, out, err = run("factions")
    assert code == 0, err
    assert "Raynor's Raiders" in out


@pytest.mark.parametrize("order", ["list-first", "unit-first"])
def test_matchup_of_a_list_and_a_unit_it_fields_gives_both_ways(
    here: Path, order: str
) -> None:
    # The list's `Marine (9)` and the unit `Marine` are one attack, worked out once;
    # each is still a cell of its own side's rows.
    args = ["ok.yaml", "Marine"] if order == "list-first" else ["Marine", "ok.yaml"]
    code, out, err = run("matchup", *args, "--format", "json")
    assert code == 0, err
    entries = json.loads(out)["matchups"]
    pairs = {(e["attacker"], e["target"], e["phase"]) for e in entries}
    for phase in ("assault", "combat"):
        assert ("Marine (9)", "Marine", phase) in pairs
        assert ("Marine", "Marine (9)", phase) in pairs
    code, out, err = run("matchup", *args)
    assert code == 0 and "Traceback" not in err, err


def test_fingerprint_of_a_folder_of_no_list_is_a_usage_error(here: Path) -> None:
    Path("event").mkdir()
    Path("event/event.yaml").write_text("scale: standard\n")
    code, out, err = run("fingerprint", "event")
    assert code == 2, err
    assert "no army list found in event" in err and out == ""
    code, _, err = run("validate", "event")
    assert code == 2, err


def test_fingerprint_of_a_socket_is_a_usage_error_and_the_others_are_printed(
    here: Path,
) -> None:
    make_node("socket", "s.yaml")
    code, out, err = run("fingerprint", "s.yaml", "ok.yaml")
    assert code == 2, err
    assert "s.yaml" in err and "socket" in err
    assert out.endswith("  ok.yaml\n")


@pytest.mark.parametrize("text", ["", "\n# a comment, no list yet\n"])
@pytest.mark.parametrize(
    "args", [["add", "card", "Armory"], ["remove", "card", "Armory"]]
)
def test_an_edit_of_an_empty_file_is_not_a_readable_list(
    here: Path, text: str, args: list[str]
) -> None:
    Path("empty.yaml").write_text(text)
    code, _, err = run(args[0], "empty.yaml", *args[1:])
    assert code == 1, err  # docs/building.md: 1 the file is not a readable list
    assert "it is empty" in err and "armylist set FILE faction" in err
    assert Path("empty.yaml").read_text() == text
    # `set` still starts a list in it.
    code, _, err = run("set", "empty.yaml", "faction", "Raynor's Raiders")
    assert code == 0, err


@pytest.mark.parametrize(
    ("value", "words"),
    [
        ("2026-12-06", "got the date 2026-12-06 (YAML reads it as a date)"),
        (
            "2026-12-06 10:00:00",
            "got the date and time 2026-12-06 10:00:00 (YAML reads it as one)",
        ),
    ],
)
def test_a_date_where_a_number_goes_is_said_in_words(
    here: Path, value: str, words: str
) -> None:
    Path("dated.yaml").write_text(f"{LIST}minerals: {value}\n")
    code, out, err = run("validate", "dated.yaml", "--format", "json")
    assert code == 1, err
    [message] = [
        f["message"]
        for f in json.loads(out)["results"][0]["findings"]
        if f["rule"] == "list-schema"
    ]
    assert words in message
    assert "datetime" not in out
    code, out, _ = run("--lang", "es", "validate", "dated.yaml", "--format", "json")
    assert "datetime" not in out and value in out

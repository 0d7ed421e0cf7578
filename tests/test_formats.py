"""Every command that takes a list reads every form of it alike (the format matrix).

For each form armylist reads (our YAML; the Command Center's raw, flattened and
cleaned JSON; New Recruit JSON; BattleScribe .ros and .rosz; malkivian83's JSON; an
SCT1 code in a .txt) the source, the same bytes on standard input and through a pipe
(`<(cat list)`) give each command the verdict, totals and fingerprint of the source's
YAML twin (what `armylist import` writes for it). The sources are built from our own
fixtures.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from importing import fixtures
from projectpaths import OFFICIAL, ROOT
from typer.testing import CliRunner

from armylist.cli import app
from armylist.text import i18n

runner = CliRunner()


def _ros() -> str:
    return fixtures.to_ros(fixtures.newrecruit_ttpiba())


SOURCES: dict[str, Callable[[], bytes]] = {
    "list.yaml": lambda: OFFICIAL.read_bytes(),
    "cc-raw.json": lambda: fixtures.dumps(
        fixtures.rest_document(fixtures.ttpiba_flattened())
    ),
    "cc-flattened.json": lambda: fixtures.dumps(fixtures.ttpiba_flattened()),
    "cc-cleaned.json": lambda: fixtures.dumps(fixtures.ttpiba_cleaned()),
    "nr.json": lambda: fixtures.dumps(fixtures.newrecruit_ttpiba()),
    "bs.ros": lambda: _ros().encode(),
    "bs.rosz": lambda: fixtures.rosz({"money.ros": _ros().encode()}),
    "mk.json": lambda: fixtures.dumps(fixtures.mk_rulebook()),
    "seed.txt": lambda: _seed().encode(),
}
HOW = ("file", "stdin", "pipe")


def _seed() -> str:
    result = runner.invoke(app, ["export", str(OFFICIAL), "--format", "sct1"])
    assert result.exit_code == 0, result.output
    return result.stdout.strip()


@pytest.fixture(scope="module")
def sources(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, Path]]:
    """Each source file and its YAML twin, written by `armylist import`."""
    # made before the per-test `english` fixture runs: the twins' words in English
    # whatever language the test before left
    i18n.use(i18n.ENGLISH)
    folder = tmp_path_factory.mktemp("forms")
    made = {}
    for name, build in SOURCES.items():
        source = folder / name
        source.write_bytes(build())
        twin = folder / f"{name}.twin.yaml"
        if name.endswith(".yaml"):
            shutil.copy(source, twin)
        else:
            imported = runner.invoke(app, ["import", str(source), "-o", str(twin)])
            assert imported.exit_code in (0, 1), imported.output
        made[name] = (source, twin)
    return made


@contextmanager
def pipe(data: bytes) -> Iterator[str]:
    """A pipe holding the bytes, as `<(cat list)` gives one: /dev/fd/N."""
    read, write = os.pipe()

    def feed() -> None:
        with os.fdopen(write, "wb") as stream:
            stream.write(data)

    writer = threading.Thread(target=feed, daemon=True)
    writer.start()
    try:
        yield f"/dev/fd/{read}"
    finally:
        writer.join(5)
        os.close(read)


needs_dev_fd = pytest.mark.skipif(
    not Path("/dev/fd").is_dir(), reason="needs /dev/fd pipes"
)


def invoke(args: list[str], source: Path, how: str) -> tuple[int, str, str, str]:
    """The command with SOURCE in its arguments given as the file, as - on standard
    input, or as a pipe: exit code, stdout, stderr, and the name it was given by."""
    data = source.read_bytes()
    if how == "pipe":
        with pipe(data) as name:
            result = runner.invoke(app, [name if a == "SOURCE" else a for a in args])
    else:
        name = str(source) if how == "file" else "-"
        given = [name if a == "SOURCE" else a for a in args]
        result = runner.invoke(app, given, input=data if how == "stdin" else None)
    assert "Traceback" not in result.output
    return result.exit_code, result.stdout, result.stderr, name


def same_as_twin(
    args: list[str], source: Path, twin: Path, how: str
) -> tuple[int, str, str]:
    """The source's exit code and stdout, and the twin's stdout as if it had been
    given by the source's name; the exit codes agree."""
    code, out, _, name = invoke(args, source, how)
    twin_code, expected, _, _ = invoke(args, twin, "file")
    assert code == twin_code, (out, expected)
    # the twin's name where the source's stands (a draft names a player after it)
    expected = expected.replace(str(twin), name).replace(twin.stem, Path(name).stem)
    return code, out, expected


def words(text: str) -> list[str]:
    """Text as its words: a longer name wraps a table's lines elsewhere."""
    return text.split()


def results(stdout: str) -> list[tuple[bool, int, int, str | None]]:
    """validate --format json: each list's verdict, totals and fingerprint."""
    return [
        (r["valid"], r["minerals"]["used"], r["gas"]["used"], r["fingerprint"])
        for r in json.loads(stdout)["results"]
    ]


FORMS = pytest.mark.parametrize("form", list(SOURCES))
HOWS = pytest.mark.parametrize("how", HOW)


@needs_dev_fd
@FORMS
@HOWS
def test_validate(sources: dict[str, tuple[Path, Path]], form: str, how: str) -> None:
    source, twin = sources[form]
    args = ["validate", "SOURCE", "--format", "json"]
    _, out, twin_out = same_as_twin(args, source, twin, how)
    assert results(out) == results(twin_out)
    assert len(results(out)) == 1


@needs_dev_fd
@FORMS
@HOWS
def test_validate_team(
    sources: dict[str, tuple[Path, Path]], form: str, how: str, tmp_path: Path
) -> None:
    source, twin = sources[form]
    if how != "file":
        pytest.skip("a team file names its players' list files")
    outputs = []
    # the players' lists sit in the team file's folder
    for player in (source, twin):
        shutil.copy(player, tmp_path / player.name)
    shutil.copy(OFFICIAL, tmp_path / "official.yaml")
    for player in (source, twin):
        team = tmp_path / f"team-{player.name}.yaml"
        team.write_text(
            f"minerals: 4000\nplayers: [{player.name}, official.yaml]\n", "utf-8"
        )
        result = runner.invoke(
            app, ["validate", "--team", str(team), "--format", "json"]
        )
        assert "Traceback" not in result.output
        data = json.loads(result.stdout)
        outputs.append(
            (
                result.exit_code,
                data["team"]["valid"],
                [
                    (p["valid"], p["minerals"], p["gas"])
                    for p in data["team"]["players"]
                ],
                [r["fingerprint"] for r in data["results"]],
            )
        )
    assert outputs[0] == outputs[1]


@needs_dev_fd
@FORMS
@HOWS
@pytest.mark.parametrize(
    "args",
    [
        ["show", "SOURCE"],
        ["export", "SOURCE", "--format", "json"],
        ["export", "SOURCE", "--format", "sct1"],
        ["fingerprint", "SOURCE"],
        ["supply", "SOURCE"],
        ["diff", str(OFFICIAL), "SOURCE"],
        ["matchup", "SOURCE", str(OFFICIAL), "--format", "json"],
        ["draft", "SOURCE", str(OFFICIAL), "--seed", "7"],
    ],
    ids=lambda a: "-".join(a[:1] + a[2:3]).replace(str(OFFICIAL), "official"),
)
def test_list_commands(
    sources: dict[str, tuple[Path, Path]], form: str, how: str, args: list[str]
) -> None:
    source, twin = sources[form]
    code, out, expected = same_as_twin(args, source, twin, how)
    if args[0] == "export" and args[-1] == "json":
        # the export names its file; everything else is the list
        got, want = json.loads(out), json.loads(expected)
        for data in (got, want):
            data.pop("file", None)
        assert got == want
    elif args[0] == "fingerprint":
        assert out.split()[0] == expected.split()[0] and code == 0
    elif args[0] == "show":
        # how to name the player differs: an export cannot be edited, the YAML can
        if not form.endswith(".yaml"):
            assert "`armylist import` it" in out and "`armylist import`" not in expected
        assert words(_no_player_note(out)) == words(_no_player_note(expected))
    else:
        assert words(out) == words(expected)


def _no_player_note(text: str) -> str:
    return re.sub(
        r"Player: not given \(.*?\)\s", "Player: not given ", text, flags=re.S
    )


@needs_dev_fd
@FORMS
@HOWS
def test_data_diff_lists(
    sources: dict[str, tuple[Path, Path]], form: str, how: str, tmp_path: Path
) -> None:
    source, twin = sources[form]
    changed = tmp_path / "newdata"
    shutil.copytree(ROOT / "factions", changed)
    # every unit a little dearer: each list's totals change
    for path in changed.glob("*.yaml"):
        text = path.read_text(encoding="utf-8")
        path.write_text(re.sub(r"(minerals: )(\d+)", _dearer, text), "utf-8")
    args = ["data", "diff", str(ROOT / "factions"), str(changed), "--lists", "SOURCE"]
    code, out, expected = same_as_twin(args, source, twin, how)
    assert code == 0 and words(out) == words(expected)
    assert "lists affected: 1" in out


def _dearer(match: re.Match[str]) -> str:
    return f"{match[1]}{int(match[2]) + 10}"


@needs_dev_fd
@FORMS
def test_game_new_list(
    sources: dict[str, tuple[Path, Path]], form: str, tmp_path: Path
) -> None:
    source, twin = sources[form]
    codes = []
    for player in (source, twin):
        result = runner.invoke(
            app,
            [
                *("game", "new", "-m", "Hold Position", "--list", str(player)),
                *("--list", str(OFFICIAL), "-o", str(tmp_path / f"{player.name}.yaml")),
            ],
        )
        assert "Traceback" not in result.output
        codes.append(result.exit_code)
    assert codes[0] == codes[1]


@needs_dev_fd
@FORMS
@HOWS
def test_import(sources: dict[str, tuple[Path, Path]], form: str, how: str) -> None:
    source, twin = sources[form]
    if form.endswith(".yaml"):
        code, _, err, _ = invoke(["import", "SOURCE"], source, how)
        assert code == 2 and "armylist list already" in err
        return
    code, out, _, _ = invoke(["import", "SOURCE"], source, how)
    assert code in (0, 1)
    # the header names the source; the list itself is the twin's
    body = out.split("\n", 2)[2]
    assert body == twin.read_text(encoding="utf-8").split("\n", 2)[2]


@FORMS
def test_edit_commands_read_every_form_and_write_yaml_only(
    sources: dict[str, tuple[Path, Path]], form: str
) -> None:
    source, _ = sources[form]
    before = source.read_bytes()
    result = runner.invoke(app, ["add", str(source), "card", "Barracks"])
    if form.endswith(".yaml"):
        assert result.exit_code == 0, result.output
        source.write_bytes(before)
        return
    assert result.exit_code == 2
    assert "armylist import" in result.stderr
    assert source.read_bytes() == before

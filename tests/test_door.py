"""The one door for list files (`engine.open_list`, `door.discovery.discover`): what an
organiser and a player saw go wrong when each command had its own way in."""

from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path

import pytest
from importing import fixtures
from projectpaths import OFFICIAL, ROOT
from typer.testing import CliRunner

from armylist import engine
from armylist.cli import app
from armylist.gamedata.catalog import Catalog

runner = CliRunner()


def invoke(*args: str, input: bytes | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), input=input)
    assert "Traceback" not in result.output
    return result.exit_code, result.stdout, result.stderr


def seed_code() -> str:
    code, out, _ = invoke("export", str(OFFICIAL), "--format", "sct1")
    assert code == 0
    return out.strip()


def dearer_data(target: Path) -> Path:
    """The bundled game data with every composition 10 Minerals dearer."""
    shutil.copytree(ROOT / "factions", target)
    for path in target.glob("*.yaml"):
        text = path.read_text(encoding="utf-8")
        text = re.sub(r"(minerals: )(\d+)", lambda m: f"{m[1]}{int(m[2]) + 10}", text)
        path.write_text(text, encoding="utf-8")
    return target


def test_data_diff_rechecks_every_submission_after_a_balance_update(
    tmp_path: Path,
) -> None:
    submissions = tmp_path / "submissions"
    submissions.mkdir()
    shutil.copy(OFFICIAL, submissions / "jim.yaml")
    (submissions / "ivy.json").write_bytes(fixtures.dumps(fixtures.mk_rulebook()))
    newdata = dearer_data(tmp_path / "newdata")
    base = ("data", "diff", str(ROOT / "factions"), str(newdata), "--lists")
    code, out, _ = invoke(*base, str(submissions))
    assert code == 0
    assert "lists affected: 2" in out and "ivy.json" in out
    code, out, _ = invoke(*base, str(submissions / "ivy.json"))
    assert "lists affected: 1" in out
    assert "Minerals 1,670 -> 1,760" in out


def test_a_team_player_may_bring_an_exported_list(tmp_path: Path) -> None:
    code, exported, _ = invoke("export", str(OFFICIAL), "--format", "mk-json")
    assert code == 0
    (tmp_path / "p.json").write_text(exported, encoding="utf-8")
    shutil.copy(OFFICIAL, tmp_path / "q.yaml")
    team = tmp_path / "team.yaml"
    team.write_text("minerals: 4000\nplayers: [p.json, q.yaml]\n", encoding="utf-8")
    code, out, err = invoke("validate", "--team", str(team), "--format", "json")
    assert code == 0, err
    report = json.loads(out)
    assert report["team"]["valid"] is True
    assert [r["minerals"]["used"] for r in report["results"]] == [1670, 1670]
    assert "unknown key" not in out


def test_an_sct1_code_in_a_text_file_is_a_list_everywhere(tmp_path: Path) -> None:
    seed = tmp_path / "seed.txt"
    seed.write_text(seed_code() + "\n", encoding="utf-8")
    code, out, _ = invoke("validate", str(seed), "--format", "json")
    assert code == 0 and json.loads(out)["results"][0]["minerals"]["used"] == 1670
    code, out, _ = invoke("show", str(seed))
    assert code == 0 and "Jim Raynor" in out
    code, out, _ = invoke("fingerprint", str(seed))
    assert out.split()[0] == invoke("fingerprint", str(OFFICIAL))[1].split()[0]
    # a folder takes the .txt too, and leaves a .txt without a code out with a note
    (tmp_path / "notes.txt").write_text("bring dice\n", encoding="utf-8")
    code, out, err = invoke("validate", str(tmp_path), "--format", "json")
    assert code == 0
    assert [Path(r["file"]).name for r in json.loads(out)["results"]] == ["seed.txt"]
    assert "skipped" in err and "notes.txt" in err


@pytest.mark.parametrize(
    "command",
    [
        ("validate", "-"),
        ("show", "-"),
        ("export", "-", "--format", "json"),
        ("fingerprint", "-"),
        ("supply", "-"),
        ("import", "-"),
    ],
    ids=lambda c: c[0],
)
def test_standard_input_is_a_list_source(command: tuple[str, ...]) -> None:
    # `armylist import roster.json | armylist validate -` and the like
    source = fixtures.dumps(fixtures.mk_rulebook())
    piped = source if command[0] == "import" else invoke("import", "-", input=source)[1]
    code, out, err = invoke(
        *command, input=piped.encode() if isinstance(piped, str) else piped
    )
    assert code == 0, err
    assert "no such file" not in err
    assert out


@pytest.mark.skipif(not Path("/dev/fd").is_dir(), reason="needs /dev/fd pipes")
def test_a_pipe_is_read_as_a_file_is() -> None:
    # `armylist validate <(cat mylist.yaml)`
    read, write = os.pipe()
    os.write(write, OFFICIAL.read_bytes())
    os.close(write)
    try:
        code, out, err = invoke("validate", f"/dev/fd/{read}", "--format", "json")
    finally:
        os.close(read)
    assert code == 0, err
    assert json.loads(out)["results"][0]["minerals"]["used"] == 1670
    assert "permissions" not in err


def test_a_folder_skips_files_that_are_plainly_no_list(tmp_path: Path) -> None:
    shutil.copy(OFFICIAL, tmp_path / "jim.yaml")
    (tmp_path / "event.yaml").write_text(
        "name: Spring Cup\nscale: standard\nscenario_cards: false\n", encoding="utf-8"
    )
    (tmp_path / "team.yaml").write_text(
        "minerals: 4000\nplayers: [jim.yaml]\n", encoding="utf-8"
    )
    (tmp_path / "renovate.json").write_text('{"extends": ["config:base"]}\n', "utf-8")
    summary = tmp_path / "summary.json"
    assert invoke("validate", str(tmp_path), "--summary", str(summary))[0] == 0
    # the summary written last time is in the folder now, as is the event file
    code, out, err = invoke("validate", str(tmp_path), "--format", "json")
    assert code == 0, err
    assert [Path(r["file"]).name for r in json.loads(out)["results"]] == ["jim.yaml"]
    for name in ("event.yaml", "team.yaml", "renovate.json", "summary.json"):
        assert f"skipped {tmp_path / name}" in err
    # named on the command line, a file of no list form is one finding saying so
    code, out, _ = invoke(
        "validate", str(tmp_path / "renovate.json"), "--format", "json"
    )
    [finding] = json.loads(out)["results"][0]["findings"]
    assert code == 1 and "armylist reads armylist's YAML" in finding["message"]


def test_exclude_leaves_files_out(tmp_path: Path) -> None:
    (tmp_path / "old").mkdir()
    shutil.copy(OFFICIAL, tmp_path / "jim.yaml")
    (tmp_path / "old" / "broken.yaml").write_text("faction: nobody\n", "utf-8")
    (tmp_path / "draft.draft.yaml").write_text("faction: nobody\n", "utf-8")
    assert invoke("validate", str(tmp_path))[0] == 1
    code, out, _ = invoke(
        "validate",
        str(tmp_path),
        "--exclude",
        "old/*",
        "--exclude",
        "*.draft.yaml",
        "--format",
        "json",
    )
    assert code == 0
    assert [Path(r["file"]).name for r in json.loads(out)["results"]] == ["jim.yaml"]


def test_an_import_is_checked_once(
    catalog: Catalog, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the Command Center saves its own totals: compared with the one check's result
    runs = []
    real_run = engine.run
    monkeypatch.setattr(
        engine, "run", lambda *a, **k: runs.append(1) or real_run(*a, **k)
    )
    data = fixtures.dumps(fixtures.ttpiba_flattened())
    checked = engine.check_source(data, "ben.json", catalog)
    assert len(runs) == 1
    assert "import-app-totals" in {f.rule for f in checked.result.findings}


def test_a_code_given_to_an_edit_names_the_import(tmp_path: Path) -> None:
    seed = tmp_path / "seed.txt"
    seed.write_text(seed_code(), encoding="utf-8")
    code, _, err = invoke("add", str(seed), "card", "Barracks")
    assert code == 2
    assert f"armylist import {seed} -o list.yaml" in err


def test_import_names_each_list_after_its_file(tmp_path: Path) -> None:
    inbox = tmp_path / "inbox"
    inbox.mkdir()
    (inbox / "ben-TTPIBA.json").write_bytes(fixtures.dumps(fixtures.ttpiba_flattened()))
    (inbox / "ivy.json").write_bytes(fixtures.dumps(fixtures.mk_rulebook()))
    (inbox / "broken.json").write_text('{"broken": ', encoding="utf-8")
    out = tmp_path / "out"
    code, _, err = invoke("import", str(inbox), "-o", str(out))
    assert code == 2 and not out.exists()  # nothing written without --keep-going
    code, _, err = invoke("import", str(inbox), "-o", str(out), "--keep-going")
    assert code == 1
    assert sorted(p.name for p in out.iterdir()) == ["ben-TTPIBA.yaml", "ivy.yaml"]
    assert "broken.json" in err


def test_a_game_record_is_parsed_once(
    tmp_path: Path, catalog: Catalog, monkeypatch: pytest.MonkeyPatch
) -> None:
    from armylist.scoring import files, record

    shutil.copy(OFFICIAL, tmp_path / "red.yaml")
    shutil.copy(OFFICIAL, tmp_path / "blue.yaml")
    game = tmp_path / "game.yaml"
    made = invoke(
        "game",
        "new",
        "-m",
        "Hold Position",
        "--list",
        str(tmp_path / "red.yaml"),
        "--list",
        str(tmp_path / "blue.yaml"),
        "-o",
        str(game),
    )
    assert made[0] == 0, made[2]
    parsed = []
    real = record.read_record

    def counting(text: str) -> tuple[record.GameRecord, object]:
        parsed.append(text)
        return real(text)

    monkeypatch.setattr(record, "read_record", counting)
    monkeypatch.setattr(files, "read_record", counting)
    opened = files.open_game(game, catalog)
    assert opened.armies is not None and len(parsed) == 1


def test_a_game_record_names_list_files_not_pipes() -> None:
    code, _, err = invoke(
        "game",
        "new",
        "-m",
        "Hold Position",
        "--list",
        "-",
        "--list",
        str(OFFICIAL),
        input=OFFICIAL.read_bytes(),
    )
    assert code == 2 and "names its lists by file" in err


@pytest.mark.parametrize("command", ["diff", "draft", "matchup"])
def test_standard_input_gives_one_list_only(command: str) -> None:
    # `draft - -` read standard input for the first list, then drafted against an
    # empty second one; naming it twice is refused before anything is read
    text = OFFICIAL.read_text(encoding="utf-8")
    result = runner.invoke(app, [command, "-", "-"], input=text)
    assert result.exit_code == 2
    assert "standard input (-) can give only one of the lists" in result.output


def test_standard_input_and_a_file_still_diff() -> None:
    text = OFFICIAL.read_text(encoding="utf-8")
    result = runner.invoke(app, ["diff", "-", str(OFFICIAL)], input=text)
    assert result.exit_code == 0, result.output

"""Files named inside other files (a team's players, a game's lists) stay in their
folder, and a file that is no list is one finding, never its lines."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from projectpaths import OFFICIAL

from .helpers import GAME_NEW, run

SECRET = "".join(f"user{n}:$6$salt{n}$hash:19000:0:99999:7:::\n" for n in range(12))


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    """A password-like file beside the folder the team and game files are in."""
    (tmp_path / "secret.yaml").write_text(SECRET)
    folder = tmp_path / "event"
    folder.mkdir()
    shutil.copy(OFFICIAL, folder / "alice.yaml")
    return tmp_path / "secret.yaml"


@pytest.mark.parametrize("how", ["relative", "absolute"])
def test_a_team_file_cannot_name_a_file_outside_its_folder(
    outside: Path, how: str
) -> None:
    named = "../secret.yaml" if how == "relative" else str(outside)
    team = outside.parent / "event" / "team.yaml"
    team.write_text(f"minerals: 4000\nplayers: [alice.yaml, {json.dumps(named)}]\n")
    code, out, err = run("validate", "--team", str(team))
    assert code == 2, err
    assert "outside the folder" in err and "--allow-outside" in err
    assert "user3" not in out + err and "$6$" not in out + err


def test_a_game_record_cannot_name_a_list_outside_its_folder(outside: Path) -> None:
    record = outside.parent / "event" / "game.yaml"
    record.write_text(
        "mission: supply-drop\nscale: skirmish\nplayers:\n"
        "  red: {list: alice.yaml}\n  blue: {list: ../secret.yaml}\nfirst_player: red\n"
    )
    for command in (["game", "score"], ["game", "play"]):
        code, out, err = run(*command, str(record), input="")
        assert code == 2, (command, err)
        assert "outside the folder" in err
        assert "user3" not in out + err


def test_a_symlink_out_of_the_folder_is_outside_too(outside: Path) -> None:
    (outside.parent / "event" / "bob.yaml").symlink_to(outside)
    team = outside.parent / "event" / "team.yaml"
    team.write_text("minerals: 4000\nplayers: [alice.yaml, bob.yaml]\n")
    code, _, err = run("validate", "--team", str(team))
    assert code == 2 and "outside the folder" in err


def test_allow_outside_reads_it_and_a_file_that_is_no_list_is_one_finding(
    outside: Path,
) -> None:
    team = outside.parent / "event" / "team.yaml"
    team.write_text("minerals: 4000\nplayers: [alice.yaml, ../secret.yaml]\n")
    code, out, err = run(
        "validate", "--team", str(team), "--allow-outside", "--format", "json"
    )
    assert code == 1, err
    secret = next(r for r in json.loads(out)["results"] if "secret" in r["file"])
    assert [f["message"] for f in secret["findings"]] == [
        "this is not an army list: none of its 12 keys is a key of a list "
        "(faction, scale, units ...)"
    ]
    assert "user3" not in out + err


def test_a_text_file_is_not_quoted_back(tmp_path: Path) -> None:
    path = tmp_path / "notes.yaml"
    path.write_text("root:x:0:0:root:/root:/bin/bash\nline two of a secret\n")
    code, out, _ = run("validate", str(path))
    assert code == 1
    assert "root:x" not in out and "secret" not in out


def test_game_new_refuses_a_list_outside_the_records_folder(outside: Path) -> None:
    event = outside.parent / "event"
    code, _, err = run(
        *GAME_NEW,
        "--list",
        str(event / "alice.yaml"),
        "--list",
        str(outside),
        "-o",
        str(event / "game.yaml"),
    )
    assert code == 2 and "outside the folder" in err
    assert not (event / "game.yaml").exists()


NUL = json.dumps("b\0b.yaml")  # "b\u0000b.yaml": a NUL byte no file name can hold


@pytest.fixture
def event(here: Path) -> Path:
    """An event file of two players whose rosters are beside it."""
    shutil.copy(OFFICIAL, here / "ben.yaml")
    path = here / "event.yaml"
    path.write_text(
        "scale: standard\nplayers:\n"
        "  - {name: Ana, rosters: [ok.yaml]}\n  - {name: Ben, rosters: [ben.yaml]}\n"
    )
    return path


@pytest.mark.parametrize(
    "command",
    [
        ["validate", "ok.yaml", "--event", "event.yaml"],
        ["event", "lock", "event.yaml"],
        ["event", "standings", "event.yaml"],
        ["event", "pair", "event.yaml", "--round", "1"],
    ],
)
@pytest.mark.parametrize("where", ["rosters", "game"])
def test_a_nul_byte_in_a_path_of_an_event_file_is_a_usage_error(
    event: Path, command: list[str], where: str
) -> None:
    text = event.read_text()
    if where == "rosters":
        text = text.replace("[ben.yaml]", f"[{NUL}]")
    else:
        text += f"results:\n  - {{round: 1, red: Ana, blue: Ben, game: {NUL}}}\n"
    event.write_text(text)
    code, _, err = run(*command)
    assert code == 2, err
    assert "NUL" in err and "Traceback" not in err


def test_a_nul_byte_in_a_team_players_path_is_a_usage_error(here: Path) -> None:
    Path("team.yaml").write_text(f"minerals: 4000\nplayers: [ok.yaml, {NUL}]\n")
    for extra in ([], ["--allow-outside"]):
        code, _, err = run("validate", "--team", "team.yaml", *extra)
        assert code == 2, err
        assert "the player list 'b\\x00b.yaml' is no file name" in err


def test_a_nul_byte_in_a_game_records_list_is_a_usage_error(here: Path) -> None:
    Path("game.yaml").write_text(
        "mission: supply-drop\nscale: skirmish\nplayers:\n"
        f"  red: {{list: ok.yaml}}\n  blue: {{list: {NUL}}}\nfirst_player: red\n"
    )
    for command in (["game", "score"], ["game", "play"]):
        code, _, err = run(*command, "game.yaml", input="")
        assert code == 2, (command, err)
        assert "NUL" in err and "Traceback" not in err

"""Organiser runs give one answer in every format (issue 11, items 1, 2, 3 and 10).

`--strict` fails a list everywhere, event files are checked before any list, `diff`
refuses what it cannot read and names every change the fingerprint sees, and the
organiser commands agree with each other (fingerprint folders, JSON name/player, draft
notes, GitHub annotations without info noise).
"""

from __future__ import annotations

import csv
import io
import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from projectpaths import LISTS, OFFICIAL
from typer.testing import CliRunner

from armylist.cli import app
from armylist.door.discovery import discover

runner = CliRunner()
BASE = OFFICIAL.read_text(encoding="utf-8")
# The Siege Tank is provisional wave-2 data: a legal list with one warning.
WARNED = BASE.replace("  - unit: Goliath\n", "  - unit: Siege Tank\n")
# Jim Raynor twice: illegal (unique, Hero slots), yet plannable and draftable.
ILLEGAL = BASE.replace("  - unit: Jim Raynor\n", "  - unit: Jim Raynor\n" * 2)


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


# -- item 1: --strict fails a list with warnings in every format ----------------------


def test_strict_fails_a_warned_list_in_every_format(tmp_path: Path) -> None:
    warned = write(tmp_path / "tank.yaml", WARNED)
    assert WARNED != BASE

    code, out, err = run("validate", str(warned), "--strict", "--format", "text")
    assert code == 1
    assert "✔ legal list" not in out and "✘" in out
    assert "0 legal, 1 illegal" in err

    code, out, _ = run("validate", str(warned), "--strict", "--format", "json")
    data = json.loads(out)
    assert code == 1
    assert data["strict"] is True and data["results"][0]["valid"] is False
    assert data["summary"]["valid"] == 0 and data["summary"]["invalid"] == 1

    code, out, _ = run("validate", str(warned), "--strict", "--format", "junit")
    root = ET.fromstring(out.split("\n", 1)[1])
    assert code == 1 and root.get("failures") == "1"
    failure = root.find(".//testcase/failure")
    assert failure is not None and "AL601 provisional-data" in (failure.text or "")

    code, out, _ = run("validate", str(warned), "--strict", "--format", "github")
    assert code == 1
    assert f"{warned}: ILLEGAL" in out

    summary = tmp_path / "summary.csv"
    code, _, _ = run("validate", str(warned), "--strict", "--summary", str(summary))
    rows = list(csv.DictReader(io.StringIO(summary.read_text(encoding="utf-8"))))
    assert code == 1 and rows[0]["valid"] == "False" and rows[1]["valid"] == "0/1"


def test_without_strict_a_warned_list_stays_legal_everywhere(tmp_path: Path) -> None:
    warned = write(tmp_path / "tank.yaml", WARNED)
    code, out, err = run("validate", str(warned), "--format", "json")
    data = json.loads(out)
    assert code == 0 and data["strict"] is False
    assert data["results"][0]["valid"] is True and "1 legal, 0 illegal" in err


def test_strict_fails_a_team_whose_lists_have_warnings(tmp_path: Path) -> None:
    for name in ("alice", "bob"):
        write(
            tmp_path / f"{name}.yaml",
            WARNED.replace("name: ", f"player: {name}\nname: ", 1).replace(
                "scale: standard\n", "scale: standard\nminerals: 2000\n", 1
            ),
        )
    team = write(
        tmp_path / "team.yaml", "minerals: 4000\nplayers: [alice.yaml, bob.yaml]\n"
    )
    code, out, err = run("validate", "--team", str(team))
    assert code == 0 and "✔ legal team" in out, err

    code, out, err = run("validate", "--team", str(team), "--strict")
    assert code == 1
    assert "✔ legal team" not in out and "✘ illegal team" in out
    assert "0 legal, 2 illegal" in err

    code, out, _ = run("validate", "--team", str(team), "--strict", "--format", "json")
    data = json.loads(out)
    assert code == 1 and data["strict"] is True
    assert data["team"]["valid"] is False
    assert [r["valid"] for r in data["results"]] == [False, False]

    code, out, _ = run("validate", "--team", str(team), "--strict", "--format", "junit")
    assert code == 1
    assert ET.fromstring(out.split("\n", 1)[1]).get("failures") == "2"


# -- item 2: event files are checked ----------------------------------------------------


@pytest.mark.parametrize(
    ("event", "named"),
    [
        ("scale: standrd\n", ["scale", "standrd", "did you mean", "standard"]),
        ("scale: standard\nminerals: 1500\n", ["minerals", "1500", "2,000"]),
        ("scael: standard\n", ["scael", "did you mean", "scale"]),
        ("minerals: 1500\n", ["minerals", "1500"]),
        ("scale: grand-offensive\nminerals: 1800\n", ["minerals", "1800", "2,001"]),
    ],
)
def test_an_event_file_with_an_impossible_value_is_a_usage_error(
    tmp_path: Path, event: str, named: list[str]
) -> None:
    path = write(tmp_path / "event.yaml", event)
    code, out, err = run("validate", str(OFFICIAL), "--event", str(path))
    assert code == 2, err
    assert out == ""
    for word in named:
        assert word in err, (word, err)


def test_a_consistent_event_file_is_accepted(tmp_path: Path) -> None:
    path = write(
        tmp_path / "event.yaml",
        "name: Spring Cup\nscale: Standard\nminerals: 2000\nscenario_cards: true\n",
    )
    code, _, err = run("validate", str(OFFICIAL), "--event", str(path))
    assert code == 0, err


def test_a_folder_holding_the_event_file_does_not_check_it_as_a_list(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "submissions"
    write(folder / "alice.yaml", BASE)
    event = write(folder / "event.yaml", "name: Spring Cup\nscale: standard\n")
    code, out, err = run(
        "validate", str(folder), "--event", str(event), "--format", "json"
    )
    assert code == 0, out
    files = [Path(r["file"]).name for r in json.loads(out)["results"]]
    assert files == ["alice.yaml"]
    assert "1 list checked" in err


# -- item 3: diff refuses unreadable lists and shows scenario changes ------------------


def test_diff_with_an_unreadable_list_says_so_and_fails(tmp_path: Path) -> None:
    broken = write(tmp_path / "broken.yaml", "faction: [\n")
    code, out, err = run("diff", str(OFFICIAL), str(broken))
    assert code == 1
    assert "- card" not in out  # not "everything was removed"
    assert "broken.yaml" in err and "cannot be read" in err
    assert "yaml-syntax" in err
    code, _, err = run("diff", str(broken), str(OFFICIAL))
    assert code == 1 and "broken.yaml" in err


def test_diff_shows_mission_and_deployment_changes(tmp_path: Path) -> None:
    after = write(
        tmp_path / "after.yaml",
        BASE.replace("Hold Position", "Frontlines").replace("Typhoon", "Acropolis"),
    )
    fingerprints = run("fingerprint", str(OFFICIAL), str(after))[1].split()
    assert fingerprints[0] != fingerprints[2]
    code, out, _ = run("diff", str(OFFICIAL), str(after))
    assert code == 0
    assert "+ mission Frontlines" in out and "- mission Hold Position" in out
    assert "+ deployment Acropolis" in out and "- deployment Typhoon" in out
    assert "no difference" not in out
    data = json.loads(run("diff", str(OFFICIAL), str(after), "--format", "json")[1])
    assert data["missions_added"] == ["Frontlines"]
    assert data["deployments_removed"] == ["Typhoon"]


GRAND = (LISTS / "khalai-grand-offensive-grand-host.yaml").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("before", "after", "shown"),
    [
        (GRAND, GRAND.replace("minerals: 3000", "minerals: 3500"), "Mineral limit"),
        (BASE, BASE.replace("Gauntlet", "Breach"), "+ deployment Breach"),
        (BASE, BASE.replace("Supply Drop", "Supply Dorp"), "+ mission Supply Dorp"),
        (BASE, BASE.replace("  - Academy\n", ""), "- card Academy"),
    ],
    ids=["mineral-limit", "deployment", "unknown-mission", "card"],
)
def test_every_fingerprint_change_is_named_by_diff(
    tmp_path: Path, before: str, after: str, shown: str
) -> None:
    assert before != after
    a, b = write(tmp_path / "a.yaml", before), write(tmp_path / "b.yaml", after)
    printed = run("fingerprint", str(a), str(b))[1].split()
    assert printed[0] != printed[2]
    code, out, _ = run("diff", str(a), str(b))
    assert code == 0
    assert shown in out
    assert f"fingerprint: {printed[0]} -> {printed[2]}" in out


def test_diff_of_the_same_list_reports_no_difference(tmp_path: Path) -> None:
    same = write(tmp_path / "same.yaml", "# a comment\n" + BASE)
    code, out, _ = run("diff", str(OFFICIAL), str(same))
    assert code == 0 and "no difference" in out


# -- item 10: consistency between commands and formats ----------------------------------


def test_fingerprint_takes_folders_like_validate(tmp_path: Path) -> None:
    folder = tmp_path / "lists"
    write(folder / "a.yaml", BASE)
    write(folder / "deeper" / "b.yml", WARNED)
    write(folder / "notes.txt", "not a list")
    code, out, err = run("fingerprint", str(folder))
    assert code == 0, err
    printed = [line.split("  ", 1)[1] for line in out.splitlines()]
    assert printed == [str(folder / "a.yaml"), str(folder / "deeper" / "b.yml")]
    alone = run("fingerprint", str(folder / "a.yaml"))[1]
    assert out.splitlines()[0] == alone.strip()
    code, _, err = run("fingerprint", str(tmp_path / "nothing-here"))
    assert code == 2
    empty = tmp_path / "empty"
    empty.mkdir()
    code, _, err = run("fingerprint", str(empty))
    assert code == 2 and "no army list" in err


def test_json_results_carry_name_and_player_like_the_summary(tmp_path: Path) -> None:
    path = write(tmp_path / "jim.yaml", BASE.replace("name: ", "player: Jim\nname: "))
    summary = tmp_path / "summary.csv"
    code, out, _ = run(
        "validate", str(path), "--format", "json", "--summary", str(summary)
    )
    result = json.loads(out)["results"][0]
    rows = list(csv.DictReader(io.StringIO(summary.read_text(encoding="utf-8"))))
    assert code == 0
    assert result["name"] == "Rulebook example army"
    assert result["player"] == rows[0]["player"] == "Jim"
    unnamed = write(tmp_path / "anon.yaml", "scale: standard\nfaction: Khalai\n")
    result = json.loads(run("validate", str(unnamed), "--format", "json")[1])
    assert result["results"][0]["name"] is None
    assert result["results"][0]["player"] is None


def test_draft_between_illegal_lists_says_so_like_supply(tmp_path: Path) -> None:
    first = write(tmp_path / "alice.yaml", ILLEGAL)
    second = write(tmp_path / "bob.yaml", ILLEGAL.replace("Rulebook", "Bob's"))
    assert ILLEGAL != BASE
    note = f"note: {first} is not a legal list (2 errors)"
    assert note in run("supply", str(first), "--mission", "Hold Position")[2]
    code, _, err = run("draft", str(first), str(second), "--seed", "3", "--auto")
    assert code == 0, err
    assert note in err
    assert f"note: {second} is not a legal list (2 errors)" in err
    code, _, err = run("draft", str(OFFICIAL), str(OFFICIAL), "--seed", "3", "--auto")
    assert code == 0 and "not a legal list" not in err


def test_github_format_leaves_info_out_unless_asked(tmp_path: Path) -> None:
    code, out, _ = run("validate", str(LISTS), "--format", "github")
    assert code == 0
    assert "::notice" not in out
    assert out.count("::group::") == len(discover([LISTS]))
    assert "::warning" in out  # provisional wave-2 lists keep their warnings
    code, out, _ = run("validate", str(LISTS), "--format", "github", "--show-info")
    assert code == 0 and "::notice" in out and "AL204 minerals-unspent" in out

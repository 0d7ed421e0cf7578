"""One player's hostile file never stops the organiser's check: every number from any
input is read by one bounded reader, and a file the check fails on is a finding for
that file, the others checked."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from importing import fixtures
from projectpaths import OFFICIAL

from armylist import engine

from .helpers import run

HUGE = "9" * 5000  # int() refuses more than 4,300 digits


def malkivian(**entry: object) -> str:
    """A malkivian83 list JSON of one Marine squad, its entry changed by ``entry``."""
    data = fixtures.mk_rulebook()
    data["entries"] = [{**data["entries"][0], **entry}]
    return json.dumps(data)


@pytest.mark.parametrize(
    "entry",
    [
        {"compositionId": HUGE},
        {"upgrades": [{"upgradeId": "combat_shield", "modelIndex": HUGE}]},
    ],
    ids=["compositionId", "modelIndex"],
)
@pytest.mark.parametrize(
    ("command", "expected"), [("validate", 1), ("show", 1), ("import", 2)]
)
def test_a_malkivian_number_too_long_is_a_message(
    here: Path, entry: dict[str, object], command: str, expected: int
) -> None:
    Path("ben.json").write_text(malkivian(**entry))
    code, out, err = run(command, "ben.json")
    assert code == expected, err
    assert "5,000 digits" in out + err
    assert "Traceback" not in err and HUGE not in out + err


def test_a_malkivian_number_too_long_in_a_folder_is_that_files_finding(
    here: Path,
) -> None:
    folder = here / "submissions"
    folder.mkdir()
    shutil.copy(OFFICIAL, folder / "ana.yaml")
    (folder / "ben.json").write_text(malkivian(compositionId=HUGE))
    shutil.copy(OFFICIAL, folder / "cara.yaml")
    code, out, err = run("validate", "submissions", "--format", "json")
    assert code == 1, err
    results = {Path(r["file"]).name: r for r in json.loads(out)["results"]}
    assert sorted(results) == ["ana.yaml", "ben.json", "cara.yaml"]
    assert results["ana.yaml"]["valid"] and results["cara.yaml"]["valid"]
    [finding] = results["ben.json"]["findings"]
    assert (
        "compositionId" in finding["message"] and "5,000 digits" in finding["message"]
    )


def test_any_failure_on_one_file_of_a_folder_is_a_finding_for_it(
    here: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Whatever armylist trips over in one file (here: a failure of its own, made up),
    # the organiser gets the report of every other list.
    folder = here / "submissions"
    folder.mkdir()
    shutil.copy(OFFICIAL, folder / "ana.yaml")
    shutil.copy(OFFICIAL, folder / "ben.yaml")
    real = engine.check_source

    def tripping(data: bytes, file: str, *args: object, **kwargs: object) -> object:
        if file.endswith("ben.yaml"):
            raise RecursionError("maximum recursion depth exceeded")
        return real(data, file, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(engine, "check_source", tripping)
    code, out, err = run("validate", "submissions", "--format", "json")
    assert code == 1, err
    results = {Path(r["file"]).name: r for r in json.loads(out)["results"]}
    assert results["ana.yaml"]["valid"]
    [finding] = results["ben.yaml"]["findings"]
    assert "maximum recursion depth" in finding["message"]
    assert "the other files were checked" in finding["message"]


@pytest.mark.parametrize(
    "text",
    [
        # A Command Center raw document's integerValue is a string of digits.
        '{"fields": {"state": {"mapValue": {"fields": {"mineralsLimit": '
        f'{{"integerValue": "{HUGE}"}}}}}}}}}}}}',
        # New Recruit's XML: a number attribute.
        '<?xml version="1.0"?><roster xmlns="http://www.battlescribe.net/schema/'
        f'rosterSchema" battleScribeVersion="{HUGE}" gameSystemName="x"></roster>',
    ],
    ids=["command-center", "new-recruit"],
)
def test_a_huge_number_in_another_builders_file_is_no_traceback(
    here: Path, text: str
) -> None:
    Path("other.json" if text.startswith("{") else "other.ros").write_text(text)
    name = "other.json" if text.startswith("{") else "other.ros"
    for command in ("validate", "import"):
        code, out, err = run(command, name)
        assert code in (1, 2), err
        assert "Traceback" not in err and HUGE not in out + err


@pytest.mark.parametrize(
    "typed", [f"Marine:{HUGE}", "Marine:²", "Marine:٣"], ids=["huge", "sup", "arabic"]
)
def test_an_attackers_count_is_read_by_the_bounded_reader(
    here: Path, typed: str
) -> None:
    code, _, err = run("attack", typed, "Zealot")
    assert code == 2, err
    assert "NAME:N" in err and HUGE not in err


def test_a_huge_number_in_game_data_is_refused_in_words() -> None:
    # A --data folder is input too: a printed die, keyword or band of 5,000 digits.
    from armylist.combat.dist import die
    from armylist.gamedata.models import parse_keyword

    with pytest.raises(ValueError, match="5,000 digits"):
        die(f"D{HUGE}")
    with pytest.raises(ValueError, match="is not like"):
        parse_keyword(f"PIERCE ({HUGE})")
    # "²" passes str.isdigit(), which int() refuses; "٣" int() reads as 3.
    assert parse_keyword("PIERCE (2)")["value"] == 2
    with pytest.raises(ValueError):
        parse_keyword("PIERCE (٣)")


def test_any_failure_on_one_file_of_an_import_is_that_files_failure(
    here: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from armylist.intake import batch

    folder = here / "submissions"
    folder.mkdir()
    (folder / "ana.json").write_text(malkivian())
    (folder / "ben.json").write_text(malkivian())
    real = batch.check_source

    def tripping(data: bytes, file: str, *args: object, **kwargs: object) -> object:
        if file.endswith("ben.json"):
            raise RecursionError("maximum recursion depth exceeded")
        return real(data, file, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(batch, "check_source", tripping)
    code, _, err = run("import", "submissions", "-o", "out/", "--keep-going")
    assert code == 1, err
    assert "ben.json: armylist failed on this file" in err
    assert Path("out/ana.yaml").exists() and not Path("out/ben.yaml").exists()

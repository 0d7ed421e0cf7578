"""`validate`'s work below the command line: a request in, a judged report out."""

from __future__ import annotations

from pathlib import Path

import pytest
from projectpaths import OFFICIAL

from armylist.door.batch import Skipped
from armylist.findings import Refused
from armylist.gamedata.catalog import Catalog
from armylist.organiser.checking import CheckRequest, check_lists


def test_a_legal_list_is_checked_and_judged(catalog: Catalog) -> None:
    noted: list[list[Skipped]] = []
    checked = check_lists(CheckRequest((OFFICIAL,)), lambda: catalog, noted.append)
    assert checked.report is not None
    assert [r.valid for r in checked.report.results] == [True]
    assert noted == [[]]


def test_a_missing_path_is_refused_before_the_data_loads(tmp_path: Path) -> None:
    def never() -> Catalog:
        raise AssertionError("the game data loaded for a missing file")

    with pytest.raises(Refused, match="no such file or folder") as refused:
        check_lists(CheckRequest((tmp_path / "gone.yaml",)), never, print)
    assert refused.value.exit_code == 2


def test_only_non_lists_named_is_nothing_to_check(
    tmp_path: Path, catalog: Catalog
) -> None:
    notes = tmp_path / "notes.json"
    notes.write_text('{"hello": 1}', encoding="utf-8")
    request = CheckRequest((notes,), skip_non_lists=True)
    checked = check_lists(request, lambda: catalog, lambda skipped: None)
    assert checked.report is None
    assert checked.nothing == 1

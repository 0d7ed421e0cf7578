"""Reporters render the same Report; text output is checked against golden files.

Set ARMYLIST_UPDATE_GOLDEN=1 to rewrite the golden files after an intended change.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from projectpaths import ROOT

from armylist.door.batch import validate_paths
from armylist.gamedata.catalog import Catalog
from armylist.reporters import github, junit, text
from armylist.reporters import json as json_reporter

GOLDEN = ROOT / "tests" / "golden"


def _report(catalog: Catalog, path: Path) -> object:
    return validate_paths([path], catalog).report


@pytest.mark.parametrize(
    ("name", "render"),
    [
        ("report.txt", lambda r: text.render(r, width=100, details=True)),
        ("report.brief.txt", lambda r: text.render(r, width=100)),
        ("report.json", json_reporter.render),
        ("report.github", github.render),
        ("report.junit.xml", junit.render),
    ],
)
def test_golden(catalog: Catalog, lists: list[Path], name: str, render: object) -> None:
    report = validate_paths(lists, catalog).report
    rendered = render(report)  # type: ignore[operator]
    golden = GOLDEN / name
    if os.environ.get("ARMYLIST_UPDATE_GOLDEN"):
        golden.write_text(rendered, encoding="utf-8")
    assert rendered == golden.read_text(encoding="utf-8")


def test_json_result_keys_are_in_sorted_order(
    catalog: Catalog, lists: list[Path]
) -> None:
    # A batch's report writes each result's keys as `result_data` gives them.
    results = validate_paths(lists, catalog).report.results
    assert any(f.suggestions for r in results for f in r.findings)
    for result in results:
        data = json_reporter.result_data(result)
        assert json.dumps(data) == json.dumps(data, sort_keys=True)


def test_slot_overflow_explains_itself(catalog: Catalog, lists: list[Path]) -> None:
    report = validate_paths([lists[0]], catalog).report
    (finding,) = [f for f in report.results[0].findings if f.rule == "slots-exceeded"]
    assert finding.message.startswith("Elite Army Slots: 2 used of 0, 2 over")
    assert "Used by: Goliath (1) 2" in finding.message
    assert "Factory (+2 Elite, 35 Gas)" in finding.hint
    rendered = text.render(report, width=100)
    assert "fix: free 2 Elite slots" in rendered
    assert "✘ illegal list: 2 errors, 0 warnings" in rendered


def test_color_output_has_ansi_and_plain_has_none(catalog: Catalog) -> None:
    report = validate_paths([ROOT / "lists" / "official-example.yaml"], catalog).report
    assert "\x1b[" in text.render(report, color=True)
    assert "\x1b[" not in text.render(report, color=False)

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
from armylist.findings import (
    Budget,
    Finding,
    ListResult,
    Severity,
    SlotUse,
    Suggestion,
    UnitLine,
)
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


def _as_dumped(result: ListResult) -> str:
    data = json_reporter.result_data(result)
    return json.dumps(data, sort_keys=True, ensure_ascii=False)


def test_a_batch_writes_each_result_as_json_dumps_would(
    catalog: Catalog, lists: list[Path]
) -> None:
    # The batch writes a result's line itself: it must be the contract's bytes.
    results = validate_paths(lists, catalog).report.results
    assert any(f.suggestions for r in results for f in r.findings)
    for result in results:
        assert json_reporter.result_json(result) == _as_dumped(result)


def test_a_result_of_every_odd_value_is_written_as_json_dumps_would() -> None:
    odd = 'a "quoted" \\ name\n\t\x1b]0;é§ \u2028 😀'
    finding = Finding(
        code="AL202",
        rule="minerals-over-budget",
        severity=Severity.WARNING,
        message=odd,
        rule_ref="§9.1.3",
        file=odd,
        line=3,
        column=-1,
        hint="",
        suggestions=(
            Suggestion(kind="unit", name=odd, models=2),
            Suggestion(kind="upgrade", name="x", unit=1),
        ),
    )
    bare = ListResult(file="bare.yaml", valid=False)
    full = ListResult(
        file=odd,
        valid=True,
        name=odd,
        player="",
        faction="Daelaam",
        scale="skirmish",
        minerals=Budget(used=10**30, limit=0),
        gas=Budget(used=0, limit=None),
        slots={"core": SlotUse(used=2, available=1), "Odd": SlotUse(1, 1)},
        units=[
            UnitLine(odd, None, None, 0, []),
            UnitLine("Zealot", 4, 8, 120, [odd, "Charge"]),
        ],
        findings=[finding, finding],
        fingerprint="abc",
        missing=("missions", odd),
    )
    for result in (bare, full):
        assert json_reporter.result_json(result) == _as_dumped(result)


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

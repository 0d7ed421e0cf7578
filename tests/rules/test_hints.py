"""Hints that name a card, unit or upgrade name one the list can take now.

The cases are data (tests/rules/hints.yaml). Before, AL205 offered "a Tactical Card of
15 Gas or less" when the cheapest costs 25, AL307 offered a Goliath for one Elite slot
and Kerrigan when she was already listed, AL302 named every Core card whatever the Gas
left, and AL204 said 10 Minerals "could buy upgrades or another unit".
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from projectpaths import ROOT

from armylist.engine import check_text
from armylist.gamedata.catalog import Catalog

CASES = yaml.safe_load((Path(__file__).parent / "hints.yaml").read_text("utf-8"))


@pytest.mark.parametrize(
    "case", [pytest.param(c, id=c["name"]) for c in CASES["cases"]]
)
def test_hint(catalog: Catalog, case: dict[str, Any]) -> None:
    text = case["list"] if "list" in case else (ROOT / case["file"]).read_text("utf-8")
    result, _ = check_text(text, "case.yaml", catalog)
    wanted = case["finding"]
    (finding,) = [
        f
        for f in result.findings
        if f.code == wanted["code"] and wanted["message"] in f.message
    ]
    if "hint" in case:
        assert finding.hint == case["hint"]
    for name in case.get("lacks", []):
        assert name not in finding.hint
    if "suggests" in case:
        assert [s.name for s in finding.suggestions] == case["suggests"]

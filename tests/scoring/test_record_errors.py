"""Records that cannot be scored: each error names its line (the CLI exits 2)."""

from __future__ import annotations

from typing import Any

import pytest

from armylist.gamedata.catalog import Catalog
from armylist.scoring.record import RecordError
from tests.scoring.casedata import cases
from tests.scoring.records import scored

ERRORS = cases("errors.yaml")


@pytest.mark.parametrize("case", ERRORS, ids=[c["name"] for c in ERRORS])
def test_record_errors_carry_their_line(case: dict[str, Any], catalog: Catalog) -> None:
    with pytest.raises(RecordError) as raised:
        scored(case["record"], catalog)
    assert case["error"] in raised.value.message
    assert raised.value.line == case["line"]
    assert str(raised.value).startswith(f"line {case['line']}: ")

"""The JSON report: a stable, sorted, documented contract for scripts."""

from __future__ import annotations

import json
from typing import Any

from armylist.findings import ListResult, Report
from armylist.gamedata.models import SlotType


def result_data(result: ListResult) -> dict[str, Any]:
    """One list's result in the JSON contract."""
    slots = {
        s.value: result.slots[s.value].model_dump()
        if s.value in result.slots
        else {"used": 0, "available": 0}
        for s in SlotType
    }
    return {
        "file": result.file,
        "valid": result.valid,
        "faction": result.faction,
        "scale": result.scale,
        "minerals": result.minerals.model_dump(),
        "gas": result.gas.model_dump(),
        "slots": slots,
        "units": [
            {
                "unit": u.unit,
                "models": u.models,
                "supply": u.supply,
                "minerals": u.minerals,
                "upgrades": list(u.upgrades),
            }
            for u in result.units
        ],
        "fingerprint": result.fingerprint,
        "findings": [
            f.model_dump(mode="json", exclude={"file"}) for f in result.findings
        ],
    }


def render(report: Report) -> str:
    """The whole report as JSON (keys sorted, deterministic)."""
    data = {
        "armylist_version": report.armylist_version,
        "data_version": report.data_version,
        "results": [result_data(r) for r in report.results],
        "summary": report.summary.model_dump(),
    }
    return json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n"

"""The JSON report: a stable, sorted, documented contract for scripts."""

from __future__ import annotations

import json
from dataclasses import asdict
from typing import Any

from armylist.findings import ListResult, Report
from armylist.gamedata.models import SlotType


def result_data(result: ListResult) -> dict[str, Any]:
    """One list's result in the JSON contract."""
    # Plain dicts rather than model_dump(): this runs for every list of a batch.
    slots = {}
    for s in SlotType:
        use = result.slots.get(s.value)
        slots[s.value] = (
            {"used": use.used, "available": use.available}
            if use
            else {"used": 0, "available": 0}
        )
    return {
        "file": result.file,
        "valid": result.valid,
        "name": result.name,
        "player": result.player,
        "faction": result.faction,
        "scale": result.scale,
        "minerals": {"used": result.minerals.used, "limit": result.minerals.limit},
        "gas": {"used": result.gas.used, "limit": result.gas.limit},
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
            {
                "code": f.code,
                "rule": f.rule,
                "severity": f.severity.value,
                "message": f.message,
                "rule_ref": f.rule_ref,
                "line": f.line,
                "column": f.column,
                "hint": f.hint,
            }
            for f in result.findings
        ],
    }


def to_json(data: Any, *, sort_keys: bool = True) -> str:
    """Sorted, indented JSON: the shape of every `--format json` but `validate`'s.

    Unsorted keeps the order a contract gives (the combat odds' counts 0, 1, 2, ... 10).
    """
    return json.dumps(data, indent=2, sort_keys=sort_keys, ensure_ascii=False) + "\n"


def render(report: Report, *, pretty: bool = False) -> str:
    """The whole report as JSON (keys sorted, deterministic); indented when pretty."""
    data = {
        "armylist_version": report.armylist_version,
        "data_version": report.data_version,
        "results": [result_data(r) for r in report.results],
        "summary": asdict(report.summary),
        "strict": report.strict,
    }
    if pretty:
        return json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    # One line: the C encoder is many times faster than indent= on a batch of lists.
    return json.dumps(data, sort_keys=True, ensure_ascii=False) + "\n"

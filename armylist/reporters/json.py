"""The JSON report: a stable, sorted, documented contract for scripts."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import asdict
from typing import TYPE_CHECKING, Any

from armylist.findings import ListResult, Report
from armylist.gamedata.models import SlotType

if TYPE_CHECKING:
    from armylist.organiser.team import TeamReport


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
        "ready": result.ready,
        "missing": list(result.missing),
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
                "suggestions": [
                    # By hand: dataclasses.asdict copies deeply, for every finding.
                    {"kind": s.kind, "name": s.name, "models": s.models, "unit": s.unit}
                    for s in f.suggestions
                ],
            }
            for f in result.findings
        ],
    }


def render_team(report: TeamReport) -> str:
    """A team's report: the players' results (as `validate` gives them) and the team."""
    data: dict[str, Any] = {
        "armylist_version": report.armylist_version,
        "data_version": report.data_version,
        "results": [result_data(r) for r in report.results],
        "team": report.team.model_dump(mode="json") | {"valid": report.team.valid},
        "summary": asdict(report.as_report().summary),
        "strict": report.team.strict,
    }
    return json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def to_json(data: Any, *, sort_keys: bool = True) -> str:
    """Sorted, indented JSON: the shape of every `--format json` but `validate`'s.

    Unsorted keeps the order a contract gives (the combat odds' counts 0, 1, 2, ... 10).
    """
    return json.dumps(data, indent=2, sort_keys=sort_keys, ensure_ascii=False) + "\n"


def render(report: Report, *, pretty: bool = False) -> str:
    """The whole report as JSON (keys sorted, deterministic); indented when pretty."""
    if not pretty:
        return "".join(chunks(report))
    data = {
        "armylist_version": report.armylist_version,
        "data_version": report.data_version,
        "results": [result_data(r) for r in report.results],
        "summary": asdict(report.summary),
        "strict": report.strict,
    }
    return json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def chunks(report: Report) -> Iterator[str]:
    """The one-line report, one piece per list: the bytes of ``render(report)``.

    Written piece by piece, a batch of 10,000 lists never holds the whole document
    (or every list's dict) in memory at once.
    """

    def dump(value: object) -> str:
        # One line: the C encoder is many times faster than indent= on a batch.
        return json.dumps(value, sort_keys=True, ensure_ascii=False)

    # The top-level keys in sorted order, as json.dumps(sort_keys=True) writes them.
    yield f'{{"armylist_version": {dump(report.armylist_version)}, '
    yield f'"data_version": {dump(report.data_version)}, "results": ['
    for i, result in enumerate(report.results):
        yield (", " if i else "") + dump(result_data(result))
    yield f'], "strict": {dump(report.strict)}, '
    yield f'"summary": {dump(asdict(report.summary))}}}\n'

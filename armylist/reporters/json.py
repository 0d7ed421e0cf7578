"""The JSON report: a stable, sorted, documented contract for scripts."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import asdict
from typing import TYPE_CHECKING, Any

from armylist.findings import ListResult, Report, Severity
from armylist.gamedata.models import SlotType

if TYPE_CHECKING:
    from armylist.organiser.team import TeamReport


# A severity's word, looked up: reading an Enum's `.value` runs Python for each finding.
_SEVERITY = {severity: severity.value for severity in Severity}
# The slot names in sorted order: `result_data` writes every key so (see there).
_SLOT_NAMES = tuple(sorted(s.value for s in SlotType))


def result_data(result: ListResult) -> dict[str, Any]:
    """One list's result in the JSON contract.

    Every mapping is written with its keys in sorted order, as `json.dumps(...,
    sort_keys=True)` would write them: a batch's report then skips sorting each one.
    """
    # Plain dicts rather than model_dump(): this runs for every list of a batch.
    slots = {}
    for name in _SLOT_NAMES:
        use = result.slots.get(name)
        slots[name] = (
            {"available": use.available, "used": use.used}
            if use
            else {"available": 0, "used": 0}
        )
    return {
        "faction": result.faction,
        "file": result.file,
        "findings": [
            {
                "code": f.code,
                "column": f.column,
                "hint": f.hint,
                "line": f.line,
                "message": f.message,
                "rule": f.rule,
                "rule_ref": f.rule_ref,
                "severity": _SEVERITY[f.severity],
                "suggestions": [
                    # By hand: dataclasses.asdict copies deeply, for every finding.
                    {"kind": s.kind, "models": s.models, "name": s.name, "unit": s.unit}
                    for s in f.suggestions
                ],
            }
            for f in result.findings
        ],
        "fingerprint": result.fingerprint,
        "gas": {"limit": result.gas.limit, "used": result.gas.used},
        "minerals": {"limit": result.minerals.limit, "used": result.minerals.used},
        "missing": list(result.missing),
        "name": result.name,
        "player": result.player,
        "ready": result.ready,
        "scale": result.scale,
        "slots": slots,
        "units": [
            {
                "minerals": u.minerals,
                "models": u.models,
                "supply": u.supply,
                "unit": u.unit,
                "upgrades": list(u.upgrades),
            }
            for u in result.units
        ],
        "valid": result.valid,
    }


# One line, for a list's result, whose keys `result_data` gives in sorted order already.
_PRESORTED = json.JSONEncoder(ensure_ascii=False)


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
    encode = _PRESORTED.encode
    for i, result in enumerate(report.results):
        yield (", " if i else "") + encode(result_data(result))
    yield f'], "strict": {dump(report.strict)}, '
    yield f'"summary": {dump(asdict(report.summary))}}}\n'

"""The JSON report: a stable, sorted, documented contract for scripts."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from armylist.findings import Finding, ListResult, Report, Severity, UnitLine
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


# A text as a JSON string, as `json.dumps(..., ensure_ascii=False)` writes it (C).
_string = json.encoder.encode_basestring
_SEVERITY_JSON = {severity: _string(severity.value) for severity in Severity}
_NO_SLOT = '{"available": 0, "used": 0}'
_BOOLEAN = {True: "true", False: "false"}


def _maybe(text: str | None) -> str:
    return "null" if text is None else _string(text)


def _number(value: int | None) -> str:
    return "null" if value is None else str(value)


def _finding_json(f: Finding) -> str:
    suggestions = ", ".join(
        f'{{"kind": {_string(s.kind)}, "models": {_number(s.models)}, '
        f'"name": {_string(s.name)}, "unit": {_number(s.unit)}}}'
        for s in f.suggestions
    )
    return (
        f'{{"code": {_string(f.code)}, "column": {f.column}, "hint": {_string(f.hint)}, '
        f'"line": {f.line}, "message": {_string(f.message)}, "rule": {_string(f.rule)}, '
        f'"rule_ref": {_string(f.rule_ref)}, "severity": {_SEVERITY_JSON[f.severity]}, '
        f'"suggestions": [{suggestions}]}}'
    )


def _unit_json(u: UnitLine) -> str:
    upgrades = ", ".join(map(_string, u.upgrades))
    return (
        f'{{"minerals": {u.minerals}, "models": {_number(u.models)}, '
        f'"supply": {_number(u.supply)}, "unit": {_string(u.unit)}, '
        f'"upgrades": [{upgrades}]}}'
    )


def result_json(result: ListResult) -> str:
    """`result_data(result)` as one line of JSON, keys sorted: the text
    `json.dumps(result_data(result), sort_keys=True, ensure_ascii=False)` gives,
    written straight from the result (a batch's report: no dict per list, finding
    and unit for the encoder to walk)."""
    slots = ", ".join(
        f'"{name}": '
        + (
            f'{{"available": {use.available}, "used": {use.used}}}'
            if (use := result.slots.get(name))
            else _NO_SLOT
        )
        for name in _SLOT_NAMES
    )
    findings = ", ".join(map(_finding_json, result.findings))
    units = ", ".join(map(_unit_json, result.units))
    missing = ", ".join(map(_string, result.missing))
    gas, minerals = result.gas, result.minerals
    return (
        f'{{"faction": {_maybe(result.faction)}, "file": {_string(result.file)}, '
        f'"findings": [{findings}], "fingerprint": {_maybe(result.fingerprint)}, '
        f'"gas": {{"limit": {_number(gas.limit)}, "used": {gas.used}}}, '
        f'"minerals": {{"limit": {_number(minerals.limit)}, "used": {minerals.used}}}, '
        f'"missing": [{missing}], "name": {_maybe(result.name)}, '
        f'"player": {_maybe(result.player)}, "ready": {_BOOLEAN[result.ready]}, '
        f'"scale": {_maybe(result.scale)}, "slots": {{{slots}}}, '
        f'"units": [{units}], "valid": {_BOOLEAN[result.valid]}}}'
    )


def render_team(report: TeamReport) -> str:
    """A team's report: the players' results (as `validate` gives them) and the team."""
    data: dict[str, Any] = {
        "armylist_version": report.armylist_version,
        "data_version": report.data_version,
        "results": [result_data(r) for r in report.results],
        "team": report.team.model_dump(mode="json") | {"valid": report.team.valid},
        "summary": report.as_report().summary._asdict(),
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
        "summary": report.summary._asdict(),
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
        yield (", " if i else "") + result_json(result)
    yield f'], "strict": {dump(report.strict)}, '
    yield f'"summary": {dump(report.summary._asdict())}}}\n'

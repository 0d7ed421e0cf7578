"""The organiser's summary of a batch: one row per list plus totals (CSV, Markdown, JSON)."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from armylist.findings import ListResult, Report, Severity
from armylist.reporters.oneline import (
    STRICT_NOTE,
    errors_text,
    legal_text,
    warnings_text,
)
from armylist.text.i18n import _, ngettext
from armylist.text.numbers import people

COLUMNS = (
    "file",
    "player",
    "faction",
    "scale",
    "minerals_used",
    "minerals_limit",
    "gas_used",
    "gas_limit",
    "errors",
    "warnings",
    "fingerprint",
    "valid",
)
FORMATS = {".csv": "csv", ".md": "markdown", ".json": "json"}


def row(result: ListResult) -> dict[str, Any]:
    """One list's summary row."""
    return {
        "file": result.file,
        "player": result.player or "",
        "faction": result.faction or "",
        "scale": result.scale or "",
        "minerals_used": result.minerals.used,
        "minerals_limit": result.minerals.limit,
        "gas_used": result.gas.used,
        "gas_limit": result.gas.limit,
        "errors": result.count(Severity.ERROR),
        "warnings": result.count(Severity.WARNING),
        "fingerprint": result.fingerprint or "",
        "valid": result.valid,
    }


def totals(report: Report) -> dict[str, Any]:
    """The totals row."""
    s = report.summary
    return {
        "lists": s.files,
        "valid": s.valid,
        "invalid": s.invalid,
        "errors": s.errors,
        "warnings": s.warnings,
    }


def render(report: Report, kind: str) -> str:
    """The summary as csv, markdown or json."""
    rows = [row(r) for r in report.results]
    total = totals(report)
    if kind == "json":
        data = {
            "lists": rows,
            "totals": total,
            "data_version": report.data_version,
            "strict": report.strict,
        }
        return json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    if kind == "csv":
        buffer = io.StringIO()
        writer = csv.DictWriter(buffer, fieldnames=COLUMNS, lineterminator="\n")
        writer.writeheader()
        for item in rows:
            writer.writerow({k: "" if v is None else v for k, v in item.items()})
        writer.writerow(
            {
                "file": "TOTAL",
                "errors": total["errors"],
                "warnings": total["warnings"],
                "valid": f"{total['valid']}/{total['lists']}",
            }
        )
        return buffer.getvalue()
    # Markdown is read by people: the scale as printed, the counts in words.
    lines = ["| " + " | ".join(COLUMNS) + " |", "|" + "---|" * len(COLUMNS)]
    for result, item in zip(report.results, rows, strict=True):
        item["scale"] = result.scale_name or ""
        cells = [
            "" if item[c] is None else str(item[c]).replace("|", "/") for c in COLUMNS
        ]
        lines.append("| " + " | ".join(cells) + " |")
    counted = ngettext(
        "{count} list: {verdicts} ({errors}, {warnings}){strict}",
        "{count} lists: {verdicts} ({errors}, {warnings}){strict}",
        total["lists"],
    ).format(
        count=people(total["lists"]),
        verdicts=legal_text(total["valid"], total["invalid"]),
        errors=errors_text(total["errors"]),
        warnings=warnings_text(total["warnings"]),
        strict=_(STRICT_NOTE) if report.strict else "",
    )
    lines.append(f"\n**{counted}**")
    return "\n".join(lines) + "\n"

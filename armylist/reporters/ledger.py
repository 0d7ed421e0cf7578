"""The short plain-text ledger an edit or the builder prints: budgets, slots, findings."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from armylist.findings import Budget, Finding, ListResult, Severity
from armylist.gamedata.models import SlotType
from armylist.plain import plural


def budget(label: str, spent: Budget) -> str:
    """E.g. 'Minerals 1,670/2,000 (330 left)' or '... (30 over)'."""
    if spent.limit is None:
        return f"{label} {spent.used:,}/?"
    left = spent.limit - spent.used
    state = f"{left:,} left" if left >= 0 else f"{-left:,} over"
    return f"{label} {spent.used:,}/{spent.limit:,} ({state})"


def slots(result: ListResult) -> str:
    """E.g. 'Core 8/8, Elite 2/2, Support 2/3, Air 0/1, Hero 1/1 (over: Core)'."""
    if not result.slots:
        return "Army Slots: unknown until the list has a known Faction Card"
    parts = []
    over = []
    for slot in SlotType:
        use = result.slots.get(slot.value)
        if use is None or (use.used == 0 and use.available == 0):
            continue
        parts.append(f"{slot.label} {use.used}/{use.available}")
        if use.used > use.available:
            over.append(slot.label)
    text = "Army Slots: " + (", ".join(parts) or "none granted")
    return text + (f" (over: {', '.join(over)})" if over else "")


def ledger(result: ListResult) -> list[str]:
    """Two lines: the budgets, then the Army Slots used of available."""
    return [
        budget("Minerals", result.minerals) + "   " + budget("Vespene Gas", result.gas),
        slots(result),
    ]


def finding_line(finding: Finding) -> str:
    """One finding on one line, with its fix on the next."""
    return (
        f"{finding.severity.value}: {finding.message} ({finding.code} {finding.rule}, "
        f"{finding.rule_ref})\n  fix: {finding.hint}"
    )


def verdict(result: ListResult) -> str:
    """'legal list' or 'not legal yet: 2 errors', with warnings."""
    errors = result.count(Severity.ERROR)
    warnings = result.count(Severity.WARNING)
    tail = f", {plural(warnings, 'warning')}" if warnings else ""
    if errors:
        return f"not legal yet: {plural(errors, 'error')}{tail}"
    return f"legal list{tail}"


def findings_block(findings: Iterable[Finding]) -> list[str]:
    """Each finding as text lines."""
    return [finding_line(f) for f in findings]


def edit_report(
    file: Path | str, done: str, after: ListResult, new: list[Finding]
) -> str:
    """What `add`, `remove` and `set` print: what was done, the ledger, the findings
    the edit added and the verdict."""
    lines = [f"{file}: {done}"]
    lines += [f"  {line}" for line in ledger(after)]
    lines += ["  " + line.replace("\n", "\n  ") for line in findings_block(new)]
    lines.append(f"  {verdict(after)}")
    return "\n".join(lines)

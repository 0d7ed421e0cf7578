"""The short plain-text ledger an edit or the builder prints: budgets, slots, findings."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from armylist.findings import Budget, Finding, ListResult, Severity, severity_word
from armylist.gamedata.models import SlotType
from armylist.reporters.oneline import errors_text, warnings_text
from armylist.text.i18n import _
from armylist.text.numbers import people


def budget(label: str, spent: Budget) -> str:
    """E.g. 'Minerals 1,670/2,000 (330 left)' or '... (30 over)'."""
    if spent.limit is None:
        return f"{label} {people(spent.used)}/?"
    left = spent.limit - spent.used
    state = (
        _("{count} left").format(count=people(left))
        if left >= 0
        else _("{count} over").format(count=people(-left))
    )
    return f"{label} {people(spent.used)}/{people(spent.limit)} ({state})"


def slots(result: ListResult) -> str:
    """E.g. 'Core 8/8, Elite 2/2, Support 2/3, Air 0/1, Hero 1/1 (over: Core)'."""
    if not result.slots:
        return _("Army Slots: unknown until the list has a known Faction Card")
    parts = []
    over = []
    for slot in SlotType:
        use = result.slots.get(slot.value)
        if use is None or (use.used == 0 and use.available == 0):
            continue
        parts.append(f"{slot.label} {use.used}/{use.available}")
        if use.used > use.available:
            over.append(slot.label)
    text = _("Army Slots: {slots}").format(slots=", ".join(parts) or _("none granted"))
    if over:
        return _("{slots} (over: {over})").format(slots=text, over=", ".join(over))
    return text


def ledger(result: ListResult) -> list[str]:
    """Two lines: the budgets, then the Army Slots used of available."""
    return [
        budget("Minerals", result.minerals) + "   " + budget("Vespene Gas", result.gas),
        slots(result),
    ]


def finding_line(finding: Finding) -> str:
    """One finding on one line, with its fix on the next."""
    return (
        f"{severity_word(finding.severity)}: {finding.message} ({finding.code} "
        f"{finding.rule}, {_(finding.rule_ref)})\n  "
        + _("fix: {hint}").format(hint=finding.hint)
    )


def verdict(result: ListResult) -> str:
    """'legal list' or 'not legal yet: 2 errors', with warnings."""
    errors = result.count(Severity.ERROR)
    warnings = result.count(Severity.WARNING)
    if errors and warnings:
        return _("not legal yet: {errors}, {warnings}").format(
            errors=errors_text(errors), warnings=warnings_text(warnings)
        )
    if errors:
        return _("not legal yet: {errors}").format(errors=errors_text(errors))
    if warnings:
        return _("legal list, {warnings}").format(warnings=warnings_text(warnings))
    return _("legal list")


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

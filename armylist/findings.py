"""Findings, the report they make up, and the exit-code policy.

These are plain frozen dataclasses, not pydantic models: they are built from the
engine's own values, never from user input, and a batch makes tens of thousands of them
(validating each cost more than running the rules).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, fields, replace
from enum import StrEnum
from operator import attrgetter
from typing import Any, NamedTuple

from armylist.text.i18n import N_, _


class Severity(StrEnum):
    """How much a finding matters: an error makes a list illegal."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


def failing(findings: Iterable[Finding], *, strict: bool = False) -> list[Finding]:
    """The findings that fail a list: its errors, and with ``strict`` its warnings."""
    fails = (Severity.ERROR, Severity.WARNING) if strict else (Severity.ERROR,)
    return [f for f in findings if f.severity in fails]


def is_valid(findings: Iterable[Finding], *, strict: bool = False) -> bool:
    """The one verdict: a list (or team) passes when no finding fails it.

    Without ``strict`` only errors fail (the rules' legality); with it (`--strict`)
    warnings fail too, and every format and the exit code say so alike.
    """
    return not failing(findings, strict=strict)


def verdict(valid: bool) -> str:
    """The verdict word of a list: 'legal' or 'illegal'."""
    return _("legal") if valid else _("illegal")


SEVERITY_WORDS = {
    "error": N_("error"),
    "warning": N_("warning"),
    "info": N_("info"),
}


def severity_word(severity: Severity) -> str:
    """A severity as people read it: 'error', 'warning', 'info' (in their language;
    machine formats keep the enum's value)."""
    return _(SEVERITY_WORDS[severity.value])


# A named tuple, not a frozen dataclass: building one costs every start ~0.4 ms.
class Suggestion(NamedTuple):
    """Something a hint names to take, as the edit that takes it:
    `armylist add FILE KIND NAME [--models N] [--unit POSITION]`, or for a Faction Card
    `armylist set FILE faction NAME`."""

    kind: str  # card, unit, upgrade or faction
    name: str
    models: int | None = None  # the composition of a unit
    unit: int | None = None  # the 1-based position of the unit an upgrade is for


@dataclass(frozen=True, slots=True)
class Finding:
    """One thing a rule found in one list, with where it is and how to fix it."""

    code: str  # stable, e.g. AL202
    rule: str  # stable kebab-case name, e.g. minerals-over-budget
    severity: Severity
    message: str
    rule_ref: str  # the rulebook section, e.g. §9.1.3
    file: str
    line: int  # 1-based, as every position armylist reports
    column: int
    hint: str
    # What the hint names to take, each one a sure fit for the list as it is now.
    suggestions: tuple[Suggestion, ...] = ()

    def sort_key(self) -> tuple[str, int, int, str]:
        """Findings sort by file, line, column, code."""
        return (self.file, self.line, self.column, self.code)

    @classmethod
    def made(
        cls,
        code: str,
        rule: str,
        severity: Severity,
        message: str,
        rule_ref: str,
        file: str,
        line: int,
        column: int,
        hint: str,
        suggestions: tuple[Suggestion, ...],
    ) -> Finding:
        """The finding `Finding(...)` makes, each field set through its slot: a frozen
        dataclass's own __init__ calls object.__setattr__ by name for each field, and a
        batch makes tens of thousands of findings."""
        self = _new(cls)
        (
            set_code,
            set_rule,
            set_severity,
            set_message,
            set_rule_ref,
            set_file,
            set_line,
            set_column,
            set_hint,
            set_suggestions,
        ) = _FINDING_SLOTS
        set_code(self, code)
        set_rule(self, rule)
        set_severity(self, severity)
        set_message(self, message)
        set_rule_ref(self, rule_ref)
        set_file(self, file)
        set_line(self, line)
        set_column(self, column)
        set_hint(self, hint)
        set_suggestions(self, suggestions)
        return self


def _slot_setters(cls: type) -> tuple[Callable[[Any, Any], None], ...]:
    """How to set each field of a frozen slotted dataclass, in field order: its slot's
    own setter (what `object.__setattr__` finds by name each time)."""
    return tuple(getattr(cls, f.name).__set__ for f in fields(cls))


_new = object.__new__
_FINDING_SLOTS = _slot_setters(Finding)


# `Finding.sort_key` as a key function the sort calls without a Python frame per
# finding (a batch sorts every list's findings).
by_place: Callable[[Finding], tuple[str, int, int, str]] = attrgetter(
    "file", "line", "column", "code"
)


@dataclass(frozen=True, slots=True)
class Budget:
    """Used and limit of a resource (Minerals or Vespene Gas)."""

    used: int
    limit: int | None


@dataclass(frozen=True, slots=True)
class SlotUse:
    """Army Slots of one type: used and available."""

    used: int
    available: int


class SlotSource(NamedTuple):
    """One line of the Army Slots ledger: who granted or used how many slots."""

    slot: str
    source: str
    amount: int


@dataclass(frozen=True, slots=True)
class UnitLine:
    """A unit as it counts in the list: composition, starting Supply, Minerals."""

    unit: str
    models: int | None
    supply: int | None
    minerals: int
    upgrades: list[str]
    slot: str | None = None
    position: int | None = None  # 1-based, among the file's units (as `show` numbers)

    @classmethod
    def made(
        cls,
        unit: str,
        models: int | None,
        supply: int | None,
        minerals: int,
        upgrades: list[str],
        slot: str | None,
        position: int | None,
    ) -> UnitLine:
        """The line `UnitLine(...)` makes, each field set through its slot (as
        `Finding.made`: every list has a line per unit)."""
        self = _new(cls)
        (
            set_unit,
            set_models,
            set_supply,
            set_minerals,
            set_upgrades,
            set_slot,
            set_position,
        ) = _UNIT_LINE_SLOTS
        set_unit(self, unit)
        set_models(self, models)
        set_supply(self, supply)
        set_minerals(self, minerals)
        set_upgrades(self, upgrades)
        set_slot(self, slot)
        set_position(self, position)
        return self


_UNIT_LINE_SLOTS = _slot_setters(UnitLine)


@dataclass(frozen=True, slots=True)
class ListResult:
    """The result of validating one list file."""

    file: str
    valid: bool
    name: str | None = None
    player: str | None = None
    faction: str | None = None
    race: str | None = None
    scale: str | None = None  # the id, as machine formats give it
    scale_name: str | None = None  # the printed name (an unknown one as written)
    minerals: Budget = Budget(used=0, limit=None)
    gas: Budget = Budget(used=0, limit=None)
    slots: dict[str, SlotUse] = field(default_factory=dict)
    granted: list[SlotSource] = field(default_factory=list)
    used: list[SlotSource] = field(default_factory=list)
    tactical_cards: list[str] = field(default_factory=list)
    units: list[UnitLine] = field(default_factory=list)
    # The Mission and Deployment Cards brought (unknown ones as written).
    missions: list[str] = field(default_factory=list)
    deployments: list[str] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    fingerprint: str | None = None
    # The list keys still empty that a game needs (`units`, `missions`, `deployments`):
    # a legal list may lack them, and is then not yet ready to play.
    missing: tuple[str, ...] = ()

    @property
    def ready(self) -> bool:
        """Legal, and nothing a game needs is missing."""
        return self.valid and not self.missing

    def count(self, severity: Severity) -> int:
        """How many findings of that severity."""
        return sum(1 for f in self.findings if f.severity is severity)


class Summary(NamedTuple):
    """Totals over every list checked."""

    files: int
    valid: int
    invalid: int
    errors: int
    warnings: int


@dataclass(frozen=True, slots=True)
class Report:
    """Everything one `validate` run found, ready for any reporter."""

    armylist_version: str
    data_version: str
    results: list[ListResult]
    strict: bool = False  # warnings fail too (--strict)

    def judged(self, *, strict: bool) -> Report:
        """The report with every list's verdict decided again (strict: warnings fail)."""
        return replace(
            self,
            strict=strict,
            results=[
                replace(r, valid=is_valid(r.findings, strict=strict))
                for r in self.results
            ],
        )

    @property
    def summary(self) -> Summary:
        """Counts over every result."""
        return Summary(
            files=len(self.results),
            valid=sum(1 for r in self.results if r.valid),
            invalid=sum(1 for r in self.results if not r.valid),
            errors=sum(r.count(Severity.ERROR) for r in self.results),
            warnings=sum(r.count(Severity.WARNING) for r in self.results),
        )


EXIT_OK = 0
EXIT_INVALID = 1
EXIT_USAGE = 2


def exit_code(report: Report, *, strict: bool = False) -> int:
    """0 when every list passes (with strict, or a strict report, warnings fail); 1
    otherwise; 2 when nothing was checked."""
    if not report.results:
        return EXIT_USAGE
    strict = strict or report.strict
    if all(r.valid and is_valid(r.findings, strict=strict) for r in report.results):
        return EXIT_OK
    return EXIT_INVALID


class Refused(Exception):
    """A command cannot go on: the message says why, ``exit_code`` how to exit (1: a
    list cannot be used as it is; 2: a usage error), never a traceback."""

    def __init__(self, message: str, exit_code: int = EXIT_USAGE) -> None:
        super().__init__(message)
        self.message = message
        self.exit_code = exit_code


def blocking(findings: Iterable[Finding], rules: Iterable[str]) -> list[Finding]:
    """The error-level findings of the named rules."""
    wanted = set(rules)
    return [f for f in findings if f.rule in wanted and f.severity is Severity.ERROR]


def describe(findings: Iterable[Finding]) -> str:
    """Findings as `file:line:column: message [rule]` lines."""
    return "\n".join(
        f"  {f.file}:{f.line}:{f.column}: {f.message} [{f.rule}, {_(f.rule_ref)}]"
        for f in findings
    )


def refuse_findings(intro: str, findings: list[Finding]) -> Refused:
    """An exit-1 refusal quoting the validator's findings."""
    return Refused(f"{intro}:\n{describe(findings)}", EXIT_INVALID)

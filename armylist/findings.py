"""Findings, the report they make up, and the exit-code policy."""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field


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
    return "legal" if valid else "illegal"


class Finding(BaseModel):
    """One thing a rule found in one list, with where it is and how to fix it."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    code: str = Field(description="stable code, e.g. AL202")
    rule: str = Field(
        description="stable kebab-case rule name, e.g. minerals-over-budget"
    )
    severity: Severity
    message: str
    rule_ref: str = Field(description="the rulebook section, e.g. §9.1.3")
    file: str
    line: int = Field(ge=1)
    column: int = Field(ge=1)
    hint: str

    def sort_key(self) -> tuple[str, int, int, str]:
        """Findings sort by file, line, column, code."""
        return (self.file, self.line, self.column, self.code)


class Budget(BaseModel):
    """Used and limit of a resource (Minerals or Vespene Gas)."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    used: int
    limit: int | None


class SlotUse(BaseModel):
    """Army Slots of one type: used and available."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    used: int
    available: int


class SlotSource(BaseModel):
    """One line of the Army Slots ledger: who granted or used how many slots."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    slot: str
    source: str
    amount: int


class UnitLine(BaseModel):
    """A unit as it counts in the list: composition, starting Supply, Minerals."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    unit: str
    models: int | None
    supply: int | None
    minerals: int
    upgrades: list[str]
    slot: str | None = None


class ListResult(BaseModel):
    """The result of validating one list file."""

    file: str
    valid: bool
    name: str | None = None
    player: str | None = None
    faction: str | None = None
    race: str | None = None
    scale: str | None = None
    minerals: Budget = Budget(used=0, limit=None)
    gas: Budget = Budget(used=0, limit=None)
    slots: dict[str, SlotUse] = Field(default_factory=dict)
    granted: list[SlotSource] = Field(default_factory=list)
    used: list[SlotSource] = Field(default_factory=list)
    tactical_cards: list[str] = Field(default_factory=list)
    units: list[UnitLine] = Field(default_factory=list)
    missions: list[str] = Field(
        default_factory=list,
        description="Mission Cards brought (unknown ones as written)",
    )
    deployments: list[str] = Field(
        default_factory=list,
        description="Deployment Cards brought (unknown ones as written)",
    )
    findings: list[Finding] = Field(default_factory=list)
    fingerprint: str | None = None

    def count(self, severity: Severity) -> int:
        """How many findings of that severity."""
        return sum(1 for f in self.findings if f.severity is severity)


class Summary(BaseModel):
    """Totals over every list checked."""

    files: int
    valid: int
    invalid: int
    errors: int
    warnings: int


class Report(BaseModel):
    """Everything one `validate` run found, ready for any reporter."""

    armylist_version: str
    data_version: str
    results: list[ListResult]
    strict: bool = Field(default=False, description="warnings fail too (--strict)")

    def judged(self, *, strict: bool) -> Report:
        """The report with every list's verdict decided again (strict: warnings fail)."""
        return self.model_copy(
            update={
                "strict": strict,
                "results": [
                    r.model_copy(update={"valid": is_valid(r.findings, strict=strict)})
                    for r in self.results
                ],
            }
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

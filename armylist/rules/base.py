"""The rule machinery: metadata attached by a decorator; rules read a resolved list
(`armylist.resolved.Context`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from inspect import cleandoc
from typing import Any, Generic, TypeVar

from armylist.files.yamlsource import YamlPath
from armylist.findings import Finding, Suggestion
from armylist.findings import Severity as Severity
from armylist.resolved import Context
from armylist.text.numbers import people

Check = Callable[["Rule", Context], Iterable[Finding]]
C = TypeVar("C")


@dataclass(frozen=True)
class RuleInfo(Generic[C]):
    """What every rule has: stable code and name, severity, rulebook section, docs."""

    code: str
    name: str
    severity: Severity
    ref: str
    check: Callable[[Any, C], Iterable[Finding]]

    @property
    def doc(self) -> str:
        """The rule's user documentation (its docstring)."""
        return cleandoc(self.check.__doc__ or "")

    @property
    def summary(self) -> str:
        """The first line of the documentation."""
        return self.doc.splitlines()[0] if self.doc else ""

    def run(self, context: C) -> Iterator[Finding]:
        """The rule's findings for one list (or team)."""
        return iter(self.check(self, context))

    def finding(
        self,
        file: str,
        line: int,
        column: int,
        message: str,
        hint: str,
        *,
        suggestions: tuple[Suggestion, ...] = (),
    ) -> Finding:
        """A finding of this rule at a place in a file."""
        return Finding.made(
            self.code,
            self.name,
            self.severity,
            message,
            self.ref,
            file,
            line,
            column,
            hint,
            suggestions,
        )


@dataclass(frozen=True)
class Rule(RuleInfo[Context]):
    """A registered check of one list."""

    def at(
        self,
        context: Context,
        path: YamlPath,
        message: str,
        hint: str,
        *,
        key: bool = False,
        line: int | None = None,
        column: int | None = None,
        suggestions: tuple[Suggestion, ...] = (),
    ) -> Finding:
        """A finding of this rule at the value (or key) at ``path``."""
        position = context.loaded.where(path, key=key)
        return self.finding(
            context.file,
            line or position.line,
            column or position.column,
            message,
            hint,
            suggestions=suggestions,
        )


def rule(code: str, name: str, severity: Severity, ref: str) -> Callable[[Check], Rule]:
    """Attach a rule's metadata to its check function."""

    def wrap(check: Check) -> Rule:
        return Rule(code=code, name=name, severity=severity, ref=ref, check=check)

    return wrap


def minerals(amount: int) -> str:
    """1,670 Minerals style numbers."""
    return people(amount)

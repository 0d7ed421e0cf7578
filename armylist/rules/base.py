"""The rule machinery: metadata attached by a decorator; rules read a resolved list
(`armylist.resolved.Context`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from inspect import cleandoc
from typing import Any, Generic, Literal, TypeVar

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


# What a rule reads that most lists do not have: the file's problems, names the
# catalog does not know, an event, a collection. A rule that names one finds nothing
# in a list without it, and the engine does not run it there.
Needs = Literal["problems", "unknown", "event", "owned"]


def lacks(context: Context) -> set[Needs]:
    """What of `Needs` the list does not have."""
    lacking: set[Needs] = set()
    if not context.loaded.problems:
        lacking.add("problems")
    if not context.unknown:
        lacking.add("unknown")
    if context.event is None:
        lacking.add("event")
    if context.owned is None:
        lacking.add("owned")
    return lacking


@dataclass(frozen=True)
class Rule(RuleInfo[Context]):
    """A registered check of one list (``needs``: what it reads that most lists lack,
    see `Needs`)."""

    needs: Needs | None = None

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


def rule(
    code: str, name: str, severity: Severity, ref: str, *, needs: Needs | None = None
) -> Callable[[Check], Rule]:
    """Attach a rule's metadata to its check function."""

    def wrap(check: Check) -> Rule:
        return Rule(
            code=code, name=name, severity=severity, ref=ref, check=check, needs=needs
        )

    return wrap


def minerals(amount: int) -> str:
    """1,670 Minerals style numbers."""
    return people(amount)

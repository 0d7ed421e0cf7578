"""Rules about the file itself: YAML syntax, the list format, duplicate keys."""

from __future__ import annotations

from collections.abc import Iterator

from armylist.findings import Finding, Severity
from armylist.resolved import Context
from armylist.rules.base import Rule, rule
from armylist.text.i18n import N_


def _problems(self: Rule, context: Context) -> Iterator[Finding]:
    for problem in context.loaded.problems:
        if problem.kind == self.name:
            yield self.at(
                context,
                (),
                problem.message,
                problem.hint,
                line=problem.position.line,
                column=problem.position.column,
            )


@rule("AL001", "yaml-syntax", Severity.ERROR, N_("list format"), needs="problems")
def yaml_syntax(self: Rule, context: Context) -> Iterator[Finding]:
    """The file must be readable YAML text.

    Also covers files that are not UTF-8 text, binary files, files over 1 MiB, tabs used
    for indentation, unsupported tags (such as `!!python/object`) and runaway anchors.

    Bad:  `units: [Marine` (the list is never closed)
    Good: `units: [Marine]`
    """
    yield from _problems(self, context)


@rule("AL002", "list-schema", Severity.ERROR, N_("list format"), needs="problems")
def list_schema(self: Rule, context: Context) -> Iterator[Finding]:
    """The list must follow the list format: known keys with values of the right type.

    `faction` and `scale` are required; unknown keys are reported with the closest known
    key; every unit entry is a mapping with `unit`, optional `models` and `upgrades`.

    Bad:  `modles: 9`
    Good: `models: 9`
    """
    yield from _problems(self, context)


@rule("AL003", "duplicate-key", Severity.ERROR, N_("list format"), needs="problems")
def duplicate_key(self: Rule, context: Context) -> Iterator[Finding]:
    """A key may appear only once in a mapping.

    YAML readers silently keep one of two equal keys, so a duplicated `units:` loses half
    a list. armylist keeps the first and reports the second.

    Bad:  two `units:` keys in one list
    Good: one `units:` key holding every unit
    """
    yield from _problems(self, context)

"""A list file checked for a tool, and how a tool refuses input it cannot use.

Shared by the game-day and organiser tools (supply planner, draft, team games).

A tool refuses bad input with a `Refused` error: a clear message and the exit code the
command line uses (1: a list cannot be used as it is; 2: a usage error), never a
traceback.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from armylist.engine import LIST_SUFFIXES, check_text, unreadable_result
from armylist.findings import EXIT_INVALID, EXIT_USAGE, Finding, ListResult, Severity
from armylist.gamedata.catalog import Catalog
from armylist.listfile import UnusableFile, read_list_file
from armylist.resolved import Context


class Refused(Exception):
    """A game-day tool cannot go on: the message says why, ``exit_code`` how to exit."""

    def __init__(self, message: str, exit_code: int = EXIT_USAGE) -> None:
        super().__init__(message)
        self.message = message
        self.exit_code = exit_code


@dataclass
class CheckedList:
    """A list file validated by the engine: its result, and the context (None when the
    file could not even be read as text)."""

    result: ListResult
    context: Context | None


def check_path(
    path: Path,
    catalog: Catalog,
    label: str | None = None,
    *,
    must_read: bool = False,
) -> CheckedList:
    """Validate one list file with the engine, keeping the resolved context.

    A missing file, a folder or a pipe is a usage error (exit 2); a file that is not
    list text (over 1 MiB, binary) keeps the engine's `yaml-syntax` finding and has no
    context, or with ``must_read`` is refused (exit 1).
    """
    file = label or str(path)
    if path.suffix not in LIST_SUFFIXES:
        from armylist.importing.files import check_source_path, is_source

        if is_source(path):
            # another builder's list (.json, .ros, .rosz): the list its import gives
            return check_source_path(path, catalog, file, must_read=must_read)
    try:
        text = read_list_file(path, file).text
    except UnusableFile as error:
        match error.kind:
            case "missing":
                raise Refused(f"no such list file: {file}") from None
            case "folder":
                raise Refused(f"{file} is a folder; give one list file") from None
            case "pipe" | "unreadable":
                raise Refused(error.message, error.exit_code) from None
            case "content":
                if must_read:
                    raise Refused(error.message, error.exit_code) from None
                return CheckedList(unreadable_result(error, catalog), None)
    result, context = check_text(text, file, catalog)
    return CheckedList(result, context)


def blocking(findings: Iterable[Finding], rules: Iterable[str]) -> list[Finding]:
    """The error-level findings of the named rules."""
    wanted = set(rules)
    return [f for f in findings if f.rule in wanted and f.severity is Severity.ERROR]


def describe(findings: Iterable[Finding]) -> str:
    """Findings as `file:line:column: message [rule]` lines."""
    return "\n".join(
        f"  {f.file}:{f.line}:{f.column}: {f.message} [{f.rule}, {f.rule_ref}]"
        for f in findings
    )


def refuse_findings(intro: str, findings: list[Finding]) -> Refused:
    """An exit-1 refusal quoting the validator's findings."""
    return Refused(f"{intro}:\n{describe(findings)}", EXIT_INVALID)

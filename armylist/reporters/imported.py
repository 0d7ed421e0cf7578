"""What `armylist import` says on stderr: each import finding on one line, and what it
wrote. Plain text (no Rich): the YAML on stdout stays the only thing piped."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from armylist.findings import Finding, severity_word
from armylist.importing.model import ImportResult
from armylist.text.i18n import _, ngettext
from armylist.text.numbers import people


def finding_line(finding: Finding) -> str:
    """E.g. 'ben.json:29:1: info AL813 import-summoned-unit: ... (fix: ...)'."""
    return (
        f"{finding.file}:{finding.line}:{finding.column}: "
        f"{severity_word(finding.severity)} {finding.code} "
        + _("{rule}: {message} (fix: {hint})").format(
            rule=finding.rule, message=finding.message, hint=finding.hint
        )
    )


def import_lines(result: ImportResult, written: Path | None) -> Iterable[str]:
    """A source's findings, then where its list went (None: stdout)."""
    for finding in sorted(result.findings, key=lambda f: f.sort_key()):
        yield finding_line(finding)
    if written is not None:
        count = len(result.findings)
        if count:
            yield ngettext(
                "wrote {file} from {source} ({count} import finding)",
                "wrote {file} from {source} ({count} import findings)",
                count,
            ).format(file=written, source=result.source, count=people(count))
        else:
            yield _("wrote {file} from {source}").format(
                file=written, source=result.source
            )

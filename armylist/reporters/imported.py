"""What `armylist import` says on stderr: each import finding on one line, and what it
wrote. Plain text (no Rich): the YAML on stdout stays the only thing piped."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from armylist.findings import Finding
from armylist.importing.model import ImportResult
from armylist.plain import plural


def finding_line(finding: Finding) -> str:
    """E.g. 'ben.json:29:1: info AL813 import-summoned-unit: ... (fix: ...)'."""
    return (
        f"{finding.file}:{finding.line}:{finding.column}: {finding.severity.value} "
        f"{finding.code} {finding.rule}: {finding.message} (fix: {finding.hint})"
    )


def import_lines(result: ImportResult, written: Path | None) -> Iterable[str]:
    """A source's findings, then where its list went (None: stdout)."""
    for finding in sorted(result.findings, key=lambda f: f.sort_key()):
        yield finding_line(finding)
    if written is not None:
        count = len(result.findings)
        found = f" ({plural(count, 'import finding')})" if count else ""
        yield f"wrote {written} from {result.source}{found}"

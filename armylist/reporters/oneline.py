"""The one-line human summaries printed on stderr after a report.

Every format prints them, so this module imports no Rich: `validate --format json`
stays free of it.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from armylist.findings import Report, Severity, verdict
from armylist.plain import plural

if TYPE_CHECKING:
    from armylist.organiser.team import TeamReport


STRICT_NOTE = "; --strict: warnings fail a list"


def report_line(report: Report) -> str:
    """E.g. '3 lists checked: 2 legal, 1 illegal (4 errors, 0 warnings)'."""
    s = report.summary
    return (
        f"{plural(s.files, 'list')} checked: {s.valid} {verdict(True)}, {s.invalid} "
        f"{verdict(False)} "
        f"({plural(s.errors, 'error')}, {plural(s.warnings, 'warning')})"
        f"{STRICT_NOTE if report.strict else ''}"
    )


def team_line(report: TeamReport) -> str:
    """The team's players, how many are legal, and the team's Minerals."""
    team = report.team
    legal = sum(1 for p in team.players if p.valid)
    errors = sum(1 for f in team.findings if f.severity is Severity.ERROR)
    return (
        f"team {team.file}: {plural(len(team.players), 'player list')}, {legal} "
        f"{verdict(True)}, {len(team.players) - legal} {verdict(False)}; team "
        f"Minerals {team.allocated:,} of "
        f"{team.minerals:,}; {plural(errors, 'team error')}"
        f"{STRICT_NOTE if team.strict else ''}"
    )


def not_legal_note(file: Path | str, errors: int) -> str:
    """The stderr note of a tool that printed an illegal list anyway."""
    return (
        f"note: {file} is not a {verdict(True)} list ({plural(errors, 'error')}); "
        f"`armylist validate {file}` says why"
    )

"""The one-line human summaries printed on stderr after a report.

Every format prints them, so this module imports no Rich: `validate --format json`
stays free of it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from armylist.findings import Report, Severity

if TYPE_CHECKING:
    from armylist.organiser.team import TeamReport


def report_line(report: Report) -> str:
    """E.g. '3 list(s) checked: 2 legal, 1 illegal (4 error(s), 0 warning(s))'."""
    s = report.summary
    return (
        f"{s.files} list(s) checked: {s.valid} legal, {s.invalid} illegal "
        f"({s.errors} error(s), {s.warnings} warning(s))"
    )


def team_line(report: TeamReport) -> str:
    """The team's players, how many are legal, and the team's Minerals."""
    team = report.team
    legal = sum(1 for p in team.players if p.valid)
    errors = sum(1 for f in team.findings if f.severity is Severity.ERROR)
    return (
        f"team {team.file}: {len(team.players)} player list(s), {legal} legal, "
        f"{len(team.players) - legal} illegal; team Minerals {team.allocated:,} of "
        f"{team.minerals:,}; {errors} team error(s)"
    )

"""The one-line human summaries printed on stderr after a report.

Every format prints them, so this module imports no Rich: `validate --format json`
stays free of it.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from armylist.findings import Report, Severity
from armylist.text.i18n import N_, _, ngettext
from armylist.text.numbers import people

if TYPE_CHECKING:
    from armylist.organiser.team import TeamReport


STRICT_NOTE = N_("; --strict: warnings fail a list")


def errors_text(count: int) -> str:
    """'1 error', '3 errors' in the language in use."""
    return ngettext("{count} error", "{count} errors", count).format(
        count=people(count)
    )


def warnings_text(count: int) -> str:
    """'1 warning', '3 warnings' in the language in use."""
    return ngettext("{count} warning", "{count} warnings", count).format(
        count=people(count)
    )


def legal_text(legal: int, illegal: int) -> str:
    """'2 legal, 1 illegal': Spanish agrees the words with their counts."""
    return _("{legal}, {illegal}").format(
        legal=ngettext("{count} legal", "{count} legal", legal).format(
            count=people(legal)
        ),
        illegal=ngettext("{count} illegal", "{count} illegal", illegal).format(
            count=people(illegal)
        ),
    )


def report_line(report: Report) -> str:
    """E.g. '3 lists checked: 2 legal, 1 illegal (4 errors, 0 warnings)'."""
    s = report.summary
    return ngettext(
        "{count} list checked: {verdicts} ({errors}, {warnings}){strict}",
        "{count} lists checked: {verdicts} ({errors}, {warnings}){strict}",
        s.files,
    ).format(
        count=people(s.files),
        verdicts=legal_text(s.valid, s.invalid),
        errors=errors_text(s.errors),
        warnings=warnings_text(s.warnings),
        strict=_(STRICT_NOTE) if report.strict else "",
    )


def team_line(report: TeamReport) -> str:
    """The team's players, how many are legal, and the team's Minerals."""
    team = report.team
    legal = sum(1 for p in team.players if p.valid)
    errors = sum(1 for f in team.findings if f.severity is Severity.ERROR)
    return ngettext(
        "team {file}: {count} player list, {verdicts}; team Minerals {allocated} of "
        "{minerals}; {errors}{strict}",
        "team {file}: {count} player lists, {verdicts}; team Minerals {allocated} of "
        "{minerals}; {errors}{strict}",
        len(team.players),
    ).format(
        file=team.file,
        count=people(len(team.players)),
        verdicts=legal_text(legal, len(team.players) - legal),
        allocated=people(team.allocated),
        minerals=people(team.minerals),
        errors=ngettext("{count} team error", "{count} team errors", errors).format(
            count=people(errors)
        ),
        strict=_(STRICT_NOTE) if team.strict else "",
    )


def not_legal_note(file: Path | str, errors: int) -> str:
    """The stderr note of a tool that printed an illegal list anyway."""
    return _(
        "note: {file} is not a legal list ({errors}); `armylist validate {file}` "
        "says why"
    ).format(file=file, errors=errors_text(errors))

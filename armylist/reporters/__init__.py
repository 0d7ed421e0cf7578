"""Every renderer, and the one format registry that maps a format to its renderer.

A renderer takes a result and returns the text to print (`str`); the Rich tables some
renderers build inside are an implementation detail, turned into text by
`reporters.text.to_text`. The functions here import each renderer's module when its
format is chosen (`_renderer`): the JSON, GitHub and JUnit paths never import Rich.

To add a format: add the value to its enum and a `case` to its `render_*` function;
mypy's `assert_never` fails the build until every value has one.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any, TextIO, assert_never

if TYPE_CHECKING:
    from rich.console import RenderableType

    from armylist.findings import Report
    from armylist.organiser.pairing import Pairings
    from armylist.organiser.standings import Standings
    from armylist.organiser.team import TeamReport


@dataclass(frozen=True)
class Terminal:
    """Where text output goes: its width, and whether it takes colour (a terminal)."""

    width: int = 100
    color: bool = False
    tty: bool = False


class ReportFormat(StrEnum):
    """Output formats of `validate` (a list batch or a team)."""

    TEXT = "text"
    JSON = "json"
    GITHUB = "github"
    JUNIT = "junit"


class ViewFormat(StrEnum):
    """Output formats of the browsing and planning commands."""

    TEXT = "text"
    JSON = "json"


class ExportFormat(StrEnum):
    """Output formats of `export`."""

    TEXT = "text"
    MARKDOWN = "markdown"
    DISCORD = "discord"
    JSON = "json"
    SCT1 = "sct1"  # malkivian83's builder: a seed code
    MK_JSON = "mk-json"  # malkivian83's builder: its list JSON
    HTML = "html"  # the printable Army Roster


class StandingsFormat(StrEnum):
    """Output formats of `event standings` and `event pair`."""

    TEXT = "text"
    JSON = "json"
    CSV = "csv"
    MARKDOWN = "markdown"


# The renderers' modules by name, imported when their format is chosen: the Rich ones
# (text, team, standings tables) cost `validate --format json` Rich's start-up, and
# `standings` the organiser's; tests/test_speed.py holds the JSON path to no Rich.
_RENDERERS = frozenset(
    {"text", "json", "github", "junit", "team", "standings", "standings_text"}
)


def _renderer(module: str, function: str) -> Callable[..., str]:
    """The renderer `armylist.reporters.<module>.<function>`, its module imported now."""
    assert module in _RENDERERS, module
    renderer: Callable[..., str] = getattr(
        importlib.import_module(f"armylist.reporters.{module}"), function
    )
    return renderer


def report_format(asked: ReportFormat | None, github_actions: bool) -> ReportFormat:
    """The format asked for; GitHub annotations by default under GitHub Actions."""
    if asked is not None:
        return asked
    return ReportFormat.GITHUB if github_actions else ReportFormat.TEXT


def render_report(
    report: Report,
    chosen: ReportFormat,
    terminal: Terminal,
    *,
    show_info: bool = False,
    details: bool = False,
) -> str:
    """A validation report in the chosen format (``show_info``: GitHub annotations for
    info findings too; the other formats always show them; ``details``: text shows
    every list in full, not only one)."""
    match chosen:
        case ReportFormat.TEXT:
            return _renderer("text", "render")(
                report, width=terminal.width, color=terminal.color, details=details
            )
        case ReportFormat.JSON:
            return _renderer("json", "render")(report, pretty=terminal.tty)
        case ReportFormat.GITHUB:
            return _renderer("github", "render")(report, show_info=show_info)
        case ReportFormat.JUNIT:
            return _renderer("junit", "render")(report)
        case _:
            assert_never(chosen)


def write_report(
    report: Report,
    chosen: ReportFormat,
    terminal: Terminal,
    out: TextIO,
    *,
    show_info: bool = False,
    details: bool = False,
) -> None:
    """Write a validation report in the chosen format (``render_report``'s text).

    One-line JSON goes out list by list: a batch of 10,000 lists is never held in
    memory as one document.
    """
    if chosen is ReportFormat.JSON and not terminal.tty:
        chunks: Iterable[str] = _renderer("json", "chunks")(report)
        out.writelines(chunks)
    else:
        out.write(
            render_report(
                report, chosen, terminal, show_info=show_info, details=details
            )
        )


def render_team(
    team: TeamReport,
    chosen: ReportFormat,
    terminal: Terminal,
    *,
    show_info: bool = False,
) -> str:
    """A team's report (`validate --team`) in the chosen format."""
    match chosen:
        case ReportFormat.TEXT:
            return _renderer("team", "render_text")(
                team, width=terminal.width, color=terminal.color
            )
        case ReportFormat.JSON:
            # Not from reporters.team: that module builds Rich tables.
            return _renderer("json", "render_team")(team)
        case ReportFormat.GITHUB | ReportFormat.JUNIT:
            # The CI formats treat the team file as one more file of the report.
            return render_report(
                team.as_report(), chosen, terminal, show_info=show_info
            )
        case _:
            assert_never(chosen)


def render_view(
    view: RenderableType,
    data: Any,
    chosen: ViewFormat,
    terminal: Terminal,
    *,
    sort_keys: bool = True,
) -> str:
    """A browsing view: the Rich view as text, or its data as JSON.

    ``sort_keys=False`` keeps a contract's own key order (the combat odds' counts).
    """
    match chosen:
        case ViewFormat.TEXT:
            return _renderer("text", "to_text")(
                view, width=terminal.width, color=terminal.color
            )
        case ViewFormat.JSON:
            return _renderer("json", "to_json")(data, sort_keys=sort_keys)
        case _:
            assert_never(chosen)


def render_standings(
    standings: Standings, chosen: StandingsFormat, terminal: Terminal
) -> str:
    """An event's standings (`event standings`) in the chosen format."""
    match chosen:
        case StandingsFormat.TEXT:
            return _renderer("standings_text", "render_standings")(
                standings, width=terminal.width, color=terminal.color
            )
        case StandingsFormat.JSON:
            return _renderer("standings", "render_json")(standings)
        case StandingsFormat.CSV:
            return _renderer("standings", "render_csv")(standings)
        case StandingsFormat.MARKDOWN:
            return _renderer("standings", "render_markdown")(standings)
        case _:
            assert_never(chosen)


def render_pairings(
    pairings: Pairings, chosen: StandingsFormat, terminal: Terminal
) -> str:
    """A round's pairings (`event pair`) in the chosen format."""
    match chosen:
        case StandingsFormat.TEXT:
            return _renderer("standings_text", "render_pairings")(
                pairings, width=terminal.width, color=terminal.color
            )
        case StandingsFormat.JSON:
            return _renderer("standings", "render_pairings_json")(pairings)
        case StandingsFormat.CSV:
            return _renderer("standings", "render_pairings_csv")(pairings)
        case StandingsFormat.MARKDOWN:
            return _renderer("standings", "render_pairings_markdown")(pairings)
        case _:
            assert_never(chosen)

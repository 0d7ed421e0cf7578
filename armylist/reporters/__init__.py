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
from collections.abc import Callable, Iterable, Mapping
from enum import StrEnum
from typing import TYPE_CHECKING, Any, NamedTuple, TextIO, assert_never, cast

from armylist.reporters.progress import Watch

if TYPE_CHECKING:
    from rich.console import RenderableType

    from armylist.findings import Report
    from armylist.organiser.pairing import Pairings
    from armylist.organiser.slips import RoundSlips
    from armylist.organiser.standings import Standings
    from armylist.organiser.team import TeamReport


# A named tuple, not a frozen dataclass: building one costs every start ~0.4 ms.
class Terminal(NamedTuple):
    """Where text output goes: its width, and whether it takes colour (a terminal)."""

    width: int = 100
    color: bool = False
    tty: bool = False


# The image files `export --format qr -o FILE` writes.
QR_IMAGES = (".svg", ".png")


class QrTooLong(ValueError):
    """A code longer than the largest QR code holds (version 40)."""


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
    QR = "qr"  # the SCT1 code as a QR code: in the terminal, or -o FILE.svg|FILE.png
    PDF = "pdf"  # the roster and a page for the table: -o FILE.pdf


class Paper(StrEnum):
    """The paper sizes of the PDF sheet."""

    A4 = "a4"
    LETTER = "letter"


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
    {
        "text",
        "json",
        "github",
        "junit",
        "team",
        "standings",
        "standings_text",
        "slips",
        "slips_pdf",
    }
)


def _renderer(module: str, function: str) -> Callable[..., str]:
    """The renderer `armylist.reporters.<module>.<function>`, its module imported now."""
    assert module in _RENDERERS, module
    renderer: Callable[..., str] = getattr(
        importlib.import_module(f"armylist.reporters.{module}"), function
    )
    return renderer


class PairingsFormat(StrEnum):
    """Output formats of `event pair`: the standings' and a board to show."""

    TEXT = "text"
    JSON = "json"
    CSV = "csv"
    MARKDOWN = "markdown"
    HTML = "html"  # the pairings board, for a projector or the wall


class SlipsFormat(StrEnum):
    """Output formats of `event slips`."""

    HTML = "html"
    PDF = "pdf"


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


def batch_watch(
    chosen: ReportFormat,
    terminal: Terminal,
    out: TextIO,
    err: TextIO,
    *,
    details: bool = False,
) -> Watch:
    """What a batch check shows as it goes: the text report written list by list,
    and a progress bar on ``err`` when it is a terminal, unless the text report
    streams to that terminal already (the lists coming are the progress)."""
    stream = None
    if chosen is ReportFormat.TEXT:
        # Through the table, as `render_report`: the text format loads Rich anyway.
        assert "text" in _RENDERERS
        text = importlib.import_module("armylist.reporters.text")
        stream = text.Stream(
            out, width=terminal.width, color=terminal.color, details=details
        )
    shown = stream is not None and terminal.tty
    return Watch(err if _isatty(err) and not shown else None, stream)


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


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
    pairings: Pairings,
    chosen: PairingsFormat,
    terminal: Terminal,
    *,
    factions: Mapping[str, str] | None = None,
    event: str = "",
) -> str:
    """A round's pairings (`event pair`) in the chosen format; the board (HTML)
    shows each player's ``factions`` and the ``event``'s name."""
    match chosen:
        case PairingsFormat.TEXT:
            return _renderer("standings_text", "render_pairings")(
                pairings, width=terminal.width, color=terminal.color
            )
        case PairingsFormat.JSON:
            return _renderer("standings", "render_pairings_json")(pairings)
        case PairingsFormat.CSV:
            return _renderer("standings", "render_pairings_csv")(pairings)
        case PairingsFormat.MARKDOWN:
            return _renderer("standings", "render_pairings_markdown")(pairings)
        case PairingsFormat.HTML:
            return _renderer("slips", "render_board")(pairings, factions or {}, event)
        case _:
            assert_never(chosen)


def render_slips(slips: RoundSlips, chosen: SlipsFormat) -> bytes:
    """A round's result slips (`event slips`): a page to print, or a PDF."""
    match chosen:
        case SlipsFormat.HTML:
            html: str = _renderer("slips", "render_html")(slips)
            return html.encode("utf-8")
        case SlipsFormat.PDF:
            # Through the table: fpdf2 is imported only when a PDF is asked for.
            return cast(bytes, _renderer("slips_pdf", "render_pdf")(slips))
        case _:
            assert_never(chosen)

"""The archive's statistics and ratings as data: JSON, CSV and an HTML report.

The JSON of each is a public contract (docs/outputs.md), in the key order written
here. The HTML report is one self-contained page for a club's site: its charts are
inline SVG, with no script, no font and nothing fetched; every name is HTML-escaped.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from enum import StrEnum
from html import escape
from typing import Any

from armylist import __version__
from armylist.archive.ratings import Rating, Ratings
from armylist.archive.stats import Stats, Tally, UnitUse
from armylist.reporters.json import to_json
from armylist.reporters.standings import decimal_text
from armylist.text.i18n import _, current, ngettext
from armylist.text.numbers import people, people_decimal


class StatsFormat(StrEnum):
    """Output formats of `archive stats`."""

    TEXT = "text"
    JSON = "json"
    CSV = "csv"
    HTML = "html"


class RatingsFormat(StrEnum):
    """Output formats of `archive ratings`."""

    TEXT = "text"
    JSON = "json"


def _tally(key: str, tally: Tally) -> dict[str, Any]:
    return {
        key: tally.name,
        "games": tally.games,
        "wins": tally.wins,
        "draws": tally.draws,
        "losses": tally.losses,
        "win_rate": float(tally.win_rate_text),
    }


def stats_data(stats: Stats) -> dict[str, Any]:
    """The statistics as the JSON contract's data."""
    return {
        "factions": [_tally("faction", t) for t in stats.factions],
        "missions": [_tally("mission", t) for t in stats.missions],
    }


def render_stats_json(stats: Stats) -> str:
    """`archive stats --format json`."""
    return to_json(stats_data(stats), sort_keys=False)


CSV_COLUMNS = ("table", "id", "games", "wins", "draws", "losses", "win_rate")


def render_stats_csv(stats: Stats) -> str:
    """One row per faction, then per Mission Card (`table` says which)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for table, tallies in (("faction", stats.factions), ("mission", stats.missions)):
        for t in tallies:
            writer.writerow(
                (table, t.name, t.games, t.wins, t.draws, t.losses, t.win_rate_text)
            )
    return out.getvalue()


def _rating(rating: Rating) -> dict[str, Any]:
    return {
        "player": rating.player,
        "id": rating.id,
        "rating": round(rating.rating, 2),
        "games": rating.games,
    }


def render_ratings_json(ratings: Ratings, *, by_race: bool) -> str:
    """`archive ratings --format json` (with --by race: one list per race)."""
    if by_race:
        data: dict[str, Any] = {
            "races": {
                race: [_rating(r) for r in rows] for race, rows in ratings.races.items()
            }
        }
    else:
        data = {"ratings": [_rating(r) for r in ratings.ratings]}
    return to_json(data, sort_keys=False)


# -- the HTML report --------------------------------------------------------------

STYLE = """
:root { font-family: "DejaVu Sans", Arial, Helvetica, sans-serif; font-size: 11pt;
  color: #111; }
body { margin: 0 auto; padding: 8mm; max-width: 190mm; background: #fff; }
h1 { font-size: 18pt; margin: 0 0 2mm; }
h2 { font-size: 13pt; margin: 6mm 0 2mm; }
h3 { font-size: 11pt; margin: 3mm 0 1mm; }
p.note { color: #444; margin: 1mm 0; }
table { border-collapse: collapse; margin: 1mm 0 3mm; }
th, td { border: 0.3mm solid #999; padding: 0.8mm 2mm; text-align: left; }
td.number, th.number { text-align: right; }
thead th { background: #eee; }
svg text { font-family: "DejaVu Sans", Arial, Helvetica, sans-serif; font-size: 11px; }
footer { margin-top: 6mm; font-size: 9pt; color: #555; border-top: 0.3mm solid #999;
  padding-top: 1mm; }
"""
# The chart's geometry, in pixels: a label column, the bar, the figure after it.
_LABEL, _BAR, _FIGURE, _ROW = 190, 330, 150, 22


def _chart(tallies: Sequence[Tally], title: str) -> str:
    """A horizontal bar per card: its win rate out of 100%, with a line at 50%."""
    height = _ROW * len(tallies) + 8
    width = _LABEL + _BAR + _FIGURE
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img" aria-label="{escape(title)}">'
    ]
    for index, tally in enumerate(tallies):
        y = 4 + index * _ROW
        bar = round(_BAR * float(tally.win_rate), 1)
        figure = ngettext(
            "{rate} ({games} game)", "{rate} ({games} games)", tally.games
        ).format(rate=_percent(tally), games=people(tally.games))
        parts += [
            f'<text x="{_LABEL - 6}" y="{y + 15}" text-anchor="end">'
            f"{escape(tally.label or tally.name)}</text>",
            f'<rect x="{_LABEL}" y="{y + 3}" width="{_BAR}" height="{_ROW - 6}" '
            'fill="#e8e8e8"/>',
            f'<rect x="{_LABEL}" y="{y + 3}" width="{bar}" height="{_ROW - 6}" '
            'fill="#2f6db5"/>',
            f'<text x="{_LABEL + _BAR + 6}" y="{y + 15}">{escape(figure)}</text>',
        ]
    middle = _LABEL + _BAR / 2
    parts.append(
        f'<line x1="{middle}" y1="0" x2="{middle}" y2="{height}" stroke="#555" '
        'stroke-dasharray="3 3"/>'
    )
    parts.append("</svg>")
    return "\n".join(parts)


def _percent(tally: Tally) -> str:
    return f"{people_decimal(float(tally.win_rate) * 100, 1)}%"


def _tally_table(tallies: Sequence[Tally], heading: str) -> str:
    head = "".join(
        f'<th class="number">{escape(h)}</th>'
        for h in (_("Games"), _("Wins"), _("Draws"), _("Losses"), _("Win rate"))
    )
    rows = "".join(
        f"<tr><td>{escape(t.label or t.name)}</td>"
        + "".join(
            f'<td class="number">{value}</td>'
            for value in (
                people(t.games),
                people(t.wins),
                people(t.draws),
                people(t.losses),
                decimal_text(t.win_rate),
            )
        )
        + "</tr>"
        for t in tallies
    )
    return (
        f"<table><thead><tr><th>{escape(heading)}</th>{head}</tr></thead>"
        f"<tbody>{rows}</tbody></table>"
    )


def _units(units: Sequence[UnitUse]) -> str:
    parts = []
    faction = None
    for use in units:
        if use.faction != faction:
            if faction is not None:
                parts.append("</tbody></table>")
            faction = use.faction
            unit, rosters = _("Unit"), _("Rosters")
            parts.append(
                f"<h3>{escape(use.label or use.faction)}</h3><table><thead><tr>"
                f"<th>{escape(unit)}</th>"
                f'<th class="number">{escape(rosters)}</th></tr></thead><tbody>'
            )
        parts.append(
            f"<tr><td>{escape(use.unit)}</td>"
            f'<td class="number">{people(use.rosters)} / {people(use.of)}</td></tr>'
        )
    if faction is not None:
        parts.append("</tbody></table>")
    return "\n".join(parts)


def _section(tallies: Sequence[Tally], heading: str, column: str, empty: str) -> str:
    if not tallies:
        return f'<h2>{escape(heading)}</h2><p class="note">{escape(empty)}</p>'
    return (
        f"<h2>{escape(heading)}</h2>\n{_chart(tallies, heading)}\n"
        f"{_tally_table(tallies, column)}"
    )


def render_stats_html(stats: Stats, title: str) -> str:
    """The statistics as one page: a bar chart and a table per faction and Mission
    Card, and the units most taken per faction."""
    note = ngettext(
        "{count} event. A win rate counts a draw as half a win; a game counts once "
        "for each side.",
        "{count} events. A win rate counts a draw as half a win; a game counts once "
        "for each side.",
        stats.events,
    ).format(count=people(stats.events))
    made = _("Made by armylist {version}").format(version=__version__)
    units = _("Units most taken")
    body = [
        f"<h1>{escape(title)}</h1>",
        f'<p class="note">{escape(note)}</p>',
        _section(
            stats.factions,
            _("Factions"),
            _("Faction"),
            _("No game with a known faction."),
        ),
        _section(
            stats.missions,
            _("Mission Cards"),
            _("Mission Card"),
            _(
                "No game with a known Mission Card (a result given by `vp:` names "
                "none: give its game record with `game:`)."
            ),
        ),
        f"<h2>{escape(units)}</h2>",
        _units(stats.units),
        f"<footer>{escape(made)}</footer>",
    ]
    return (
        f'<!DOCTYPE html>\n<html lang="{escape(current())}">\n<head>\n'
        f'<meta charset="utf-8">\n<title>{escape(title)}</title>\n'
        f"<style>{STYLE}</style>\n</head>\n<body>\n"
        + "\n".join(body)
        + "\n</body>\n</html>\n"
    )

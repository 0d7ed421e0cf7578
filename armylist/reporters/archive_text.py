"""The text (Rich) rendering of the archive's statistics (with win-rate bars) and of
its ratings."""

from __future__ import annotations

from collections.abc import Sequence

from rich import box
from rich.console import Group, RenderableType
from rich.text import Text

from armylist.archive.ratings import Rating, Ratings
from armylist.archive.stats import Stats, Tally, UnitUse
from armylist.reporters.fit import FitTable
from armylist.reporters.standings import decimal_text
from armylist.reporters.text import to_text
from armylist.text.i18n import _
from armylist.text.numbers import people, people_decimal
from armylist.text.visible import visible

BAR_WIDTH = 20
# A bar's last cell in eighths, as Rich draws its own bars.
_EIGHTHS = " ▏▎▍▌▋▊▉"


def win_bar(rate: float, width: int = BAR_WIDTH) -> Text:
    """A win rate as a bar of ``width`` cells: whole blocks, then the eighths left."""
    eighths = round(max(0.0, min(rate, 1.0)) * width * 8)
    whole, part = divmod(eighths, 8)
    return Text("█" * whole + (_EIGHTHS[part] if part else ""), style="blue")


def _tallies(tallies: Sequence[Tally], title: str, column: str) -> FitTable:
    rate = _("Win rate")
    table = FitTable(
        title=Text(title, style="table.title"),
        box=box.SIMPLE_HEAD,
        title_justify="left",
        whole=(column,),
        drop=("",),
    )
    table.add_column(column)
    table.add_column("", width=BAR_WIDTH, no_wrap=True)
    for header in (_("Games"), _("W"), _("D"), _("L"), rate):
        table.add_column(header, justify="right")
    for tally in tallies:
        table.add_row(
            Text(visible(tally.label or tally.name)),
            win_bar(float(tally.win_rate)),
            people(tally.games),
            people(tally.wins),
            people(tally.draws),
            people(tally.losses),
            decimal_text(tally.win_rate),
        )
    return table


def _units(units: Sequence[UnitUse]) -> FitTable:
    faction, unit = _("Faction"), _("Unit")
    table = FitTable(
        title=Text(_("Units most taken"), style="table.title"),
        box=box.SIMPLE_HEAD,
        title_justify="left",
        whole=(faction, unit),
    )
    table.add_column(faction)
    table.add_column(unit)
    table.add_column(_("Rosters"), justify="right")
    last = None
    for use in units:
        shown = use.label or use.faction
        table.add_row(
            Text(visible(shown if use.faction != last else "")),
            Text(visible(use.unit)),
            f"{people(use.rosters)}/{people(use.of)}",
        )
        last = use.faction
    return table


def render_stats(stats: Stats, *, width: int = 100, color: bool = False) -> str:
    """Per faction and per Mission Card: a win-rate bar, games, W, D, L and the win
    rate; then the units most taken per faction."""
    parts: list[RenderableType] = []
    if stats.factions:
        parts.append(_tallies(stats.factions, _("Factions"), _("Faction")))
    else:
        parts.append(Text(_("No game with a known faction.") + "\n"))
    if stats.missions:
        parts.append(_tallies(stats.missions, _("Mission Cards"), _("Mission Card")))
    else:
        parts.append(
            Text(
                _(
                    "No game with a known Mission Card (a result given by `vp:` "
                    "names none: give its game record with `game:`)."
                )
                + "\n"
            )
        )
    if stats.units:
        parts.append(_units(stats.units))
    return to_text(Group(*parts), width=width, color=color)


def _ratings(rows: Sequence[Rating], title: str) -> FitTable:
    player, number = _("Player"), _("Id")
    table = FitTable(
        title=Text(title, style="table.title"),
        box=box.SIMPLE_HEAD,
        title_justify="left",
        whole=(player, number),
        drop=(number,),
    )
    table.add_column("#", justify="right")
    table.add_column(player)
    table.add_column(number)
    table.add_column(_("Rating"), justify="right")
    table.add_column(_("Games"), justify="right")
    for place, rating in enumerate(rows, 1):
        table.add_row(
            str(place),
            Text(visible(rating.player)),
            Text(visible(rating.id or "-")),
            people_decimal(rating.rating, 2),
            people(rating.games),
        )
    return table


def render_ratings(
    ratings: Ratings, *, by_race: bool, width: int = 100, color: bool = False
) -> str:
    """The ratings, highest first (with --by race: one table per race)."""
    if by_race:
        tables: list[RenderableType] = [
            _ratings(rows, _("Elo ratings: {race}").format(race=race.capitalize()))
            for race, rows in ratings.races.items()
        ]
        return to_text(Group(*tables), width=width, color=color)
    return to_text(
        _ratings(ratings.ratings, _("Elo ratings")), width=width, color=color
    )

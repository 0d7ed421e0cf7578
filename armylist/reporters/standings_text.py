"""The text (Rich) rendering of an event's standings and of a round's pairings."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich import box
from rich.console import Group, RenderableType
from rich.text import Text

from armylist.organiser.standings import BYE, DEFAULT_RULES, Standings
from armylist.reporters.fit import FitTable
from armylist.reporters.standings import decimal_text, place, round_words
from armylist.reporters.text import to_text
from armylist.text.i18n import N_, _
from armylist.text.visible import visible

if TYPE_CHECKING:
    # Only `event pair` loads the pairing (and networkx); `event standings` does not.
    from armylist.organiser.pairing import Pairings


def render_standings(
    standings: Standings, *, width: int = 100, color: bool = False
) -> str:
    """One row per player, best first: place (`=2` shared), MP, TP, SoS, oTP, games."""
    # Names are the organiser's text: Text() keeps them from markup.
    player_column, race, games = _("Player"), _("Race"), _("Games")
    table = FitTable(
        title=Text(
            _("{event}: standings after round {round}").format(
                event=visible(standings.event), round=standings.after_round
            ),
            style="table.title",
        ),
        box=box.SIMPLE_HEAD,
        title_justify="left",
        whole=(player_column, race),
        fold=(games,),
        drop=(race, games),
    )
    for column in ("#", player_column, race, "MP", "TP", "SoS", "oTP", games):
        table.add_column(
            column,
            justify="right" if column in ("#", "MP", "TP", "SoS", "oTP") else "left",
            overflow="fold" if column == games else "ellipsis",
        )
    for row in standings.rows:
        player = Text(visible(row.player))
        if row.dropped_after is not None:
            player.append(
                " " + _("(dropped after R{round})").format(round=row.dropped_after),
                style="dim",
            )
        table.add_row(
            place(row),
            player,
            Text(row.race or "-"),
            str(row.mp),
            str(row.tp),
            decimal_text(row.sos),
            decimal_text(row.otp),
            Text("\n".join(round_words(row, people=True)) or "-"),
        )
    parts: list[RenderableType] = [table]
    rules = standings.rules
    order = ", ".join(_TIEBREAK_NAMES[name] for name in rules.tiebreaks)
    if rules != DEFAULT_RULES:
        parts.append(
            Text(_(_SOS_SENTENCES[rules.sos]).format(order=order), style="dim")
        )
    shared = sum(1 for r in standings.rows if r.shared)
    if shared:
        parts.append(
            Text(
                _("= a shared place: equal MP, TP, SoS and oTP (no further tie-break).")
                if rules.tiebreaks == DEFAULT_RULES.tiebreaks
                else _("= a shared place: equal {order}.").format(order=order),
                style="dim",
            )
        )
    return to_text(Group(*parts), width=width, color=color)


_TIEBREAK_NAMES = {"mp": "MP", "tp": "TP", "sos": "SoS", "otp": "oTP"}
# The event's `rules: {sos:}`, said under its standings.
_SOS_SENTENCES = {
    "mean": N_(
        "Ranked by {order}; SoS and oTP: the mean of the opponents' MP and TP, byes "
        "and no-shows left out (the event's rules)."
    ),
    "sum": N_(
        "Ranked by {order}; SoS and oTP: the sum of the opponents' MP and TP, byes "
        "and no-shows left out (the event's rules)."
    ),
    "mean-with-byes": N_(
        "Ranked by {order}; SoS and oTP: the mean of the opponents' MP and TP, a bye "
        "or a no-show counting as an opponent with 0 (the event's rules)."
    ),
}


def render_pairings(
    pairings: Pairings, *, width: int = 100, color: bool = False
) -> str:
    """The round's tables, the bye, and the notes on any pairing that breaks a rule."""
    red, blue = _("Red"), _("Blue")
    # The title is a line of its own: a table of short names is narrower than a
    # translated title, which it would wrap.
    title = Text(
        _("Round {round} pairings").format(round=pairings.round), style="table.title"
    )
    table = FitTable(box=box.SIMPLE_HEAD, whole=(red, blue))
    table.add_column(_("Table"), justify="right")
    table.add_column(red, style="red")
    table.add_column(blue, style="blue")
    for pairing in pairings.pairings:
        table.add_row(
            str(pairing.table), Text(visible(pairing.red)), Text(visible(pairing.blue))
        )
    parts: list[RenderableType] = [title, table]
    if pairings.bye is not None:
        bye = Text(
            _("Bye: {player} ({mp} MP / {tp} TP)").format(
                player=visible(pairings.bye), mp=BYE[0], tp=BYE[1]
            )
        )
        bye.highlight_words([visible(pairings.bye)], "bold")
        parts.append(bye)
    for note in pairings.notes:
        parts.append(Text(f"- {visible(note)}"))
    return to_text(Group(*parts), width=width, color=color)

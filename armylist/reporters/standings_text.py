"""The text (Rich) rendering of an event's standings and of a round's pairings."""

from __future__ import annotations

from rich import box
from rich.console import Group, RenderableType
from rich.text import Text

from armylist.organiser.pairing import Pairings
from armylist.organiser.standings import BYE, Standings, decimal4
from armylist.reporters.fit import FitTable
from armylist.reporters.standings import game_word, place
from armylist.reporters.text import to_text
from armylist.visible import visible


def render_standings(
    standings: Standings, *, width: int = 100, color: bool = False
) -> str:
    """One row per player, best first: place (`=2` shared), MP, TP, SoS, oTP, games."""
    # Names are the organiser's text: Text() keeps them from markup.
    table = FitTable(
        title=Text(
            f"{visible(standings.event)}: standings after round "
            f"{standings.after_round}",
            style="table.title",
        ),
        box=box.SIMPLE_HEAD,
        title_justify="left",
        whole=("Player", "Race"),
        fold=("Games",),
        drop=("Race", "Games"),
    )
    for column in ("#", "Player", "Race", "MP", "TP", "SoS", "oTP", "Games"):
        table.add_column(
            column,
            justify="right" if column in ("#", "MP", "TP", "SoS", "oTP") else "left",
            overflow="fold" if column == "Games" else "ellipsis",
        )
    for row in standings.rows:
        player = Text(visible(row.player))
        if row.dropped_after is not None:
            player.append(f" (dropped after R{row.dropped_after})", style="dim")
        table.add_row(
            place(row),
            player,
            Text(row.race or "-"),
            str(row.mp),
            str(row.tp),
            decimal4(row.sos),
            decimal4(row.otp),
            Text("\n".join(game_word(g) for g in row.games) or "-"),
        )
    parts: list[RenderableType] = [table]
    shared = sum(1 for r in standings.rows if r.shared)
    if shared:
        parts.append(
            Text(
                "= a shared place: equal MP, TP, SoS and oTP (no further tie-break).",
                style="dim",
            )
        )
    return to_text(Group(*parts), width=width, color=color)


def render_pairings(
    pairings: Pairings, *, width: int = 100, color: bool = False
) -> str:
    """The round's tables, the bye, and the notes on any pairing that breaks a rule."""
    table = FitTable(
        title=Text(f"Round {pairings.round} pairings", style="table.title"),
        box=box.SIMPLE_HEAD,
        title_justify="left",
        whole=("Red", "Blue"),
    )
    table.add_column("Table", justify="right")
    table.add_column("Red", style="red")
    table.add_column("Blue", style="blue")
    for pairing in pairings.pairings:
        table.add_row(
            str(pairing.table), Text(visible(pairing.red)), Text(visible(pairing.blue))
        )
    parts: list[RenderableType] = [table]
    if pairings.bye is not None:
        parts.append(
            Text.assemble(
                "Bye: ",
                (visible(pairings.bye), "bold"),
                f" ({BYE[0]} MP / {BYE[1]} TP)",
            )
        )
    for note in pairings.notes:
        parts.append(Text(f"- {visible(note)}"))
    return to_text(Group(*parts), width=width, color=color)

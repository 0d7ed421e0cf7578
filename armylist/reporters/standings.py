"""An event's standings and a round's pairings as data: JSON, CSV and Markdown.

The JSON of each is a public contract (docs/organised-play.md, "Running an event"), in
the key order written here. No Rich: the text tables are in `reporters.standings_text`.
"""

from __future__ import annotations

import csv
import io
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from armylist.event.rulespack import Adjustment
from armylist.organiser.standings import (
    BYE,
    DEFAULT_RULES,
    GameLine,
    Row,
    Standings,
    decimal4,
)
from armylist.reporters.json import to_json
from armylist.text.i18n import N_, _
from armylist.text.numbers import current_separators
from armylist.text.visible import visible

if TYPE_CHECKING:
    # Only `event pair` loads the pairing (and networkx); `event standings` does not.
    from armylist.organiser.pairing import Pairings

COLUMNS = ("rank", "player", "race", "mp", "tp", "sos", "otp", "games", "dropped_after")


def fraction(value: Fraction) -> str:
    """A fraction in lowest terms as "n/d" ("0/1" for nothing)."""
    return f"{value.numerator}/{value.denominator}"


def _game(line: GameLine) -> dict[str, Any]:
    return {
        "round": line.round,
        "opponent": line.opponent,
        "result": line.result,
        "won": line.won,
        "mp": line.mp,
        "tp": line.tp,
        "vp_for": line.vp_for,
        "vp_against": line.vp_against,
    }


def row_data(row: Row) -> dict[str, Any]:
    """One row of the JSON contract (`dropped_after` only for a dropped player)."""
    data: dict[str, Any] = {
        "rank": row.rank,
        "shared": row.shared,
        "player": row.player,
        "race": row.race,
        "mp": row.mp,
        "tp": row.tp,
        "sos": fraction(row.sos),
        "otp": fraction(row.otp),
        "sos_decimal": decimal4(row.sos),
        "otp_decimal": decimal4(row.otp),
        "games": [_game(g) for g in row.games],
    }
    if row.dropped_after is not None:
        data["dropped_after"] = row.dropped_after
    if row.adjustments:
        data["adjustments"] = [
            {"round": a.round, "tp": a.tp, "reason": a.reason} for a in row.adjustments
        ]
    return data


def standings_data(standings: Standings) -> dict[str, Any]:
    """The standings as the JSON contract's data."""
    data: dict[str, Any] = {
        "event": standings.event,
        "after_round": standings.after_round,
    }
    if standings.rules != DEFAULT_RULES:
        data["rules"] = {
            "sos": standings.rules.sos,
            "tiebreaks": list(standings.rules.tiebreaks),
        }
    data["standings"] = [row_data(r) for r in standings.rows]
    return data


def place(row: Row) -> str:
    """`1`, or `=2` for a shared place."""
    return f"={row.rank}" if row.shared else str(row.rank)


# A result's word for people, where the CSV keeps the English one (`concession`); a
# result band is not written (the score says it), a fixed result is.
RESULT_WORDS = {
    "bye": N_("bye"),
    "concession": N_("concession"),
    "no-show": N_("no-show"),
    "game-loss": N_("game-loss"),
}
BANDS = ("annihilation", "decisive", "breakthrough", "stalemate")


def game_word(line: GameLine, *, people: bool = False) -> str:
    """One round in a cell: `R1 W Ben 12-4`, `R2 bye`, `R3 L Ana (concession)`;
    ``people``: in the language in use (the CSV keeps these English words)."""
    words = _ if people else str
    if line.opponent is None:
        return words(N_("R{round} bye")).format(round=line.round)
    mark = {True: N_("W"), False: N_("L"), None: N_("D")}[line.won]
    score = (
        f" {line.vp_for}-{line.vp_against}"
        if line.vp_for is not None and line.vp_against is not None
        else ""
    )
    result = RESULT_WORDS.get(line.result)
    band = (
        "" if line.result in BANDS else f" ({words(result) if result else line.result})"
    )
    return f"R{line.round} {words(mark)} {visible(line.opponent)}{score}{band}"


def adjustment_word(adjustment: Adjustment) -> str:
    """A bonus or a penalty in a cell: `R2 +1 TP (best painted army)`."""
    return f"R{adjustment.round} {adjustment.tp:+d} TP ({visible(adjustment.reason)})"


def round_words(row: Row, *, people: bool = False) -> list[str]:
    """A player's rounds in a cell, then their bonus and penalty points."""
    return [game_word(g, people=people) for g in row.games] + [
        adjustment_word(a) for a in row.adjustments
    ]


def decimal_text(value: Fraction) -> str:
    """SoS and oTP for people: four decimals, with the decimal comma in Spanish."""
    return decimal4(value).replace(".", current_separators().decimal)


def _cells(row: Row, *, people: bool = False) -> dict[str, str]:
    decimal = decimal_text if people else decimal4
    return {
        "rank": place(row),
        "player": visible(row.player),
        "race": row.race or "",
        "mp": str(row.mp),
        "tp": str(row.tp),
        "sos": decimal(row.sos),
        "otp": decimal(row.otp),
        "games": "; ".join(round_words(row, people=people)),
        "dropped_after": "" if row.dropped_after is None else str(row.dropped_after),
    }


def render_json(standings: Standings) -> str:
    """The JSON contract, in its own key order."""
    return to_json(standings_data(standings), sort_keys=False)


def render_csv(standings: Standings) -> str:
    """One row per player; a shared place is `=2`."""
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=COLUMNS, lineterminator="\n")
    writer.writeheader()
    for row in standings.rows:
        writer.writerow(_cells(row))
    return buffer.getvalue()


def _md(text: str) -> str:
    """A Markdown table cell: a `|` or a line break would end it."""
    return text.replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ")


def render_markdown(standings: Standings) -> str:
    """A Markdown table, for publishing."""
    head = (
        "#",
        _("Player"),
        _("Race"),
        "MP",
        "TP",
        "SoS",
        "oTP",
        _("Games"),
        _("Dropped after"),
    )
    lines = [
        _("**{event}**: standings after round {round}").format(
            event=_md(visible(standings.event)), round=standings.after_round
        ),
        "",
        "| " + " | ".join(head) + " |",
        "|---|---|---|--:|--:|--:|--:|---|--:|",
    ]
    for row in standings.rows:
        cells = _cells(row, people=True).values()
        lines.append("| " + " | ".join(_md(c) for c in cells) + " |")
    return "\n".join(lines) + "\n"


def pairings_data(pairings: Pairings) -> dict[str, Any]:
    """A round's pairings as the JSON contract's data."""
    return {
        "round": pairings.round,
        "pairings": [
            {"table": p.table, "red": p.red, "blue": p.blue} for p in pairings.pairings
        ],
        "bye": pairings.bye,
        "notes": list(pairings.notes),
    }


def render_pairings_json(pairings: Pairings) -> str:
    """The pairings' JSON contract, in its own key order."""
    return to_json(pairings_data(pairings), sort_keys=False)


PAIRING_COLUMNS = ("round", "table", "red", "blue")


def render_pairings_csv(pairings: Pairings) -> str:
    """One row per table; the bye is a row whose table is `bye` (red: the player)."""
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=PAIRING_COLUMNS, lineterminator="\n")
    writer.writeheader()
    for pairing in pairings.pairings:
        writer.writerow(
            {
                "round": pairings.round,
                "table": pairing.table,
                "red": visible(pairing.red),
                "blue": visible(pairing.blue),
            }
        )
    if pairings.bye is not None:
        writer.writerow(
            {"round": pairings.round, "table": "bye", "red": visible(pairings.bye)}
        )
    return buffer.getvalue()


def render_pairings_markdown(pairings: Pairings) -> str:
    """A Markdown table of the round's tables, then the bye and the notes."""
    lines = [
        "**" + _("Round {round} pairings").format(round=pairings.round) + "**",
        "",
        "| " + " | ".join((_("Table"), _("Red"), _("Blue"))) + " |",
        "|--:|---|---|",
    ]
    for pairing in pairings.pairings:
        cells = (str(pairing.table), visible(pairing.red), visible(pairing.blue))
        lines.append("| " + " | ".join(_md(c) for c in cells) + " |")
    if pairings.bye is not None:
        bye = _("Bye: {player} ({mp} MP / {tp} TP)").format(
            player=_md(visible(pairings.bye)), mp=BYE[0], tp=BYE[1]
        )
        lines += ["", bye]
    if pairings.notes:
        lines += ["", *(f"- {_md(visible(note))}" for note in pairings.notes)]
    return "\n".join(lines) + "\n"

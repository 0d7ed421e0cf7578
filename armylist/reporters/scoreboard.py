"""The scoreboard of a game (`armylist game score`, `game play`): text (Rich) and JSON.

One row per round: who controls each Mission Marker after the Scoring Phase, the VP
each player gained and why, the running total and who holds the First Player Marker
next round; then the notes the players should know and the result. The JSON is the
scored game's public contract, exactly (docs/game-day.md, "Scoring a game").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import assert_never

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from armylist.reporters import Terminal, ViewFormat
from armylist.reporters.fit import FitTable
from armylist.reporters.json import to_json
from armylist.reporters.text import to_text
from armylist.scoring.play import colour_name, labelled
from armylist.scoring.record import SIDES, Side, opponent
from armylist.scoring.scored import GameScore, RoundScore
from armylist.text.i18n import N_, _, ngettext

_STYLE: dict[Side, str] = {"red": "bold red", "blue": "bold blue"}


@dataclass(frozen=True)
class Scoreboard:
    """A scored game and what the table shows beside it.

    ``names``: the players' names (None: the side only). ``show_pool``: the Supply Pool
    of each round, shown when both lists are given. ``in_progress``: a round whose
    answers are partly saved (`game play` stopped in the middle of it).
    """

    scored: GameScore
    red: str | None = None
    blue: str | None = None
    show_pool: bool = False
    in_progress: int | None = None

    def label(self, side: Side) -> str:
        """`Red (Alice)`, or `Red` for a player without a name."""
        return labelled(side, self.red if side == "red" else self.blue)


def _control(row: RoundScore, marker: str) -> Text:
    holder = row.control[marker]
    if holder is not None:
        return Text(colour_name(holder), style=_STYLE[holder])
    if int(marker) in row.removed:
        return Text(_("off"), style="dim")
    return Text("-", style="dim")


def _next_cell(row: RoundScore, ended_after_round: int | None) -> Text:
    if row.first_player_next is not None:
        side = row.first_player_next
        return Text(colour_name(side), style=_STYLE[side])
    if ended_after_round == row.round:
        return Text(_("game over"), style="dim")
    return Text(_("roll-off"), style="yellow")


def _round_table(title: str) -> Table:
    # The scoreboard's tables look alike: a titled table whose rows are rounds.
    table = FitTable(
        box=box.SIMPLE_HEAD, title=title, title_justify="left", pad_edge=False
    )
    table.add_column(_("Round"), justify="right", no_wrap=True)
    return table


# Below this width five markers, the Supply Pool and the rest fit only without padding.
_COMPACT_BELOW = 80


def _table(board: Scoreboard, rows: Sequence[RoundScore], width: int) -> Table:
    table = _round_table(
        _("Score: the markers each player holds after the Scoring Phase")
    )
    if width < _COMPACT_BELOW:
        table.padding = (0, 0)
        table.collapse_padding = True
    if board.show_pool:
        table.add_column(
            _("Supply Pool"), justify="right", min_width=4, overflow="fold"
        )
    markers = sorted(board.scored.rounds[0].control, key=int)
    for marker in markers:
        table.add_column(marker, justify="center", no_wrap=True)
    table.add_column(_("VP"), justify="right", no_wrap=True)
    table.add_column(_("Total"), justify="right", no_wrap=True)
    table.add_column(_("Next First Player"), min_width=8, overflow="fold")
    for row in rows:
        cells = [Text(str(row.round))]
        if board.show_pool:
            pool = "∞" if row.supply_pool is None else str(row.supply_pool)
            cells.append(Text(pool))
        cells += [_control(row, marker) for marker in markers]
        cells.append(Text(f"+{row.vp.red} +{row.vp.blue}"))
        cells.append(Text(f"{row.total.red}-{row.total.blue}"))
        cells.append(_next_cell(row, board.scored.result.ended_after_round))
        table.add_row(*cells)
    return table


def _legend(board: Scoreboard, rows: Sequence[RoundScore]) -> Text:
    markers = sorted(board.scored.rounds[0].control, key=int)
    legend = [
        _(
            "{markers}: the Mission Markers (-: nobody holds it); VP and Total: "
            "Red's first"
        ).format(markers=", ".join(markers))
    ]
    if board.show_pool and any(row.supply_pool is None for row in rows):
        legend.append(_("∞: unlimited"))
    if any(row.removed for row in rows):
        legend.append(_("off: a Supply Drop marker scored and taken off the table"))
    return Text("; ".join(legend), style="dim")


def _why(board: Scoreboard, rows: Sequence[RoundScore]) -> Table:
    table = _round_table(_("VP gained and why"))
    # A long name wraps (folded if one word is too long) rather than squeezing out the
    # Why column or being cut with an ellipsis.
    table.add_column(_("Player"), min_width=6, overflow="fold")
    table.add_column(_("VP"), justify="right", no_wrap=True)
    table.add_column(_("Why"), ratio=1, min_width=20)
    for row in rows:
        first_of_round = True
        for side in SIDES:
            for i, line in enumerate(row.why[side]):
                # The core writes each reason as "N VP: what".
                points, _sep, reason = line.partition(" VP: ")
                table.add_row(
                    str(row.round) if first_of_round else "",
                    Text(board.label(side), style=_STYLE[side]) if i == 0 else "",
                    f"+{points}",
                    reason,
                    end_section=False,
                )
                first_of_round = False
        if first_of_round:
            table.add_row(str(row.round), "", "", Text(_("no VP"), style="dim"))
    return table


def _result(board: Scoreboard) -> Text:
    result = board.scored.result
    if result.ended_after_round is None:
        return Text.assemble(
            (_("Score so far: "), "bold"),
            _("Red {red}, Blue {blue} ({reason})").format(
                red=result.vp.red, blue=result.vp.blue, reason=result.reason
            ),
        )
    if result.winner is None:
        return Text.assemble((_("Result: "), "bold"), result.reason)
    high, low = result.vp.of(result.winner), result.vp.of(opponent(result.winner))
    wins = _("{winner} wins {high}-{low}").format(
        winner=board.label(result.winner), high=high, low=low
    )
    return Text.assemble(
        (_("Result: "), "bold"),
        (wins, _STYLE[result.winner]),
        _(" after round {round}: {reason}").format(
            round=result.ended_after_round, reason=result.reason
        ),
    )


_BAND_NAMES = {
    "annihilation": N_("Annihilation"),
    "decisive": N_("Decisive Victory"),
    "breakthrough": N_("Breakthrough"),
    "stalemate": N_("Stalemate"),
}


def _points(board: Scoreboard) -> list[RenderableType]:
    """The finished game's result band and each player's points (§6 of the guide)."""
    result = board.scored.result
    if result.band is None or result.mp is None or result.tp is None:
        return []
    apart = abs(result.vp.red - result.vp.blue)
    mp, tp = result.mp, result.tp
    return [
        Text.assemble(
            (_("Tournament result: "), "bold"),
            _(
                "{band} ({apart} VP apart); an event would score {red} {red_points}, "
                "{blue} {blue_points}"
            ).format(
                band=_(_BAND_NAMES[result.band]),
                apart=apart,
                red=board.label("red"),
                red_points=_event_points(mp.red, tp.red),
                blue=board.label("blue"),
                blue_points=_event_points(mp.blue, tp.blue),
            ),
        )
    ]


def _event_points(match: int, tournament: int) -> str:
    """'3 Match Points and 4 Tournament Points': a player's points in an event's
    standings, in words (the guide's MP and TP)."""
    return _("{match_points} and {tournament_points}").format(
        match_points=ngettext(
            "{count} Match Point", "{count} Match Points", match
        ).format(count=match),
        tournament_points=ngettext(
            "{count} Tournament Point", "{count} Tournament Points", tournament
        ).format(count=tournament),
    )


def _notes(rows: Sequence[RoundScore]) -> list[RenderableType]:
    return [
        Text.assemble(
            (_("note "), "yellow"),
            _("round {round}: {note}").format(round=row.round, note=note),
        )
        for row in rows
        for note in row.notes
    ]


def _heading(board: Scoreboard) -> Text:
    scored = board.scored
    # The sentence is translated whole; its parts keep their styles.
    sentence = _("{mission} ({scale}): {red} against {blue}")
    parts = {
        "mission": (scored.mission, "bold"),
        "scale": (scored.scale.replace("-", " ").title(), ""),
        "red": (board.label("red"), _STYLE["red"]),
        "blue": (board.label("blue"), _STYLE["blue"]),
    }
    return _styled(sentence, parts)


def _styled(sentence: str, parts: dict[str, tuple[str, str]]) -> Text:
    """``sentence`` with each `{name}` replaced by its styled text."""
    text = Text()
    for piece in re.split(r"(\{[a-z_]+\})", sentence):
        name = piece[1:-1]
        if piece.startswith("{") and name in parts:
            text.append(*parts[name])
        else:
            text.append(piece)
    return text


def _rounds(
    board: Scoreboard, rows: Sequence[RoundScore], width: int
) -> list[RenderableType]:
    return [
        _table(board, rows, width),
        _legend(board, rows),
        Text(""),
        _why(board, rows),
        *_notes(rows),
    ]


def render_scoreboard(board: Scoreboard, width: int = 100) -> RenderableType:
    """The whole game: heading, one row per round, notes, the round in progress and
    the result, for a terminal ``width`` wide."""
    parts: list[RenderableType] = [_heading(board)]
    rows = board.scored.rounds
    parts += _rounds(board, rows, width) if rows else [Text(_("No round scored yet."))]
    if board.in_progress is not None:
        parts.append(
            Text(
                _(
                    "Round {round} is in progress: its answers so far are saved, not "
                    "scored (`armylist game play` resumes it)."
                ).format(round=board.in_progress)
            )
        )
    parts.append(_result(board))
    parts += _points(board)
    return Group(*parts)


def render_round(board: Scoreboard, number: int, terminal: Terminal) -> str:
    """One round's row, its VP and why, its notes and where the game stands, as text
    (`game play` shows it after each round)."""
    rows = [row for row in board.scored.rounds if row.round == number]
    view = Group(*_rounds(board, rows, terminal.width), _result(board), *_points(board))
    return _trimmed(to_text(view, width=terminal.width, color=terminal.color))


def render_result(board: Scoreboard, terminal: Terminal) -> str:
    """Where the game stands, as text: the score so far or the result (`game play`
    shows it on resume)."""
    view = Group(_result(board), *_points(board))
    return _trimmed(to_text(view, width=terminal.width, color=terminal.color))


def render_text(board: Scoreboard, *, width: int = 100, color: bool = False) -> str:
    """The scoreboard as text."""
    return _trimmed(to_text(render_scoreboard(board, width), width=width, color=color))


def _trimmed(text: str) -> str:
    # Rich pads table lines to the table's width: noise in a file, a diff or a pipe.
    return "".join(f"{line.rstrip()}\n" for line in text.splitlines())


def render_json(scored: GameScore) -> str:
    """The scored game as its JSON contract (docs/game-day.md, "Scoring a game")."""
    return to_json(scored.model_dump(mode="json"))


def render(board: Scoreboard, chosen: ViewFormat, terminal: Terminal) -> str:
    """A scored game in the chosen format."""
    match chosen:
        case ViewFormat.TEXT:
            return render_text(board, width=terminal.width, color=terminal.color)
        case ViewFormat.JSON:
            return render_json(board.scored)
        case _:
            assert_never(chosen)

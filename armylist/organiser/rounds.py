"""A round's state: its tables as the event file lists them, whether its pairings are
published, and which tables still lack a result.

`event pair --write` appends a round as a draft; `event publish --round N` adds N to the
event file's `published:`. A round whose every table has a result counts as published
(an event file written before `published:` existed). `event pair` of the next round and
`event standings` refuse while a round is a draft or has a table without a result.
"""

from __future__ import annotations

from dataclasses import dataclass

from armylist.event.model import Event
from armylist.event.play import ResultEntry
from armylist.text.i18n import _, ngettext


@dataclass(frozen=True)
class Table:
    """One table of a round, numbered as the event file lists the round's games."""

    number: int
    entry: ResultEntry


def tables(event: Event, round_number: int) -> tuple[Table, ...]:
    """The round's games in file order: table 1 first, as `event pair` wrote them."""
    games = [e for e in event.results if e.round == round_number and e.bye is None]
    return tuple(Table(number, entry) for number, entry in enumerate(games, start=1))


def rounds_of(event: Event) -> list[int]:
    """Every round the event file has an entry for, in order."""
    return sorted({e.round for e in event.results})


def published(event: Event, round_number: int) -> bool:
    """Published: in `published:`, or every table of the round has its result."""
    if round_number in event.published:
        return True
    entries = [e for e in event.results if e.round == round_number]
    return bool(entries) and not any(e.pending for e in entries)


def waiting(event: Event, through: int | None = None) -> list[str]:
    """Why the rounds up to ``through`` (every round when None) are not done yet: a
    line for each draft round and each round with tables still to fill in."""
    problems = []
    for number in rounds_of(event):
        if through is not None and number > through:
            break
        if not published(event, number):
            problems.append(
                _(
                    "round {round} is a draft: publish its pairings with `armylist "
                    "event publish EVENT.yaml --round {round}` once they are checked"
                ).format(round=number)
            )
        open_tables = [t for t in tables(event, number) if t.entry.pending]
        if open_tables:
            listed = ", ".join(
                _("{table} ({red} v {blue}, line {line})").format(
                    table=t.number,
                    red=t.entry.red,
                    blue=t.entry.blue,
                    line=t.entry.line,
                )
                for t in open_tables
            )
            problems.append(
                ngettext(
                    "round {round}: table {tables} has no result yet: enter it (vp, "
                    "game, conceded or no_show)",
                    "round {round}: tables {tables} have no result yet: enter them "
                    "(vp, game, conceded or no_show)",
                    len(open_tables),
                ).format(round=number, tables=listed)
            )
    return problems

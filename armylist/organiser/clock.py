"""`event clock`'s state: a round's time, the minutes a judge adds to a table, and
the next round's start (the Organised Play guide, §9: 150 minutes, the draft included;
no new Battle Round in the last 15).

The state is a frozen value and every question takes the time as an argument, so a
test asks it at any moment without waiting; the full-screen clock is `tui.clock`.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field, replace
from pathlib import Path

from armylist.event.reader import EventError, load_event
from armylist.gamedata.catalog import Catalog
from armylist.organiser.slips import SlipError, round_tables

ROUND_MINUTES = 150  # the guide's round, the draft included
LAST_CALL_MINUTES = 15  # no new Battle Round in the last 15 minutes
BREAK_MINUTES = 15  # between the last table's end and the next round's start
MAX_EXTENSION = 60  # a table's extension, in minutes: a judge's minutes, not hours
MAX_ROUND_MINUTES = 24 * 60  # a round of a day at most: a longer one is a typo


class ClockError(Exception):
    """The round cannot be timed: the message says why and what to do."""


@dataclass(frozen=True)
class ClockTable:
    """A table of the round: its number and its players."""

    table: int
    red: str
    blue: str


@dataclass(frozen=True)
class RoundClock:
    """A round's clock: when it started, how long it lasts, each table's extension."""

    event: str
    round: int
    start: dt.datetime
    minutes: int = ROUND_MINUTES
    tables: tuple[ClockTable, ...] = ()
    extensions: dict[int, int] = field(default_factory=dict)  # table -> minutes
    break_minutes: int = BREAK_MINUTES

    @property
    def end(self) -> dt.datetime:
        """When the round's time is up (without extensions)."""
        return self.start + dt.timedelta(minutes=self.minutes)

    def remaining(self, now: dt.datetime) -> dt.timedelta:
        """The round's time left: all of it before the start, never below zero."""
        whole = dt.timedelta(minutes=self.minutes)
        return max(min(self.end - now, whole), dt.timedelta(0))

    def table_end(self, table: int) -> dt.datetime:
        """When a table's time is up: the round's end and its extension."""
        return self.end + dt.timedelta(minutes=self.extensions.get(table, 0))

    def last_call(self, now: dt.datetime) -> bool:
        """In the last minutes of the round: no new Battle Round starts."""
        left = self.remaining(now)
        return dt.timedelta(0) < left <= dt.timedelta(minutes=LAST_CALL_MINUTES)

    @property
    def next_start(self) -> dt.datetime:
        """The next round's start: the last table's end, then the break."""
        last = max((self.table_end(t.table) for t in self.tables), default=self.end)
        return last + dt.timedelta(minutes=self.break_minutes)

    def extend(self, table: int, minutes: int = 1) -> RoundClock:
        """The clock with minutes added to (or, negative, taken from) a table's
        extension, kept between 0 and MAX_EXTENSION."""
        if all(t.table != table for t in self.tables):
            return self
        extended = dict(self.extensions)
        added = extended.get(table, 0) + minutes
        extended[table] = min(max(added, 0), MAX_EXTENSION)
        if not extended[table]:
            del extended[table]
        return replace(self, extensions=extended)


@dataclass(frozen=True)
class ClockRequest:
    """What `event clock` was asked: the event, the round, its length and start."""

    file: Path
    round: int
    minutes: int = ROUND_MINUTES
    start: dt.time | None = None


def read_clock(request: ClockRequest, catalog: Catalog, now: dt.datetime) -> RoundClock:
    """The event file read, and the clock of its round, started at ``request.start``
    today (else ``now``); raises ClockError for an event file that cannot be used or
    a round with no table."""
    try:
        event = load_event(request.file, catalog)
        entries = round_tables(request.file, event, request.round)
    except (EventError, SlipError) as error:
        raise ClockError(str(error)) from None
    tables = tuple(
        ClockTable(number, e.red or "", e.blue or "")
        for number, e in enumerate(entries, start=1)
    )
    return RoundClock(
        event.name or request.file.stem,
        request.round,
        start_at(now, request.start),
        request.minutes,
        tables,
    )


def start_at(now: dt.datetime, clock_time: dt.time | None) -> dt.datetime:
    """The round's start: today at the time given (a time still to come is taken
    as given: the clock shows the whole round until then), else now."""
    if clock_time is None:
        return now
    return now.replace(
        hour=clock_time.hour, minute=clock_time.minute, second=0, microsecond=0
    )

"""The round clock on screen (Textual's pilot): the keys that extend a table, and a
snapshot at 80x24, with the time given (no ticking)."""

from __future__ import annotations

import asyncio
import datetime as dt
from typing import Any

import pytest

from armylist.organiser.clock import ClockTable, RoundClock
from armylist.text import i18n
from armylist.tui.clock import ClockApp, clock_text

START = dt.datetime(2026, 5, 9, 10, 0)
TABLES = (
    ClockTable(1, "Ana", "Ben"),
    ClockTable(2, "Cara", "Dan"),
    ClockTable(3, "Eve", "Fay"),
)


def app_at(minutes: float) -> ClockApp:
    clock = RoundClock("Spring Cup", 2, START, 150, TABLES)
    moment = START + dt.timedelta(minutes=minutes)
    return ClockApp(clock, lambda: moment, ticking=False)


def test_the_digits_read_hours_minutes_seconds() -> None:
    assert clock_text(dt.timedelta(minutes=150)) == "2:30:00"
    assert clock_text(dt.timedelta(seconds=59)) == "0:00:59"


def test_plus_and_minus_extend_the_table_under_the_cursor() -> None:
    app = app_at(40)

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("down", "plus", "plus", "plus", "minus")
            assert app.clock.extensions == {2: 2}
            await pilot.press("down", "equals_sign")
            assert app.clock.extensions == {2: 2, 3: 1}
            assert app.clock.next_start == START + dt.timedelta(minutes=167)
            when = str(app.query_one("#when").render())
            assert "the next round starts at 12:47" in when
            await pilot.press("q")

    asyncio.run(run())
    assert app.return_code == 0


def test_the_last_minutes_and_the_end_are_said() -> None:
    async def said(minutes: float, words: str, kind: str) -> None:
        app = app_at(minutes)
        async with app.run_test(size=(80, 24)):
            assert words in str(app.query_one("#when").render())
            assert app.query_one("#time").has_class(kind)

    asyncio.run(said(140, "Last minutes: no new Battle Round.", "last-call"))
    asyncio.run(said(151, "Time: finish the Battle Round being played.", "over"))


@pytest.mark.parametrize("size", [(80, 24), (200, 60)], ids=["80x24", "200x60"])
def test_the_clock_looks_as_it_did(snap_compare: Any, size: tuple[int, int]) -> None:
    app = app_at(100.5)

    async def extend(pilot: Any) -> None:
        await pilot.press("down", "plus", "plus")

    assert snap_compare(app, terminal_size=size, run_before=extend)


def test_the_clock_looks_as_it_did_in_spanish(snap_compare: Any) -> None:
    i18n.use("es")
    assert snap_compare(app_at(140), terminal_size=(80, 24))

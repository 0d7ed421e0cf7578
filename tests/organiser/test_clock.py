"""`event clock`'s state: the round's time, a table's extension, the next start, at
times a test chooses (no waiting)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from typer.testing import CliRunner

from armylist.cli import app
from armylist.gamedata.catalog import Catalog
from armylist.organiser.clock import (
    MAX_EXTENSION,
    ClockError,
    ClockRequest,
    ClockTable,
    RoundClock,
    read_clock,
    start_at,
)

runner = CliRunner()
START = dt.datetime(2026, 5, 9, 10, 0)
TABLES = (ClockTable(1, "Ana", "Ben"), ClockTable(2, "Cara", "Dan"))
EVENT = """name: Spring Cup
players: [{name: Ana}, {name: Ben}, {name: Cara}, {name: Dan}]
results:
  - {round: 1, red: Ana, blue: Ben, vp: [9, 3]}
  - {round: 1, red: Cara, blue: Dan, vp: [4, 4]}
  - {round: 2, red: Ana, blue: Cara}
  - {round: 2, red: Ben, blue: Dan}
"""


def at(minutes: float) -> dt.datetime:
    return START + dt.timedelta(minutes=minutes)


def test_the_round_counts_down_from_its_start() -> None:
    clock = RoundClock("Cup", 2, START, 150, TABLES)
    assert clock.end == at(150)
    assert clock.remaining(at(-30)) == dt.timedelta(minutes=150)  # not started yet
    assert clock.remaining(at(0)) == dt.timedelta(minutes=150)
    assert clock.remaining(at(100.5)) == dt.timedelta(minutes=49, seconds=30)
    assert clock.remaining(at(200)) == dt.timedelta(0)


def test_the_last_fifteen_minutes_start_no_battle_round() -> None:
    clock = RoundClock("Cup", 2, START, 150, TABLES)
    assert not clock.last_call(at(134.9))
    assert clock.last_call(at(135))
    assert clock.last_call(at(149.9))
    assert not clock.last_call(at(150))  # time is up: another message


def test_a_tables_extension_moves_its_end_and_the_next_start() -> None:
    clock = RoundClock("Cup", 2, START, 150, TABLES)
    assert clock.next_start == at(165)  # the round's end, then 15 minutes
    longer = clock.extend(2).extend(2).extend(2)
    assert longer.extensions == {2: 3}
    assert longer.table_end(2) == at(153) and longer.table_end(1) == at(150)
    assert longer.next_start == at(168)
    # the round's own time is the same for every table
    assert longer.remaining(at(100)) == clock.remaining(at(100))
    assert longer.extend(2, -5).extensions == {}  # never below nothing
    assert clock.extend(9) is clock  # no such table
    most = clock
    for _ in range(MAX_EXTENSION + 5):
        most = most.extend(1)
    assert most.extensions == {1: MAX_EXTENSION}
    assert clock.extensions == {}  # a frozen value: extend made a new clock


def test_a_start_time_is_today_at_that_time() -> None:
    now = dt.datetime(2026, 5, 9, 14, 42, 17)
    assert start_at(now, None) == now
    assert start_at(now, dt.time(14, 30)) == dt.datetime(2026, 5, 9, 14, 30)


def test_the_clock_times_the_rounds_tables(tmp_path: Path, catalog: Catalog) -> None:
    event = tmp_path / "event.yaml"
    event.write_text(EVENT, encoding="utf-8")
    clock = read_clock(ClockRequest(event, 2, 120, dt.time(10, 0)), catalog, at(5))
    assert clock.event == "Spring Cup" and clock.start == START
    assert clock.tables == (ClockTable(1, "Ana", "Cara"), ClockTable(2, "Ben", "Dan"))
    with pytest.raises(ClockError, match="round 3 has no pairings"):
        read_clock(ClockRequest(event, 3), catalog, START)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--round", "3"], "round 3 has no pairings in the event file"),
        (
            ["--round", "2", "--start", "25:00"],
            "--start 25:00: write the time as HH:MM",
        ),
        (["--round", "2", "--minutes", "0"], "--minutes"),
        # CliRunner is no terminal: the clock says where it runs
        (["--round", "2"], "the round clock is full-screen: run it in a terminal"),
    ],
)
def test_the_command_refuses_what_it_cannot_time(
    tmp_path: Path, args: list[str], message: str
) -> None:
    event = tmp_path / "event.yaml"
    event.write_text(EVENT, encoding="utf-8")
    result = runner.invoke(app, ["event", "clock", str(event), *args])
    assert result.exit_code == 2
    assert message in result.stderr
    assert result.stdout == ""

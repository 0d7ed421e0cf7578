"""The archive's speed target: `armylist archive stats` and `armylist archive ratings`
over a synthetic archive of 500 events, 20,000 players and 100,000 games answer in
under 2 s each (wall time, start-up included) on this machine.

Run after the README's install command:  python tests/benchmarks/archive.py

The archive is made through the archive's own schema (`armylist.archive.store`), then
filled in bulk: each event (a date in 2020-2026) has 134 players drawn from the 20,000,
each with one roster of a real Faction Card (five units, two Mission Cards), and 200
games over three rounds (about one in three with its Mission Card); every outcome a
band's (a win, a loss, a draw). Each command runs three times; the figure is the
median, with its CPU time (user + system of the child) beside it.
"""

from __future__ import annotations

import datetime as dt
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from armylist.archive.store import writing
from armylist.gamedata.loading import load_catalog

BIN = Path(sys.executable).parent
ARMYLIST = shutil.which("armylist", path=str(BIN)) or "armylist"
TARGET_SECONDS = 2.0
EVENTS, PLAYERS, GAMES = 500, 20_000, 100_000
PER_EVENT = 134  # players at an event: 67 tables a round, 200 games in 3 rounds


def make_archive(path: Path, seed: int = 33) -> None:
    """The synthetic archive at ``path``."""
    chance = random.Random(seed)
    catalog = load_catalog()
    factions = [(f.id, f.race.value.casefold()) for f in catalog.factions.all]
    units = {
        f.id: [u.name for u in catalog.units_for(f)] or ["Unit"]
        for f in catalog.factions.all
    }
    missions = [m.id for m in catalog.missions if m.scale == "standard"]
    start = dt.date(2020, 1, 1)
    games_per_event = GAMES // EVENTS
    with writing(path) as connection:
        connection.executemany(
            "INSERT INTO players (id, player_key, name, stable_id) VALUES (?, ?, ?, ?)",
            [(p, f"id:p{p}", f"Player {p}", f"p{p}") for p in range(1, PLAYERS + 1)],
        )
        for event in range(1, EVENTS + 1):
            date = start + dt.timedelta(days=chance.randrange(7 * 365))
            connection.execute(
                "INSERT INTO events (id, name, event_date, scale) VALUES (?, ?, ?, ?)",
                (event, f"Event {event}", date.isoformat(), "standard"),
            )
            entrants = chance.sample(range(1, PLAYERS + 1), PER_EVENT)
            for player in entrants:
                faction, race = chance.choice(factions)
                roster = f"p{player}.yaml"
                connection.execute(
                    "INSERT INTO entrants VALUES (?, ?, ?, ?, ?)",
                    (event, player, f"Player {player}", race, faction),
                )
                connection.execute(
                    "INSERT INTO rosters VALUES (?, ?, ?, ?, ?, ?)",
                    (event, player, roster, "0000-0000-0000-0000", faction, race),
                )
                connection.executemany(
                    "INSERT INTO roster_units VALUES (?, ?, ?, ?, ?)",
                    [
                        (event, player, roster, unit, 1)
                        for unit in chance.sample(
                            units[faction], min(5, len(units[faction]))
                        )
                    ],
                )
                connection.executemany(
                    "INSERT INTO roster_missions VALUES (?, ?, ?, ?)",
                    [(event, player, roster, m) for m in chance.sample(missions, 2)],
                )
            rows = []
            for index in range(games_per_event):
                round_number, table = divmod(index, PER_EVENT // 2)
                red, blue = chance.sample(entrants, 2)
                score = chance.choice((1.0, 0.0, 0.5, 1.0, 0.0))
                mission = chance.choice(missions) if chance.random() < 0.33 else None
                rows.append(
                    (event, round_number + 1, table + 1, red, blue, 10, 5, "decisive",
                     score, mission)
                )  # fmt: skip
            connection.executemany(
                "INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows
            )


def timed(argv: list[str]) -> tuple[float, float]:
    """Wall seconds and CPU seconds (the child's user + system) of one run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    began = time.perf_counter()
    subprocess.run(
        argv, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    wall = time.perf_counter() - began
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def main() -> int:
    """Make the archive, time both commands, print the figures; 1 when a target is
    missed."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "archive.sqlite"
        began = time.perf_counter()
        make_archive(path)
        made = time.perf_counter() - began
        size = path.stat().st_size / 1_000_000
        load = os.getloadavg()[0]
        print(
            f"archive benchmark: {EVENTS:,} events, {PLAYERS:,} players, {GAMES:,} "
            f"games ({size:.0f} MB, made in {made:.1f} s); load average {load:.2f}"
        )
        missed = 0
        for name, argv in (
            ("archive stats --format json", ["stats", "--format", "json"]),
            ("archive stats (text, with units)", ["stats"]),
            ("archive ratings --format json", ["ratings", "--format", "json"]),
            (
                "archive ratings --by race",
                ["ratings", "--by", "race", "--format", "json"],
            ),
        ):
            command = [ARMYLIST, "archive", *argv, "--archive", str(path)]
            runs = [timed(command) for _ in range(3)]
            wall = statistics.median(r[0] for r in runs)
            cpu = statistics.median(r[1] for r in runs)
            verdict = "met" if wall < TARGET_SECONDS else "MISSED"
            missed += verdict != "met"
            print(
                f"{name:<34} {wall:6.2f} s wall ({cpu:.2f} s CPU)   "
                f"< {TARGET_SECONDS:.0f} s   {verdict}"
            )
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())

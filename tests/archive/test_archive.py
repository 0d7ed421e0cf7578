"""The archive over a small hand-worked season (tests/archive/season.py): what `archive
add` keeps, the win rates of `archive stats` and every player's Elo of `archive
ratings`, each worked by hand in the comments above its test."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from archive.season import write_season
from armylist.archive import store
from armylist.cli import app

runner = CliRunner()


def run(*args: str, code: int = 0) -> Any:
    result = runner.invoke(app, list(args))
    assert result.exit_code == code, result.output
    return result


@pytest.fixture
def season(tmp_path: Path) -> Path:
    """The three events archived, the first-played one last; the archive's path."""
    events = write_season(tmp_path)
    archive = tmp_path / "season.sqlite"
    for name in ("autumn.yaml", "winter.yaml", "summer.yaml"):
        run("archive", "add", str(events[name]), "--archive", str(archive))
    return archive


def stats(archive: Path, *args: str) -> Any:
    result = run(
        "archive", "stats", "--archive", str(archive), "--format", "json", *args
    )
    return json.loads(result.stdout)


def tally(
    name: str,
    games: int,
    wins: int,
    draws: int,
    losses: int,
    rate: float,
    key: str = "faction",
) -> dict[str, Any]:
    return {
        key: name,
        "games": games,
        "wins": wins,
        "draws": draws,
        "losses": losses,
        "win_rate": rate,
    }


# Every played game, a side for each player (byes and the no-show are no game):
#   G1 Summer R1  Ben (khalai) W       Eve (khalai) L
#   G2 Autumn R1  Ana (raiders) W      Ben (zerg-swarm) L
#   G3 Autumn R1  Cara (daelaam) W     Dan (raiders) L        Hold Position
#   G4 Autumn R2  Ana (raiders) D      Cara (daelaam) D
#   G5 Autumn R2  Ben (zerg-swarm) W   Dan (raiders) L        (Dan conceded)
#   G6 Winter R1  Ana (raiders) L      Eve (khalai) W
#   G7 Winter R2  Eve (khalai) D       Ben (zerg-swarm) D
#   G8 Winter R2  Ana (raiders) L      Dann (zerg-swarm) W    (Ana's Game Loss)
# daelaam:   G3 W, G4 D                 2 games 1-1-0: (1 + 1/2) / 2 = 0.75
# khalai:    G1 W, G1 L, G6 W, G7 D     4 games 2-1-1: (2 + 1/2) / 4 = 0.625
# zerg:      G2 L, G5 W, G7 D, G8 W     4 games 2-1-1: 0.625 (after khalai by name)
# raiders:   G2 W, G3 L, G4 D, G5 L, G6 L, G8 L   6 games 1-1-4: 1.5 / 6 = 0.25
# Hold Position: G3 only; Cara brought it (daelaam.yaml), Dan did not (raiders.yaml):
#   once, Cara's side: 1 game, 1 win: 1.0.
def test_win_rates_per_faction_and_mission_card(season: Path) -> None:
    assert stats(season) == {
        "factions": [
            tally("daelaam", 2, 1, 1, 0, 0.75),
            tally("khalai", 4, 2, 1, 1, 0.625),
            tally("zerg-swarm", 4, 2, 1, 1, 0.625),
            tally("raynors-raiders", 6, 1, 1, 4, 0.25),
        ],
        "missions": [tally("hold-position-standard", 1, 1, 0, 0, 1.0, "mission")],
    }


# From 2026-07-01: the Summer Cup (G1) is left out.
#   khalai: G6 W, G7 D: 2 games 1-1-0: 0.75; zerg unchanged (it had no G1 side).
# --event "Summer Cup" alone: khalai G1 W and G1 L: 2 games 1-0-1: 0.5.
def test_a_date_range_or_named_events(season: Path) -> None:
    later = stats(season, "--from", "2026-07-01")
    assert tally("khalai", 2, 1, 1, 0, 0.75) in later["factions"]
    assert tally("zerg-swarm", 4, 2, 1, 1, 0.625) in later["factions"]
    assert stats(season, "--event", "Summer Cup")["factions"] == [
        tally("khalai", 2, 1, 0, 1, 0.5)
    ]
    assert stats(season, "--to", "2026-01-01") == {"factions": [], "missions": []}


def test_csv_has_a_row_per_faction_and_mission(season: Path) -> None:
    result = run("archive", "stats", "--archive", str(season), "--format", "csv")
    assert result.stdout.splitlines() == [
        "table,id,games,wins,draws,losses,win_rate",
        "faction,daelaam,2,1,1,0,0.7500",
        "faction,khalai,4,2,1,1,0.6250",
        "faction,zerg-swarm,4,2,1,1,0.6250",
        "faction,raynors-raiders,6,1,1,4,0.2500",
        "mission,hold-position-standard,1,1,0,0,1.0000",
    ]


# Elo in order (event date, round, table); 1500 each; K = 32;
# E = 1 / (1 + 10^((Rb - Ra) / 400)); the change is 32 x (S - E) for red, its
# opposite for blue:
#   G1 Ben 1500 v Eve 1500, Ben wins: E 0.5, +16       Ben 1516, Eve 1484
#   G2 Ana 1500 v Ben 1516, Ana wins: E = 1 / (1 + 10^0.04) = 0.476990, +16.7363
#        Ana 1516.7363, Ben 1499.2637
#   G3 Cara 1500 v Dan 1500, Cara wins: +16            Cara 1516, Dan 1484
#   G4 Ana 1516.7363 v Cara 1516, a draw: E 0.501060, -0.0339
#        Ana 1516.7024, Cara 1516.0339
#   G5 Ben 1499.2637 v Dan 1484, Dan conceded: E 0.521952, +15.2975
#        Ben 1514.5612, Dan 1468.7025
#   G6 Ana 1516.7024 v Eve 1484, Eve wins: E 0.546924, -17.5016
#        Ana 1499.2008, Eve 1501.5016
#   G7 Eve 1501.5016 v Ben 1514.5612, a draw: E 0.481214, +0.6011
#        Eve 1502.1027, Ben 1513.9601
#   G8 Ana 1499.2008 v Dann 1500, Ana's Game Loss: E 0.498850, -15.9632
#        Ana 1483.2376, Dann 1515.9632
# The no-show (Ben v Cara) and Dann's bye are not rated. Ana is "Ana G." now: one
# player by the id `ana`; Dann is not Dan (no id, another name).
def test_every_players_elo(season: Path) -> None:
    result = run("archive", "ratings", "--archive", str(season), "--format", "json")
    assert json.loads(result.stdout) == {
        "ratings": [
            {"player": "Cara", "id": None, "rating": 1516.03, "games": 2},
            {"player": "Dann", "id": None, "rating": 1515.96, "games": 1},
            {"player": "Ben", "id": None, "rating": 1513.96, "games": 4},
            {"player": "Eve", "id": None, "rating": 1502.1, "games": 3},
            {"player": "Ana G.", "id": "ana", "rating": 1483.24, "games": 4},
            {"player": "Dan", "id": None, "rating": 1468.7, "games": 2},
        ]
    }


# Per race, Ben has two ratings: protoss (G1, with khalai) and zerg (G2, G5, G7).
#   G1 Ben/p 1500 v Eve/p 1500: Ben/p 1516, Eve/p 1484
#   G2 Ana/t 1500 v Ben/z 1500: Ana/t 1516, Ben/z 1484
#   G3 Cara/p 1500 v Dan/t 1500: Cara/p 1516, Dan/t 1484
#   G4 Ana/t 1516 v Cara/p 1516, a draw: E 0.5, no change
#   G5 Ben/z 1484 v Dan/t 1484: Ben/z 1500, Dan/t 1468
#   G6 Ana/t 1516 v Eve/p 1484, Eve wins: E 0.545922, -17.4695
#        Ana/t 1498.5305, Eve/p 1501.4695
#   G7 Eve/p 1501.4695 v Ben/z 1500, a draw: E 0.502115, -0.0677
#        Eve/p 1501.4018, Ben/z 1500.0677
#   G8 Ana/t 1498.5305 v Dann/z 1500, Ana loses: E 0.497885, -15.9323
#        Ana/t 1482.5982, Dann/z 1515.9323
# Ben/p and Cara/p tie at 1516.00: by name.
def test_ratings_per_race(season: Path) -> None:
    result = run(
        "archive",
        "ratings",
        "--archive",
        str(season),
        "--by",
        "race",
        "--format",
        "json",
    )
    assert json.loads(result.stdout) == {
        "races": {
            "protoss": [
                {"player": "Ben", "id": None, "rating": 1516.0, "games": 1},
                {"player": "Cara", "id": None, "rating": 1516.0, "games": 2},
                {"player": "Eve", "id": None, "rating": 1501.4, "games": 3},
            ],
            "terran": [
                {"player": "Ana G.", "id": "ana", "rating": 1482.6, "games": 4},
                {"player": "Dan", "id": None, "rating": 1468.0, "games": 2},
            ],
            "zerg": [
                {"player": "Dann", "id": None, "rating": 1515.93, "games": 1},
                {"player": "Ben", "id": None, "rating": 1500.07, "games": 3},
            ],
        }
    }


def test_adding_an_event_again_updates_it(season: Path, tmp_path: Path) -> None:
    """An edited result changes the archive and every later rating; nothing twice."""
    autumn = tmp_path / "autumn.yaml"
    # G2 becomes a Stalemate: Ana 1500 v Ben 1516 draws, Ana +0.7363.
    autumn.write_text(
        autumn.read_text(encoding="utf-8").replace("vp: [12, 4]", "vp: [6, 6]"),
        encoding="utf-8",
    )
    result = run("archive", "add", str(autumn), "--archive", str(season))
    assert "'Autumn Cup' updated in" in result.stderr
    with sqlite3.connect(season) as connection:
        assert connection.execute("SELECT COUNT(*) FROM events").fetchone() == (3,)
        assert connection.execute("SELECT COUNT(*) FROM games").fetchone() == (10,)
    raiders = [
        f for f in stats(season)["factions"] if f["faction"] == "raynors-raiders"
    ]
    assert raiders == [tally("raynors-raiders", 6, 0, 2, 4, 0.1667)]


def test_a_near_duplicate_name_is_noted(tmp_path: Path) -> None:
    events = write_season(tmp_path)
    archive = tmp_path / "a.sqlite"
    run("archive", "add", str(events["autumn.yaml"]), "--archive", str(archive))
    result = run(
        "archive", "add", str(events["winter.yaml"]), "--archive", str(archive)
    )
    assert "note: 'Dann' is close to 'Dan'" in result.stderr
    assert "give both the same `id:`" in result.stderr


def test_the_text_report_has_bars_and_the_html_report_charts(season: Path) -> None:
    text = run("archive", "stats", "--archive", str(season)).stdout
    assert "Daelaam" in text and "█" in text and "0.7500" in text
    assert "Units most taken" in text
    html = run("archive", "stats", "--archive", str(season), "--format", "html").stdout
    assert html.startswith("<!DOCTYPE html>")
    assert html.count("<svg") == 2 and "<script" not in html
    assert "Raynor&#x27;s Raiders" in html
    ratings = run("archive", "ratings", "--archive", str(season)).stdout
    assert "1516.03" in ratings and "Ana G." in ratings


def test_without_archive_the_environment_names_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    events = write_season(tmp_path)
    archive = tmp_path / "from-the-environment.sqlite"
    monkeypatch.setenv("ARMYLIST_ARCHIVE", str(archive))
    run("archive", "add", str(events["summer.yaml"]))
    assert archive.is_file()
    monkeypatch.delenv("ARMYLIST_ARCHIVE")
    assert store.archive_path(None) == store.default_path()
    assert store.default_path().name == "archive.sqlite"


def test_a_narrow_terminal_still_shows_the_bars(season: Path) -> None:
    result = runner.invoke(
        app, ["archive", "stats", "--archive", str(season)], env={"COLUMNS": "40"}
    )
    assert result.exit_code == 0
    assert "█" in result.stdout and "Bar(" not in result.stdout
    assert all(len(line) <= 40 for line in result.stdout.splitlines())


def test_two_players_one_name_are_refused(tmp_path: Path) -> None:
    """Without ids, `Ben` and `ben` would be one player: the event is refused."""
    events = write_season(tmp_path)
    summer = events["summer.yaml"]
    text = summer.read_text(encoding="utf-8")
    summer.write_text(
        text.replace("{name: Eve,", "{name: ben,").replace("blue: Eve", "blue: ben"),
        encoding="utf-8",
    )
    archive = tmp_path / "a.sqlite"
    result = run("archive", "add", str(summer), "--archive", str(archive), code=2)
    assert "ben and Ben would be one player in the archive" in result.stderr
    assert not archive.exists()


def test_a_locked_roster_is_archived_as_it_was_locked(tmp_path: Path) -> None:
    """A roster edited after `event lock` is archived as locked: its fingerprint and
    units are the locked copy's."""
    events = write_season(tmp_path)
    summer = events["summer.yaml"]
    run("event", "lock", str(summer))
    locked = summer.read_text(encoding="utf-8")
    fingerprint = locked.split("khalai.yaml: ")[1].split()[0]
    khalai = tmp_path / "khalai.yaml"
    khalai.write_text(
        khalai.read_text(encoding="utf-8").replace(
            "units:\n", "units:\n  - unit: Stalker\n"
        ),
        encoding="utf-8",
    )
    archive = tmp_path / "a.sqlite"
    run("archive", "add", str(summer), "--archive", str(archive))
    with sqlite3.connect(archive) as connection:
        assert connection.execute(
            "SELECT DISTINCT fingerprint FROM rosters"
        ).fetchall() == [(fingerprint,)]
        assert connection.execute(
            "SELECT DISTINCT unit FROM roster_units"
        ).fetchall() == [("Zealot",)]
    connection.close()

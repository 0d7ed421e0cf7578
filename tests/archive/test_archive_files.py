"""Hostile events and archive files: an event that cannot be archived, a database that
is not an archive, a newer one, a locked or read-only one; each a clear message, exit
2, and the archive as it was. And the schema migrated from its first version."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from archive.season import write_season
from armylist.archive import add, store
from armylist.cli import app

runner = CliRunner()


def run(*args: str, code: int = 0) -> Any:
    result = runner.invoke(app, list(args))
    assert result.exit_code == code, result.output
    assert "Traceback" not in result.output
    return result


@pytest.fixture
def events(tmp_path: Path) -> dict[str, Path]:
    return write_season(tmp_path)


def test_an_event_without_a_date_is_refused(events: dict[str, Path]) -> None:
    autumn = events["autumn.yaml"]
    autumn.write_text(
        autumn.read_text(encoding="utf-8").replace("date: 2026-09-05\n", ""),
        encoding="utf-8",
    )
    archive = autumn.parent / "a.sqlite"
    result = run("archive", "add", str(autumn), "--archive", str(archive), code=2)
    assert "the event has no `date:`" in result.stderr
    assert not archive.exists()


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("2026", ":2: date: '2026' is not an ISO date"),
        ("2026-13-01", ":2:7: YAML reads '2026-13-01' as a date or a number"),
        ("yes", ":2: date: 'True' is not an ISO date"),
    ],
)
def test_a_date_that_is_no_date_names_its_line(
    events: dict[str, Path], value: str, message: str
) -> None:
    autumn = events["autumn.yaml"]
    autumn.write_text(
        autumn.read_text(encoding="utf-8").replace("2026-09-05", value),
        encoding="utf-8",
    )
    result = run(
        "archive", "add", str(autumn), "--archive", str(autumn.parent / "a"), code=2
    )
    assert f"{autumn}{message}" in result.stderr


def test_an_event_the_reader_refuses_is_refused_with_its_reason(
    events: dict[str, Path],
) -> None:
    autumn = events["autumn.yaml"]
    autumn.write_text(
        autumn.read_text(encoding="utf-8").replace("blue: Ben, vp", "blue: Bob, vp"),
        encoding="utf-8",
    )
    result = run(
        "archive", "add", str(autumn), "--archive", str(autumn.parent / "a"), code=2
    )
    assert "'Bob' is not among `players:`" in result.stderr


@pytest.mark.parametrize(
    ("value", "message"),
    [("[1, 2]", "[1, 2] is not a name (text)"), ("''", "'' is not a name (text)")],
)
def test_a_player_id_must_be_text(
    events: dict[str, Path], value: str, message: str
) -> None:
    autumn = events["autumn.yaml"]
    autumn.write_text(
        autumn.read_text(encoding="utf-8").replace("id: ana", f"id: {value}"),
        encoding="utf-8",
    )
    result = run(
        "archive", "add", str(autumn), "--archive", str(autumn.parent / "a"), code=2
    )
    assert f"{autumn}:5: players[0].id: " in result.stderr and message in result.stderr


def test_one_id_for_two_players_is_refused(events: dict[str, Path]) -> None:
    autumn = events["autumn.yaml"]
    autumn.write_text(
        autumn.read_text(encoding="utf-8").replace(
            "{name: Ben, rosters", "{name: Ben, id: ana, rosters"
        ),
        encoding="utf-8",
    )
    result = run(
        "archive", "add", str(autumn), "--archive", str(autumn.parent / "a"), code=2
    )
    assert "Ben and Ana have the same `id:` 'ana'" in result.stderr


def _snapshot(archive: Path) -> bytes:
    return archive.read_bytes()


@pytest.fixture
def archived(events: dict[str, Path]) -> Path:
    archive = events["autumn.yaml"].parent / "a.sqlite"
    run("archive", "add", str(events["autumn.yaml"]), "--archive", str(archive))
    return archive


def test_a_file_that_is_no_database_is_refused(events: dict[str, Path]) -> None:
    archive = events["autumn.yaml"].parent / "notes.txt"
    archive.write_text("my season notes\n" * 100, encoding="utf-8")
    before = archive.read_bytes()
    for argv in (
        ("add", str(events["autumn.yaml"])),
        ("stats",),
        ("ratings",),
    ):
        result = run("archive", *argv, "--archive", str(archive), code=2)
        assert "is not an armylist archive (not an SQLite database)" in result.stderr
    assert archive.read_bytes() == before


def test_another_database_is_refused(events: dict[str, Path]) -> None:
    archive = events["autumn.yaml"].parent / "shop.sqlite"
    with sqlite3.connect(archive) as connection:
        connection.execute("CREATE TABLE orders (id INTEGER PRIMARY KEY)")
    connection.close()
    before = archive.read_bytes()
    result = run(
        "archive", "add", str(events["autumn.yaml"]), "--archive", str(archive), code=2
    )
    assert "is an SQLite database but not an armylist archive" in result.stderr
    assert archive.read_bytes() == before


def test_an_archive_of_a_newer_armylist_is_refused(
    archived: Path, events: dict[str, Path]
) -> None:
    with sqlite3.connect(archived) as connection:
        connection.execute("PRAGMA user_version = 99")
    connection.close()
    result = run("archive", "stats", "--archive", str(archived), code=2)
    assert "an archive of a newer armylist (schema 99" in result.stderr


def test_no_archive_yet(tmp_path: Path) -> None:
    missing = tmp_path / "none.sqlite"
    result = run("archive", "ratings", "--archive", str(missing), code=2)
    assert "there is no archive at" in result.stderr
    assert not missing.exists()


@pytest.fixture
def quick(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(store, "BUSY_TIMEOUT", 0.05)
    yield


@pytest.mark.usefixtures("quick")
def test_a_locked_archive_is_refused_and_kept(
    archived: Path, events: dict[str, Path]
) -> None:
    holder = sqlite3.connect(archived, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        result = run(
            "archive",
            "add",
            str(events["winter.yaml"]),
            "--archive",
            str(archived),
            code=2,
        )
        assert "is in use by another program (it is locked)" in result.stderr
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    with sqlite3.connect(archived) as connection:
        assert connection.execute("SELECT name FROM events").fetchall() == [
            ("Autumn Cup",)
        ]
    connection.close()


def test_a_read_only_archive_is_refused_and_kept(
    archived: Path, events: dict[str, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    # As a read-only file system or file would: the connection cannot write.
    connect = sqlite3.connect

    def read_only(path: Path, **options: Any) -> sqlite3.Connection:
        return connect(f"{Path(path).resolve().as_uri()}?mode=ro", uri=True, **options)

    monkeypatch.setattr(store.sqlite3, "connect", read_only)
    before = archived.read_bytes()
    result = run(
        "archive", "add", str(events["winter.yaml"]), "--archive", str(archived), code=2
    )
    assert "is read-only" in result.stderr and "nothing was changed" in result.stderr
    assert archived.read_bytes() == before


def test_a_failure_half_way_leaves_the_archive_as_it_was(
    archived: Path, events: dict[str, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """All or nothing: an error after the first rows were written rolls them back."""

    def broken(*args: Any) -> Any:
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(add, "_near_names", broken)
    run(
        "archive", "add", str(events["winter.yaml"]), "--archive", str(archived), code=2
    )
    with sqlite3.connect(archived) as connection:
        assert connection.execute("SELECT name FROM events").fetchall() == [
            ("Autumn Cup",)
        ]
        assert connection.execute("SELECT COUNT(*) FROM players").fetchone() == (4,)
    connection.close()


def test_an_archive_of_the_first_schema_is_migrated(
    events: dict[str, Path],
) -> None:
    archive = events["autumn.yaml"].parent / "old.sqlite"
    connection = sqlite3.connect(archive)
    connection.executescript(store.MIGRATIONS[0] + "PRAGMA user_version = 1;")
    connection.close()
    # A version 1 archive is read as it is...
    run("archive", "ratings", "--archive", str(archive))
    # ...and migrated by the next change.
    run("archive", "add", str(events["autumn.yaml"]), "--archive", str(archive))
    connection = sqlite3.connect(archive)
    assert connection.execute("PRAGMA user_version").fetchone() == (store.VERSION,)
    indexes = {
        row[0]
        for row in connection.execute(
            "SELECT name FROM sqlite_master WHERE type = 'index'"
        )
    }
    connection.close()
    assert {"games_by_event", "entrants_by_player", "events_by_date"} <= indexes

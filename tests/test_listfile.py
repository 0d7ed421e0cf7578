"""The one reader of list files: every command that opens a list stops at the limits.

Each command gets `/dev/zero` (endless), a 2 MiB file (over the 1 MiB limit) and a named
pipe with no writer (reading it would wait forever). Each must end within a second with
a clear message and the documented exit code: 1 for a file that is not list text, 2 for
a path that is not a file.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from projectpaths import OFFICIAL
from typer.testing import CliRunner

from armylist.cli import app
from armylist.files import reading, yamlsource
from armylist.files.reading import UnusableFile, read_list_file

runner = CliRunner()
TOO_LARGE = "larger than 1,048,576 bytes (1 MiB)"
A_PIPE = "a pipe or standard input, not a file: an edit writes the list back"
EMPTY = "not an empty file"
needs_dev_zero = pytest.mark.skipif(
    not Path("/dev/zero").exists(), reason="needs /dev/zero"
)
needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")


@pytest.fixture
def large(tmp_path: Path) -> Path:
    path = tmp_path / "large.yaml"
    path.write_bytes(b"# " + b"x" * (2 * 1024 * 1024) + b"\n")
    return path


@pytest.fixture
def fifo(tmp_path: Path) -> Iterator[Path]:
    """A named pipe nobody writes to; a watchdog unblocks a reader after 5 s, so a
    regression fails this test instead of hanging the suite."""
    path = tmp_path / "pipe.yaml"
    os.mkfifo(path)
    done = threading.Event()

    def watchdog() -> None:
        if not done.wait(5):
            try:
                handle = os.open(path, os.O_WRONLY | os.O_NONBLOCK)
            except OSError:
                return  # nobody is blocked reading it
            os.close(handle)

    thread = threading.Thread(target=watchdog, daemon=True)
    thread.start()
    yield path
    done.set()
    thread.join()


def run(*args: str) -> tuple[int, str, float]:
    """Exit code, stderr, and seconds taken."""
    start = time.monotonic()
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stderr, time.monotonic() - start


def check_all_three(
    command: Callable[[Path], tuple[str, ...]],
    large: Path,
    fifo: Path,
    *,
    content_code: int = 1,
    pipe: tuple[int, str] = (1, EMPTY),
) -> None:
    """The command on /dev/zero and the 2 MiB file says the file is too large and
    exits ``content_code``; a pipe nobody writes to is read at once as empty (or, for
    an edit, refused as a pipe: exit 2)."""
    cases = [(large, TOO_LARGE, content_code), (fifo, pipe[1], pipe[0])]
    if Path("/dev/zero").exists():
        cases.append((Path("/dev/zero"), TOO_LARGE, content_code))
    for path, message, expected in cases:
        code, err, seconds = run(*command(path))
        assert (code, message in err) == (expected, True), (path, err)
        assert seconds < 1, (path, seconds)


@needs_fifo
def test_show(large: Path, fifo: Path) -> None:
    check_all_three(lambda path: ("show", str(path)), large, fifo)


@needs_fifo
def test_export(large: Path, fifo: Path) -> None:
    check_all_three(lambda path: ("export", str(path), "--format", "json"), large, fifo)


@needs_fifo
def test_supply(large: Path, fifo: Path) -> None:
    check_all_three(lambda path: ("supply", str(path)), large, fifo)


@needs_fifo
def test_fingerprint(large: Path, fifo: Path) -> None:
    check_all_three(lambda path: ("fingerprint", str(path)), large, fifo)


@needs_fifo
def test_diff(large: Path, fifo: Path) -> None:
    check_all_three(lambda path: ("diff", str(OFFICIAL), str(path)), large, fifo)


@needs_fifo
def test_build(large: Path, fifo: Path) -> None:
    check_all_three(lambda path: ("build", str(path)), large, fifo, pipe=(2, A_PIPE))


@needs_fifo
def test_add(large: Path, fifo: Path) -> None:
    check_all_three(
        lambda path: ("add", str(path), "card", "Barracks"),
        large,
        fifo,
        pipe=(2, A_PIPE),
    )
    assert large.stat().st_size > 2 * 1024 * 1024  # refused: the file is untouched


@needs_fifo
def test_validate_team(large: Path, fifo: Path) -> None:
    # A team file that cannot be read is a usage error, like a team file that is
    # not `minerals:` + `players:` (docs/game-day.md, team games).
    check_all_three(
        lambda path: ("validate", "--team", str(path)),
        large,
        fifo,
        content_code=2,
        pipe=(2, "a team file is a mapping"),
    )


@needs_fifo
def test_validate_reports_a_pipe_as_a_finding(fifo: Path) -> None:
    code, err, seconds = run("validate", str(fifo), "--format", "json")
    assert (code, seconds < 1) == (1, True)
    assert "1 illegal" in err


@needs_dev_zero
def test_the_reader_never_reads_past_the_limit(
    large: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    read = 0
    real_read = os.read

    def counting_read(handle: int, size: int) -> bytes:
        nonlocal read
        chunk = real_read(handle, size)
        read += len(chunk)
        return chunk

    monkeypatch.setattr(reading.os, "read", counting_read)
    for path in (large, Path("/dev/zero")):
        read = 0
        with pytest.raises(UnusableFile) as raised:
            read_list_file(path)
        assert raised.value.kind == "content" and raised.value.exit_code == 1
        assert read == yamlsource.MAX_BYTES + 1


def test_the_reader_says_why_a_path_is_not_a_list(tmp_path: Path) -> None:
    kinds = {}
    for path in (tmp_path / "missing.yaml", tmp_path):
        with pytest.raises(UnusableFile) as raised:
            read_list_file(path)
        kinds[path.name] = (raised.value.kind, raised.value.exit_code)
    assert kinds == {"missing.yaml": ("missing", 2), tmp_path.name: ("folder", 2)}


def test_the_reader_keeps_a_bom_and_crlf(tmp_path: Path) -> None:
    path = tmp_path / "windows.yaml"
    path.write_bytes(b"\xef\xbb\xbfname: x\r\n")
    read = read_list_file(path)
    assert (read.text, read.bom, read.crlf) == ("name: x\r\n", True, True)

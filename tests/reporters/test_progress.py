"""A long batch shows it is working: a progress bar on a terminal's stderr (never on
stdout, never in a pipe), and the text report written list by list."""

from __future__ import annotations

import json
import os
import pty
import select
import subprocess
import sys
from io import StringIO
from pathlib import Path

from projectpaths import OFFICIAL

from armylist.door.batch import validate_paths
from armylist.gamedata.catalog import Catalog
from armylist.reporters import text

# The console script with the bar's one-second wait taken away, so that a small batch
# shows it as a long one does.
NO_WAIT = """
import sys
import armylist.reporters.progress as progress
progress.SHOW_AFTER = 0.0
sys.argv = ["armylist", *sys.argv[1:]]
from armylist.cli import main
main()
"""


def folder(path: Path, count: int) -> Path:
    """Lists of a batch: legal ones, and ones with a unit of another race."""
    listed = OFFICIAL.read_text(encoding="utf-8")
    path.mkdir()
    for i in range(count):
        broken = listed.replace("units:", "units:\n  - unit: Pylon", 1)
        (path / f"{i:03d}.yaml").write_text(broken if i % 3 else listed, "utf-8")
    return path


def run_on_terminal(tmp_path: Path, *args: str) -> tuple[str, bytes, int]:
    """stdout (a file) and what stderr (a pseudo-terminal) showed, and the exit code."""
    master, slave = pty.openpty()
    env = {k: v for k, v in os.environ.items() if k != "GITHUB_ACTIONS"}
    env |= {"XDG_CACHE_HOME": str(tmp_path / "cache"), "TERM": "xterm"}
    # stdout to a file: a pipe left unread while the terminal is read could fill up.
    with (tmp_path / "stdout").open("wb") as out:
        child = subprocess.Popen(
            [sys.executable, "-c", NO_WAIT, *args], stdout=out, stderr=slave, env=env
        )
    os.close(slave)
    shown = b""
    # Read the terminal as it is written, or a full pty buffer would stop the child.
    while True:
        ready, _, _ = select.select([master], [], [], 60)
        if not ready:
            break
        try:
            chunk = os.read(master, 4096)
        except OSError:  # the child closed the terminal
            break
        if not chunk:
            break
        shown += chunk
    code = child.wait(timeout=60)
    os.close(master)
    return (tmp_path / "stdout").read_text(encoding="utf-8"), shown, code


def test_the_bar_shows_on_a_terminal_and_never_in_the_json(tmp_path: Path) -> None:
    lists = folder(tmp_path / "lists", 30)
    stdout, shown, code = run_on_terminal(
        tmp_path, "validate", str(lists), "--format", "json"
    )
    assert code == 1
    assert b"checking lists" in shown
    assert b"30/30" in shown
    assert "checking lists" not in stdout
    assert json.loads(stdout)["summary"]["files"] == 30


def test_no_bar_when_stderr_is_a_pipe(tmp_path: Path) -> None:
    lists = folder(tmp_path / "lists", 30)
    done = subprocess.run(
        [sys.executable, "-c", NO_WAIT, "validate", str(lists), "--format", "json"],
        capture_output=True,
        text=True,
        env=dict(os.environ, XDG_CACHE_HOME=str(tmp_path / "cache")),
        timeout=120,
        check=False,
    )
    assert done.returncode == 1
    assert "checking lists" not in done.stderr
    assert "\x1b" not in done.stderr
    assert json.loads(done.stdout)["summary"]["files"] == 30


def test_the_text_report_streams_as_render_writes_it(
    tmp_path: Path, catalog: Catalog
) -> None:
    report = validate_paths([folder(tmp_path / "lists", 6)], catalog).report
    for details in (False, True):
        out = StringIO()
        stream = text.Stream(out, width=80, details=details)
        stream.begin([r.file for r in reversed(report.results)])
        stream.add(report.results[0].file, report.results[0])
        assert out.getvalue() == ""  # one list alone would be shown in full
        # Out of order: the third list waits for the second.
        stream.add(report.results[2].file, report.results[2])
        stream.add(report.results[1].file, report.results[1])
        written = out.getvalue()
        assert report.results[2].file in written
        for result in report.results[3:]:
            stream.add(result.file, result)
        assert stream.finish(report)
        assert out.getvalue() == text.render(report, width=80, details=details)


def test_one_list_is_left_to_the_whole_report(tmp_path: Path, catalog: Catalog) -> None:
    report = validate_paths([OFFICIAL], catalog).report
    out = StringIO()
    stream = text.Stream(out)
    stream.begin([str(OFFICIAL), str(tmp_path / "skipped.yaml")])
    stream.add(report.results[0].file, report.results[0])
    stream.add(str(tmp_path / "skipped.yaml"), None)
    assert not stream.finish(report)
    assert out.getvalue() == ""

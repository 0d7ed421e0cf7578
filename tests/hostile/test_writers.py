"""Every writer writes regular files only, and never over a change it did not read."""

from __future__ import annotations

import os
import re
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from armylist.editing import edits
from armylist.files import safewrite

from .helpers import GAME_NEW, NODE_KINDS, make_node, run

SEED = "armylist export ok.yaml --format sct1"


def _writers(node: str) -> dict[str, list[str]]:
    return {
        "set": ["set", node, "name", "Overwritten"],
        "new --force": ["new", "-f", "raynors-raiders", "-o", node, "--force"],
        "validate --summary": ["validate", "ok.yaml", "--summary", node],
        "game new -o": [
            *GAME_NEW,
            "-o",
            node,
        ],
        "schema -o": ["schema", "-o", node],
    }


WRITERS = ("set", "new --force", "validate --summary", "game new -o", "schema -o")


@pytest.mark.parametrize("kind", NODE_KINDS)
@pytest.mark.parametrize("writer", WRITERS)
def test_no_writer_replaces_a_device_a_fifo_or_a_socket(
    here: Path, writer: str, kind: str
) -> None:
    node = make_node(kind, "node.csv" if writer == "validate --summary" else "n.yaml")
    before = os.stat(node).st_mode
    code, _, err = run(*_writers(str(node))[writer])
    assert code == 2, err
    assert re.search("not a (regular )?file", err), err
    # Still the node it was (and a symlink still a symlink).
    assert stat.S_IFMT(os.stat(node).st_mode) == stat.S_IFMT(before)
    assert node.is_symlink() == kind.startswith("link")


@pytest.mark.parametrize("kind", NODE_KINDS)
def test_import_refuses_a_node_as_its_output(here: Path, kind: str) -> None:
    _, seed, _ = run(*SEED.split()[1:])
    node = make_node(kind, "n.yaml")
    before = os.stat(node).st_mode
    code, _, err = run("import", seed.strip(), "-o", str(node))
    # `import` never replaces anything that is there: refused before any write.
    assert code == 2, err
    assert stat.S_IFMT(os.stat(node).st_mode) == stat.S_IFMT(before)


def test_an_edit_through_a_symlink_writes_the_target_and_keeps_the_link(
    here: Path,
) -> None:
    link = here / "link.yaml"
    link.symlink_to("ok.yaml")
    code, _, err = run("set", "link.yaml", "name", "Through the link")
    assert code == 0, err
    assert link.is_symlink()
    assert "name: Through the link" in (here / "ok.yaml").read_text()


# -- no lost update ----------------------------------------------------------------


def test_an_edit_over_a_file_changed_since_it_was_read_writes_nothing(
    here: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_apply = edits.apply
    theirs = (here / "ok.yaml").read_text().replace("Rulebook", "Their")

    def apply_while_another_edit_saves(text: str, *args: Any) -> Any:
        change = real_apply(text, *args)
        (here / "ok.yaml").write_text(theirs)  # the other `add` wins the race
        return change

    monkeypatch.setattr(edits, "apply", apply_while_another_edit_saves)
    code, _, err = run("add", "ok.yaml", "card", "Armory")
    assert code == 1, err
    assert "changed since it was read" in err
    assert (here / "ok.yaml").read_text() == theirs


def test_two_edits_at_once_lose_nothing(tmp_path: Path) -> None:
    # Eight writers each append 25 lines, read-modify-write, retrying when refused:
    # every line must be there at the end (without the check some are lost).
    path = tmp_path / "shared.txt"
    path.write_text("")

    def writer(name: str) -> None:
        for n in range(25):
            while True:
                raw = path.read_bytes()
                try:
                    safewrite.write_text(
                        path,
                        raw.decode() + f"{name}-{n}\n",
                        expected=safewrite.digest(raw),
                    )
                    break
                except safewrite.FileChanged:
                    continue

    threads = [threading.Thread(target=writer, args=(f"w{i}",)) for i in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(path.read_text().splitlines()) == 200


def test_a_game_saved_over_a_changed_record_writes_nothing(
    here: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from armylist.cli import game_play as game

    run(*GAME_NEW, "-o", "g.yaml")
    real_ask = game._ask
    edited = (here / "g.yaml").read_text() + "# edited by hand meanwhile\n"

    def ask_while_edited(*args: Any) -> Any:
        (here / "g.yaml").write_text(edited)
        return real_ask(*args)

    monkeypatch.setattr(game, "_ask", ask_while_edited)
    code, _, err = run("game", "play", "g.yaml", input="1\n" * 20)
    assert code == 1, err
    assert "changed since it was read" in err
    assert (here / "g.yaml").read_text() == edited


def test_a_killed_writers_temporary_file_is_cleaned_up_by_the_next_write(
    here: Path,
) -> None:
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()  # its process id is free now: the writer that left the file is gone
    killed = here / f".ok.yaml.{gone.pid}.x1y2z3.tmp"
    old = here / ".ok.yaml.k9j8h7g6.tmp"  # the old naming, hours old
    live = here / f".ok.yaml.{os.getpid()}.a1b2c3.tmp"  # a write in progress
    for leftover in (killed, old, live):
        leftover.write_text("half a list")
    hours_ago = time.time() - 3 * 3600
    os.utime(old, (hours_ago, hours_ago))
    code, _, err = run("set", "ok.yaml", "name", "Cleaned")
    assert code == 0, err
    assert not killed.exists() and not old.exists()
    assert live.exists()


def test_build_over_a_list_changed_meanwhile_writes_nothing_and_exits_1(
    here: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from armylist.tui import prompts

    theirs = (here / "ok.yaml").read_text().replace("Rulebook", "Their")
    real_save = prompts.Builder.save

    def save_after_another_edit(self: prompts.Builder) -> bool:
        (here / "ok.yaml").write_text(theirs)
        return real_save(self)

    monkeypatch.setattr(prompts.Builder, "save", save_after_another_edit)
    # Add the Armory, save and quit (refused), then quit without saving.
    code, out, err = run("build", "ok.yaml", input="1\nArmory\n8\nq\nn\n")
    assert code == 1, out + err
    assert "changed since it was read" in out
    assert (here / "ok.yaml").read_text() == theirs

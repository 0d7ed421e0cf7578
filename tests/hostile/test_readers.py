"""Every reader (list, event, team, game record, another builder's file) refuses a
pipe, a socket and an endless device at once, and a huge number without a traceback."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from .helpers import make_node, run

HUGE = "9" * 5000

READERS = {
    "validate": (["validate", "{}"], 1),
    "show": (["show", "{}"], 2),
    "add": (["add", "{}", "card", "Armory"], 2),
    "--event": (["validate", "ok.yaml", "--event", "{}"], 2),
    "--team": (["validate", "--team", "{}"], 2),
    "game score": (["game", "score", "{}"], 2),
    "import": (["import", "{}"], 2),
}


# A pipe is a list source (`<(cat list.yaml)`): one nobody writes to reads as empty at
# once, so a list reader finds no list (1) and a side file or an edit is refused (2).
PIPE_CODES = {"show": 1, "--event": 0}


@pytest.mark.parametrize("kind", ["fifo", "socket", "link-to-fifo"])
@pytest.mark.parametrize("reader", READERS)
def test_every_reader_refuses_a_socket_and_reads_a_pipe_without_waiting(
    here: Path, reader: str, kind: str
) -> None:
    args, expected = READERS[reader]
    if kind != "socket":
        expected = PIPE_CODES.get(reader, expected)
    node = make_node(kind, "n.json" if reader == "import" else "n.yaml")
    code, _, err = run(*(a.format(node) for a in args))
    assert code == expected, err
    assert "Traceback" not in err


@pytest.mark.parametrize("reader", ["validate", "--event", "--team", "game score"])
def test_every_reader_stops_an_endless_device_at_1_mib(here: Path, reader: str) -> None:
    if not os.path.exists("/dev/zero"):
        pytest.skip("no /dev/zero here")
    Path("zero.yaml").symlink_to("/dev/zero")
    args, expected = READERS[reader]
    code, _, err = run(*(a.format("zero.yaml") for a in args))
    assert code == expected, err
    assert "1 MiB" in err or reader == "validate"


@pytest.mark.parametrize(
    ("reader", "text"),
    [
        ("--event", f"scale: standard\nminerals: {HUGE}\n"),
        ("--team", f"minerals: {HUGE}\nplayers: [ok.yaml]\n"),
        (
            "game score",
            f"mission: supply-drop\nscale: skirmish\nfirst_player: {HUGE}\n",
        ),
    ],
)
def test_a_huge_number_in_a_side_file_is_a_usage_error(
    here: Path, reader: str, text: str
) -> None:
    Path("side.yaml").write_text(text)
    args, _ = READERS[reader]
    code, _, err = run(*(a.format("side.yaml") for a in args))
    assert code == 2, err
    assert "5,000 digits" in err and HUGE not in err

"""Commands and file-system nodes the hostile-input tests share."""

from __future__ import annotations

import os
import socket
from pathlib import Path

from typer.testing import CliRunner

from armylist.cli import app

runner = CliRunner()


def run(*args: str, input: str | None = None) -> tuple[int, str, str]:
    """An `armylist` command: its exit code, stdout and stderr."""
    result = runner.invoke(app, list(args), input=input)
    assert not isinstance(result.exception, AssertionError), result.exception
    return result.exit_code, result.stdout, result.stderr


def make_node(kind: str, name: str) -> Path:
    """A FIFO, a socket, or a symlink to one (or to `/dev/null`), in the current
    folder; the path a command is given."""
    path = Path(name)
    match kind:
        case "fifo":
            os.mkfifo(path)
        case "socket":
            server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            server.bind(str(path))
            server.close()  # the node stays on disk
        case "link-to-fifo":
            os.mkfifo(f".{name}.target")
            path.symlink_to(f".{name}.target")
        case "link-to-dev-null":
            path.symlink_to(os.devnull)
        case _:
            raise ValueError(kind)
    return path


# A game record to write, before its lists and -o.
GAME_NEW = ("game", "new", "-m", "Supply Drop", "--scale", "skirmish")
NODE_KINDS = ("fifo", "socket", "link-to-fifo", "link-to-dev-null")

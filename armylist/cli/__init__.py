"""The command line (typer only): the app and `main` in `app.py`, one module per
command group. Importing this package registers every command on `app`."""

from __future__ import annotations

import gc

# Importing the command line makes objects that live until exit (modules, classes,
# typer's and pydantic's tables): the cyclic collector's passes over them while they
# are made are wasted work, about 5 ms of a 170 ms `validate`. It pauses while the
# commands are imported, and what they made is then frozen out of its reach.
_collecting = gc.isenabled()
gc.disable()

# The order of the imports is the order of `armylist --help`: checking lists first.
from armylist.cli import check  # noqa: E402  # isort: skip
from armylist.cli import (  # noqa: E402
    browse,
    combat,
    data,
    edit,
    game,
    gameday,
    importer,
    sheet,
)
from armylist.cli.app import app, main  # noqa: E402

gc.freeze()
if _collecting:
    gc.enable()

__all__ = [
    "app",
    "browse",
    "check",
    "combat",
    "data",
    "edit",
    "game",
    "gameday",
    "importer",
    "main",
    "sheet",
]

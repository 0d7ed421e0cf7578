"""The command line (typer only): the app and `main` in `app.py`, one module per
command group. Importing this package registers every command on `app`."""

from __future__ import annotations

# The order of the imports is the order of `armylist --help`: checking lists first.
from armylist.cli import check  # isort: skip
from armylist.cli import browse, combat, data, edit, game, gameday, importer, sheet
from armylist.cli.app import app, main

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

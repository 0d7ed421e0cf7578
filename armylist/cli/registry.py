"""The commands of `armylist`: the task panel each is listed in, and the module of
`armylist.cli` that registers it (the console script imports only that one)."""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from typing import Any

from armylist.cli.lasting import lasting
from armylist.text.i18n import N_

# The panels of `armylist --help`, in order, each a task with its commands and command
# groups in order: building a list first.
PANELS: dict[str, tuple[str, ...]] = {
    N_("Build a list"): (
        "new",
        "build",
        "add",
        "remove",
        "set",
        "import",
        "show",
        "export",
    ),
    N_("Check"): ("validate", "diff", "fingerprint", "rules"),
    N_("Game day"): ("supply", "draft", "game"),
    N_("Combat"): ("attack", "matchup", "compare"),
    N_("Organised play"): ("event", "archive"),
    N_("Game data"): ("factions", "cards", "units", "info", "schema", "data"),
}
PANEL = {name: title for title, names in PANELS.items() for name in names}

# Every command and command group of `armylist`, in the order of `armylist --help` (the
# panels'), and the module beside this one that registers it (a group's: the one of its
# commands). The console script imports only the module of the command it runs; a test
# checks this table against the full app, so a command added without a line here fails
# CI.
COMMANDS: dict[str, str] = {
    "new": "edit",
    "build": "edit",
    "add": "edit",
    "remove": "edit",
    "set": "edit",
    "import": "importer",
    "show": "sheet",
    "export": "sheet",
    "validate": "check",
    "diff": "check",
    "fingerprint": "check",
    "rules": "check",
    "supply": "gameday",
    "draft": "gameday",
    "game": "game",
    "attack": "combat",
    "matchup": "combat",
    "compare": "combat",
    "event": "event",
    "archive": "archive",
    "factions": "browse",
    "cards": "browse",
    "units": "browse",
    "info": "browse",
    "schema": "browse",
    "data": "data",
}


def import_commands(modules: Iterable[str]) -> None:
    """Import command modules of `armylist.cli` (by name), registering their commands
    (`lasting`)."""
    with lasting():
        for module in modules:
            importlib.import_module(f"armylist.cli.{module}")


def command_name(info: Any) -> str:
    """The word a registered command (a typer `CommandInfo`) is called by."""
    callback = info.callback
    return info.name or (callback.__name__.replace("_", "-") if callback else "")

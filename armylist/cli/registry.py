"""The commands of `armylist`: the task panel each is listed in, and the module of
`armylist.cli` that registers it (the console script imports only that one)."""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Sequence
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
        "fits",
        "collection",
        "import",
        "show",
        "export",
    ),
    N_("Check"): ("validate", "diff", "fingerprint", "rules"),
    N_("Game day"): ("supply", "draft", "game"),
    N_("Combat"): ("attack", "matchup", "compare", "profile"),
    N_("Organised play"): ("event", "archive"),
    N_("Game data"): ("factions", "cards", "units", "info", "schema", "data"),
}
PANEL = {name: title for title, names in PANELS.items() for name in names}

# Every command and command group of `armylist`, in the order of `armylist --help` (the
# panels'), and the module beside this one that registers it (a group's: the module
# that makes the group). The console script imports only the module of the command it
# runs; a test checks this table against the full app, so a command added without a
# line here fails CI.
COMMANDS: dict[str, str] = {
    "new": "new",
    "build": "build",
    "add": "edit",
    "remove": "edit",
    "set": "edit",
    "fits": "fits",
    "collection": "collection",
    "import": "importer",
    "show": "show",
    "export": "export",
    "validate": "validate",
    "diff": "diff",
    "fingerprint": "fingerprint",
    "rules": "rules",
    "supply": "supply",
    "draft": "draft",
    "game": "game",
    "attack": "attack",
    "matchup": "matchup",
    "compare": "compare",
    "profile": "profile",
    "event": "event",
    "archive": "archive",
    "factions": "browse",
    "cards": "browse",
    "units": "browse",
    "info": "browse",
    "schema": "browse",
    "data": "data",
}

# The commands of each command group, in the order of its help, and the module that
# registers each: `armylist event pair` imports the group's module and `event_pair`
# only, so a command's imports stay at the top of its own module.
GROUPS: dict[str, dict[str, str]] = {
    "game": {"score": "game_score", "new": "game_new", "play": "game_play"},
    "event": {
        "standings": "event_standings",
        "pair": "event_pair",
        "lock": "event_lock",
        "publish": "event_publish",
        "slips": "event_slips",
        "clock": "event_clock",
    },
    "collection": {
        "init": "collection_init",
        "show": "collection_show",
        "add": "collection_add",
        "remove": "collection_remove",
    },
    "archive": {
        "add": "archive_add",
        "stats": "archive_stats",
        "ratings": "archive_ratings",
    },
    "data": {"check": "data", "diff": "data"},
}


def modules_of(name: str, argv: Sequence[str] = ()) -> list[str]:
    """The modules to import to run the command or group `name` with these words
    after it: a group's one command named next, else the whole group."""
    module = COMMANDS[name]
    commands = GROUPS.get(name, {})
    if argv and argv[0] in commands:
        return list(dict.fromkeys((module, commands[argv[0]])))
    return list(dict.fromkeys((module, *commands.values())))


def every_module() -> list[str]:
    """Every command module, in the order of the table."""
    return list(dict.fromkeys(m for name in COMMANDS for m in modules_of(name)))


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

"""The command line (typer only): the app and `main` in `app.py`, one module per
command group, listed in `app.COMMANDS`.

The console script (`main`) imports only the module of the command it runs. Taking
`app` from this package imports every command module: it is the full app.
"""

from __future__ import annotations

import gc
import importlib
from typing import TYPE_CHECKING, Any

# The cyclic collector pauses while the command line's frame is imported: see
# `app.import_commands`, which does the same for the command modules.
_collecting = gc.isenabled()
gc.disable()
from armylist.cli.app import COMMANDS, full_app, main  # noqa: E402

gc.freeze()
if _collecting:
    gc.enable()

if TYPE_CHECKING:
    from armylist.cli.app import app
else:
    # Importing `armylist.cli.app` bound the module to the name `app` here; unbound, the
    # name goes through `__getattr__` below, which returns the full typer app.
    del app


def __getattr__(name: str) -> Any:
    """`app`, the full app (every command registered), and the command modules, each
    imported when first asked for."""
    if name == "app":
        globals()["app"] = full = full_app()
        return full
    if name in COMMANDS.values():
        return importlib.import_module(f"armylist.cli.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "app",
    "browse",
    "check",
    "combat",
    "data",
    "edit",
    "event",
    "game",
    "gameday",
    "importer",
    "main",
    "sheet",
]

"""The command line (typer only): the app and `main` in `app.py`, one module per
command group, listed in `app.COMMANDS`.

The console script (`main`) imports only the module of the command it runs. Taking
`app` from this package imports every command module: it is the full app.
"""

from __future__ import annotations

import gc
import importlib
import os
import signal
import sys
from types import FrameType
from typing import TYPE_CHECKING, Any, NoReturn

EXIT_CTRL_C = 130  # the shell's code for a run ended by SIGINT


def interrupted() -> NoReturn:
    """End the run as interrupted by Ctrl-C: one line on stderr, no traceback."""
    sys.stderr.write("\narmylist: interrupted\n")
    raise SystemExit(EXIT_CTRL_C)


def quietly_interrupted(signum: int, frame: FrameType | None) -> NoReturn:
    """A SIGINT handler that ends the run as interrupted (while modules load)."""
    interrupted()


# Ctrl-C while the command line's frame is imported (typer, Rich: a noticeable
# moment) ends the run with 130 and no traceback; `main` does the same after it.
try:
    _previous = signal.signal(signal.SIGINT, quietly_interrupted)
except ValueError:  # imported from a thread other than the main one
    _previous = None
# The cyclic collector pauses while the command line's frame is imported: see
# `app.lasting`, which does the same for the command modules.
_collecting = gc.isenabled()
gc.disable()
# The language is chosen before click and typer are imported: typer words its help
# panels as it is imported.
from armylist import i18n  # noqa: E402

i18n.choose(sys.argv[1:], os.environ)

from armylist.cli.app import COMMANDS, full_app, main  # noqa: E402

gc.freeze()
if _collecting:
    gc.enable()
if _previous is not None:
    signal.signal(signal.SIGINT, _previous)

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
    "EXIT_CTRL_C",
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

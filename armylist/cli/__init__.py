"""The command line: `main` in `launch.py`, the typer app in `frame.py`, one module
per command group, listed in `registry.COMMANDS`.

The console script (`main`) imports only the module of the command it runs, and
runs `validate`'s common forms without typer (`quick`). Taking `app` from this
package imports every command module: it is the full app.
"""

from __future__ import annotations

# Ctrl-C while the command line is imported (typer, Rich: a noticeable moment) ends the
# run with 130 and no traceback, from the first statement on: the handler is in place
# before any other import. `_signal` (what `signal` wraps, in the interpreter since it
# started) is all it needs: `import signal` alone costs half a millisecond. The
# annotations below are not evaluated, and `sys` is used only when the handler runs,
# so their names are imported after it.
import _signal  # type: ignore[import-not-found]

EXIT_CTRL_C = 130  # the shell's code for a run ended by SIGINT


def interrupted() -> NoReturn:
    """End the run as interrupted by Ctrl-C: one line on stderr, no traceback."""
    import sys  # also before this module's own imports: the handler's first moment

    sys.stderr.write("\narmylist: interrupted\n")
    raise SystemExit(EXIT_CTRL_C)


def quietly_interrupted(signum: int, frame: FrameType | None) -> NoReturn:
    """A SIGINT handler that ends the run as interrupted (while modules load)."""
    interrupted()


try:
    _previous = _signal.signal(_signal.SIGINT, quietly_interrupted)
except ValueError:  # imported from a thread other than the main one
    _previous = None

import gc  # noqa: E402
import importlib  # noqa: E402
import os  # noqa: E402
import sys  # noqa: E402
from types import FrameType  # noqa: E402
from typing import TYPE_CHECKING, Any, NoReturn  # noqa: E402


def _running_as_command() -> bool:
    """Whether this process is the `armylist` command (its console script, or `python
    -m armylist`) rather than a program that imports the command line."""
    running = sys.modules.get("__main__")
    spec = getattr(running, "__spec__", None)
    if spec is not None and spec.name == "armylist.__main__":
        return True
    script = os.path.basename(getattr(running, "__file__", None) or "")
    return script.split(".")[0].removesuffix("-script") == "armylist"


def release_ctrl_c() -> None:
    """Give Ctrl-C back to Python (KeyboardInterrupt, which a command may catch) when
    the handler of the start-up still holds it: `main` does, inside its own guard."""
    if _signal.getsignal(_signal.SIGINT) is quietly_interrupted:
        _signal.signal(_signal.SIGINT, _signal.default_int_handler)


# The cyclic collector pauses while the command line's frame is imported: see
# `lasting.lasting`, which does the same for the command modules.
_collecting = gc.isenabled()
gc.disable()
# The language is chosen before click and typer are imported: typer words its help
# panels as it is imported.
from armylist.text import i18n  # noqa: E402

i18n.choose(sys.argv[1:], os.environ)
# armylist runs no pydantic plugin, and looking for one reads the metadata of every
# installed package at the first validation: the command looks for none, unless
# the environment asks otherwise.
if _running_as_command():
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")

from armylist.cli.launch import main  # noqa: E402
from armylist.cli.registry import every_module  # noqa: E402

gc.freeze()
if _collecting:
    gc.enable()
# The command keeps the handler until `main` has its own guard (the console script
# runs a statement of its own in between); a program importing the command line gets
# its own handler back at once.
if _previous is not None and not _running_as_command():
    _signal.signal(_signal.SIGINT, _previous)

if TYPE_CHECKING:
    from armylist.cli.frame import app


def __getattr__(name: str) -> Any:
    """`app`, the full app (every command registered), and the command modules, each
    imported when first asked for."""
    if name == "app":
        frame = importlib.import_module("armylist.cli.frame")
        globals()["app"] = full = frame.full_app()
        return full
    if name in every_module():
        return importlib.import_module(f"armylist.cli.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "EXIT_CTRL_C",
    "app",
    "interrupted",
    "main",
    "release_ctrl_c",
]

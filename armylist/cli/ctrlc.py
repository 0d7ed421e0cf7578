"""Ctrl-C while the command line loads: one line on stderr and exit 130, never a
traceback. Only the interpreter's own `_signal` (what `signal` wraps, there since it
started: `import signal` alone costs half a millisecond) and `sys`."""

from __future__ import annotations

import _signal  # type: ignore[import-not-found]
import sys

# Not `typing.TYPE_CHECKING`: not even `typing` loads before the handler is in place.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from types import FrameType
    from typing import NoReturn

EXIT_CTRL_C = 130  # the shell's code for a run ended by SIGINT


def interrupted() -> NoReturn:
    """End the run as interrupted by Ctrl-C: one line on stderr, no traceback."""
    sys.stderr.write("\narmylist: interrupted\n")
    raise SystemExit(EXIT_CTRL_C)


def quietly_interrupted(signum: int, frame: FrameType | None) -> NoReturn:
    """A SIGINT handler that ends the run as interrupted (while modules load)."""
    interrupted()


def release_ctrl_c() -> None:
    """Give Ctrl-C back to Python (KeyboardInterrupt, which a command may catch) when
    the handler of the start-up still holds it: `main` does, inside its own guard."""
    if _signal.getsignal(_signal.SIGINT) is quietly_interrupted:
        _signal.signal(_signal.SIGINT, _signal.default_int_handler)

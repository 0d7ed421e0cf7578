"""Objects made to live until exit (command modules, the game data), kept out of
the cyclic garbage collector's reach."""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator


@contextlib.contextmanager
def lasting() -> Iterator[None]:
    """Make objects that live until exit (modules, classes, typer's and pydantic's
    tables, the game data): the cyclic collector's passes over them while they are
    made are wasted work, so it pauses, and what was made is then frozen out of its
    reach."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        if collecting:
            gc.enable()

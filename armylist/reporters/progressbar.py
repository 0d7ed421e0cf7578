"""The progress bar of a long batch check, drawn by Rich on a terminal's stderr."""

from __future__ import annotations

from typing import TextIO

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeRemainingColumn,
)

from armylist.text.i18n import _


class Bar:
    """Files checked of the batch, and the time left; gone when the batch is over."""

    def __init__(self, stream: TextIO, total: int) -> None:
        self._progress = Progress(
            TextColumn(_("checking lists")),
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            console=Console(file=stream, highlight=False, emoji=False),
            transient=True,
            redirect_stdout=False,
            redirect_stderr=False,
        )
        self._task = self._progress.add_task("", total=total)
        self._progress.start()

    def update(self, done: int) -> None:
        """``done`` files checked so far."""
        self._progress.update(self._task, completed=done)

    def close(self) -> None:
        """Take the bar off the terminal."""
        self._progress.stop()

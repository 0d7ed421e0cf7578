"""What a person sees while a batch of lists is checked: a progress bar on stderr when
it is a terminal and the check has taken more than a second, and the text report
written list by list as the lists are checked rather than all at the end.

The bar is never written to a pipe or a file, and never to stdout: a machine format's
stdout holds only its report. Rich is imported only once a bar is shown, so a batch
whose stderr is no terminal never loads it.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Protocol, TextIO

from armylist.findings import ListResult, Report

if TYPE_CHECKING:
    from armylist.door.batch import Outcome
    from armylist.reporters.progressbar import Bar

# A check over sooner than this shows no bar: it would only flicker.
SHOW_AFTER = 1.0


class Stream(Protocol):
    """A report written list by list (`reporters.text.Stream`)."""

    def begin(self, files: list[str]) -> None:
        """The files of the batch, in the order they are checked."""

    def add(self, file: str, result: ListResult | None) -> None:
        """One file checked: its result, or None for a file skipped as no list."""

    def finish(self, report: Report) -> bool:
        """Write the rest of the report; False when nothing was written yet."""


class Watch:
    """The batch's watcher (`door.batch.Watcher`): the bar on ``bar_on`` (a terminal's
    stderr, or None for no bar), and the report's ``stream`` (or None)."""

    def __init__(self, bar_on: TextIO | None, stream: Stream | None = None) -> None:
        self._bar_on = bar_on
        self._stream = stream
        self._streaming = False
        self._bar: Bar | None = None
        self._total = 0
        self._done = 0
        self._started = time.monotonic()

    def begin(self, files: list[str], *, final: bool) -> None:
        """The batch starts; its report is streamed only when its results are final."""
        self._total = len(files)
        self._done = 0
        self._started = time.monotonic()
        self._streaming = self._stream is not None and final
        if self._stream is not None and self._streaming:
            self._stream.begin(files)

    def checked(self, outcome: Outcome) -> None:
        """One file checked: the report streams it, the bar counts it."""
        self._done += 1
        if self._stream is not None and self._streaming:
            result = outcome if isinstance(outcome, ListResult) else None
            self._stream.add(outcome.file, result)
        late = time.monotonic() - self._started > SHOW_AFTER
        if self._bar is None and self._bar_on is not None and late:
            self._bar = _bar(self._bar_on, self._total)
        if self._bar is not None:
            self._bar.update(self._done)

    def end(self) -> None:
        """The batch is over: the bar goes (it leaves no line behind)."""
        if self._bar is not None:
            self._bar.close()
            self._bar = None

    def finish(self, report: Report) -> bool:
        """Write the rest of a streamed report: True when the report is written,
        False when it was not streamed (the caller writes it whole)."""
        if self._stream is None or not self._streaming:
            return False
        return self._stream.finish(report)


def _bar(stream: TextIO, total: int) -> Bar:
    # Imported here: Rich's progress modules cost a cold start a tenth, and only a
    # check that has already taken a second on a terminal shows a bar.
    from armylist.reporters.progressbar import Bar

    return Bar(stream, total)

"""A batch of sources checked at once: every list's result in one report, and the files
a folder search found that are plainly no list, skipped with a note."""

from __future__ import annotations

import gc
import os
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import NamedTuple, Protocol

from armylist import __version__
from armylist.door.discovery import Entry, discover
from armylist.engine import ListOptions, NotAList, open_list, unreadable
from armylist.findings import ListResult, Refused, Report
from armylist.gamedata.catalog import Catalog
from armylist.text.i18n import _


# A named tuple, not a frozen dataclass: building one costs every start ~0.4 ms.
class Skipped(NamedTuple):
    """A file found in a folder and left out, and why."""

    file: str
    reason: str


Outcome = ListResult | Skipped


class Watcher(Protocol):
    """What hears of a batch while it is checked (a progress bar, a report written
    list by list): the files to check, each outcome as it comes, the end."""

    def begin(self, files: list[str], *, final: bool) -> None:
        """The batch starts: the files it checks, in the order they are checked;
        ``final`` when each result is the report's as it comes (no check is added
        after the batch, as an event's submission checks are)."""

    def checked(self, outcome: Outcome) -> None:
        """One file checked."""

    def end(self) -> None:
        """The batch is over (also when it stopped on an error)."""


# A list checked as `open_list` checks it by default (frozen: one for every call).
DEFAULT_OPTIONS = ListOptions()


def open_entry(
    entry: Entry, catalog: Catalog, options: ListOptions = DEFAULT_OPTIONS
) -> Outcome:
    """One source of a batch: its result, or why it was skipped. Refuses (`Refused`)
    a path that cannot be read; any other failure on this one source is a finding on
    it, never a stop: one player's file never stops the check of the others."""
    try:
        return open_list(entry.path, catalog, options=options, found=entry.found).result
    except NotAList as not_a_list:
        return Skipped(not_a_list.file, not_a_list.reason)
    except Refused:
        raise
    except Exception as error:  # the batch goes on; the file says why
        return unreadable(
            str(entry.path),
            catalog,
            options,
            failed_on(error),
            _("report this file to armylist's maintainers"),
        )


def failed_on(error: Exception) -> str:
    """What a batch says of a source armylist failed on (a failure of its own, not a
    finding of the list): the reason, and that the other sources were checked."""
    reason = str(error) or type(error).__name__
    reason = reason if len(reason) <= 200 else f"{reason[:200]}..."
    return _(
        "armylist failed on this file ({reason}); the other files were checked"
    ).format(reason=reason)


def check_entry(
    entry: Entry, catalog: Catalog, options: ListOptions = DEFAULT_OPTIONS
) -> Outcome:
    """One source of a batch: its result (a wrong path is a finding, not a stop), or
    why it was skipped."""
    try:
        return open_entry(entry, catalog, options)
    except Refused as refused:
        return unreadable(
            str(entry.path),
            catalog,
            options,
            _("cannot read the file: {reason}").format(reason=refused.message),
            _("check the path and the permissions"),
        )


_SHARED: tuple[Catalog, ListOptions] | None = None


def _check_chunk(chunk: list[Entry]) -> list[Outcome]:
    assert _SHARED is not None
    catalog, options = _SHARED
    return [check_entry(entry, catalog, options) for entry in chunk]


def _check_parallel(
    entries: list[Entry],
    catalog: Catalog,
    options: ListOptions,
    workers: int,
    watcher: Watcher | None,
) -> list[Outcome] | None:
    """Check a large batch in forked worker processes; None where fork is missing."""
    import multiprocessing  # only for --jobs: a tenth of a cold start otherwise

    global _SHARED
    if "fork" not in multiprocessing.get_all_start_methods():
        return None
    _SHARED = (catalog, options)  # forked workers inherit the loaded game data
    try:
        # Chunks small enough that the watcher hears of the batch as it goes.
        size = max(1, min(len(entries) // (workers * 4), 250))
        chunks = [entries[i : i + size] for i in range(0, len(entries), size)]
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            outcomes: list[Outcome] = []
            for part in pool.imap(_check_chunk, chunks):
                outcomes += _heard(part, watcher)
            return outcomes
    except OSError:
        return None  # no processes to be had: check in this one
    finally:
        _SHARED = None


def _heard(outcomes: Iterable[Outcome], watcher: Watcher | None) -> Iterator[Outcome]:
    """The outcomes, each told to the watcher as it passes."""
    for outcome in outcomes:
        if watcher is not None:
            watcher.checked(outcome)
        yield outcome


def _check_serial(
    entries: list[Entry],
    catalog: Catalog,
    options: ListOptions,
    watcher: Watcher | None,
) -> list[Outcome]:
    """Check the sources one after the other, collecting young garbage between lists."""
    # The results are kept until the report is written. Left alone, the cyclic GC's
    # full collections rescan every result kept so far, again and again: the cost per
    # list grew by a fifth from 1,000 to 10,000 lists. A list's own garbage is young,
    # so collecting the young generations every few lists is enough.
    enabled = gc.isenabled()
    gc.disable()
    try:
        outcomes = []
        for count, entry in enumerate(entries, 1):
            outcome = check_entry(entry, catalog, options)
            if watcher is not None:
                watcher.checked(outcome)
            outcomes.append(outcome)
            if count % 100 == 0:
                gc.collect(1)
        return outcomes
    finally:
        if enabled:
            gc.enable()


class Batch(NamedTuple):
    """A batch checked: the report of its lists, and the files skipped as no list."""

    report: Report
    skipped: list[Skipped]


# Workers past a few per core only wait for a core; each costs a process.
WORKERS_PER_CPU = 4


def worker_count(asked: int, files: int) -> int:
    """The worker processes to start: as asked, but never more than the files nor
    `WORKERS_PER_CPU` per core (``--jobs 100000`` is no fork bomb)."""
    cpus = os.cpu_count() or 1
    return max(1, min(asked, files, cpus * WORKERS_PER_CPU))


def validate_paths(
    paths: Iterable[Path | str] | Sequence[Entry],
    catalog: Catalog,
    *,
    options: ListOptions = DEFAULT_OPTIONS,
    workers: int = 1,
    watcher: Watcher | None = None,
    final: bool = True,
) -> Batch:
    """Check every source under the paths (or the entries `discover` found); the game
    data is loaded once by the caller.

    With ``workers`` above 1 the lists are shared among that many worker processes;
    the report is the same either way. One process is the default: checking a list
    costs about half a millisecond, so on two cores the workers' start-up and the
    transfer of their results cost more CPU than they save. A ``watcher`` hears of
    each file as it is checked, in the order of the files it is given (``final``:
    the results are the report's, see `Watcher.begin`).
    """
    given = list(paths)
    entries = (
        [e for e in given if isinstance(e, Entry)]
        if given and all(isinstance(e, Entry) for e in given)
        else discover([p for p in given if not isinstance(p, Entry)])
    )
    outcomes = None
    workers = worker_count(workers, len(entries))
    if watcher is not None:
        watcher.begin([str(e.path) for e in entries], final=final)
    try:
        if workers > 1:
            outcomes = _check_parallel(entries, catalog, options, workers, watcher)
        if outcomes is None:
            outcomes = _check_serial(entries, catalog, options, watcher)
    finally:
        if watcher is not None:
            watcher.end()
    results = sorted(
        (o for o in outcomes if isinstance(o, ListResult)), key=lambda r: r.file
    )
    report = Report(
        armylist_version=__version__,
        data_version=catalog.data_version,
        results=results,
        strict=options.strict,
    )
    return Batch(report, [o for o in outcomes if isinstance(o, Skipped)])

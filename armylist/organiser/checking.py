"""`validate`'s work below the command line: find the lists named, check them as one
batch, under an event's rules when one is given, and its submissions' deadlines."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from pathlib import Path
from typing import NamedTuple

from armylist.door.batch import Skipped, Watcher, validate_paths
from armylist.door.discovery import SUFFIXES, Entry, discover
from armylist.engine import ListOptions
from armylist.files.paths import exists, unreachable
from armylist.files.reading import STDIN
from armylist.findings import Refused, Report
from armylist.gamedata.catalog import Catalog
from armylist.text.i18n import _

SUMMARY_SUFFIXES = (".csv", ".md", ".json")


# Named tuples, not frozen dataclasses: building one costs every start ~0.4 ms.
class CheckRequest(NamedTuple):
    """What `validate` was asked to check: the lists under ``paths`` (less those
    matching ``exclude``), under the ``event`` file's rules, with its ``summary``
    file left out of the lists; ``skip_non_lists`` skips a named file that is no
    list as a folder's would be; ``jobs`` worker processes check them."""

    paths: tuple[Path, ...]
    strict: bool = False
    event: Path | None = None
    summary: Path | None = None
    exclude: tuple[str, ...] = ()
    jobs: int = 1
    skip_non_lists: bool = False
    # The models owned per unit id, read once the game data is loaded; None (or a
    # reader that answers None) when no collection is in use.
    owned: Callable[[Catalog], Mapping[str, int] | None] | None = None


class Checked(NamedTuple):
    """A request checked: the report judged, or (``report`` None) only files that
    are no list were named, ``nothing`` of them: nothing to check, no failure."""

    report: Report | None
    nothing: int = 0


def sources(
    paths: list[Path] | tuple[Path, ...],
    exclude: list[str] | tuple[str, ...] | None = None,
    *,
    skip: list[Path] | None = None,
    as_found: bool = False,
) -> list[Entry]:
    """The sources named and under the folders named, as the engine finds them;
    refused (exit 2) for a missing path or when there is none at all."""
    for path in paths:
        if str(path) != STDIN and (why := unreachable(path)) is not None:
            raise Refused(
                _("cannot read {file}: {reason}").format(file=path, reason=why)
            )
    missing = [p for p in paths if str(p) != STDIN and not exists(p)]
    if missing:
        raise Refused(
            _("no such file or folder: {paths}").format(
                paths=", ".join(str(p) for p in missing)
            )
        )
    entries = discover(paths, exclude=exclude or (), skip=skip or [])
    if as_found:
        entries = [Entry(e.path, found=True) for e in entries]
    if not entries:
        kinds = ", ".join(f"*{s}" for s in SUFFIXES)
        raise Refused(
            _("no army list ({kinds}) found in {paths}").format(
                kinds=kinds, paths=", ".join(str(p) for p in paths)
            )
        )
    return entries


def check_lists(
    request: CheckRequest,
    load_catalog: Callable[[], Catalog],
    note_skipped: Callable[[list[Skipped]], None],
    watcher: Watcher | None = None,
) -> Checked:
    """Check the lists of a request: refused (with its exit code) when they cannot be
    checked. The game data is loaded by ``load_catalog`` once the paths are known
    good; the files skipped as no list go to ``note_skipped`` as soon as known; the
    ``watcher`` hears of each file as it is checked."""
    event, summary, paths = request.event, request.summary, request.paths
    # The event file may sit in the submissions folder, and a .json summary written
    # into the folder it sums up would be read back as a submission: neither is a list.
    skip = [f for f in (event, summary) if f is not None]
    entries = sources(
        paths, request.exclude, skip=skip, as_found=request.skip_non_lists
    )
    if summary is not None and summary.suffix.lower() not in SUMMARY_SUFFIXES:
        raise Refused(
            _("--summary {file}: the file must end in .csv, .md or .json").format(
                file=summary
            )
        )
    catalog = load_catalog()
    options = ListOptions(strict=request.strict)
    rules = None
    if event is not None:
        # Lazy: only `validate --event` pays for the event's modules at start-up.
        from armylist.organiser.submissions import (
            SubmissionError,
            check_submissions,
            event_options,
        )

        # the event's name for each roster it names is its player; its cards too
        rules, options = event_options(event, catalog, strict=request.strict)
    if request.owned is not None:
        options = replace(options, owned=request.owned(catalog))
    batch = validate_paths(
        entries,
        catalog,
        options=options,
        workers=request.jobs,
        watcher=watcher,
        final=event is None,  # an event's submission checks come after the batch
    )
    note_skipped(batch.skipped)
    if (
        not batch.report.results
        and request.skip_non_lists
        and batch.skipped
        and not any(p.is_dir() for p in paths)
    ):
        # A commit that touches only non-lists (the event file): nothing to check
        # is no failure for a hook, as linters pass a run with no file of theirs.
        # A folder with no list in it stays exit 2 (a wrong folder, most likely).
        return Checked(None, nothing=len(batch.skipped))
    if not batch.report.results:
        raise Refused(
            _("no army list found in {paths}").format(
                paths=", ".join(str(p) for p in paths)
            )
        )
    report = batch.report
    if event is not None and rules is not None and rules.players:
        try:
            report = check_submissions(event, rules, report, catalog)
        except SubmissionError as error:
            raise Refused(str(error)) from None
    return Checked(report.judged(strict=request.strict))

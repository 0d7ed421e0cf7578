"""The validation engine, the one entry point that runs the rules: `run` takes a
resolved list and returns its result; `check_text`, `check_file` and `validate_paths`
read, resolve and run for a text, a file and a batch."""

from __future__ import annotations

import gc
import os
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from armylist import __version__, yamlsource
from armylist.findings import (
    Budget,
    Finding,
    ListResult,
    Report,
    SlotSource,
    SlotUse,
    UnitLine,
    is_valid,
)
from armylist.fingerprint import fingerprint
from armylist.gamedata.catalog import Catalog
from armylist.gamedata.models import SlotType
from armylist.listfile import (
    LoadedList,
    Problem,
    UnusableFile,
    read_list,
    read_list_file,
)
from armylist.paths import is_dir, resolved
from armylist.resolved import Context, resolve
from armylist.rules import REGISTRY

if TYPE_CHECKING:
    from armylist.event import Event

LIST_SUFFIXES = (".yaml", ".yml")


@dataclass(frozen=True)
class RunOptions:
    """How to run the rules on one resolved list.

    ``mineral_limit`` replaces the scale's limit and ``waive`` names rules not run: a
    team player's share is their list's own `minerals:` (§9.1.8), so the `scale` rule's
    check of that number against the scale does not apply.
    """

    mineral_limit: int | None = None
    waive: frozenset[str] = frozenset()


def run(resolved: Context, options: RunOptions = RunOptions()) -> ListResult:
    """Run every rule of the registry once on a resolved list: its result."""
    if options.mineral_limit is not None:
        resolved.mineral_limit = options.mineral_limit
    findings = sorted(
        (
            finding
            for rule in REGISTRY
            if rule.name not in options.waive
            for finding in rule.run(resolved)
        ),
        key=lambda f: f.sort_key(),
    )
    return _result(resolved, findings)


def check_text(
    text: str, file: str, catalog: Catalog, *, event: Event | None = None
) -> tuple[ListResult, Context]:
    """Validate a list's text: the result, and the resolved list the rules saw."""
    resolved = resolve(read_list(text), file, catalog, event)
    return run(resolved), resolved


# The ledger's lines repeat from list to list (a Faction Card grants the same slots in
# every list that takes it): one shared immutable object each keeps a batch of 10,000
# results within a few tens of megabytes.
@cache
def _slot_source(slot: str, source: str, amount: int) -> SlotSource:
    return SlotSource(slot=slot, source=source, amount=amount)


@cache
def _slot_use(used: int, available: int) -> SlotUse:
    return SlotUse(used=used, available=available)


def _position(path: tuple[str | int, ...]) -> int | None:
    """A unit's 1-based place among the file's units, from its path (`units`, i)."""
    index = path[1] if len(path) > 1 else None
    return index + 1 if isinstance(index, int) else None


def _result(context: Context, findings: list[Finding]) -> ListResult:
    army = context.army
    slots = {}
    if context.faction is not None:
        slots = {
            s.value: _slot_use(context.used(s), context.available(s)) for s in SlotType
        }
    return ListResult(
        file=context.file,
        valid=is_valid(findings),
        name=army.name if army else None,
        player=army.player if army else None,
        faction=context.faction.name if context.faction else None,
        race=context.faction.race.value if context.faction else None,
        scale=context.scale.id if context.scale else (army.scale if army else None),
        scale_name=context.scale.name
        if context.scale
        else (army.scale if army else None),
        minerals=Budget(used=context.minerals_used, limit=context.mineral_limit),
        gas=Budget(used=context.gas_used, limit=context.gas_limit),
        slots=slots,
        granted=[_slot_source(s.value, src, n) for src, s, n in context.granted()],
        used=[
            _slot_source(u.unit.slot.value, u.label, u.supply)
            for u in context.units
            if u.unit.slot is not None and u.supply is not None and not u.unit.summoned
        ],
        tactical_cards=[p.card.name for p in context.cards],
        units=[
            UnitLine(
                unit=u.unit.name,
                models=u.composition.models if u.composition else u.entry.models,
                supply=u.supply,
                minerals=u.minerals,
                upgrades=[b.upgrade.name for b in u.upgrades],
                slot=u.unit.slot.value if u.unit.slot else None,
                position=_position(u.path),
            )
            for u in context.units
        ],
        # Unknown names too: the fingerprint counts them, so `diff` must show them.
        missions=[m.name for m, _ in context.missions]
        + [u.name for u in context.unknown.get("mission", [])],
        deployments=[d.name for d, _ in context.deployments]
        + [u.name for u in context.unknown.get("deployment", [])],
        findings=findings,
        fingerprint=fingerprint(army, context.catalog) if army else None,
    )


def check_file(
    path: Path,
    catalog: Catalog,
    label: str | None = None,
    *,
    event: Event | None = None,
) -> ListResult:
    """Validate one list file; unreadable files get a yaml-syntax finding."""
    file = label or str(path)
    try:
        text = read_list_file(path, file).text
    except UnusableFile as error:
        return unreadable_result(error, catalog, event)
    return check_text(text, file, catalog, event=event)[0]


def unreadable_result(
    error: UnusableFile, catalog: Catalog, event: Event | None = None
) -> ListResult:
    """The result of a file that could not be read: one `yaml-syntax` finding."""
    if error.kind == "content":
        problem = Problem("yaml-syntax", error.reason, error.position, error.hint)
    else:
        problem = Problem(
            "yaml-syntax",
            f"cannot read the file: {error.reason}",
            yamlsource.START,
            "check the path and the permissions",
        )
    return run(resolve(LoadedList(None, None, [problem]), error.file, catalog, event))


def find_lists(
    paths: Iterable[Path],
    suffixes: Collection[str] = LIST_SUFFIXES,
    *,
    skip: Iterable[Path] = (),
) -> Iterator[Path]:
    """Every list file: the files named, and every file with one of the suffixes
    (*.yaml/*.yml by default) under the folders named except the ``skip`` files (e.g.
    the event file kept beside the submissions).

    A pipe or a socket with a list's name is a list file too, so it gets the finding
    it gets when named; symlinked folders are not followed (no loops), and a folder
    nested a thousand deep is walked without recursion.
    """
    skipped = {resolved(p) for p in skip}
    for path in paths:
        if is_dir(path):
            yield from sorted(
                p
                for p in _walk(path)
                if p.suffix.lower() in suffixes
                # the editor schema `armylist schema` writes beside lists is no list
                and not p.name.lower().endswith(".schema.json")
                and resolved(p) not in skipped
            )
        else:
            yield path


def _walk(folder: Path) -> Iterator[Path]:
    """Every entry under a folder that is not itself a folder, depth first, with a
    stack of its own (a deep tree is no RecursionError); unreadable folders are
    skipped."""
    stack = [folder]
    while stack:
        current = stack.pop()
        try:
            with os.scandir(current) as found:
                entries = list(found)
        except OSError:
            continue
        for entry in entries:
            try:
                is_folder = entry.is_dir(follow_symlinks=False)
                if not is_folder and entry.is_symlink():
                    is_folder = entry.is_dir()  # a link to a folder is not followed
                    if is_folder:
                        continue
            except OSError:
                is_folder = False
            if is_folder:
                stack.append(Path(entry.path))
            else:
                yield Path(entry.path)


# A checker of the files that are not YAML lists (another builder's), by suffix; the
# importer provides them (importing.files.SOURCE_CHECKERS), the engine only calls them.
# (Event in quotes: its model loads only with --event.)
FileChecker = Callable[[Path, Catalog, "Event | None"], ListResult]


_SHARED: tuple[Catalog, Event | None, Mapping[str, FileChecker]] | None = None


def _check_one(
    path: Path,
    catalog: Catalog,
    event: Event | None,
    checkers: Mapping[str, FileChecker],
) -> ListResult:
    checker = checkers.get(path.suffix.lower())
    if checker is not None:
        return checker(path, catalog, event)
    return check_file(path, catalog, event=event)


def _check_chunk(chunk: list[Path]) -> list[ListResult]:
    assert _SHARED is not None
    catalog, event, checkers = _SHARED
    return [_check_one(path, catalog, event, checkers) for path in chunk]


def _check_parallel(
    files: list[Path],
    catalog: Catalog,
    event: Event | None,
    workers: int,
    checkers: Mapping[str, FileChecker],
) -> list[ListResult] | None:
    """Check a large batch in forked worker processes; None where fork is missing."""
    import multiprocessing

    global _SHARED
    if "fork" not in multiprocessing.get_all_start_methods():
        return None
    _SHARED = (catalog, event, checkers)  # forked workers inherit the loaded game data
    try:
        size = max(1, len(files) // (workers * 4))
        chunks = [files[i : i + size] for i in range(0, len(files), size)]
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            return [r for part in pool.map(_check_chunk, chunks) for r in part]
    except OSError:
        return None  # no processes to be had: check in this one
    finally:
        _SHARED = None


def _check_serial(
    files: list[Path],
    catalog: Catalog,
    event: Event | None,
    checkers: Mapping[str, FileChecker],
) -> list[ListResult]:
    """Check the files one after the other, collecting young garbage between lists."""
    # The results are kept until the report is written. Left alone, the cyclic GC's
    # full collections rescan every result kept so far, again and again: the cost per
    # list grew by a fifth from 1,000 to 10,000 lists. A list's own garbage is young,
    # so collecting the young generations every few lists is enough.
    enabled = gc.isenabled()
    gc.disable()
    try:
        results = []
        for count, path in enumerate(files, 1):
            results.append(_check_one(path, catalog, event, checkers))
            if count % 100 == 0:
                gc.collect(1)
        return results
    finally:
        if enabled:
            gc.enable()


# Workers past a few per core only wait for a core; each costs a process.
WORKERS_PER_CPU = 4


def worker_count(asked: int, files: int) -> int:
    """The worker processes to start: as asked, but never more than the files nor
    `WORKERS_PER_CPU` per core (``--jobs 100000`` is no fork bomb)."""
    cpus = os.cpu_count() or 1
    return max(1, min(asked, files, cpus * WORKERS_PER_CPU))


def validate_paths(
    paths: Iterable[Path],
    catalog: Catalog,
    *,
    event: Event | None = None,
    workers: int = 1,
    checkers: Mapping[str, FileChecker] | None = None,
) -> Report:
    """Validate every list under the paths; the game data is loaded once by the caller.

    ``checkers`` check the files of other suffixes (another builder's lists), found in
    folders beside the YAML ones. With ``workers`` above 1 the lists are shared among
    that many worker processes; the report is the same either way. One process is the
    default: checking a list costs about half a millisecond, so on two cores the
    workers' start-up and the transfer of their results cost more CPU than they save.
    """
    checkers = checkers or {}
    files = list(find_lists(paths, (*LIST_SUFFIXES, *checkers)))
    results = None
    workers = worker_count(workers, len(files))
    if workers > 1:
        results = _check_parallel(files, catalog, event, workers, checkers)
    if results is None:
        results = _check_serial(files, catalog, event, checkers)
    results.sort(key=lambda r: r.file)
    return Report(
        armylist_version=__version__, data_version=catalog.data_version, results=results
    )

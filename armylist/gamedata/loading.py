"""Loading the game data: each file read and checked (by pydantic), the catalog made,
kept once per process and, for the bundled data, in a cache folder between runs."""

from __future__ import annotations

import os
import pickle
import sys
import zlib
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NamedTuple, TypeVar

import yaml

from armylist import __version__
from armylist.files import checked, yamlsource
from armylist.gamedata.catalog import Catalog, Index, Origin
from armylist.gamedata.models import (
    Deployment,
    FactionCard,
    Game,
    Mission,
    RaceFile,
    ScenarioFile,
    TacticalCard,
    Unit,
)
from armylist.text.i18n import _, os_reason
from armylist.text.wording import value_words

try:
    from yaml import CSafeLoader as _FastLoader
except ImportError:  # pragma: no cover
    from yaml import SafeLoader as _FastLoader  # type: ignore[assignment]

GAME_FILE = "game.yaml"
SCENARIO_FILE = "scenarios.yaml"


def bundled_data_dir() -> Path:
    """Where the game data is: inside the installed package, or the source checkout."""
    here = Path(__file__).resolve().parent.parent
    for candidate in (here / "_data" / "factions", here.parent / "factions"):
        if (candidate / GAME_FILE).is_file():
            return candidate
    return here / "_data" / "factions"


# A named tuple, not a frozen dataclass: building one costs every start ~0.4 ms.
class DataProblem(NamedTuple):
    """A defect in the game data, at a file and line."""

    file: str
    line: int
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.message}"


class DataError(Exception):
    """The game data cannot be loaded."""

    def __init__(self, problems: Sequence[DataProblem]) -> None:
        super().__init__("\n".join(str(p) for p in problems))
        self.problems = list(problems)


def _read(path: Path) -> str:
    try:
        return yamlsource.decode(path.read_bytes())
    except OSError as error:
        problem = DataProblem(
            path.name, 1, _("cannot read: {reason}").format(reason=os_reason(error))
        )
        raise DataError([problem]) from None
    except yamlsource.YamlProblem as problem:
        found = DataProblem(path.name, problem.position.line, problem.message)
        raise DataError([found]) from None


def _parse(path: Path, with_positions: bool) -> tuple[Any, yamlsource.Document | None]:
    text = _read(path)
    if not with_positions:
        try:
            return yaml.load(text, Loader=_FastLoader), None
        except yaml.YAMLError:
            pass  # re-read below for a precise message
    try:
        document = yamlsource.load(text)
    except yamlsource.YamlProblem as problem:
        raise DataError(
            [DataProblem(path.name, problem.position.line, problem.message)]
        ) from None
    if document.duplicates:
        raise DataError(
            [
                DataProblem(
                    path.name,
                    d.position.line,
                    _("duplicate key {key}").format(key=repr(d.key)),
                )
                for d in document.duplicates
            ]
        )
    return document.data, document


M = TypeVar("M")


def _validate(
    model: type[M], path: Path, data: Any, document: yamlsource.Document | None
) -> M:
    try:
        made: M = checked.validate(model, data)
        return made
    except checked.Invalid as invalid:
        if document is None:
            _, document = _parse(path, with_positions=True)
        assert document is not None
        problems = []
        for item in invalid.errors:
            loc = tuple(item["loc"])
            position = document.where(loc)
            where = ".".join(str(part) for part in loc)
            problems.append(
                DataProblem(path.name, position.line, f"{where}: {value_words(item)}")
            )
        raise DataError(problems) from None


_CACHE: dict[tuple[object, ...], Catalog] = {}


def _stamp(folder: Path) -> tuple[object, ...]:
    # A folder's files with their sizes and change times: a changed file is reloaded.
    files = sorted(folder.glob("*.yaml"))
    return (
        str(folder.resolve()),
        *((f.name, f.stat().st_mtime_ns, f.stat().st_size) for f in files),
    )


def load_catalog(
    directory: Path | None = None, *, with_positions: bool = False
) -> Catalog:
    """Load and validate the game data folder (the bundled one by default).

    A folder is read once per process; it is read again when one of its files changes.
    """
    folder = directory or Path(
        os.environ.get("ARMYLIST_DATA", "") or bundled_data_dir()
    )
    if with_positions or not (folder / GAME_FILE).is_file():
        return _load(folder, with_positions)
    stamp = _stamp(folder)
    if stamp not in _CACHE:
        bundled = folder.resolve() == bundled_data_dir().resolve()
        # Only the bundled data is kept on disk: other folders come and go.
        _CACHE[stamp] = _cached_load(folder, stamp) if bundled else _load(folder, False)
    return _CACHE[stamp]


# The modules whose classes the cached catalog is made of (a test checks the pickle).
PICKLED_SOURCES = ("cards.py", "units.py", "scenario.py", "catalog.py")


def cache_dir() -> Path:
    """Where the validated catalog is kept between runs."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "armylist"


def _cached_load(folder: Path, stamp: tuple[object, ...]) -> Catalog:
    # Validating the YAML data costs more than the rest of a single-list run; a pickle
    # of the validated catalog, keyed by the data files' names, sizes and change times
    # and by the versions that shape it, loads in a few milliseconds.
    if os.environ.get("ARMYLIST_NO_CACHE"):
        return _load(folder, False)
    # The source of what is pickled too: a field added to a card model, or to the
    # catalog and its indexes, changes it.
    shapes = [Path(__file__).with_name(name).stat() for name in PICKLED_SOURCES]
    source = [(shape.st_size, shape.st_mtime_ns) for shape in shapes]
    key = repr((stamp, source, __version__, sys.version))
    # The file's name is a short checksum of the key (hashlib's OpenSSL costs a few
    # milliseconds of every start); the key itself is kept in the file and compared,
    # so two keys with one checksum only rebuild the cache.
    raw = key.encode()
    path = cache_dir() / f"catalog-{zlib.crc32(raw):08x}{zlib.adler32(raw):08x}.pickle"
    try:
        with path.open("rb") as stream:
            cached = pickle.load(stream)
        if (
            isinstance(cached, tuple)
            and len(cached) == 2
            and cached[0] == key
            and isinstance(cached[1], Catalog)
        ):
            return cached[1]
    except (
        OSError,
        pickle.UnpicklingError,
        EOFError,
        AttributeError,
        TypeError,
        ValueError,
        ImportError,
    ):
        pass  # no cache yet, or an unreadable one: rebuild it
    catalog = _load(folder, False)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_suffix(f".{os.getpid()}.tmp")
        with temporary.open("wb") as stream:
            pickle.dump((key, catalog), stream, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(temporary, path)
        _forget_old_caches(path.parent)
    except OSError:
        pass  # a read-only home still validates, just without the cache
    return catalog


# Caches kept: one per armylist version or game data in use on the machine, and not
# one more each time either changes (each is about 100 KB).
KEPT_CACHES = 4


def _forget_old_caches(folder: Path) -> None:
    """Remove all but the `KEPT_CACHES` most recently written catalog caches."""
    caches = sorted(folder.glob("catalog-*.pickle"), key=lambda f: f.stat().st_mtime_ns)
    for old in caches[:-KEPT_CACHES]:
        old.unlink(missing_ok=True)


def _load(folder: Path, with_positions: bool) -> Catalog:
    if not (folder / GAME_FILE).is_file():
        raise DataError(
            [
                DataProblem(
                    str(folder),
                    1,
                    _("no {file} in this folder").format(file=GAME_FILE),
                )
            ]
        )
    data, doc = _parse(folder / GAME_FILE, with_positions)
    game = _validate(Game, folder / GAME_FILE, data, doc)
    scenario_path = folder / SCENARIO_FILE
    missions: tuple[Mission, ...] = ()
    deployments: tuple[Deployment, ...] = ()
    origins: dict[str, Origin] = {}
    if scenario_path.is_file():
        data, doc = _parse(scenario_path, with_positions)
        scenarios = _validate(ScenarioFile, scenario_path, data, doc)
        missions, deployments = scenarios.missions, scenarios.deployments
        for i, mission in enumerate(missions):
            origins.setdefault(
                f"mission:{mission.id}", Origin(SCENARIO_FILE, ("missions", i))
            )
        for i, deployment in enumerate(deployments):
            origins.setdefault(
                f"deployment:{deployment.id}", Origin(SCENARIO_FILE, ("deployments", i))
            )
    factions: list[FactionCard] = []
    cards: list[TacticalCard] = []
    units: list[Unit] = []
    for path in sorted(folder.glob("*.yaml")):
        if path.name in (GAME_FILE, SCENARIO_FILE):
            continue
        data, doc = _parse(path, with_positions)
        race = _validate(RaceFile, path, data, doc)
        for group, items in (
            ("faction_cards", race.faction_cards),
            ("tactical_cards", race.tactical_cards),
            ("units", race.units),
        ):
            for i, card in enumerate(items):
                origins.setdefault(f"{group}:{card.id}", Origin(path.name, (group, i)))
        factions.extend(race.faction_cards)
        cards.extend(race.tactical_cards)
        units.extend(race.units)
    return Catalog(
        game=game,
        factions=Index(factions),
        cards=Index(cards),
        units=Index(units, plurals=True),
        missions=missions,
        deployments=Index(deployments),
        directory=folder,
        origins=origins,
    )

"""The catalog: every card loaded once, with lookups by name or id and the tag rule."""

from __future__ import annotations

import os
import pickle
import sys
import zlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, NamedTuple, TypeVar

import yaml

from armylist import __version__
from armylist.files import checked, yamlsource
from armylist.gamedata.models import (
    Card,
    Deployment,
    Effect,
    FactionCard,
    Game,
    Mission,
    RaceFile,
    Scale,
    ScenarioFile,
    SlotType,
    TacticalCard,
    Unit,
    Upgrade,
)
from armylist.text.i18n import N_, _, os_reason
from armylist.text.names import key, plural_of, read_word, suggest, without_marks
from armylist.text.wording import value_words

try:
    from yaml import CSafeLoader as _FastLoader
except ImportError:  # pragma: no cover
    from yaml import SafeLoader as _FastLoader  # type: ignore[assignment]

GAME_FILE = "game.yaml"
SCENARIO_FILE = "scenarios.yaml"

C = TypeVar("C", bound=Card)


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


class Origin(NamedTuple):
    """Where a card was defined: for data-check messages."""

    file: str
    path: yamlsource.YamlPath


# The words a person may type for a scale besides its name and id, translated so that
# either language's are read (`names.read_word`): `scale: estándar`.
SCALE_WORDS = {
    "skirmish": N_("skirmish"),
    "standard": N_("standard"),
    "grand-offensive": N_("grand offensive"),
}


class Index(Generic[C]):
    """Cards of one kind, found by printed name or slug id, case-insensitively."""

    def __init__(self, cards: Iterable[C], *, plurals: bool = False) -> None:
        self.all: tuple[C, ...] = tuple(cards)
        # Units are named in the plural in texts about the game ("9 Marines"): a
        # plural that is one unit's name is that unit (`names.plural_of`).
        self._plurals = plurals
        self._by_key: dict[str, C] = {}
        # The cards a Faction Card's tags allow, by those tags (`allowed`).
        self._allowed: dict[tuple[str, ...], tuple[C, ...]] = {}
        for card in self.all:
            self._by_key.setdefault(key(card.id), card)
            self._by_key.setdefault(key(card.name), card)

    def get(self, name: str) -> C | None:
        """The card called ``name`` (printed name or id), or None.

        A name copied from a table with "(Unique)" or "(provisional)" after it is
        that card too.
        """
        found = self._by_key.get(key(name))
        if found is None and (bare := without_marks(name)) != name.strip():
            found = self._by_key.get(key(bare))
        if found is None and self._plurals:
            singular = plural_of(without_marks(name), self.names())
            found = None if singular is None else self._by_key.get(key(singular))
        return found

    def allowed(self, faction: FactionCard) -> tuple[C, ...]:
        """The cards the Faction Card's tags allow (`Catalog.missing_tags`), in
        order. Asked for by every rule and hint that offers a card: worked out once
        per Faction Card's tags, all the tag rule reads."""
        found = self._allowed.get(faction.tags)
        if found is None:
            found = tuple(
                card
                for card in self.all
                if not Catalog.missing_tags(getattr(card, "tags", ()), faction)
            )
            self._allowed[faction.tags] = found
        return found

    def names(self) -> list[str]:
        """Every printed name."""
        return [card.name for card in self.all]

    def suggest(self, name: str) -> list[str]:
        """Close printed names for a misspelt one."""
        return suggest(name, self.names())


@dataclass
class Catalog:
    """Every card of the game, loaded once."""

    game: Game
    factions: Index[FactionCard]
    cards: Index[TacticalCard]
    units: Index[Unit]
    missions: tuple[Mission, ...]
    deployments: Index[Deployment]
    directory: Path
    origins: dict[str, Origin] = field(default_factory=dict)
    # A unit's upgrades by price for one composition (`priced_upgrades`), by unit id and
    # models: every list's hint asks again. The unit is kept with its answer, and an
    # answer is used only for that very unit object (never a same-id unit of another
    # catalog); the catalog's cards never change once loaded.
    _priced: dict[tuple[str, int], tuple[Unit, tuple[tuple[int, Upgrade], ...]]] = (
        field(default_factory=dict, init=False, repr=False, compare=False)
    )
    # Each unit's upgrades by the key of their name and id (`upgrade`), by unit id,
    # with the unit they were read from: used only for that very unit object.
    _upgrades: dict[str, tuple[Unit, dict[str, Upgrade]]] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )
    # The scales by the key of their id and name (`scale`), built when first asked.
    _scales_by: dict[str, Scale] | None = field(
        default=None, init=False, repr=False, compare=False
    )
    # The Mission Cards by id and by (name, scenario scale), built when first asked:
    # every list names a few.
    _missions_by: tuple[dict[str, Mission], dict[tuple[str, str], Mission]] | None = (
        field(default=None, init=False, repr=False, compare=False)
    )
    # The units a Faction Card may take by cost (`units_by_minerals`), by its tags (the
    # tag rule reads only them) and slot type; the cards never change once loaded.
    _units_by_minerals: dict[
        tuple[tuple[str, ...], SlotType | None], tuple[tuple[int, Unit], ...]
    ] = field(default_factory=dict, init=False, repr=False, compare=False)
    # The least Supply and Minerals of those units' compositions (`least_composition`).
    _least: dict[tuple[tuple[str, ...], SlotType], tuple[int, int]] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )

    @property
    def data_version(self) -> str:
        """The rules version the data follows."""
        return self.game.data_version

    def scale(self, scale_id: str) -> Scale | None:
        """A scale by id or name, or by a word for it in either language
        (`estándar`, `escaramuza`: `SCALE_WORDS`)."""
        if self._scales_by is None:
            by: dict[str, Scale] = {}
            for scale in self.game.scales:  # the first of a key, in the game's order
                by.setdefault(key(scale.id), scale)
                by.setdefault(key(scale.name), scale)
            self._scales_by = by
        found = self._scales_by.get(key(scale_id))
        if found is not None:
            return found
        worded = read_word(scale_id, SCALE_WORDS)
        return None if worded is None else self.scale(worded)

    def scale_name(self, scale_id: str) -> str:
        """A scale's printed name (`Grand Offensive`), for text; an unknown one as
        given."""
        scale = self.scale(scale_id)
        return scale.name if scale is not None else scale_id

    def mission(self, name: str, scenario_scale: str) -> Mission | None:
        """The Mission Card of that name printed for a scale (or given by its id)."""
        if self._missions_by is None:
            by_id: dict[str, Mission] = {}
            by_name: dict[tuple[str, str], Mission] = {}
            for mission in self.missions:  # the first of a key, as in card order
                by_id.setdefault(key(mission.id), mission)
                by_name.setdefault((key(mission.name), mission.scale), mission)
            self._missions_by = (by_id, by_name)
        by_id, by_name = self._missions_by
        wanted = key(without_marks(name))
        found = by_id.get(wanted)
        return by_name.get((wanted, scenario_scale)) if found is None else found

    def mission_names(self) -> list[str]:
        """The five missions' printed names."""
        return sorted({m.name for m in self.missions})

    def card_named(self, name: str) -> Card | None:
        """Any card by printed name or id: Faction, Tactical/Creep, unit, Deployment,
        Mission (the Standard printing when a name has two)."""
        return (
            self.factions.get(name)
            or self.cards.get(name)
            or self.units.get(name)
            or self.deployments.get(name)
            or self.mission(name, "standard")
        )

    def suggest_faction(self, name: str) -> list[str]:
        """Faction Cards for a misspelt one; a race's name suggests all of its own."""
        race = [f.name for f in self.factions.all if key(f.race.value) == key(name)]
        return race or self.factions.suggest(name)

    def card_names(self) -> list[str]:
        """Every card's printed name, for a did-you-mean."""
        return [
            *self.factions.names(),
            *self.cards.names(),
            *self.units.names(),
            *self.deployments.names(),
            *self.mission_names(),
        ]

    def upgrades_and_abilities(self, name: str) -> list[tuple[Unit, Upgrade | Effect]]:
        """Every unit's upgrade (by printed name or id) or ability called ``name``, with
        the unit whose card prints it, in card order (`armylist info Stimpack`)."""
        wanted = key(without_marks(name))
        found: list[tuple[Unit, Upgrade | Effect]] = []
        for unit in self.units.all:
            found += [
                (unit, upgrade)
                for upgrade in unit.upgrades
                if wanted in (key(upgrade.name), key(upgrade.id))
            ]
            found += [(unit, a) for a in unit.abilities if key(a.name) == wanted]
        return found

    def upgrade_and_ability_names(self) -> list[str]:
        """Every upgrade's and ability's printed name, once each, for a did-you-mean."""
        names: dict[str, str] = {}
        for unit in self.units.all:
            for name in (
                *(u.name for u in unit.upgrades),
                *(a.name for a in unit.abilities),
            ):
                names.setdefault(key(name), name)
        return list(names.values())

    @staticmethod
    def missing_tags(tags: Iterable[str], faction: FactionCard) -> list[str]:
        """The tag rule: tags of a card the Faction Card lacks (none means allowed)."""
        return [tag for tag in tags if tag not in faction.tags]

    def cards_for(self, faction: FactionCard) -> list[TacticalCard]:
        """Tactical and Creep Cards the faction may take."""
        return list(self.cards.allowed(faction))

    def units_for(self, faction: FactionCard, *, summoned: bool = False) -> list[Unit]:
        """Units the faction may take (summoned ones only when asked)."""
        return [u for u in self.units.allowed(faction) if summoned or not u.summoned]

    def units_by_minerals(
        self, faction: FactionCard, slot: SlotType | None = None
    ) -> tuple[tuple[int, Unit], ...]:
        """The units of `units_for` that occupy an Army Slot (of type ``slot`` when
        given), each with the Minerals of its dearest composition, the dearest first
        (card order among equal)."""
        found = self._units_by_minerals.get((faction.tags, slot))
        if found is None:
            priced = [
                (max((c.minerals for c in unit.compositions), default=0), unit)
                for unit in self.units_for(faction)
                if unit.slot is not None and slot in (None, unit.slot)
            ]
            found = tuple(sorted(priced, key=lambda pair: -pair[0]))
            self._units_by_minerals[(faction.tags, slot)] = found
        return found

    def least_composition(
        self, faction: FactionCard, slot: SlotType
    ) -> tuple[int, int]:
        """The least Supply and the least Minerals of any composition of the units of
        `units_by_minerals` for that slot type (each least of its own; a unit costs no
        less and occupies no fewer slots). Without such a unit, more than any list has."""
        found = self._least.get((faction.tags, slot))
        if found is None:
            compositions = [
                c
                for _top, u in self.units_by_minerals(faction, slot)
                for c in u.compositions
            ]
            found = (
                min((c.supply for c in compositions), default=_NONE_FITS),
                min((c.minerals for c in compositions), default=_NONE_FITS),
            )
            self._least[(faction.tags, slot)] = found
        return found

    def upgrade(self, unit: Unit, name: str) -> Upgrade | None:
        """`upgrade_named`, by an index of the unit's upgrades made once: every
        upgrade of every list is looked up."""
        kept = self._upgrades.get(unit.id)
        if kept is None or kept[0] is not unit:
            index: dict[str, Upgrade] = {}
            for upgrade in unit.upgrades:  # the first of a key, as upgrade_named
                index.setdefault(key(upgrade.name), upgrade)
                index.setdefault(key(upgrade.id), upgrade)
            kept = self._upgrades[unit.id] = (unit, index)
        return kept[1].get(key(name))

    def priced_upgrades(
        self, unit: Unit, models: int
    ) -> tuple[tuple[int, Upgrade], ...]:
        """The unit's upgrades that cost Minerals for a composition of ``models``,
        with their cost, the dearest first (card order among equal costs)."""
        kept = self._priced.get((unit.id, models))
        if kept is not None and kept[0] is unit:
            return kept[1]
        priced = [
            (cost, upgrade)
            for upgrade in unit.upgrades
            if (cost := upgrade.cost_for(models)) is not None and cost > 0
        ]
        priced.sort(key=lambda pair: -pair[0])
        answer = tuple(priced)
        self._priced[(unit.id, models)] = (unit, answer)
        return answer


# More Supply and Minerals than any list has: what no unit to take costs.
_NONE_FITS = 1 << 62


def upgrade_named(unit: Unit, name: str) -> Upgrade | None:
    """One of the unit's upgrades, by printed name or id, case-insensitively."""
    wanted = key(name)
    return next((u for u in unit.upgrades if wanted in (key(u.name), key(u.id))), None)


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

"""A list resolved against the catalog: what the rules and the tools work on.

`resolve` looks every name of a read list up in the game data (the Faction Card, each
card, unit, composition, upgrade, mission and deployment) and keeps what it cannot find
with suggestions, so each rule and tool reads cards rather than strings. Nothing here
judges the list: that is the rules' work.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Generic, NamedTuple, TypeVar

from armylist.files.yamlsource import YamlPath
from armylist.gamedata.catalog import Catalog
from armylist.gamedata.models import (
    Composition,
    Deployment,
    FactionCard,
    Mission,
    Scale,
    SlotType,
    TacticalCard,
    Unit,
    Upgrade,
)
from armylist.listfile import ArmyList, LoadedList, UnitEntry
from armylist.text.i18n import _
from armylist.text.names import suggest

T = TypeVar("T")

# The slot types in order, as a tuple: iterating the enum itself goes through Python
# code each time, and every list's sums and slot rules go over them.
SLOT_TYPES: tuple[SlotType, ...] = tuple(SlotType)

if TYPE_CHECKING:
    # Only a list checked with --event carries one: its pydantic model loads then.
    from armylist.event.model import Event


# A named tuple, not a frozen dataclass: building one costs every start ~0.4 ms.
class PlacedCard(NamedTuple):
    """A Tactical or Creep Card the list takes, with where it is written."""

    card: TacticalCard
    path: YamlPath


class PlacedUpgrade(NamedTuple):
    """An upgrade bought for a unit, with where it is written."""

    upgrade: Upgrade
    path: YamlPath


@dataclass
class PlacedUnit:
    """A unit the list recruits: its card, chosen composition and upgrades."""

    entry: UnitEntry
    unit: Unit
    path: YamlPath
    composition: Composition | None
    upgrades: list[PlacedUpgrade]

    @property
    def supply(self) -> int | None:
        """Starting Supply: Army Slots occupied (§9.1.6)."""
        return self.composition.supply if self.composition else None

    @property
    def minerals(self) -> int:
        """The composition's cost plus its upgrades' (0 when no composition is valid)."""
        if self.composition is None:
            return 0
        total = self.composition.minerals
        for placed in self.upgrades:
            total += placed.upgrade.cost_for(self.composition.models) or 0
        return total

    @property
    def label(self) -> str:
        """E.g. 'Marine (9)'."""
        if self.composition is None:
            return self.unit.name
        return f"{self.unit.name} ({self.composition.models})"


def one_per_model(
    bought: Sequence[T], upgrade_of: Callable[[T], Upgrade], models: int
) -> tuple[list[T], list[T]]:
    """§9.1.7: each distinct SPECIALIST upgrade is carried by its own model, in the
    order the list buys them. The ones that have a model, and the ones left over."""
    distinct: list[T] = []
    seen: set[str] = set()
    for item in bought:
        upgrade = upgrade_of(item)
        if upgrade.specialist and upgrade.id not in seen:
            seen.add(upgrade.id)
            distinct.append(item)
    return distinct[:models], distinct[models:]


class CarriedWeapon(NamedTuple):
    """A weapon a model carries; ``upgrade`` names the upgrade that gave it."""

    name: str
    replaces: str | None = None
    upgrade: str | None = None


class ModelKit(NamedTuple, Generic[T]):
    """Models ``first``..``last`` (1-based) that carry the same weapons."""

    first: int
    last: int
    weapons: tuple[CarriedWeapon, ...]
    specialist: T | None = None


class Unreplaced(NamedTuple, Generic[T]):
    """A FOR upgrade that found nothing left to replace.

    ``taken_by`` is the earlier upgrade FOR the same weapon that took it (None when the
    models never carried it); ``model`` is a SPECIALIST's model (None for every model,
    or for a SPECIALIST no model is left to carry); ``again`` marks a SPECIALIST bought
    a second time, which repeats its first purchase's conflict.
    """

    bought: T
    weapon: str
    taken_by: T | None
    model: int | None = None
    again: bool = False


class Outfit(NamedTuple, Generic[T]):
    """A unit's models once its upgrades are applied (§9.1.7).

    ``kits`` are the SPECIALIST models one by one, then the rest together;
    ``every_model`` the upgrades that are not weapons; ``unplaced`` the SPECIALIST
    upgrades no model is left to carry.
    """

    kits: tuple[ModelKit[T], ...]
    every_model: tuple[T, ...]
    conflicts: tuple[Unreplaced[T], ...]
    unplaced: tuple[T, ...]


def replacements_taken(
    bought: Sequence[T], upgrade_of: Callable[[T], Upgrade]
) -> dict[int, int]:
    """§9.1.7 "FOR [weapon]": the upgrades that find their weapon already taken.

    Maps the position in ``bought`` of each such upgrade to the position of the earlier
    upgrade FOR the same weapon that took it. The first upgrade FOR a weapon in list
    order takes it; a later one has nothing left to replace, unless both are SPECIALIST
    (each takes it on its own model). The same upgrade bought twice is mapped too.
    """
    first_for: dict[str, int] = {}  # weapon -> where the first upgrade FOR it is
    taken: dict[int, int] = {}
    for index, item in enumerate(bought):
        upgrade = upgrade_of(item)
        if upgrade.replaces is None:
            continue
        first = first_for.setdefault(upgrade.replaces.casefold(), index)
        if first != index and not (
            upgrade.specialist and upgrade_of(bought[first]).specialist
        ):
            taken[index] = first
    return taken


def _replace(
    kit: list[CarriedWeapon], weapon: CarriedWeapon, target: str | None
) -> bool:
    """Swap ``weapon`` in for ``target`` (or add it when there is no target); False,
    and nothing carried, when ``target`` is absent."""
    if target is not None:
        for i, carried in enumerate(kit):
            if carried.name.casefold() == target.casefold():
                kit[i] = CarriedWeapon(weapon.name, carried.name, weapon.upgrade)
                return True
    if target is not None:
        return False  # a replacement needs the weapon it replaces: not carried
    kit.append(weapon)
    return True


def apply_upgrades(
    unit: Unit, models: int, bought: Sequence[T], upgrade_of: Callable[[T], Upgrade]
) -> Outfit[T]:
    """§9.1.7: what each of ``models`` carries once ``bought`` is applied in list order.

    An upgrade applies to every model unless it is SPECIALIST (one model each, see
    `one_per_model`). "FOR [weapon]" replaces that weapon, and needs it: the first
    upgrade FOR a weapon takes it (`replacements_taken`); a later one is carried by no
    model (the list is illegal, replacement-conflict) and is listed in ``conflicts``.
    """
    taken = replacements_taken(bought, upgrade_of)
    # A SPECIALIST whose weapon is taken is carried by no model, so it takes none.
    carried, unplaced = one_per_model(
        [item for index, item in enumerate(bought) if index not in taken],
        upgrade_of,
        models,
    )
    model_of = {upgrade_of(item).id: n for n, item in enumerate(carried, 1)}
    # One weapon list per SPECIALIST model, then one for the models without one.
    kits = [
        [CarriedWeapon(w.name) for w in unit.weapons] for _ in range(len(carried) + 1)
    ]
    every: list[T] = []
    conflicts: list[Unreplaced[T]] = []
    seen: set[str] = set()  # SPECIALIST ids, to tell one bought again
    for index, item in enumerate(bought):
        upgrade = upgrade_of(item)
        again = upgrade.specialist and upgrade.id in seen
        model = model_of.get(upgrade.id) if upgrade.specialist else None
        if upgrade.specialist:
            seen.add(upgrade.id)
        elif upgrade.weapon is None and upgrade.replaces is None:
            every.append(item)
            continue
        if upgrade.replaces is not None and index in taken:
            # A replacement needs the weapon it replaces, and the first upgrade FOR
            # it took it: this one is carried by no model, even by models that still
            # carry the weapon.
            taken_by = bought[taken[index]]
            conflicts.append(Unreplaced(item, upgrade.replaces, taken_by, model, again))
            continue
        if again or (upgrade.specialist and model is None):
            continue
        if upgrade.weapon is None and upgrade.replaces is None:
            continue  # a SPECIALIST that is not a weapon: its kit names it
        targets = kits if model is None else [kits[model - 1]]
        weapon = CarriedWeapon(
            upgrade.weapon.name if upgrade.weapon else upgrade.name,
            upgrade=upgrade.name,
        )
        found = [_replace(kit, weapon, upgrade.replaces) for kit in targets]
        if upgrade.replaces is not None and not all(found):
            conflicts.append(Unreplaced(item, upgrade.replaces, None, model))
    groups = [
        ModelKit(n, n, tuple(kits[n - 1]), item) for n, item in enumerate(carried, 1)
    ]
    if len(carried) < models:
        groups.append(ModelKit(len(carried) + 1, models, tuple(kits[-1])))
    return Outfit(tuple(groups), tuple(every), tuple(conflicts), tuple(unplaced))


class Unresolved(NamedTuple):
    """A name the catalog does not know."""

    name: str
    path: YamlPath
    suggestions: list[str]
    context: str = ""


@dataclass
class Context:
    """Everything the rules may look at for one list."""

    file: str
    catalog: Catalog
    loaded: LoadedList
    army: ArmyList | None = None
    faction: FactionCard | None = None
    scale: Scale | None = None
    mineral_limit: int | None = None
    cards: list[PlacedCard] = field(default_factory=list)
    units: list[PlacedUnit] = field(default_factory=list)
    missions: list[tuple[Mission, YamlPath]] = field(default_factory=list)
    deployments: list[tuple[Deployment, YamlPath]] = field(default_factory=list)
    unknown: dict[str, list[Unresolved]] = field(default_factory=dict)
    event: Event | None = None
    # The models owned per unit id, when a collection is in use (`validate` warns
    # of a unit the list takes more models of).
    owned: Mapping[str, int] | None = None
    # "yaml" for our list, else the importer's format: a hint to edit the file only
    # fits a list the player can edit as YAML.
    form: str = "yaml"
    _granted: tuple[tuple[int, int], list[tuple[str, SlotType, int]]] | None = field(
        default=None, repr=False
    )
    _totals: tuple[FactionCard | None, int, int, Totals] | None = field(
        default=None, repr=False
    )
    # What the list can still take, by question: every hint of a list asks the same
    # searches (`rules/takeable.py` keeps their answers here).
    answers: dict[str, tuple[tuple[object, ...], object]] = field(
        default_factory=dict, repr=False, compare=False
    )

    @property
    def gas_limit(self) -> int | None:
        """Vespene Gas limit: a percentage of the Mineral limit (§9.1.1)."""
        return self.catalog.game.gas_limit(self.mineral_limit)

    @property
    def minerals_used(self) -> int:
        """Minerals spent on units and upgrades."""
        return self.totals().minerals

    @property
    def gas_used(self) -> int:
        """Vespene Gas spent on Tactical and Creep Cards."""
        return self.totals().gas

    def granted(self) -> list[tuple[str, SlotType, int]]:
        """Who granted which Army Slots: the Faction Card, then each card."""
        # Every slot rule asks; the answer changes only when the cards do.
        stamp = (id(self.faction), len(self.cards))
        if self._granted is None or self._granted[0] != stamp:
            self._granted = (stamp, self._grant_rows())
        return self._granted[1]

    def _grant_rows(self) -> list[tuple[str, SlotType, int]]:
        rows: list[tuple[str, SlotType, int]] = []
        if self.faction is not None:
            rows += _grants(self.faction)
        for placed in self.cards:
            rows += _grants(placed.card)
        return rows

    def totals(self) -> Totals:
        """The list's sums: Minerals and Vespene Gas spent, Army Slots granted and
        occupied by type. A rule that reads several asks once."""
        # Every rule and every hint's search asks these sums again; the answer
        # changes only when the units or the cards do.
        # (~17 asks a list: the stamp is compared part by part, no tuple is built)
        kept = self._totals
        if (
            kept is None
            or kept[0] is not self.faction
            or kept[1] != len(self.units)
            or kept[2] != len(self.cards)
        ):
            kept = self._totals = (
                self.faction,
                len(self.units),
                len(self.cards),
                Totals.of(self),
            )
        return kept[3]

    def available(self, slot: SlotType) -> int:
        """Army Slots of a type granted in total."""
        return self.totals().available[slot]

    def used(self, slot: SlotType, *, staying: bool = False) -> int:
        """Army Slots of a type occupied by units; with ``staying``, only by the units
        that can legally stay (not a Unique unit taken again)."""
        if not staying:
            return self.totals().used[slot]
        repeats = {id(u) for u in self.unique_repeats()}
        return sum(
            u.supply or 0
            for u in self.units
            if u.unit.slot is slot and not u.unit.summoned and id(u) not in repeats
        )

    def unique_repeats(self) -> list[PlacedUnit]:
        """The units that take a Unique unit again, after its first entry: each has
        to go (§9.1.5), so no fix counts on them."""
        seen: set[str] = set()
        repeats = []
        for placed in self.units:
            if placed.unit.unique and placed.unit.id in seen:
                repeats.append(placed)
            seen.add(placed.unit.id)
        return repeats


# The Army Slots each card grants, as ledger rows, by the card's identity (the card is
# kept with its rows, so an id is never another card's): every list's ledger and sums
# read them, and a card never changes once loaded.
_GRANTS: dict[
    int, tuple[FactionCard | TacticalCard, list[tuple[str, SlotType, int]]]
] = {}
_MOST_GRANTS = 2_000  # the cards of a few catalogs


def _grants(card: FactionCard | TacticalCard) -> list[tuple[str, SlotType, int]]:
    kept = _GRANTS.get(id(card))
    if kept is None or kept[0] is not card:
        if len(_GRANTS) >= _MOST_GRANTS:  # a process that loads catalog after catalog
            _GRANTS.clear()
        rows = [(card.name, slot, amount) for slot, amount in card.slots.items()]
        kept = _GRANTS[id(card)] = (card, rows)
    return kept[1]


class Totals(NamedTuple):
    """A list's sums, counted once: Minerals and Vespene Gas spent, Army Slots
    granted and occupied by type."""

    minerals: int
    gas: int
    available: dict[SlotType, int]
    used: dict[SlotType, int]

    @classmethod
    def of(cls, context: Context) -> Totals:
        """The sums of a resolved list."""
        available = dict.fromkeys(SLOT_TYPES, 0)
        for _name, slot, amount in context.granted():
            available[slot] += amount
        used = dict.fromkeys(SLOT_TYPES, 0)
        minerals = 0
        for placed in context.units:
            if placed.composition is None:
                continue  # no Minerals and no slots: its composition is unknown
            minerals += placed.minerals
            unit = placed.unit
            if unit.slot is not None and not unit.summoned:
                used[unit.slot] += placed.composition.supply
        gas = 0
        for card in context.cards:
            gas += card.card.gas
        return cls(minerals, gas, available, used)


def _unknown(context: Context, kind: str, item: Unresolved) -> None:
    context.unknown.setdefault(kind, []).append(item)


def resolve(
    loaded: LoadedList, file: str, catalog: Catalog, event: Event | None = None
) -> Context:
    """Look every name of a read list up in the catalog; keep what is unknown.

    A list that did not read (``loaded.army`` is None) resolves to an empty context:
    the file rules still report why.
    """
    context = Context(
        file=file, catalog=catalog, loaded=loaded, army=loaded.army, event=event
    )
    _resolve_names(context)
    return context


def _resolve_names(context: Context) -> None:
    army = context.army
    if army is None:
        return
    catalog = context.catalog
    # The limit depends on the scale, and the gas limit on it: both are known before
    # any card is priced.
    if army.scale is not None:
        context.scale = catalog.scale(army.scale)
    if context.scale is not None:
        context.mineral_limit = context.scale.mineral_limit(army.minerals)
    if army.faction is not None:
        context.faction = catalog.factions.get(army.faction)
        if context.faction is None:
            _unknown(
                context,
                "faction",
                Unresolved(
                    army.faction, ("faction",), catalog.suggest_faction(army.faction)
                ),
            )
    # Each name keeps its path in the file, so a rule's finding points at the line
    # that wrote it; an unknown name is kept with suggestions, not dropped.
    place = context.loaded.place
    context.cards = [
        PlacedCard(card, path)
        for card, path in _placed_names(
            context,
            "tactical_cards",
            "card",
            army.tactical_cards,
            catalog.cards.get,
            catalog.cards.suggest,
        )
    ]
    for i, entry in enumerate(army.units):
        path = ("units", place("units", i))
        unit = catalog.units.get(entry.unit)
        if unit is None:
            _unknown(
                context,
                "unit",
                Unresolved(
                    entry.unit, (*path, "unit"), catalog.units.suggest(entry.unit)
                ),
            )
            continue
        # No `models:` is fine when the card prints one composition; with several,
        # the composition stays unknown and the `composition` rule asks for one.
        if entry.models is None:
            composition = unit.compositions[0] if len(unit.compositions) == 1 else None
        else:
            composition = unit.composition(entry.models)
        bought: list[PlacedUpgrade] = []
        for j, name in enumerate(entry.upgrades):
            upgrade = catalog.upgrade(unit, name)
            if upgrade is None:
                choices = [u.name for u in unit.upgrades]
                _unknown(
                    context,
                    "upgrade",
                    Unresolved(
                        name,
                        (*path, "upgrades", j),
                        suggest(name, choices),
                        _(" for {unit}; its upgrades are {upgrades}").format(
                            unit=unit.name, upgrades=", ".join(choices)
                        )
                        if choices
                        else _(" for {unit} (it has no upgrades)").format(
                            unit=unit.name
                        ),
                    ),
                )
            else:
                bought.append(PlacedUpgrade(upgrade, (*path, "upgrades", j)))
        context.units.append(PlacedUnit(entry, unit, path, composition, bought))
    # Mission Cards are printed per scenario scale (Grand Offensive plays Standard's);
    # a name is looked up among the cards of the list's own scale.
    scenario_scale = context.scale.scenario_scale if context.scale else "standard"
    context.missions = _placed_names(
        context,
        "missions",
        "mission",
        army.missions or [],
        lambda name: catalog.mission(name, scenario_scale),
        lambda name: suggest(name, catalog.mission_names()),
    )
    context.deployments = _placed_names(
        context,
        "deployments",
        "deployment",
        army.deployments or [],
        catalog.deployments.get,
        catalog.deployments.suggest,
    )


def _placed_names(
    context: Context,
    list_key: str,
    kind: str,
    names: Sequence[str],
    find: Callable[[str], T | None],
    suggestions: Callable[[str], list[str]],
) -> list[tuple[T, YamlPath]]:
    """Each card named under ``list_key``, found, with its path in the file.

    A name ``find`` does not know is kept in ``context.unknown[kind]`` with
    suggestions, so the rule that reports it can point at the line.
    """
    found: list[tuple[T, YamlPath]] = []
    for index, name in enumerate(names):
        path: YamlPath = (list_key, context.loaded.place(list_key, index))
        card = find(name)
        if card is None:
            _unknown(context, kind, Unresolved(name, path, suggestions(name)))
        else:
            found.append((card, path))
    return found

"""The catalog: every card loaded once, with lookups by name or id and the tag rule."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Generic, NamedTuple, TypeVar

from armylist.files import yamlsource
from armylist.gamedata.models import (
    Card,
    Deployment,
    Effect,
    FactionCard,
    Game,
    Mission,
    Scale,
    SlotType,
    TacticalCard,
    Unit,
    Upgrade,
)
from armylist.text.i18n import N_
from armylist.text.names import key, plural_of, read_word, suggest, without_marks

C = TypeVar("C", bound=Card)


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

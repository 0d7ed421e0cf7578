"""Pydantic models of the cards: Faction, Tactical and Creep Cards, Units, Scenarios."""

from __future__ import annotations

import re
from enum import StrEnum
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from armylist.text.i18n import _

SLUG = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
# ASCII digits, and few (self-contained: no `numbers.read_int` here): int() of a
# 5,000-digit count would raise, and `\d` matches "٣" too.
BAND = re.compile(r"^([0-9]{1,6})(?:-([0-9]{1,6}))?$")
# A printed keyword: NAME, then an optional tag word, a range in inches, a value in
# brackets and a target number, in the shapes the cards print ("PIERCE Armoured (2)",
# 'BURST FIRE 8" (3)', 'LONG RANGE (18")', "IMPACT (1) 5+", "INSTANT").
KEYWORD = re.compile(
    r"^(?P<name>[A-Z][A-Z -]*[A-Z])"
    r"(?:\s+\[?(?P<tag>[A-Z][a-z]+)\]?)?"
    r"(?:\s+(?P<inches>[0-9]{1,6})\")?"
    r"(?:\s*\((?P<value>[0-9]{1,6})(?P<value_inches>\")?\))?"
    r"(?:\s+(?P<target>[2-6])\+)?$"
)


class SlotType(StrEnum):
    """The five official Army Slot types (§9.1.5)."""

    CORE = "core"
    ELITE = "elite"
    SUPPORT = "support"
    AIR = "air"
    HERO = "hero"

    @property
    def label(self) -> str:
        """The name as printed on the cards."""
        return self.value.capitalize()


_SLOT_ORDER = tuple(SlotType)


class Race(StrEnum):
    """The three races."""

    TERRAN = "Terran"
    ZERG = "Zerg"
    PROTOSS = "Protoss"


class Card(BaseModel):
    """Fields every card shares: stable slug id, printed name, provenance."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    id: str = Field(description="stable slug id, e.g. barracks-proxy")
    name: str = Field(description="the name as printed on the card")
    source: str = Field(description="where the numbers come from")
    provisional: bool = Field(
        default=False, description="wave-2 card known from one source only"
    )
    note: str | None = None

    @field_validator("id")
    @classmethod
    def _slug(cls, value: str) -> str:
        if not SLUG.match(value):
            raise ValueError(
                _("id {id} is not a lower-case slug like 'barracks-proxy'").format(
                    id=repr(value)
                )
            )
        return value


class Slots(BaseModel):
    """A number of Army Slots per slot type."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    core: int = Field(default=0, ge=0)
    elite: int = Field(default=0, ge=0)
    support: int = Field(default=0, ge=0)
    air: int = Field(default=0, ge=0)
    hero: int = Field(default=0, ge=0)

    def get(self, slot: SlotType) -> int:
        """Slots of one type."""
        value: int = self.__dict__[slot]  # a StrEnum member is its own field name
        return value

    def items(self) -> list[tuple[SlotType, int]]:
        """The non-zero slot types in printed order."""
        # Read on every rule of every list: the field values straight from __dict__.
        fields = self.__dict__
        return [(s, fields[s]) for s in _SLOT_ORDER if fields[s]]

    def describe(self) -> str:
        """E.g. '3 Core, 1 Support, 1 Air, 1 Hero'."""
        return ", ".join(f"{n} {s.label}" for s, n in self.items()) or _("none")


class FactionCard(Card):
    """A Faction Card: tags, starting Army Slots and the race resource (§9.1.2)."""

    race: Race
    tags: tuple[str, ...]
    slots: Slots
    resource: str
    resource_per_round: int = Field(ge=0)


class TacticalCard(Card):
    """A Tactical Card or a Zerg Creep Card, paid in Vespene Gas (§9.1.5)."""

    race: Race
    kind: Literal["tactical", "creep"] = "tactical"
    tags: tuple[str, ...]
    gas: int = Field(ge=0)
    # A factory, not Slots(): an instance here would build Slots' validator on import.
    slots: Slots = Field(default_factory=Slots)
    unique: bool = False
    resource_per_round: int | None = Field(default=None, ge=0)


class Keyword(BaseModel):
    """One keyword with its parameters, e.g. PIERCE Armoured (2) or BURST FIRE 8" (3).

    Written in the data either as printed (a string) or as a mapping
    (`{keyword: PRECISION, value: 2}`); both become this model.
    """

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    keyword: str = Field(description="the keyword's name in capitals, e.g. PIERCE")
    value: int | None = Field(default=None, description="the (X) in brackets")
    tag: str | None = Field(default=None, description="PIERCE's combat tag")
    inches: int | None = Field(
        default=None, description='a range: BURST FIRE 8" or LONG RANGE (18")'
    )
    target: int | None = Field(
        default=None, ge=2, le=6, description="a roll's target number: IMPACT 5+"
    )

    @model_validator(mode="before")
    @classmethod
    def _printed(cls, value: object) -> object:
        if isinstance(value, str):
            return parse_keyword(value)
        return value

    def __str__(self) -> str:
        parts = [self.keyword]
        if self.tag:
            parts.append(self.tag)
        if self.inches is not None and self.value is not None:
            parts.append(f'{self.inches}"')
        if self.value is not None:
            parts.append(f"({self.value})")
        elif self.inches is not None:
            parts.append(f'({self.inches}")')
        if self.target is not None:
            parts.append(f"{self.target}+")
        return " ".join(parts)


def parse_keyword(printed: str) -> dict[str, object]:
    """The fields of a keyword printed like 'PIERCE Armoured (2)' or 'IMPACT (1) 5+'."""
    match = KEYWORD.match(printed.strip())
    if not match:
        raise ValueError(
            _("keyword {keyword} is not like 'PIERCE Armoured (2)'").format(
                keyword=repr(printed)
            )
        )
    fields: dict[str, object] = {"keyword": match["name"]}
    if match["tag"]:
        fields["tag"] = match["tag"]
    if match["inches"]:
        fields["inches"] = int(match["inches"])
    if match["value"]:
        # LONG RANGE (18") prints its range where other keywords print a value.
        key = "inches" if match["value_inches"] else "value"
        fields[key] = int(match["value"])
    if match["target"]:
        fields["target"] = int(match["target"])
    return fields


class Weapon(BaseModel):
    """A weapon profile; wave-2 weapons may be known by name only."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    name: str
    phase: str | None = None
    range: str | None = None
    target: str | None = None
    rate_of_attack: str | None = None
    hit: str | None = None
    surge_type: str | None = None
    surge_dice: str | None = None
    damage: str | None = None
    keywords: tuple[str, ...] = ()

    @field_validator("keywords")
    @classmethod
    def _known_shape(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        for printed in value:
            parse_keyword(printed)  # raises on a keyword that is not in a printed shape
        return value

    @property
    def keyword_entries(self) -> tuple[Keyword, ...]:
        """The keywords with their parameters (the data keeps the printed text)."""
        return tuple(Keyword.model_validate(printed) for printed in self.keywords)

    @property
    def has_profile(self) -> bool:
        """Whether the profile is transcribed (wave-2 weapons may be a name only)."""
        return None not in (self.phase, self.rate_of_attack, self.hit, self.damage)


class Grant(BaseModel):
    """Who else an ability reaches: friendly units (the giver's race) with a tag."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    tags: tuple[str, ...] = Field(
        default=(), description="any of these combat tags; empty: every friendly unit"
    )
    others: bool = Field(
        default=False, description='"another Friendly Unit": never the giver itself'
    )


class Effect(BaseModel):
    """A combat-relevant ability or upgrade effect, as data (COMBAT.md ability table).

    `weapons` names the weapons it changes; empty means the unit itself (its stats,
    its Evade, an IMPACT it resolves after a Charge). A `toggle` applies only when
    chosen (`armylist attack --ability NAME`): it is activated, a reaction, or rests
    on a fact of the table the cards cannot give.
    """

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    name: str = Field(description="the ability or upgrade as printed")
    source: str
    toggle: bool = Field(default=False, description="applies only when chosen")
    grants: Grant | None = Field(
        default=None, description="also chosen by the friendly units it reaches"
    )
    weapons: tuple[str, ...] = ()
    every_weapon: bool = Field(default=False, description="all of the unit's weapons")
    first_weapon: bool = Field(
        default=False, description="only the first weapon used (the first batch)"
    )
    damage: int | None = Field(default=None, description="the weapons' Damage becomes")
    target_size: int | None = Field(
        default=None, description="`damage` only against a target of this Size or more"
    )
    impact: int = Field(default=0, description="+N to its IMPACT rolls")
    evade: int = Field(default=0, description="+N to its Evade rolls")
    removed_dice: int = Field(
        default=0, ge=0, description="dice removed from each enemy ranged batch"
    )
    stopped_by_instant: bool = Field(
        default=False, description="removes no die from an INSTANT weapon"
    )
    damage_reduction: int = Field(
        default=0, ge=0, description="Total Damage cut per batch (not INSTANT)"
    )
    self_damage: int = Field(
        default=0, ge=0, description="NON-LETHAL DAMAGE its unit suffers to use it"
    )
    enemy_hit: int = Field(default=0, description="+N to enemy ranged Hit rolls")
    enemy_range: int = Field(
        default=0, ge=0, description="DEBUFF Range (X) on enemy ranged weapons"
    )
    enemy_loses_long_range: bool = False
    keywords: tuple[Keyword, ...] = ()
    rate_of_attack: int = Field(default=0, description="+RoA per model")
    surge_type: str | None = None
    surge_dice: str | None = None
    hit_points: int = Field(default=0, description="+HP per model")
    armour: int = Field(default=0, description="+N to Armour rolls")
    evade_against: Literal["assault", "combat", "all"] | None = Field(
        default=None, description="attacks it grants Evade against"
    )
    impact_dice: int = Field(default=0, description="+IMPACT dice per model")
    within: int | None = Field(
        default=None, description="applies only with the target within this many inches"
    )
    first_armour_roll: bool = Field(
        default=False, description="its TOUGH applies to the first batch only"
    )

    @property
    def on_unit(self) -> bool:
        """Whether it changes the unit itself rather than some of its weapons."""
        return not self.weapons and not self.every_weapon


class Stats(BaseModel):
    """The stat line printed on a unit card."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    size: str
    hit_points: str
    evade: str
    armour: str
    speed: str
    shield: str | None = None


class Composition(BaseModel):
    """One composition option: a number of models for a Mineral cost (§9.1.6)."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    models: int = Field(ge=1)
    minerals: int = Field(ge=0)
    supply: int = Field(ge=0, description="starting Supply = Army Slots occupied")


class SupplyBand(BaseModel):
    """A band of the Supply Profile: models remaining -> Supply (§6)."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    min_models: int = Field(ge=1)
    max_models: int = Field(ge=1)
    supply: int = Field(ge=0)


class Upgrade(BaseModel):
    """An upgrade on the back of a unit card (§9.1.7)."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    id: str
    name: str
    cost: dict[int, int] = Field(description="Minerals by composition (models)")
    specialist: bool = False
    replaces: str | None = Field(
        default=None, description="the weapon a 'FOR' upgrade replaces"
    )
    weapon: Weapon | None = Field(default=None, description="the weapon it gives")
    effects: tuple[Effect, ...] = Field(
        default=(), description="what it changes in combat"
    )

    def cost_for(self, models: int) -> int | None:
        """The upgrade's cost for a composition, None when it has none."""
        return self.cost.get(models)


class Unit(Card):
    """A unit card."""

    race: Race
    slot: SlotType | None = Field(description="Army Slot type; none for summoned units")
    unique: bool = False
    summoned: bool = False
    tags: tuple[str, ...]
    combat_tags: tuple[str, ...] = ()
    role: str | None = None
    base_size: str | None = None
    stats: Stats | None = None
    weapons: tuple[Weapon, ...] = ()
    compositions: tuple[Composition, ...]
    supply_profile: tuple[SupplyBand, ...] = ()
    upgrades: tuple[Upgrade, ...] = ()
    abilities: tuple[Effect, ...] = Field(
        default=(), description="combat-relevant abilities printed on the card"
    )

    @field_validator("supply_profile", mode="before")
    @classmethod
    def _bands(cls, value: object) -> object:
        # Written compactly in YAML as {"1-3": 0, "4-6": 1, "7-9": 2}.
        if not isinstance(value, dict):
            return value
        bands = []
        for key, supply in value.items():
            match = BAND.match(str(key))
            if not match:
                raise ValueError(
                    _("supply band {band} is not like '4-6' or '2'").format(
                        band=repr(key)
                    )
                )
            low = int(match.group(1))
            high = int(match.group(2) or low)
            bands.append({"min_models": low, "max_models": high, "supply": supply})
        return bands

    def composition(self, models: int) -> Composition | None:
        """The composition with that many models, if the card offers it."""
        for option in self.compositions:
            if option.models == models:
                return option
        return None

    def supply_at(self, models: int) -> int | None:
        """Supply of the unit with that many models left, from its Supply Profile."""
        for band in self.supply_profile:
            if band.min_models <= models <= band.max_models:
                return band.supply
        return None

    @property
    def max_models(self) -> int:
        """The largest composition."""
        return max(c.models for c in self.compositions)

    def weapon(self, name: str) -> Weapon | None:
        """A weapon the unit carries, by name (case-insensitive)."""
        for weapon in self.weapons:
            if weapon.name.casefold() == name.casefold():
                return weapon
        return None


MarkerColour = Literal["red", "blue", "neutral"]


class MarkerVP(BaseModel):
    """VP per controlled Mission Marker, by its colour seen from the controller."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    own: int = Field(default=0, ge=0, description="a marker of your own colour")
    neutral: int = Field(default=0, ge=0, description="marker 5")
    opponent: int = Field(default=0, ge=0, description="a marker of the enemy colour")


class GatherRule(BaseModel):
    """Gather actions: VP each, at a controlled marker of the listed colours."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    vp: int = Field(ge=1)
    markers: tuple[Literal["neutral", "opponent"], ...]


class QuarterRule(BaseModel):
    """Battlefield quarters scored by strictly higher Supply wholly within."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    count: int = Field(ge=1)
    vp: int = Field(ge=1)


class Activation(BaseModel):
    """A Supply Drop flip: at the start of ``round`` one of ``markers`` is activated."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    round: int = Field(ge=1)
    markers: tuple[int, ...]


class MissionScoring(BaseModel):
    """What a Mission Card scores in step 2 of the Scoring Phase (§8.9.2)."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    markers: dict[int, MarkerColour] = Field(
        description="the Mission Markers on the table and the colour each carries"
    )
    markers_start: Literal["activated", "deactivated"]
    objective_from_round: int = Field(ge=1)
    marker_vp: MarkerVP | None = None
    capture_bonus: int = Field(
        default=0, ge=0, description="VP for each marker taken from the opponent"
    )
    gather: GatherRule | None = None
    quarters: QuarterRule | None = None
    activations: tuple[Activation, ...] = Field(
        default=(),
        description="Supply Drop: an Activated marker scores its activation round "
        "in VP and is removed",
    )


# §9.2: each player brings this many Mission Cards, and as many Deployment Cards, to
# the draft.
CARDS_BROUGHT = 2


class Mission(Card):
    """A Mission Card: each mission is printed once per scale (§8.3.1, §9.2)."""

    scale: Literal["skirmish", "standard"]
    starting_supply: int = Field(ge=0)
    supply_escalation: int = Field(ge=0)
    game_length: int = Field(ge=1)
    instant_win_lead: int | None = None
    scoring: MissionScoring | None = None


class Deployment(Card):
    """A Deployment Card, of one scale, with its battlefield size (§9.3)."""

    scale: Literal["skirmish", "standard"]
    battlefield: str


class Scale(BaseModel):
    """A game scale (§9.1.1)."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    id: Literal["skirmish", "standard", "grand-offensive"]
    name: str
    minerals: int | None = Field(description="the Mineral limit; None when agreed")
    minerals_min: int = 0
    battlefield: str
    scenario_scale: Literal["skirmish", "standard"] = Field(
        description="which printed Mission and Deployment Cards this scale uses"
    )
    terrain_die: str = Field(description="the die rolled for a pre-designed map")
    convention: str | None = Field(
        default=None,
        description="what armylist decides here where no source rules, pending an "
        "official answer (listed in the README's Known conventions)",
    )

    def mineral_limit(self, given: int | None) -> int | None:
        """The Mineral limit of a list at this scale giving ``minerals: given``: the
        printed one, or for Grand Offensive the agreed one when it is high enough."""
        if self.minerals is not None:
            return self.minerals
        if given is not None and given >= self.minerals_min:
            return given
        return None

    def minerals_problem(self, given: int | None) -> MineralsProblem | None:
        """What is wrong with ``minerals: given`` at this scale (§9.1.1), if anything:
        `missing` (an agreed scale needs it), `too-low` (under the agreed scale's
        minimum) or `mismatch` (a printed scale's limit is another number)."""
        if self.minerals is None:
            if given is None:
                return "missing"
            return "too-low" if given < self.minerals_min else None
        return "mismatch" if given is not None and given != self.minerals else None


MineralsProblem = Literal["missing", "too-low", "mismatch"]


class Resource(BaseModel):
    """A race resource generated by Faction and Tactical Cards."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    id: str
    race: Race


class Game(BaseModel):
    """Scales, slot types and resources: the file `game.yaml`."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    data_version: str
    gas_percent: int = Field(ge=1, le=100)
    scales: tuple[Scale, ...]
    slot_types: tuple[SlotType, ...]
    resources: tuple[Resource, ...]
    source: str

    def gas_limit(self, mineral_limit: int | None) -> int | None:
        """The Vespene Gas limit: a percentage of the Mineral limit (§9.1.1)."""
        if mineral_limit is None:
            return None
        return mineral_limit * self.gas_percent // 100

    @model_validator(mode="after")
    def _all_slots(self) -> Game:
        if set(self.slot_types) != set(SlotType):
            raise ValueError(_("slot_types must list core, elite, support, air, hero"))
        return self


class RaceFile(BaseModel):
    """One race's file: its Faction Cards, Tactical and Creep Cards, and Units."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    race: Race
    source: str
    faction_cards: tuple[FactionCard, ...]
    tactical_cards: tuple[TacticalCard, ...]
    units: tuple[Unit, ...]

    @model_validator(mode="before")
    @classmethod
    def _race_onto_cards(cls, value: object) -> object:
        # The race is written once at the top of the file; every card carries it.
        if isinstance(value, dict) and "race" in value:
            for key in ("faction_cards", "tactical_cards", "units"):
                cards = value.get(key)
                if isinstance(cards, list):
                    for card in cards:
                        if isinstance(card, dict):
                            card.setdefault("race", value["race"])
        return value


class ScenarioFile(BaseModel):
    """The Mission and Deployment Cards: the file `scenarios.yaml`."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    source: str
    missions: tuple[Mission, ...]
    deployments: tuple[Deployment, ...]

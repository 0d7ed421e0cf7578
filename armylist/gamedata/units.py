"""The Unit Cards: stats, weapons and their keywords, upgrades and their effects, the
models and Supply a unit comes in; and a race's file of cards and units."""

from __future__ import annotations

import re
from typing import Annotated, Any, ClassVar, Literal

from armylist.files.checked import (
    FORBID,
    After,
    Before,
    Described,
    Least,
    Most,
    record,
    whole,
)
from armylist.gamedata.cards import (
    Card,
    FactionCard,
    Race,
    SlotType,
    TacticalCard,
)
from armylist.text.i18n import _

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


def _printed(value: object) -> object:
    # A keyword as printed ("PIERCE Armoured (2)") or as a mapping.
    if isinstance(value, str):
        return parse_keyword(value)
    return value


@record
class Keyword:
    """One keyword with its parameters, e.g. PIERCE Armoured (2) or BURST FIRE 8" (3).

    Written in the data either as printed (a string) or as a mapping
    (`{keyword: PRECISION, value: 2}`); both become this model.
    """

    __pydantic_config__: ClassVar[dict[str, Any]] = FORBID

    keyword: Annotated[str, Described("the keyword's name in capitals, e.g. PIERCE")]
    value: Annotated[int | None, Described("the (X) in brackets")] = None
    tag: Annotated[str | None, Described("PIERCE's combat tag")] = None
    inches: Annotated[
        int | None, Described('a range: BURST FIRE 8" or LONG RANGE (18")')
    ] = None
    target: Annotated[
        Annotated[int, Least(2), Most(6)] | None,
        Described("a roll's target number: IMPACT 5+"),
    ] = None

    __get_pydantic_core_schema__ = whole(_printed, first=True)

    @classmethod
    def printed(cls, text: str) -> Keyword:
        """The keyword printed as ``text`` (raises ValueError on another shape)."""
        return cls(**parse_keyword(text))  # type: ignore[arg-type]

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


def _known_shape(value: tuple[str, ...]) -> tuple[str, ...]:
    for printed in value:
        parse_keyword(printed)  # raises on a keyword that is not in a printed shape
    return value


@record
class Weapon:
    """A weapon profile; wave-2 weapons may be known by name only."""

    __pydantic_config__: ClassVar[dict[str, Any]] = FORBID

    name: str
    phase: str | None = None
    range: str | None = None
    target: str | None = None
    rate_of_attack: str | None = None
    hit: str | None = None
    surge_type: str | None = None
    surge_dice: str | None = None
    damage: str | None = None
    keywords: Annotated[tuple[str, ...], After(_known_shape)] = ()

    @property
    def keyword_entries(self) -> tuple[Keyword, ...]:
        """The keywords with their parameters (the data keeps the printed text)."""
        return tuple(Keyword.printed(printed) for printed in self.keywords)

    @property
    def has_profile(self) -> bool:
        """Whether the profile is transcribed (wave-2 weapons may be a name only)."""
        return None not in (self.phase, self.rate_of_attack, self.hit, self.damage)


@record
class Grant:
    """Who else an ability reaches: friendly units (the giver's race) with a tag."""

    __pydantic_config__: ClassVar[dict[str, Any]] = FORBID

    tags: Annotated[
        tuple[str, ...],
        Described("any of these combat tags; empty: every friendly unit"),
    ] = ()
    others: Annotated[
        bool, Described('"another Friendly Unit": never the giver itself')
    ] = False


@record
class Effect:
    """A combat-relevant ability or upgrade effect, as data (COMBAT.md ability table).

    `weapons` names the weapons it changes; empty means the unit itself (its stats,
    its Evade, an IMPACT it resolves after a Charge). A `toggle` applies only when
    chosen (`armylist attack --ability NAME`): it is activated, a reaction, or rests
    on a fact of the table the cards cannot give.
    """

    __pydantic_config__: ClassVar[dict[str, Any]] = FORBID

    name: Annotated[str, Described("the ability or upgrade as printed")]
    source: str
    toggle: Annotated[bool, Described("applies only when chosen")] = False
    grants: Annotated[
        Grant | None, Described("also chosen by the friendly units it reaches")
    ] = None
    weapons: tuple[str, ...] = ()
    every_weapon: Annotated[bool, Described("all of the unit's weapons")] = False
    first_weapon: Annotated[
        bool, Described("only the first weapon used (the first batch)")
    ] = False
    damage: Annotated[int | None, Described("the weapons' Damage becomes")] = None
    target_size: Annotated[
        int | None, Described("`damage` only against a target of this Size or more")
    ] = None
    impact: Annotated[int, Described("+N to its IMPACT rolls")] = 0
    evade: Annotated[int, Described("+N to its Evade rolls")] = 0
    removed_dice: Annotated[
        int, Least(0), Described("dice removed from each enemy ranged batch")
    ] = 0
    stopped_by_instant: Annotated[
        bool, Described("removes no die from an INSTANT weapon")
    ] = False
    damage_reduction: Annotated[
        int, Least(0), Described("Total Damage cut per batch (not INSTANT)")
    ] = 0
    self_damage: Annotated[
        int, Least(0), Described("NON-LETHAL DAMAGE its unit suffers to use it")
    ] = 0
    enemy_hit: Annotated[int, Described("+N to enemy ranged Hit rolls")] = 0
    enemy_range: Annotated[
        int, Least(0), Described("DEBUFF Range (X) on enemy ranged weapons")
    ] = 0
    enemy_loses_long_range: bool = False
    keywords: tuple[Keyword, ...] = ()
    rate_of_attack: Annotated[int, Described("+RoA per model")] = 0
    surge_type: str | None = None
    surge_dice: str | None = None
    hit_points: Annotated[int, Described("+HP per model")] = 0
    armour: Annotated[int, Described("+N to Armour rolls")] = 0
    evade_against: Annotated[
        Literal["assault", "combat", "all"] | None,
        Described("attacks it grants Evade against"),
    ] = None
    impact_dice: Annotated[int, Described("+IMPACT dice per model")] = 0
    within: Annotated[
        int | None, Described("applies only with the target within this many inches")
    ] = None
    first_armour_roll: Annotated[
        bool, Described("its TOUGH applies to the first batch only")
    ] = False

    @property
    def on_unit(self) -> bool:
        """Whether it changes the unit itself rather than some of its weapons."""
        return not self.weapons and not self.every_weapon


@record
class Stats:
    """The stat line printed on a unit card."""

    __pydantic_config__: ClassVar[dict[str, Any]] = FORBID

    size: str
    hit_points: str
    evade: str
    armour: str
    speed: str
    shield: str | None = None


@record
class Composition:
    """One composition option: a number of models for a Mineral cost (§9.1.6)."""

    __pydantic_config__: ClassVar[dict[str, Any]] = FORBID

    models: Annotated[int, Least(1)]
    minerals: Annotated[int, Least(0)]
    supply: Annotated[int, Least(0), Described("starting Supply = Army Slots occupied")]


@record
class SupplyBand:
    """A band of the Supply Profile: models remaining -> Supply (§6)."""

    __pydantic_config__: ClassVar[dict[str, Any]] = FORBID

    min_models: Annotated[int, Least(1)]
    max_models: Annotated[int, Least(1)]
    supply: Annotated[int, Least(0)]


@record
class Upgrade:
    """An upgrade on the back of a unit card (§9.1.7)."""

    __pydantic_config__: ClassVar[dict[str, Any]] = FORBID

    id: str
    name: str
    cost: Annotated[dict[int, int], Described("Minerals by composition (models)")]
    specialist: bool = False
    replaces: Annotated[
        str | None, Described("the weapon a 'FOR' upgrade replaces")
    ] = None
    weapon: Annotated[Weapon | None, Described("the weapon it gives")] = None
    effects: Annotated[tuple[Effect, ...], Described("what it changes in combat")] = ()

    def cost_for(self, models: int) -> int | None:
        """The upgrade's cost for a composition, None when it has none."""
        return self.cost.get(models)


def _bands(value: object) -> object:
    # Written compactly in YAML as {"1-3": 0, "4-6": 1, "7-9": 2}.
    if not isinstance(value, dict):
        return value
    bands = []
    for key, supply in value.items():
        match = BAND.match(str(key))
        if not match:
            raise ValueError(
                _("supply band {band} is not like '4-6' or '2'").format(band=repr(key))
            )
        low = int(match.group(1))
        high = int(match.group(2) or low)
        bands.append({"min_models": low, "max_models": high, "supply": supply})
    return bands


@record
class Unit(Card):
    """A unit card."""

    race: Race
    slot: Annotated[
        SlotType | None, Described("Army Slot type; none for summoned units")
    ]
    unique: bool = False
    summoned: bool = False
    tags: tuple[str, ...]
    combat_tags: tuple[str, ...] = ()
    role: str | None = None
    base_size: str | None = None
    stats: Stats | None = None
    weapons: tuple[Weapon, ...] = ()
    compositions: tuple[Composition, ...]
    supply_profile: Annotated[tuple[SupplyBand, ...], Before(_bands)] = ()
    upgrades: tuple[Upgrade, ...] = ()
    abilities: Annotated[
        tuple[Effect, ...], Described("combat-relevant abilities printed on the card")
    ] = ()

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


def _race_onto_cards(value: object) -> object:
    # The race is written once at the top of the file; every card carries it.
    if isinstance(value, dict) and "race" in value:
        for key in ("faction_cards", "tactical_cards", "units"):
            cards = value.get(key)
            if isinstance(cards, list):
                for card in cards:
                    if isinstance(card, dict):
                        card.setdefault("race", value["race"])
    return value


@record
class RaceFile:
    """One race's file: its Faction Cards, Tactical and Creep Cards, and Units."""

    __pydantic_config__: ClassVar[dict[str, Any]] = FORBID

    race: Race
    source: str
    faction_cards: tuple[FactionCard, ...]
    tactical_cards: tuple[TacticalCard, ...]
    units: tuple[Unit, ...]

    __get_pydantic_core_schema__ = whole(_race_onto_cards, first=True)

"""The Unit Cards: stats, weapons and their keywords, upgrades and their effects, the
models and Supply a unit comes in; and a race's file of cards and units."""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

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

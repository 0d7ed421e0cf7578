"""The target as the calculator sees it: its card with its upgrades and abilities
applied, worked out once per target as fielded."""

from __future__ import annotations

from dataclasses import dataclass

from armylist.gamedata.models import Keyword, Unit
from armylist.text.numbers import plain_digits

from .abilities import chosen as chosen_abilities
from .cards import chosen_upgrades, merge_keywords, no_stat_line, printed_number
from .memo import Answers, Canon, cards_key
from .question import AttackSetup, CombatError


@dataclass(frozen=True)
class Defender:
    """The target's card with its upgrades and abilities applied."""

    unit: Unit
    hit_points: int
    shield: int
    armour: int
    evade: int | None  # None: printed "-", no roll exists (§5.1)
    tags: frozenset[str]
    keywords: dict[str, Keyword]
    first_roll_keywords: dict[str, Keyword]
    evade_against: frozenset[str]
    size: int | None = None  # None: printed "-"
    evade_modifier: int = 0  # +N easier (Mutating Carapace)
    damage_reduction: int = 0  # Zealous Round, Transfusion: not against INSTANT
    removed_dice: int = 0  # from each enemy ranged batch (Guardian Shield)
    removed_unless_instant: int = 0  # Point Defense Laser
    enemy_hit: int = 0  # on enemy ranged Hit rolls (Debilitating Saliva: -1)
    enemy_range: int = 0  # DEBUFF Range (X) on enemy ranged weapons (Optical Flare)
    enemy_loses_long_range: bool = False

    @property
    def flying(self) -> bool:
        """Whether the target is Flying."""
        return "flying" in self.tags


_DEFENDERS: Answers[Defender] = Answers()


_EQUAL_DEFENDERS = Canon()


def defender(setup: AttackSetup) -> Defender:
    """The target as the calculator sees it: one object for equal Defenders."""
    return defender_of(
        setup.target, setup.target_upgrades, setup.target_abilities, setup.friends
    )


def defender_of(
    unit: Unit,
    upgrades: tuple[str, ...] = (),
    abilities: tuple[str, ...] = (),
    friends: tuple[Unit, ...] = (),
) -> Defender:
    """A unit as a target, with these upgrades and abilities: one object for equal ones.

    Worked out once per target as fielded (its card, upgrades, abilities and the
    friends that may grant them): a matchup asks for it against every attacker.
    """
    keep: list[object] = []
    read = (unit, upgrades, abilities, friends)
    return _DEFENDERS.get(
        cards_key(*read, keep=keep), keep, lambda: _EQUAL_DEFENDERS.of(_defender(*read))
    )


def _defender(
    unit: Unit,
    upgrades: tuple[str, ...],
    abilities: tuple[str, ...],
    friends: tuple[Unit, ...],
) -> Defender:
    if unit.stats is None:
        raise CombatError(no_stat_line(unit))
    effects = [e for e in unit.abilities if not e.toggle]
    for upgrade in chosen_upgrades(unit, upgrades):
        effects.extend(e for e in upgrade.effects if not e.toggle)
    effects.extend(chosen_abilities(unit, abilities, friends))
    own = [e for e in effects if e.on_unit]
    evade = unit.stats.evade.strip()
    size = unit.stats.size.strip()
    return Defender(
        unit=unit,
        hit_points=printed_number(unit.stats.hit_points, "Hit Points", unit)
        + sum(e.hit_points for e in own),
        shield=printed_number(unit.stats.shield, "Shield", unit)
        if unit.stats.shield
        else 0,
        armour=printed_number(unit.stats.armour, "Armour", unit)
        - sum(e.armour for e in own),
        evade=None if evade in ("-", "—") else printed_number(evade, "Evade", unit),
        tags=frozenset(t.casefold() for t in unit.combat_tags),
        keywords=merge_keywords(
            [k for e in own if not e.first_armour_roll for k in e.keywords]
        ),
        first_roll_keywords=merge_keywords(
            [k for e in own if e.first_armour_roll for k in e.keywords]
        ),
        evade_against=frozenset(e.evade_against for e in own if e.evade_against),
        size=plain_digits(size),
        evade_modifier=sum(e.evade for e in own),
        damage_reduction=sum(e.damage_reduction for e in own),
        removed_dice=sum(e.removed_dice for e in own if not e.stopped_by_instant),
        removed_unless_instant=sum(e.removed_dice for e in own if e.stopped_by_instant),
        enemy_hit=sum(e.enemy_hit for e in own),
        enemy_range=sum(e.enemy_range for e in own),
        enemy_loses_long_range=any(e.enemy_loses_long_range for e in own),
    )

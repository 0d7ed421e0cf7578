"""The upgrades and abilities chosen for an attack that change nothing in its odds,
named so the answer can say so."""

from __future__ import annotations

from armylist.gamedata.models import Effect, Upgrade
from armylist.text.i18n import _

from .abilities import chosen as chosen_abilities
from .cards import chosen_upgrades, part_of
from .question import AttackSetup


def _attacking(effect: Effect) -> bool:
    """Whether the effect changes its unit's attacks: a weapon's profile, IMPACT."""
    return bool(
        effect.weapons
        or effect.every_weapon
        or effect.impact_dice
        or effect.impact
        or any(k.keyword == "IMPACT" for k in effect.keywords)
    )


def _defending(effect: Effect) -> bool:
    """Whether the effect changes how its unit (or side) takes an attack."""
    return effect.on_unit and bool(
        effect.hit_points
        or effect.armour
        or effect.evade_against
        or effect.evade
        or effect.damage_reduction
        or effect.removed_dice
        or effect.enemy_hit
        or effect.enemy_range
        or effect.enemy_loses_long_range
        or any(k.keyword != "IMPACT" for k in effect.keywords)
    )


def _attacks_with(upgrade: Upgrade) -> bool:
    return upgrade.weapon is not None or any(
        _attacking(e) for e in upgrade.effects if not e.toggle
    )


def _defends_with(upgrade: Upgrade) -> bool:
    return any(_defending(e) for e in upgrade.effects if not e.toggle)


def _named(upgrade: Upgrade, abilities: tuple[str, ...]) -> bool:
    wanted = {a.casefold() for a in abilities}
    return any(e.toggle and e.name.casefold() in wanted for e in upgrade.effects)


def _choice(upgrade: Upgrade, option: str) -> str:
    toggles = [e.name for e in upgrade.effects if e.toggle]
    if not toggles:
        return ""
    return " " + _("(a choice: give {option} {ability})").format(
        option=option, ability=repr(toggles[0])
    )


def left_out(setup: AttackSetup) -> list[str]:
    """The chosen upgrades and abilities that change nothing in these odds.

    An attacker's upgrade that does not change its attacks (Combat Shield), a
    target's that does not change how it takes them (Slugthrower), one with no
    effect in the data at all, or one whose effect is a choice not made (Veteran of
    Tarsonis without `--target-ability`); an ability named on the side it does not
    help (Stimpack for a target). Named as "Marauder's Veteran of Tarsonis", the
    attacker's first, as chosen.
    """
    notes = [
        part_of(unit, upgrade.name) + _choice(upgrade, option)
        for unit, names, counts, option, used in (
            (
                setup.attacker,
                setup.upgrades,
                _attacks_with,
                "--ability",
                setup.abilities,
            ),
            (
                setup.target,
                setup.target_upgrades,
                _defends_with,
                "--target-ability",
                setup.target_abilities,
            ),
        )
        for upgrade in chosen_upgrades(unit, names)
        if not counts(upgrade) and not _named(upgrade, used)
    ]
    notes += [
        part_of(unit, effect.name)
        for unit, names, counts in (
            (setup.attacker, setup.abilities, _attacking),
            (setup.target, setup.target_abilities, _defending),
        )
        for effect in chosen_abilities(unit, names, setup.friends)
        if not counts(effect)
    ]
    return notes

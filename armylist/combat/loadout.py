"""What an attacker brings to every target: the weapons its models carry once its
upgrades apply (§9.1.7), and its chosen effects."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from armylist.gamedata.models import Effect, Unit, Upgrade, Weapon
from armylist.resolved import apply_upgrades

from .abilities import chosen as chosen_abilities
from .cards import chosen_upgrades
from .memo import Answers, cards_key


@dataclass(frozen=True)
class Carrying:
    """A weapon the unit carries and how many of its models carry it.

    ``extra`` marks an upgrade's weapon that is a batch of its own beside the model's
    one weapon: a SPECIALIST's, or one that replaces nothing.
    """

    weapon: Weapon
    models: int
    extra: bool = False


def _itself(upgrade: Upgrade) -> Upgrade:
    return upgrade


def carried_weapons(
    unit: Unit, models: int, upgrades: Sequence[Upgrade]
) -> list[Carrying]:
    """§9.1.7: the weapons ``models`` carry once ``upgrades`` apply, in card order.

    Which model carries what is `resolved.apply_upgrades`, the answer the roster sheet
    shows and replacement-conflict (AL403) reads: a FOR upgrade that finds its weapon
    already taken is carried by no model (the list is illegal). Card order: each printed
    weapon, then the upgrades FOR it as bought, then the weapons that replace nothing.
    """
    outfit = apply_upgrades(unit, models, upgrades, _itself)
    carriers: dict[tuple[str, str | None], int] = {}
    for kit in outfit.kits:
        # A model counts once per weapon, even when an upgrade is bought twice.
        for key in {(w.name, w.upgrade) for w in kit.weapons}:
            carriers[key] = carriers.get(key, 0) + kit.last - kit.first + 1
    last = len(unit.weapons)
    slot = {w.name.casefold(): i for i, w in enumerate(unit.weapons)}
    ordered: list[tuple[int, int, Carrying]] = []
    for index, weapon in enumerate(unit.weapons):
        ordered.append(
            (index, -1, Carrying(weapon, carriers.get((weapon.name, None), 0)))
        )
    named: set[str] = set()
    for order, upgrade in enumerate(upgrades):
        # An upgrade with no weapon profile gives nothing to roll.
        if upgrade.weapon is None or upgrade.name in named:
            continue
        named.add(upgrade.name)
        index = slot.get((upgrade.replaces or "").casefold(), last)
        count = carriers.get((upgrade.weapon.name, upgrade.name), 0)
        extra = upgrade.specialist or upgrade.replaces is None
        ordered.append((index, order, Carrying(upgrade.weapon, count, extra)))
    ordered.sort(key=lambda row: row[:2])
    return [
        # A printed SPECIALIST weapon is one model's, whatever the card's model count.
        replace(c, models=1) if "SPECIALIST" in c.weapon.keywords else c
        for _, _, c in ordered
        if c.models > 0
    ]


@dataclass(frozen=True)
class Arsenal:
    """What an attacker brings to every target: its effects and the weapons carried."""

    effects: tuple[Effect, ...]
    carried: tuple[Carrying, ...]


_ARSENALS: Answers[Arsenal] = Answers()


def arsenal_of(
    unit: Unit,
    models: int,
    upgrade_names: tuple[str, ...],
    ability_names: tuple[str, ...],
    friends: tuple[Unit, ...],
) -> Arsenal:
    """The attacker's chosen upgrades and abilities applied, once per squad as fielded."""

    def work() -> Arsenal:
        upgrades = chosen_upgrades(unit, upgrade_names)
        effects = [e for u in upgrades for e in u.effects] + list(unit.abilities)
        effects = [e for e in effects if not e.toggle]
        effects += chosen_abilities(unit, ability_names, friends)
        return Arsenal(tuple(effects), tuple(carried_weapons(unit, models, upgrades)))

    keep: list[object] = []
    key = cards_key(unit, models, upgrade_names, ability_names, friends, keep=keep)
    return _ARSENALS.get(key, keep, work)

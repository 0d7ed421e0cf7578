"""Abilities chosen by name (`--ability`): the toggles of a card and those it is given.

A toggled ability (`Effect.toggle`) is activated, a reaction, or rests on a fact of the
table the cards cannot give (Stimpack, Lurking, Transfusion): the odds leave it out
unless it is named. A unit may name its own card's and its upgrades' toggles (naming
an upgrade's toggle takes the upgrade), and those another card of its race grants
(`Effect.grants`: Jim Raynor's Orders reach another Biological unit).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from armylist.gamedata.models import Effect, Unit
from armylist.text.i18n import _
from armylist.text.names import did_you_mean, key

from .question import CombatError


@dataclass(frozen=True)
class Available:
    """A toggle a unit may use, and the card that prints it."""

    effect: Effect
    giver: str


def _card_toggles(unit: Unit) -> list[Effect]:
    effects = list(unit.abilities) + [e for u in unit.upgrades for e in u.effects]
    return [e for e in effects if e.toggle]


def _reaches(effect: Effect, giver: Unit, unit: Unit) -> bool:
    grant = effect.grants
    if grant is None or giver.race is not unit.race:
        return False
    if grant.others and giver.id == unit.id:
        return False
    return not grant.tags or bool(set(grant.tags) & set(unit.combat_tags))


def available(unit: Unit, friends: Iterable[Unit] = ()) -> list[Available]:
    """Every toggle ``unit`` may use: its card's first, then those others grant it."""
    found: dict[str, Available] = {}
    for effect in _card_toggles(unit):
        if effect.grants is None or not effect.grants.others:
            found.setdefault(key(effect.name), Available(effect, unit.name))
    for friend in friends:
        if friend.id == unit.id:
            continue
        for effect in _card_toggles(friend):
            if _reaches(effect, friend, unit):
                found.setdefault(key(effect.name), Available(effect, friend.name))
    return list(found.values())


def chosen(
    unit: Unit, names: Sequence[str], friends: Iterable[Unit] = ()
) -> list[Effect]:
    """The toggles named, once each (FAQ #40), or a CombatError naming the real ones."""
    offered = {key(a.effect.name): a for a in available(unit, friends)}
    picked: dict[str, Effect] = {}
    for name in names:
        found = offered.get(key(name))
        if found is None:
            raise CombatError(
                _(
                    "{unit} has no ability {name} that changes the odds{did_you_mean} "
                    "({listed})"
                ).format(
                    unit=unit.name,
                    name=repr(name),
                    did_you_mean=did_you_mean(
                        name, [a.effect.name for a in offered.values()]
                    ),
                    listed=_listed(unit, list(offered.values())),
                )
            )
        picked.setdefault(key(name), found.effect)
    return list(picked.values())


def _listed(unit: Unit, offered: list[Available]) -> str:
    own = [a.effect.name for a in offered if a.giver == unit.name]
    given = [f"{a.effect.name} ({a.giver})" for a in offered if a.giver != unit.name]
    text = _("its abilities: {names}").format(names=", ".join(own) or _("none"))
    if not given:
        return text
    return _("{own}; given by other cards: {given}").format(
        own=text, given=", ".join(given)
    )


def costs(unit: Unit, names: Sequence[str], friends: Iterable[Unit] = ()) -> list[str]:
    """What the chosen toggles cost the unit that uses them (Stimpack's self-damage)."""
    return [
        _("{ability}: {unit} suffers NON-LETHAL DAMAGE ({damage})").format(
            ability=effect.name, unit=unit.name, damage=effect.self_damage
        )
        for effect in chosen(unit, names, friends)
        if effect.self_damage
    ]

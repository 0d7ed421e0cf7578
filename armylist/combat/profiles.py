"""From the weapons carried to what a batch rolls: each weapon's profile with the
attacker's effects and the target's side's abilities applied, which weapons make the
attack (§8.7.3), and each batch's Attack Pool (§8.7.4)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from armylist.gamedata.models import Effect, Keyword, Unit, Weapon
from armylist.text.i18n import N_, _, joined
from armylist.text.numbers import plain_digits

from .cards import merge_keywords, no_stat_line, part_of, printed_number
from .defender import Defender
from .loadout import Arsenal, Carrying, arsenal_of
from .memo import Answers, Canon, setup_facts
from .question import AttackSetup, CombatError, MissingFact, Phase


@dataclass(frozen=True)
class Profile:
    """One batch's weapon: the printed profile with every chosen effect applied."""

    name: str
    models: int
    rate_of_attack: int
    hit: int
    surge_type: frozenset[str]
    surge_dice: str | None
    damage: int
    range: int | None  # None for Engagement range ("E")
    target: str
    keywords: dict[str, Keyword] = field(default_factory=dict)
    impact: bool = False
    hit_modifier: int = 0  # from abilities: Adrenal Overload, Debilitating Saliva
    removed_dice: int = 0  # by the target's side's abilities, per ranged batch
    # (Size or more, Damage): Titan Killers
    damage_against: tuple[int, int] | None = None

    def has(self, keyword: str) -> bool:
        """Whether the batch carries the keyword."""
        return keyword in self.keywords

    def value(self, keyword: str) -> int:
        """The keyword's (X), 0 when the batch lacks it."""
        entry = self.keywords.get(keyword)
        return entry.value or 0 if entry else 0


def _profile(
    weapon: Weapon,
    models: int,
    effects: Sequence[Effect],
    unit: Unit,
    range_inches: float | None,
) -> Profile:
    if not weapon.has_profile:
        raise CombatError(
            (
                _(
                    "{weapon} has no profile in the data (provisional wave-2 card): "
                    "no odds can be given"
                )
                if unit.provisional
                else _("{weapon} has no profile in the data: no odds can be given")
            ).format(weapon=part_of(unit, weapon.name))
        )
    _refuse_undefined(weapon, unit)
    keywords = list(weapon.keyword_entries)
    rate = printed_number(weapon.rate_of_attack or "", "Rate of Attack", unit)
    surge_type = weapon.surge_type
    surge_dice = weapon.surge_dice
    damage_against = None
    for effect in effects:
        if effect.first_weapon or not _touches(effect, weapon.name):
            continue
        if effect.within is not None:
            if range_inches is None:
                raise CombatError(
                    _(
                        '{ability} works only within {inches}" of the target: give '
                        "--range INCHES"
                    ).format(ability=effect.name, inches=effect.within)
                )
            if range_inches > effect.within:
                continue
        keywords.extend(effect.keywords)
        rate += effect.rate_of_attack
        surge_type = effect.surge_type or surge_type
        surge_dice = effect.surge_dice or surge_dice
        if effect.damage is not None:
            damage_against = (effect.target_size or 0, effect.damage)
    printed_range = (weapon.range or "").strip().rstrip('"')
    return Profile(
        name=weapon.name,
        models=models,
        rate_of_attack=rate,
        hit=printed_number(weapon.hit or "", "Hit", unit),
        surge_type=frozenset(
            t.strip().casefold() for t in (surge_type or "").split(",") if t.strip()
        ),
        surge_dice=surge_dice,
        damage=printed_number(weapon.damage or "", "Damage", unit),
        range=plain_digits(printed_range),
        target=(weapon.target or "All").strip(),
        keywords=merge_keywords(keywords),
        damage_against=damage_against,
    )


# A printed symbol such as "BT" (two capitals); dice such as D3 and D6 are not one.
UNDEFINED = re.compile(r"[A-CE-Z]{2,}")


def _refuse_undefined(weapon: Weapon, unit: Unit) -> None:
    """A profile that prints a symbol no source defines (the Shock Cannon's "BT")."""
    printed = {
        "Rate of Attack": weapon.rate_of_attack or "",
        "S Dice": weapon.surge_dice or "",
    }
    odd = {what: text for what, text in printed.items() if UNDEFINED.search(text)}
    if odd:
        symbols = sorted({m for t in odd.values() for m in UNDEFINED.findall(t)})
        shown = joined(f"{what} {text!r}" for what, text in odd.items())
        raise CombatError(
            (
                _(
                    "{weapon} prints {shown}: {symbols} is defined in no source of the "
                    "data, so its odds cannot be worked out (a provisional wave-2 card)"
                )
                if unit.provisional
                else _(
                    "{weapon} prints {shown}: {symbols} is defined in no source of the "
                    "data, so its odds cannot be worked out"
                )
            ).format(
                weapon=part_of(unit, weapon.name),
                shown=shown,
                symbols=", ".join(symbols),
            )
        )


def _touches(effect: Effect, weapon: str) -> bool:
    return effect.every_weapon or weapon in effect.weapons


def _first_used(profile: Profile, effects: Sequence[Effect]) -> Profile:
    """The first weapon used gains what only it gains (Orders' CRITICAL HIT (2))."""
    extra = [
        k
        for e in effects
        if e.first_weapon and _touches(e, profile.name)
        for k in e.keywords
    ]
    if not extra:
        return profile
    return replace(
        profile, keywords=merge_keywords([*profile.keywords.values(), *extra])
    )


def _debuffed(profile: Profile, target: Defender, phase: Phase) -> Profile:
    """A ranged batch under the target's side's abilities (Optical Flare, Saliva...)."""
    if phase != "assault" or profile.impact:
        return profile
    keywords = dict(profile.keywords)
    if target.enemy_loses_long_range:
        keywords.pop("LONG RANGE", None)
    printed = profile.range
    return replace(
        profile,
        keywords=keywords,
        range=None if printed is None else max(0, printed - target.enemy_range),
        hit_modifier=profile.hit_modifier + target.enemy_hit,
        removed_dice=target.removed_dice
        + (0 if profile.has("INSTANT") else target.removed_unless_instant),
    )


_PROFILES: Answers[Profile] = Answers()


def _build(
    carrying: Carrying, arsenal: Arsenal, setup: AttackSetup, target: Defender
) -> Profile:
    # The printed profile with the attacker's effects: the same against every target.
    weapon, models, unit = carrying.weapon, carrying.models, setup.attacker
    key = (id(weapon), models, id(arsenal), id(unit), setup.range)
    profile = _PROFILES.get(
        key,
        [weapon, arsenal, unit],
        lambda: _profile(weapon, models, arsenal.effects, unit, setup.range),
    )
    return _debuffed(profile, target, setup.phase)


def _can_target(profile: Profile, target: Defender) -> bool:
    if profile.target.casefold() == "flying":
        return target.flying
    if profile.target.casefold() == "ground":
        return not target.flying
    return True


def _usable(
    profile: Profile, setup: AttackSetup, target: Defender, phase: Phase
) -> str | None:
    """Why this weapon cannot make this attack, or None when it can."""
    name = part_of(setup.attacker, profile.name)
    if phase == "combat" and target.flying:
        return _("{unit} is Flying: it never fights in close combat").format(
            unit=target.unit.name
        )
    if not _can_target(profile, target):
        return _("{weapon} targets {kind} units only; {unit} is not").format(
            weapon=name, kind=profile.target, unit=target.unit.name
        )
    if phase == "assault" and setup.visible == 0 and not profile.has("INDIRECT FIRE"):
        # Only INDIRECT FIRE shoots a unit with no model in sight (§8.7.3).
        return _(
            "no model of {unit} is visible (--visible 0), and only an INDIRECT FIRE "
            "weapon shoots unseen: {weapon} is not one"
        ).format(unit=target.unit.name, weapon=name)
    if profile.has("BULKY") and setup.attacker_engaged:
        return _("{weapon} is BULKY: unusable while {unit} is Engaged").format(
            weapon=name, unit=setup.attacker.name
        )
    if (
        phase == "assault"
        and setup.engaged
        and not setup.attacker_engaged
        and not profile.has("PINPOINT")
    ):
        return _(
            "{unit} is Engaged: only a PINPOINT weapon may shoot into a melee, and "
            "{weapon} is not one"
        ).format(unit=target.unit.name, weapon=profile.name)
    if phase == "assault" and setup.range is not None and profile.range is not None:
        long_range = profile.keywords.get("LONG RANGE")
        reach = max(profile.range, long_range.inches or 0 if long_range else 0)
        if setup.range > reach:
            return _out_of_range(name, reach, setup.range)
    return None


def _out_of_range(weapon: str, reach: int | None, inches: float) -> str:
    return _(
        '{weapon} reaches {reach}": the target at {inches}" is out of range'
    ).format(weapon=weapon, reach=reach, inches=f"{inches:g}")


# "an assault-phase weapon": the phase in the sentence that names it.
_NO_WEAPON = {
    "assault": N_("{unit} has no assault-phase weapon"),
    "combat": N_("{unit} has no combat-phase weapon"),
}
_NO_SUCH_WEAPON = {
    "assault": N_("{unit} has no assault-phase weapon {name} (its weapons: {names})"),
    "combat": N_("{unit} has no combat-phase weapon {name} (its weapons: {names})"),
}
_NONE_CAN_ATTACK = {
    "assault": N_("no assault-phase weapon of {unit} can attack {target}: {reasons}"),
    "combat": N_("no combat-phase weapon of {unit} can attack {target}: {reasons}"),
}


# The setup's fields the batches never read: the target's side reaches them as the
# Defender, and of `visible` only whether it is 0.
NOT_IN_BATCHES = frozenset(
    {
        "target",
        "target_models",
        "target_upgrades",
        "target_abilities",
        "visible",
        "damage_marker",
        "shield_lost",
        "evade",
        "high_ground",
        "hit",
        "armour",
        "impact",
        "surge",
        "stationary",
        "removed_dice",
        "damage_reduction",
    }
)
_BATCHES: Answers[tuple[Profile, ...]] = Answers()
_EQUAL_BATCHES = Canon()


def batches(setup: AttackSetup, target: Defender) -> tuple[Profile, ...]:
    """The batches of one activation, in card order (§8.7.3, FAQ #33).

    One object for equal batches: two squads of a unit whose upgrades change nothing
    in their attacks (Combat Shield) give the same one.
    """
    keep: list[object] = [target]
    key = (setup_facts(setup, NOT_IN_BATCHES, keep), setup.visible == 0, id(target))
    return _BATCHES.get(
        key, keep, lambda: _EQUAL_BATCHES.of(tuple(_batches(setup, target)))
    )


def _batches(setup: AttackSetup, target: Defender) -> list[Profile]:
    unit = setup.attacker
    if unit.stats is None:
        raise CombatError(no_stat_line(unit))
    models = setup.models or unit.max_models
    if models > unit.max_models:
        raise CombatError(
            _("{unit} has at most {most} models, not {models}").format(
                unit=unit.name, most=unit.max_models, models=models
            )
        )
    arsenal = arsenal_of(unit, models, setup.upgrades, setup.abilities, setup.friends)
    effects, carried = arsenal.effects, arsenal.carried
    phase_name = setup.phase.casefold()
    in_phase = [
        c
        for c in carried
        if c.weapon.phase is None or c.weapon.phase.casefold() == phase_name
    ]
    if not in_phase:
        if not unit.weapons:
            raise CombatError(
                _("{unit} has no weapon profile in the data").format(unit=unit.name)
            )
        raise CombatError(_(_NO_WEAPON[setup.phase]).format(unit=unit.name))
    chosen: list[Profile] = []
    if setup.weapons:
        for name in setup.weapons:
            found = [c for c in in_phase if c.weapon.name.casefold() == name.casefold()]
            if not found:
                names = ", ".join(c.weapon.name for c in in_phase)
                # An upgrade's weapon is carried only once the upgrade is bought.
                giver = next(
                    (
                        u.name
                        for u in unit.upgrades
                        if u.weapon
                        and u.weapon.name.casefold() == name.casefold()
                        and (u.weapon.phase or phase_name).casefold() == phase_name
                    ),
                    None,
                )
                missing = _(_NO_SUCH_WEAPON[setup.phase]).format(
                    unit=unit.name, name=repr(name), names=names
                )
                if giver:
                    missing = _(
                        "{refusal}; give --upgrade {upgrade} to carry it"
                    ).format(refusal=missing, upgrade=repr(giver))
                raise CombatError(missing)
            profile = _build(found[0], arsenal, setup, target)
            problem = _usable(profile, setup, target, setup.phase)
            if problem:
                raise CombatError(problem)
            chosen.append(profile)
    else:
        primary_taken = False
        reasons: list[str] = []
        for carrying in in_phase:
            try:
                profile = _build(carrying, arsenal, setup, target)
            except CombatError as refused:
                reasons.append(str(refused))  # another weapon may still attack
                continue
            reason = _usable(profile, setup, target, setup.phase)
            if reason:
                reasons.append(reason)
                continue
            extra = (
                profile.has("SIDEARM") or profile.has("SPECIALIST") or carrying.extra
            )
            # A model makes its attacks with one weapon; SIDEARM adds its own batch.
            if not extra:
                if primary_taken:
                    continue
                primary_taken = True
            chosen.append(profile)
        if not chosen:
            raise CombatError(
                _(_NONE_CAN_ATTACK[setup.phase]).format(
                    unit=unit.name,
                    target=target.unit.name,
                    reasons="; ".join(dict.fromkeys(reasons)),
                )
            )
    chosen[0] = _first_used(chosen[0], effects)
    impact = _impact(setup, effects, models)
    return ([impact] if impact else []) + chosen


def _impact(
    setup: AttackSetup, effects: Sequence[Effect], models: int
) -> Profile | None:
    """IMPACT (X) Y after a successful Charge: a batch of its own, before the weapons."""
    own = [e for e in effects if e.on_unit]
    entry = merge_keywords([k for e in own for k in e.keywords]).get("IMPACT")
    if entry is None or setup.phase != "combat" or not setup.charge:
        return None
    return Profile(
        name=f"IMPACT ({entry.value}) {entry.target}+",
        models=models,
        rate_of_attack=(entry.value or 0) + sum(e.impact_dice for e in own),
        hit=entry.target or 6,
        surge_type=frozenset(),
        surge_dice=None,
        damage=1,
        range=None,
        target="Ground",
        impact=True,
        hit_modifier=sum(e.impact for e in own),
    )


def attack_dice(profile: Profile, setup: AttackSetup) -> tuple[int, int]:
    """The Attack Pool size and the Hit target number before modifiers (§8.7.4 step 0-1)."""
    per_model = profile.rate_of_attack
    hit = profile.hit
    if not profile.impact and setup.phase == "assault":
        burst = profile.keywords.get("BURST FIRE")
        long_range = profile.keywords.get("LONG RANGE")
        if (burst or long_range) and setup.range is None:
            which = "BURST FIRE" if burst else "LONG RANGE"
            raise MissingFact(
                _("{keyword} on {weapon} needs the range: give --range INCHES").format(
                    keyword=which, weapon=profile.name
                )
            )
        if setup.range is not None and profile.range is not None:
            if setup.range > profile.range:
                if long_range is None or setup.range > (long_range.inches or 0):
                    reach = long_range.inches if long_range else profile.range
                    raise CombatError(_out_of_range(profile.name, reach, setup.range))
                hit += 1  # LONG RANGE: -1 to Hit past the printed range
            if burst and setup.range <= (burst.inches or 0):
                per_model += burst.value or 0
        if profile.has("LOCKED IN"):
            if setup.stationary is None:
                raise MissingFact(
                    _(
                        "LOCKED IN on {weapon} needs to know whether the target is "
                        "Stationary: give --stationary or --moved"
                    ).format(weapon=profile.name)
                )
            if setup.stationary:
                per_model += profile.value("LOCKED IN")
    dice = profile.models * per_model
    if not profile.impact and setup.phase == "assault":
        # Guardian Shield, Point Defense Laser: per ranged batch
        dice = max(0, dice - setup.removed_dice - profile.removed_dice)
    return dice, hit

"""A seeded Monte Carlo simulation, written from COMBAT.md alone, against the exact odds.

The simulator below shares no code with `armylist.combat`: it reads the same cards and
the same AttackSetup, then rolls real dice step by step (natural 1 fails and natural 6
succeeds written out literally, not as a clamp).

Tolerance. With N independent trials the count of an outcome of probability p is
Binomial(N, p), standard deviation sqrt(N p (1-p)); the mean damage has standard error
sd/sqrt(N), sd from the exact distribution. Each comparison allows 5 standard
deviations, plus 5 counts (5/N on a mean) so that rare outcomes (N p of a few, where
the normal approximation is poor and the Poisson tail is longer) stay inside: under a
correct calculator one comparison fails with probability about 1e-6, the few thousand
here together below 1e-2, and the seeds (from the case name) make every run the same.
A wrong step (a missing Evade, Surge skipping a cap, a shield on the wrong model)
shifts the mean by many standard errors at N = 1,500, which the cases below show.
"""

from __future__ import annotations

import math
import random
import re
import zlib
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

import pytest

from armylist.combat import AttackSetup, resolve
from armylist.gamedata.loading import load_catalog
from armylist.gamedata.models import Effect, Keyword, Unit, Weapon

TRIALS = 1500
SIGMAS = 5.0


def _num(text: str | None) -> int:
    return int((text or "0").strip().rstrip("+"))


def _roll_passes(rng: random.Random, needed: int) -> bool:
    """One D6 against an unclamped target number: natural 1 fails, natural 6 passes."""
    face = rng.randint(1, 6)
    if face == 1:
        return False
    if face == 6:
        return True
    return face >= needed


def _generate(rng: random.Random, spec: str) -> int:
    match = re.fullmatch(r"D(\d)(?:\+(\d))?", spec)
    assert match, spec
    return rng.randint(1, int(match[1])) + int(match[2] or 0)


def _named_toggles(unit: Unit, names: tuple[str, ...]) -> list[Effect]:
    """The toggled abilities named: on the unit's card or upgrades, or another card's
    of its race that reaches it (Effect.grants), looked up over the whole catalog."""
    found: list[Effect] = []
    for name in names:
        for card in [unit, *load_catalog().units.all]:
            printed = [*card.abilities, *(e for u in card.upgrades for e in u.effects)]
            match = [e for e in printed if e.toggle and e.name.lower() == name.lower()]
            if not match:
                continue
            grant = match[0].grants
            mine = card.id == unit.id and not (grant and grant.others)
            given = (
                grant is not None
                and card.race == unit.race
                and not (grant.others and card.id == unit.id)
                and (not grant.tags or any(t in unit.combat_tags for t in grant.tags))
            )
            if mine or given:
                found.append(match[0])
                break
    return found


@dataclass
class SimWeapon:
    name: str
    models: int
    rate: int
    hit: int
    surge_type: set[str]
    surge_dice: str | None
    damage: int
    printed_range: int | None
    keywords: dict[str, Keyword]
    impact: bool = False
    hit_bonus: int = 0  # Adrenal Overload on IMPACT
    titan: tuple[int, int] | None = None  # (Size or more, Damage)


def _keywords(entries: list[Keyword]) -> dict[str, Keyword]:
    out: dict[str, Keyword] = {}
    for entry in entries:
        if entry.keyword not in out or (entry.value or 0) > (
            out[entry.keyword].value or 0
        ):
            out[entry.keyword] = entry
    return out


def _sim_weapons(setup: AttackSetup) -> list[SimWeapon]:
    unit = setup.attacker
    models = setup.models or max(c.models for c in unit.compositions)
    chosen = [u for u in unit.upgrades if u.name in setup.upgrades]
    effects = [e for u in chosen for e in u.effects] + list(unit.abilities)
    effects = [e for e in effects if not e.toggle]
    effects += _named_toggles(unit, setup.abilities)
    whole = [e for e in effects if not e.weapons and not e.every_weapon]
    out: list[SimWeapon] = []
    if setup.phase == "combat" and setup.charge:
        impacts = [k for e in whole for k in e.keywords]
        impacts = [k for k in impacts if k.keyword == "IMPACT"]
        if impacts:
            k = impacts[0]
            extra = sum(e.impact_dice for e in whole)
            out.append(
                SimWeapon(
                    "IMPACT",
                    models,
                    (k.value or 0) + extra,
                    k.target or 6,
                    set(),
                    None,
                    1,
                    None,
                    {},
                    impact=True,
                    hit_bonus=sum(e.impact for e in whole),
                )
            )
    pool: list[tuple[Weapon, bool]] = [(w, False) for w in unit.weapons]
    pool += [(u.weapon, u.specialist) for u in chosen if u.weapon is not None]
    for position, name in enumerate(setup.weapons):
        weapon, specialist = next(
            (w, s)
            for w, s in pool
            if w.name == name and (w.phase or "").lower() == setup.phase
        )
        count = 1 if specialist or "SPECIALIST" in weapon.keywords else models
        count -= sum(1 for u in chosen if u.replaces == name and u.specialist)
        kws = list(weapon.keyword_entries)
        rate, surge_type, surge_dice = (
            _num(weapon.rate_of_attack),
            weapon.surge_type,
            weapon.surge_dice,
        )
        titan = None
        for effect in effects:
            reaches = name in effect.weapons or effect.every_weapon
            if effect.first_weapon and position > 0:
                reaches = False  # Orders: the first weapon used only
            if reaches and (
                effect.within is None or (setup.range or 99) <= effect.within
            ):
                kws += list(effect.keywords)
                rate += effect.rate_of_attack
                surge_type = effect.surge_type or surge_type
                surge_dice = effect.surge_dice or surge_dice
                if effect.damage is not None:
                    titan = (effect.target_size or 0, effect.damage)
        rng_text = (weapon.range or "").strip()
        out.append(
            SimWeapon(
                name,
                count,
                rate,
                _num(weapon.hit),
                {t.strip().lower() for t in (surge_type or "").split(",") if t.strip()},
                surge_dice,
                _num(weapon.damage),
                int(rng_text) if rng_text.isdigit() else None,
                _keywords(kws),
                titan=titan,
            )
        )
    return out


def simulate(setup: AttackSetup, rng: random.Random) -> tuple[int, list[int]]:
    """One activation with real dice: (models removed in total, damage per batch)."""
    target = setup.target
    assert target.stats is not None
    chosen = [u for u in target.upgrades if u.name in setup.target_upgrades]
    always = [e for e in target.abilities if not e.toggle]
    always += [e for u in chosen for e in u.effects if not e.toggle]
    own = [
        e
        for e in always + _named_toggles(target, setup.target_abilities)
        if not e.weapons and not e.every_weapon
    ]
    size_text = target.stats.size.strip()
    size = int(size_text) if size_text.isdigit() else 0
    evade_bonus = sum(e.evade for e in own)
    reduction_by_abilities = sum(e.damage_reduction for e in own)
    enemy_hit = sum(e.enemy_hit for e in own)
    enemy_range = sum(e.enemy_range for e in own)
    no_long_range = any(e.enemy_loses_long_range for e in own)
    hp = _num(target.stats.hit_points) + sum(e.hit_points for e in own)
    shield = _num(target.stats.shield) if target.stats.shield else 0
    armour = _num(target.stats.armour) - sum(e.armour for e in own)
    evade_stat = None if target.stats.evade == "-" else _num(target.stats.evade)
    tags = {t.lower() for t in target.combat_tags}
    tough_always = max(
        [
            k.value or 0
            for e in own
            if not e.first_armour_roll
            for k in e.keywords
            if k.keyword == "TOUGH"
        ],
        default=0,
    )
    tough_first = max(
        [
            k.value or 0
            for e in own
            if e.first_armour_roll
            for k in e.keywords
            if k.keyword == "TOUGH"
        ],
        default=0,
    )
    grants = {e.evade_against for e in own if e.evade_against}
    dodge = max(
        [k.value or 0 for e in own for k in e.keywords if k.keyword == "DODGE"],
        default=0,
    )
    start = setup.target_models or max(c.models for c in target.compositions)
    models, marker = start, setup.damage_marker
    shield_alive = shield > 0 and not setup.shield_lost
    visible = start if setup.visible is None else setup.visible
    damages = []
    for index, weapon in enumerate(_sim_weapons(setup)):
        kw = weapon.keywords
        ranged = setup.phase == "assault" and not weapon.impact
        # Step 0: the Attack Pool.
        per_model, needed = weapon.rate, weapon.hit
        reach = weapon.printed_range
        if ranged and reach is not None:
            reach -= enemy_range  # Optical Flare: DEBUFF Range (4)
        if ranged and setup.range is not None and reach is not None:
            if setup.range > reach:
                assert "LONG RANGE" in kw and not no_long_range, "out of range"
                needed += 1  # LONG RANGE
            if "BURST FIRE" in kw and setup.range <= (kw["BURST FIRE"].inches or 0):
                per_model += kw["BURST FIRE"].value or 0
        if ranged and "LOCKED IN" in kw and setup.stationary:
            per_model += kw["LOCKED IN"].value or 0
        dice = weapon.models * per_model
        if ranged:
            taken = setup.removed_dice
            for e in own:
                if not (e.stopped_by_instant and "INSTANT" in kw):
                    taken += e.removed_dice  # Guardian Shield, Point Defense Laser
            dice = max(0, dice - taken)
        # Step 1: Hit, then PRECISION promotes misses.
        needed -= setup.impact + weapon.hit_bonus if weapon.impact else setup.hit
        if ranged:
            needed -= enemy_hit  # Debilitating Saliva: -1, so one more needed
        hits = sum(_roll_passes(rng, needed) for _ in range(dice))
        if setup.surge and "PRECISION" in kw:
            hits += min(kw["PRECISION"].value or 0, dice - hits)
        # Step 2: Surge (and CRIT) move hits past Armour.
        surge = 0
        if setup.surge and weapon.surge_dice and weapon.surge_type & tags:
            surge = _generate(rng, weapon.surge_dice)
        crit = (
            (kw["CRITICAL HIT"].value or 0)
            if setup.surge and "CRITICAL HIT" in kw
            else 0
        )
        moved = max(0, min(hits, surge + crit) - dodge)
        # Step 3: Armour.
        fails = sum(
            not _roll_passes(rng, armour - setup.armour) for _ in range(hits - moved)
        )
        tough = max(tough_always, tough_first if index == 0 else 0)
        fails = max(0, fails - tough)
        # Step 4: Evade, Surge dice included (#28), when something grants it.
        pool = moved + fails
        unseen_indirect = "INDIRECT FIRE" in kw and setup.visible == 0
        granted = (
            setup.evade
            or "all" in grants
            or (ranged and ("assault" in grants or setup.engaged))
            or (not ranged and "combat" in grants)
            or (ranged and setup.high_ground and "flying" not in tags)
        )
        if granted and evade_stat is not None and not unseen_indirect:
            anti = (kw["ANTI-EVADE"].value or 0) if "ANTI-EVADE" in kw else 0
            pool = sum(
                not _roll_passes(rng, evade_stat + anti - evade_bonus)
                for _ in range(pool)
            )
        # Step 5: Damage.
        per_die = weapon.damage
        if weapon.titan and size >= weapon.titan[0]:
            per_die = weapon.titan[1]  # Titan Killers: close combat at Size 3+
        if "PIERCE" in kw and (kw["PIERCE"].tag or "").lower() in tags:
            per_die = kw["PIERCE"].value or per_die
        damage = pool * per_die
        damages.append(damage)
        if pool == 0:
            continue
        reduction = (
            0 if "INSTANT" in kw else setup.damage_reduction + reduction_by_abilities
        )
        total = max(0, damage + marker - reduction)
        # Step 6: casualties, the Shield model first, at most the visible count.
        uncapped = (not ranged) or setup.engaged or "INDIRECT FIRE" in kw
        cap = models if uncapped else min(visible, models)
        if "CONCENTRATED FIRE" in kw:
            cap = min(cap, kw["CONCENTRATED FIRE"].value or 0)
        gone = 0
        while gone < cap:
            need = hp + (shield if shield_alive else 0)
            if total < need:
                break
            total -= need
            gone += 1
            shield_alive = False
        models -= gone
        marker = 0 if gone == cap else total
    return start - models, damages


def _check(setup: AttackSetup, seed: int) -> None:
    exact = resolve(setup)
    rng = random.Random(seed)
    removed_counts: dict[int, int] = {}
    damage_sums = [0] * len(exact.batches)
    for _ in range(TRIALS):
        removed, damages = simulate(setup, rng)
        removed_counts[removed] = removed_counts.get(removed, 0) + 1
        for i, d in enumerate(damages):
            damage_sums[i] += d
    label = f"{setup.attacker.name} -> {setup.target.name} {setup.weapons}"
    dist = exact.total.models_removed
    # A lost outcome of a few per mille hides inside the sampling tolerance: the
    # exact odds must account for every roll.
    assert sum(dist.values()) == 1, label
    for batch in exact.batches:
        assert sum(batch.pools.damage.values()) == 1, label
    for k in set(dist) | set(removed_counts):
        p = float(dist.get(k, Fraction(0)))
        count = removed_counts.get(k, 0)
        allowed = SIGMAS * math.sqrt(TRIALS * p * (1 - p)) + SIGMAS
        assert abs(count - TRIALS * p) <= allowed, f"{label}: P({k}) {count} vs {p}"
    for i, batch in enumerate(exact.batches):
        dmg = batch.pools.damage
        mu = float(sum(v * p for v, p in dmg.items()))
        var = float(sum((v - mu) ** 2 * p for v, p in dmg.items()))
        allowed = SIGMAS * math.sqrt(var / TRIALS) + SIGMAS / TRIALS
        assert abs(damage_sums[i] / TRIALS - mu) <= allowed, f"{label}: damage {i}"


CATALOG = load_catalog()
TARGETS = ("Zergling", "Marauder", "Zealot")  # Light, Armoured, shielded


def _every_weapon() -> list[Any]:
    cases = []
    for name in CATALOG.units.names():
        unit = CATALOG.units.get(name)
        assert unit is not None
        weapons = [(w, ()) for w in unit.weapons]
        weapons += [(u.weapon, (u.name,)) for u in unit.upgrades if u.weapon]
        for weapon, upgrades in weapons:
            if not weapon.has_profile or "BT" in (weapon.rate_of_attack or ""):
                continue  # no profile, or the Shock Cannon's undefined BT: refused
            phase = (weapon.phase or "").lower()
            flying_only = (weapon.target or "") == "Flying"
            targets = ("Point Defense Drone",) if flying_only else TARGETS
            printed = (weapon.range or "").strip()
            for target in targets:
                cases.append(
                    pytest.param(
                        unit,
                        weapon.name,
                        phase,
                        upgrades,
                        target,
                        float(printed) if printed.isdigit() else None,
                        id=f"{unit.id}-{weapon.name}-{target}",
                    )
                )
    return cases


@pytest.mark.parametrize(
    ("unit", "weapon", "phase", "upgrades", "target", "rng"), _every_weapon()
)
def test_every_weapon_against_light_armoured_and_shielded_targets(
    unit: Unit,
    weapon: str,
    phase: Any,
    upgrades: tuple[str, ...],
    target: str,
    rng: float | None,
) -> None:
    target_unit = CATALOG.units.get(target)
    assert target_unit is not None
    setup = AttackSetup(
        attacker=unit,
        target=target_unit,
        phase=phase,
        weapons=(weapon,),
        upgrades=upgrades,
        range=rng,
        stationary=True,
    )
    _check(setup, seed=zlib.crc32(f"{unit.id}/{weapon}/{target}".encode()))


def _setup(attacker: str, target: str, **facts: Any) -> AttackSetup:
    a, t = CATALOG.units.get(attacker), CATALOG.units.get(target)
    assert a is not None and t is not None
    return AttackSetup(attacker=a, target=t, **facts)


VARIANTS = {
    "marker-on-marauders": _setup(
        "Marine", "Marauder", weapons=("C-14 Rifle",), damage_marker=3
    ),
    "marker-on-zealots-shield-lost": _setup(
        "Hydralisk",
        "Zealot",
        weapons=("Needle Spines",),
        damage_marker=2,
        shield_lost=True,
    ),
    "shield-carried-over-two-batches": _setup(
        "Goliath", "Zealot", weapons=("Autocannon", "Underbelly Machine Gun"), range=8
    ),
    "engaged-evade": _setup(
        "Marine",
        "Zergling",
        weapons=("C-14 Rifle",),
        engaged=True,
        attacker_engaged=True,
    ),
    "granted-evade-and-anti-evade": _setup(
        "Adept",
        "Marine",
        weapons=("Glaive Cannon",),
        evade=True,
        upgrades=("Guidance",),
    ),
    "null-evade-with-evade": _setup(
        "Marine", "Goliath", weapons=("C-14 Rifle",), evade=True
    ),
    "high-ground": _setup(
        "Hydralisk", "Marine", weapons=("Needle Spines",), high_ground=True
    ),
    "hit-modifier-beyond-2-plus": _setup(
        "Sentry", "Zergling", weapons=("Disruption Beam",), hit=3
    ),
    "hit-modifier-beyond-6-plus": _setup(
        "Marine", "Marauder", weapons=("C-14 Rifle",), hit=-4
    ),
    "armour-modifiers": _setup("Marine", "Roach", weapons=("C-14 Rifle",), armour=2),
    "armour-worse-than-6": _setup(
        "Marine", "Zergling", weapons=("C-14 Rifle",), armour=-3
    ),
    "precision-adrenal-glands": _setup(
        "Zergling",
        "Marine",
        phase="combat",
        weapons=("Claws",),
        upgrades=("Adrenal Glands",),
    ),
    "precision-ares-class": _setup(
        "Goliath",
        "Zergling",
        weapons=("Underbelly Machine Gun",),
        upgrades=("Ares-Class Targeting System",),
        range=8,
    ),
    "critical-hit": _setup("Kerrigan", "Marauder", phase="combat", weapons=("Blades",)),
    "pierce-armoured": _setup("Jim Raynor", "Stalker", weapons=("Commando Rifle",)),
    "burst-fire-in-reach": _setup(
        "Jim Raynor",
        "Zergling",
        weapons=("C-14 Rifle",),
        upgrades=("C-14 Rifle",),
        range=6,
    ),
    "long-range": _setup("Goliath", "Marauder", weapons=("Autocannon",), range=16),
    "locked-in-and-indirect": _setup(
        "Goliath",
        "Zergling",
        weapons=("Scatter Missiles",),
        upgrades=("Scatter Missiles",),
        range=10,
        stationary=True,
        visible=3,
    ),
    "indirect-unseen-no-evade": _setup(
        "Marine",
        "Zergling",
        weapons=("Rocket Launcher",),
        upgrades=("Rocket Launcher",),
        range=10,
        visible=0,
        evade=True,
    ),
    "specialist-replaces-one-rifle": _setup(
        "Marine",
        "Marauder",
        weapons=("C-14 Rifle", "AGG-12"),
        upgrades=("AGG-12",),
        range=10,
    ),
    "visible-cap": _setup("Marine", "Zergling", weapons=("C-14 Rifle",), visible=4),
    "instant-ignores-reduction": _setup(
        "Sentry", "Marine", weapons=("Disruption Beam",), damage_reduction=2
    ),
    "damage-reduction": _setup(
        "Marine", "Marauder", weapons=("C-14 Rifle",), damage_reduction=1
    ),
    "guardian-shield-dice": _setup(
        "Marine", "Zergling", weapons=("C-14 Rifle",), removed_dice=1
    ),
    "tough-first-roll": _setup(
        "Marine",
        "Hydralisk",
        weapons=("C-14 Rifle",),
        target_upgrades=("Ancillary Carapace",),
    ),
    "kinetic-foam": _setup(
        "Stalker",
        "Marauder",
        weapons=("Particle Disruptors",),
        target_upgrades=("Kinetic Foam",),
    ),
    "impact-then-claws": _setup(
        "Zealot",
        "Zergling",
        phase="combat",
        weapons=("Psi Blades",),
        charge=True,
        upgrades=("My Life for Aiur",),
    ),
    "impact-into-combat-shield": _setup(
        "Queen",
        "Marine",
        phase="combat",
        weapons=("Talons",),
        charge=True,
        target_upgrades=("Combat Shield",),
        impact=1,
    ),
    "surge-sent-elsewhere": _setup(
        "Zergling",
        "Marine",
        phase="combat",
        weapons=("Claws",),
        models=4,
        surge=False,
        upgrades=("Adrenal Glands",),
    ),
    "shield-overcharge-praetor-target": _setup(
        "Stalker",
        "Praetor Guard (Zealot)",
        weapons=("Particle Disruptors", "Particle Disruptors"),
    ),
}


FRIENDS = CATALOG.units.all  # the cards whose abilities reach another unit

# Every effect printed on the cards and every `--ability` toggle (COMBAT.md table).
ABILITY_VARIANTS = {
    "titan-killers-and-impact": _setup(
        "Praetor Guard (Zealot)", "Goliath", phase="combat", weapons=("Psi Blades",),
        charge=True,
    ),
    "grooved-spines-at-14": _setup(
        "Hydralisk", "Marine", weapons=("Needle Spines",),
        upgrades=("Grooved Spines",), range=14,
    ),
    "laser-targeting-systems-at-14": _setup(
        "Marauder", "Zergling", weapons=("Quad K12",),
        upgrades=("Laser Targeting Systems",), range=14,
    ),
    "raiders-printed-slugthrower-and-grenades": _setup(
        "Raynor's Raider (Marine)", "Zergling", weapons=("C-14 Rifle",), range=6,
        evade=True,
    ),
    "stimpack-marine-melee": _setup(
        "Marine", "Zergling", phase="combat", weapons=("Strike",),
        abilities=("Stimpack",),
    ),
    "stimpack-marauder": _setup(
        "Marauder", "Marine", weapons=("Quad K12",), abilities=("Stimpack",)
    ),
    "stimpack-raider": _setup(
        "Raynor's Raider (Marine)", "Marine", weapons=("C-14 Rifle",),
        abilities=("Stimpack",), range=10,
    ),
    "orders-first-weapon": _setup(
        "Marine", "Marauder", weapons=("C-14 Rifle", "Rocket Launcher"),
        upgrades=("Rocket Launcher",), range=10, abilities=("Orders",),
        friends=FRIENDS,
    ),
    "target-lock": _setup(
        "Goliath", "Marauder", weapons=("Autocannon",), range=10,
        abilities=("Target Lock",),
    ),
    "lurking": _setup(
        "Marine", "Hydralisk", weapons=("C-14 Rifle",), target_abilities=("Lurking",)
    ),
    "burrow": _setup(
        "Marine", "Roach", weapons=("C-14 Rifle",), target_abilities=("Burrow",)
    ),
    "veteran-of-tarsonis": _setup(
        "Marine", "Marauder", weapons=("C-14 Rifle",),
        target_abilities=("Veteran of Tarsonis",),
    ),
    "life-support": _setup(
        "Zergling", "Marine", phase="combat", weapons=("Claws",),
        target_abilities=("Life Support",), friends=FRIENDS,
    ),
    "transfusion": _setup(
        "Marine", "Hydralisk", weapons=("C-14 Rifle",),
        target_abilities=("Transfusion",), friends=FRIENDS,
    ),
    "mutating-carapace": _setup(
        "Marine", "Kerrigan", weapons=("C-14 Rifle",),
        target_abilities=("Mutating Carapace",),
    ),
    "debilitating-saliva": _setup(
        "Marine", "Roach", weapons=("C-14 Rifle",),
        target_abilities=("Debilitating Saliva",), friends=FRIENDS,
    ),
    "adrenal-overload": _setup(
        "Raptor (Zergling)", "Marine", phase="combat", weapons=("Claws",),
        charge=True, abilities=("Adrenal Overload",),
    ),
    "adrenal-overload-kerrigan-swarm-raptor": _setup(
        "Kerrigan Swarm Raptor (Zergling)", "Marauder", phase="combat",
        weapons=("Claws",), charge=True, abilities=("Adrenal Overload",),
    ),
    "guardian-shield": _setup(
        "Marine", "Zealot", weapons=("C-14 Rifle",),
        target_abilities=("Guardian Shield",), friends=FRIENDS,
    ),
    "point-defense-laser": _setup(
        "Marine", "Jim Raynor", weapons=("C-14 Rifle",),
        target_abilities=("Point Defense Laser",), friends=FRIENDS,
    ),
    "point-defense-laser-against-instant": _setup(
        "Sentry", "Marine", weapons=("Disruption Beam",),
        target_abilities=("Point Defense Laser",), friends=FRIENDS,
    ),
    "hallucination": _setup(
        "Marine", "Zealot", weapons=("C-14 Rifle",),
        target_abilities=("Hallucination",), friends=FRIENDS,
    ),
    "precognition": _setup(
        "Zergling", "Praetor Guard (Zealot)", phase="combat", weapons=("Claws",),
        target_abilities=("Precognition",),
    ),
    "zealous-round": _setup(
        "Marine", "Zealot", weapons=("C-14 Rifle",),
        target_abilities=("Zealous Round",),
    ),
    "we-stand-as-one": _setup(
        "Zealot", "Marine", phase="combat", weapons=("Psi Blades",),
        abilities=("We Stand as One",),
    ),
    "fury-of-the-nerazim-ignores-reactions": _setup(
        "Stalker", "Zealot", weapons=("Particle Disruptors",),
        abilities=("Fury of the Nerazim",), target_abilities=("Zealous Round",),
    ),
    "psionic-presence": _setup(
        "Stalker", "Marine", weapons=("Particle Disruptors",),
        abilities=("Psionic Presence",), friends=FRIENDS,
    ),
    "optical-flare": _setup(
        "Goliath", "Marine", weapons=("Autocannon",), range=7,
        target_abilities=("Optical Flare",), friends=FRIENDS,
    ),
    "hierarchs-stand": _setup(
        "Marine", "Artanis", weapons=("C-14 Rifle",),
        target_abilities=("Hierarch's Stand",),
    ),
    "sentenced-to-death": _setup(
        "Zeratul", "Marauder", phase="combat", weapons=("Master Warp Blade",),
        abilities=("Sentenced to Death",),
    ),
    "heavy-plating": _setup("Marine", "Siege Tank", weapons=("C-14 Rifle",)),
}  # fmt: skip


@pytest.mark.parametrize("name", sorted(ABILITY_VARIANTS))
def test_every_printed_effect_and_ability_agrees(name: str) -> None:
    _check(ABILITY_VARIANTS[name], seed=zlib.crc32(name.encode()))


def _with_dodge(name: str) -> Unit:
    unit = CATALOG.units.get(name)
    assert unit is not None
    dodge = Effect(
        name="Test Dodge", source="test", keywords=(Keyword(keyword="DODGE", value=1),)
    )
    return replace(unit, abilities=(dodge,))


def _with_concentrated_fire() -> Unit:
    marine = CATALOG.units.get("Marine")
    assert marine is not None
    rifle = replace(marine.weapons[0], keywords=("CONCENTRATED FIRE (3)",))
    return replace(marine, weapons=(rifle,))


VARIANTS["dodge-after-surge-and-crit"] = AttackSetup(
    attacker=CATALOG.units.get("Kerrigan"),  # type: ignore[arg-type]
    target=_with_dodge("Roach"),  # 3+ Armour: each dodged die shows
    phase="combat",
    weapons=("Blades",),
)
VARIANTS["concentrated-fire"] = AttackSetup(
    attacker=_with_concentrated_fire(),
    target=CATALOG.units.get("Zergling"),  # type: ignore[arg-type]
    weapons=("C-14 Rifle",),
)
VARIANTS["pinpoint-into-a-melee"] = _setup(
    "Jim Raynor", "Zergling", weapons=('"Justice" Revolver',), engaged=True
)


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_markers_evade_modifiers_and_keywords_agree(name: str) -> None:
    _check(VARIANTS[name], seed=zlib.crc32(name.encode()))

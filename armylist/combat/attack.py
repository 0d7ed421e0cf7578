"""The exact attack calculator: a batch's pools, then the target's state, batch by batch.

Follows COMBAT.md "Ranged attack, one batch" and "Close combat": every step is a
distribution of whole numbers in Fractions, so the odds are exact, not sampled.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property

from armylist.text.i18n import gettext_

from .abilities import costs
from .defender import Defender, defender
from .dist import (
    Pmf,
    at_least,
    binomial,
    binomial_over,
    die,
    mean,
    mix,
    point,
    scaled,
    success,
    target_number,
    thin,
    unscaled,
)
from .memo import Answers, cached_pools, setup_facts
from .profiles import Profile, attack_dice, batches
from .question import AttackSetup, CombatError

# The target between batches: (models left, Damage Marker, Shield model still alive).
State = tuple[int, int, bool]

STEPS = (
    "Attack Pool",
    "Hits",
    "Surge",
    "Armour Pool",
    "Armour fails",
    "Evade Pool",
    "Unsaved",
    "Damage",
)


@dataclass(frozen=True)
class Pools:
    """What one batch's dice do before casualties: expected dice at each step."""

    dice: int
    expected: dict[str, Fraction]  # keyed by STEPS, in that order
    damage: Pmf  # Damage dealt (Unsaved x Damage)
    evade: bool  # whether the target rolled Evade


@dataclass(frozen=True)
class Outcome:
    """Expected numbers and the distribution of models removed."""

    hits: Fraction
    damage: Fraction
    models_removed: Pmf
    supply_removed: Fraction
    supply_left: Fraction  # the target's expected Supply afterwards: the VP at stake
    marker: Fraction  # expected Damage left on the marker afterwards
    shielded: Fraction  # probability the target is still Shielded afterwards
    wiped_out: Fraction = Fraction(0)  # probability no model is left afterwards

    @property
    def expected_models_removed(self) -> Fraction:
        """Expected models removed."""
        return mean(self.models_removed)

    def distribution_json(
        self, number: Callable[[Fraction], float | str]
    ) -> dict[str, object]:
        """Models removed: P(exactly k), P(at least k), P(wiped out), for JSON."""
        return {
            "models_removed": {
                str(k): number(p) for k, p in dense(self.models_removed).items()
            },
            "at_least": {
                str(k): number(p) for k, p in at_least(self.models_removed).items()
            },
            "wiped_out": number(self.wiped_out),
        }


@dataclass(frozen=True)
class Batch:
    """One batch: the weapon, its pools and what it did to the target."""

    weapon: str
    models: int
    pools: Pools
    outcome: Outcome


@dataclass(frozen=True)
class AttackResult:
    """Every batch of one activation and the total, the target carried between them."""

    attacker: str
    target: str
    batches: tuple[Batch, ...]
    total: Outcome
    final: dict[State, Fraction]
    costs: tuple[str, ...] = ()  # what the attacker's abilities cost it (Stimpack)

    def to_json(self, *, exact: bool = False) -> dict[str, object]:
        """The JSON contract of `armylist attack --format json` (`--exact`: fractions)."""

        def number(value: Fraction) -> float | str:
            return str(value) if exact else float(value)

        def expected(outcome: Outcome) -> dict[str, object]:
            return {
                "hits": number(outcome.hits),
                "damage": number(outcome.damage),
                "models_removed": number(outcome.expected_models_removed),
                "supply_removed": number(outcome.supply_removed),
            }

        return {
            "attacker": self.attacker,
            "target": self.target,
            "batches": [
                {
                    "weapon": batch.weapon,
                    "dice": batch.pools.dice,
                    "expected": expected(batch.outcome),
                    "distribution": batch.outcome.distribution_json(number),
                }
                for batch in self.batches
            ],
            "total": expected(self.total),
            "distribution": self.total.distribution_json(number),
            "costs": list(self.costs),
        }


def dense(pmf: Pmf) -> Pmf:
    """Every count from 0 to the largest possible one, in order (zeros filled in)."""
    top = max((k for k, p in pmf.items() if p), default=0)
    return {k: pmf.get(k, Fraction(0)) for k in range(top + 1)}


@cached_pools
def pools(profile: Profile, setup: AttackSetup, target: Defender, first: bool) -> Pools:
    """Steps 0-5 of one batch: Attack Pool to Damage (COMBAT.md, §8.7.4)."""
    dice, printed_hit = attack_dice(profile, setup)
    modifier = (setup.impact if profile.impact else setup.hit) + profile.hit_modifier
    hits = binomial(dice, success(target_number(printed_hit, modifier)))
    # A split melee batch sends its Surge die, PRECISION and CRIT to one target
    # (Decision 4): `surge=False` is the other target's share.
    precision = profile.value("PRECISION") if setup.surge else 0
    if precision:
        # Up to X misses become hits, once per batch (#60); they are ordinary hits.
        hits = mix((p, point(h + min(precision, dice - h))) for h, p in hits.items())
    surge = _surge(profile, target) if setup.surge else point(0)
    crit = profile.value("CRITICAL HIT") if setup.surge else 0
    dodge = target.keywords["DODGE"].value or 0 if "DODGE" in target.keywords else 0
    tough_kw = target.first_roll_keywords if first else {}
    tough = max(
        (
            kw.value or 0
            for kw in (target.keywords.get("TOUGH"), tough_kw.get("TOUGH"))
            if kw
        ),
        default=0,
    )
    fail = 1 - success(target_number(target.armour, setup.armour))
    # Whole numerators over one denominator (dist.scaled): exact, and no gcd per step.
    hits_n, hits_d = scaled(hits)
    surge_n, surge_d = scaled(surge)
    split: dict[tuple[int, int], int] = {}  # (moved, Armour Pool) -> numerator
    for h, ph in hits_n.items():
        for s, ps in surge_n.items():
            moved = max(0, min(h, s + crit) - dodge)
            split[moved, h - moved] = split.get((moved, h - moved), 0) + ph * ps
    split_d = hits_d * surge_d
    moved_total = Fraction(sum(n * m for (m, _), n in split.items()), split_d)
    armour_total = Fraction(sum(n * a for (_, a), n in split.items()), split_d)
    most = max((a for _, a in split), default=0)
    pool_n: dict[int, int] = {}
    fails_n = 0
    for (moved, armour_dice), n in split.items():
        for f, q in enumerate(binomial_over(armour_dice, fail, most)):
            # TOUGH folds the low fail counts into 0: their chances add up.
            kept = max(0, f - tough)
            fails_n += n * q * kept
            pool_n[moved + kept] = pool_n.get(moved + kept, 0) + n * q
    pool_d = split_d * fail.denominator**most
    fails_total = Fraction(fails_n, pool_d)
    evade_pool = unscaled(pool_n, pool_d)
    evades = _evade_eligible(profile, setup, target)
    if evades and target.evade is not None:
        anti = profile.value("ANTI-EVADE")
        # ANTI-EVADE worsens the Evade roll; the clamp keeps a 6+ roll (#29).
        unsaved_p = 1 - success(
            target_number(target.evade, target.evade_modifier - anti)
        )
        unsaved = unscaled(*thin(pool_n, pool_d, unsaved_p))
    else:
        unsaved = evade_pool
    damage_per = _damage(profile, target)
    damage = {u * damage_per: p for u, p in unsaved.items()}
    expected = dict(
        zip(
            STEPS,
            (
                Fraction(dice),
                mean(hits),
                moved_total,
                armour_total,
                fails_total,
                mean(evade_pool),
                mean(unsaved),
                mean(damage),
            ),
            strict=True,
        )
    )
    return Pools(dice, expected, damage, evades and target.evade is not None)


def _surge(profile: Profile, target: Defender) -> Pmf:
    """Surge dice: only when the Surge Type names one of the target's tags (Decision 8)."""
    if profile.surge_dice is None or not (profile.surge_type & target.tags):
        return point(0)
    return die(profile.surge_dice)


def _damage(profile: Profile, target: Defender) -> int:
    """Damage per unsaved die: Titan Killers sets the characteristic, PIERCE replaces it."""
    damage = profile.damage
    if profile.damage_against and (target.size or 0) >= profile.damage_against[0]:
        damage = profile.damage_against[1]
    pierce = profile.keywords.get("PIERCE")
    if pierce and pierce.tag and pierce.tag.casefold() in target.tags:
        return pierce.value or damage
    return damage


def _evade_eligible(profile: Profile, setup: AttackSetup, target: Defender) -> bool:
    """Whether the target rolls Evade against this batch (COMBAT.md step 4)."""
    ranged = setup.phase == "assault" and not profile.impact
    if profile.has("INDIRECT FIRE") and setup.visible == 0:
        return False  # an unseen INDIRECT FIRE target never evades (#56)
    if setup.evade or "all" in target.evade_against:
        return True
    if not ranged:
        return "combat" in target.evade_against
    if "assault" in target.evade_against or setup.target_engaged:
        return True
    attacker_flying = "Flying" in setup.attacker.combat_tags
    return setup.high_ground and not target.flying and not attacker_flying


def _casualties(
    state: State,
    damage: int,
    target: Defender,
    cap: int,
    reduction: int,
) -> State:
    """Step 6-7: remove models in order, the Shield model first (Decision 1)."""
    models, marker, shield_alive = state
    if damage == 0:
        return state  # no unsaved die: nothing happens, not even a marker alone
    total = max(0, damage + marker - reduction)
    removed = 0
    cap = min(cap, models)
    while removed < cap:
        hit_points = target.hit_points + (target.shield if shield_alive else 0)
        if total < hit_points:
            break
        total -= hit_points
        removed += 1
        shield_alive = False
    if removed == cap:
        total = 0  # the cap reached (or the unit gone): the rest is discarded
    return models - removed, total, shield_alive


@dataclass(frozen=True)
class _Removal:
    """How one batch's Damage removes models: its caps and reductions."""

    damage: Pmf
    visible: int | None  # None: no visibility cap (Engaged, INDIRECT FIRE, melee)
    most: int  # CONCENTRATED FIRE (X); 0 when the weapon lacks it
    reduction: int

    @cached_property
    def _dealt(self) -> tuple[dict[int, int], int]:
        return scaled(self.damage)

    def after(self, state: State, target: Defender) -> tuple[dict[State, int], int]:
        """The target's states after this batch, from one state before it.

        Their probabilities are numerators over the one denominator returned.
        """
        # Visible models at this batch's start: the count given, capped by those left.
        cap = state[0] if self.visible is None else min(self.visible, state[0])
        if self.most:
            cap = min(cap, self.most)
        dealt, denominator = self._dealt
        out: dict[State, int] = {}
        for damage, n in dealt.items():
            new = _casualties(state, damage, target, cap, self.reduction)
            out[new] = out.get(new, 0) + n
        return out, denominator


# The target's states with their chances as numerators over one denominator.
Scaled = tuple[dict[State, int], int]


def _outcome(
    before: Scaled,
    removal: _Removal,
    target: Defender,
    hits: Fraction,
    damage: Fraction,
) -> tuple[Outcome, Scaled]:
    # Whole numerators over one denominator (dist.scaled): exact, and no gcd per step.
    start, start_denominator = before
    after_n: dict[State, int] = {}
    removed_n: dict[int, int] = {}
    supply_n = 0
    denominator = start_denominator
    supply_at = target.unit.supply_at
    for state, p in start.items():
        states, batch_denominator = removal.after(state, target)
        denominator = start_denominator * batch_denominator
        held = supply_at(state[0]) or 0
        for new, q in states.items():
            pq = p * q
            after_n[new] = after_n.get(new, 0) + pq
            lost = state[0] - new[0]
            removed_n[lost] = removed_n.get(lost, 0) + pq
            supply_n += pq * (held - (supply_at(new[0]) or 0))
    after = (after_n, denominator)
    glance = _after(after, target)
    return (
        Outcome(
            hits=hits,
            damage=damage,
            models_removed=unscaled(removed_n, denominator),
            supply_removed=Fraction(supply_n, denominator),
            supply_left=glance.supply_left,
            marker=glance.marker,
            shielded=glance.shielded,
            wiped_out=glance.wiped_out,
        ),
        after,
    )


@dataclass(frozen=True)
class _After:
    """What the states say at a glance: expected Supply and marker, two chances."""

    supply_left: Fraction
    marker: Fraction
    shielded: Fraction  # Shield model alive, marker not above Shield (§5.1)
    wiped_out: Fraction


def _after(states: Scaled, target: Defender) -> _After:
    """One pass over the states for the four numbers every Outcome carries."""
    numerators, denominator = states
    supply_at = target.unit.supply_at
    shield = target.shield
    supply = marker = shielded = wiped = 0
    for (models, mark, alive), n in numerators.items():
        supply += n * (supply_at(models) or 0)
        marker += n * mark
        if models == 0:
            wiped += n
        elif shield and alive and mark <= shield:
            shielded += n
    return _After(
        *(Fraction(v, denominator) for v in (supply, marker, shielded, wiped))
    )


# The setup's fields an activation reads only through its batches and the Defender.
THROUGH_BATCHES = frozenset({"models", "weapons", "upgrades", "target_upgrades"})
_RESULTS: Answers[AttackResult] = Answers()


def resolve(setup: AttackSetup, *, first_armour_roll: bool = True) -> AttackResult:
    """Every batch of the activation, exactly, the target's state carried batch to batch.

    ``first_armour_roll=False``: the target has already made its first Armour roll
    (an earlier attacker's, in focus fire), so "first Armour roll" TOUGH is spent.

    Worked out once per distinct question: squads whose batches and Defender come out
    equal (an upgrade that changes nothing here) share one answer.
    """
    target = defender(setup)
    profiles = batches(setup, target)
    keep: list[object] = [target, profiles]
    key = (
        id(target),
        id(profiles),
        setup_facts(setup, THROUGH_BATCHES, keep),
        first_armour_roll,
    )
    return _RESULTS.get(
        key, keep, lambda: _resolve(setup, target, profiles, first_armour_roll)
    )


def _resolve(
    setup: AttackSetup,
    target: Defender,
    profiles: tuple[Profile, ...],
    first_armour_roll: bool,
) -> AttackResult:
    models = setup.target_models or setup.target.max_models
    if models > setup.target.max_models:
        raise CombatError(
            gettext_("{unit} has at most {most} models, not {models}").format(
                unit=setup.target.name, most=setup.target.max_models, models=models
            )
        )
    visible = models if setup.visible is None else min(setup.visible, models)
    start: State = (
        models,
        setup.damage_marker,
        bool(target.shield) and not setup.shield_lost,
    )
    states: Scaled = ({start: 1}, 1)
    done: list[Batch] = []
    for index, profile in enumerate(profiles):
        indirect = profile.has("INDIRECT FIRE")
        if setup.phase == "assault" and visible == 0 and not indirect:
            raise CombatError(
                gettext_(
                    "no model of {unit} is visible: give --visible V (V >= 1)"
                ).format(unit=setup.target.name)
            )
        first = index == 0 and first_armour_roll
        batch_pools = pools(profile, setup, target, first)
        no_cap = (
            setup.phase == "combat"
            or setup.target_engaged
            or indirect
            or profile.impact
        )

        removal = _Removal(
            damage=batch_pools.damage,
            visible=None if no_cap else visible,
            most=profile.value("CONCENTRATED FIRE"),
            reduction=0
            if profile.has("INSTANT")
            else setup.damage_reduction + target.damage_reduction,
        )
        outcome, states = _outcome(
            states,
            removal,
            target,
            batch_pools.expected["Hits"],
            batch_pools.expected["Damage"],
        )
        done.append(Batch(profile.name, profile.models, batch_pools, outcome))
    removed_n: dict[int, int] = {}
    for (left, _, _), n in states[0].items():
        removed_n[models - left] = removed_n.get(models - left, 0) + n
    start_supply = setup.target.supply_at(models) or 0
    glance = _after(states, target)
    total = Outcome(
        hits=sum((b.outcome.hits for b in done), Fraction(0)),
        damage=sum((b.outcome.damage for b in done), Fraction(0)),
        models_removed=unscaled(removed_n, states[1]),
        supply_removed=start_supply - glance.supply_left,
        supply_left=done[-1].outcome.supply_left if done else Fraction(start_supply),
        marker=glance.marker,
        shielded=glance.shielded,
        wiped_out=glance.wiped_out,
    )
    final = unscaled(*states)
    return AttackResult(
        setup.attacker.name,
        setup.target.name,
        tuple(done),
        total,
        final,
        tuple(costs(setup.attacker, setup.abilities, setup.friends)),
    )

"""Focus fire: several units attack one target in turn, its state carried between them.

Each attacker starts from every state the one before left (models, Damage Marker,
Shield model alive), each with its chance: the activation is worked out from each
state (`resolve` from that point) and the answers mixed by those chances. That is
exact: an attack is a chain over the target's states, and nothing else carries over.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from armylist.text.i18n import _

from .abilities import costs
from .attack import AttackResult, Outcome, State, resolve
from .dist import Pmf
from .question import AttackSetup, CombatError


@dataclass(frozen=True)
class FocusStep:
    """One attacker's activation against the target as the earlier ones left it."""

    attacker: str
    models: int
    weapons: tuple[str, ...]
    outcome: Outcome  # what this attacker did (its models_removed: by it alone)
    removed_so_far: Pmf  # models removed from the start, this attacker included
    states: dict[State, Fraction]  # the target afterwards
    costs: tuple[str, ...] = ()  # what its abilities cost the attacker (Stimpack)


@dataclass(frozen=True)
class FocusResult:
    """The target and every attacker's step, in order."""

    target: str
    target_models: int
    steps: tuple[FocusStep, ...]

    def to_json(self, *, exact: bool = False) -> dict[str, object]:
        """The JSON contract of `armylist attack A B ... TARGET --format json`."""

        def number(value: Fraction) -> float | str:
            return str(value) if exact else float(value)

        def so_far(step: FocusStep) -> dict[str, object]:
            shape = Outcome(
                hits=Fraction(0),
                damage=Fraction(0),
                models_removed=step.removed_so_far,
                supply_removed=Fraction(0),
                supply_left=Fraction(0),
                marker=Fraction(0),
                shielded=Fraction(0),
                wiped_out=step.outcome.wiped_out,
            )
            return shape.distribution_json(number)

        return {
            "target": self.target,
            "target_models": self.target_models,
            "attackers": [
                {
                    "attacker": step.attacker,
                    "models": step.models,
                    "weapons": list(step.weapons),
                    "expected": {
                        "hits": number(step.outcome.hits),
                        "damage": number(step.outcome.damage),
                        "models_removed": number(step.outcome.expected_models_removed),
                        "supply_removed": number(step.outcome.supply_removed),
                        "supply_left": number(step.outcome.supply_left),
                    },
                    "distribution": step.outcome.distribution_json(number),
                    "removed_so_far": so_far(step),
                    "costs": list(step.costs),
                }
                for step in self.steps
            ],
        }


def _from(setup: AttackSetup, state: State, first: bool) -> AttackResult:
    """The activation against the target in one state, as a fresh attack from there."""
    models, marker, shield_alive = state
    start = setup.model_copy(
        update={
            "target_models": models,
            "damage_marker": marker,
            "shield_lost": not shield_alive,
        }
    )
    return resolve(start, first_armour_roll=first)


def _start(setup: AttackSetup) -> State:
    models = setup.target_models or setup.target.max_models
    # The first attack's own start: its result's states say whether a Shield exists.
    return (models, setup.damage_marker, not setup.shield_lost)


def _step(
    setup: AttackSetup, before: dict[State, Fraction], first: bool, models: int
) -> FocusStep:
    after: dict[State, Fraction] = {}
    removed: Pmf = {}
    so_far: Pmf = {}
    totals = {
        k: Fraction(0)
        for k in ("hits", "damage", "supply", "left", "marker", "shielded")
    }
    weapons: tuple[str, ...] = ()

    def add(into: dict[int, Fraction], key: int, p: Fraction) -> None:
        into[key] = into.get(key, Fraction(0)) + p

    for state, p in before.items():
        if state[0] == 0:  # wiped out already: nothing left to attack
            after[state] = after.get(state, Fraction(0)) + p
            add(removed, 0, p)
            add(so_far, models, p)
            continue
        result = _from(setup, state, first)
        weapons = weapons or tuple(b.weapon for b in result.batches)
        total = result.total
        for key, value in (
            ("hits", total.hits),
            ("damage", total.damage),
            ("supply", total.supply_removed),
            ("left", total.supply_left),
            ("marker", total.marker),
            ("shielded", total.shielded),
        ):
            totals[key] += p * value
        for new, q in result.final.items():
            after[new] = after.get(new, Fraction(0)) + p * q
            add(removed, state[0] - new[0], p * q)
            add(so_far, models - new[0], p * q)
    outcome = Outcome(
        hits=totals["hits"],
        damage=totals["damage"],
        models_removed=removed,
        supply_removed=totals["supply"],
        supply_left=totals["left"],
        marker=totals["marker"],
        shielded=totals["shielded"],
        wiped_out=sum((p for s, p in after.items() if s[0] == 0), Fraction(0)),
    )
    attacking = setup.models or setup.attacker.max_models
    # Paid whether or not the target is still there to be attacked.
    paid = tuple(costs(setup.attacker, setup.abilities, setup.friends))
    return FocusStep(
        setup.attacker.name, attacking, weapons, outcome, so_far, after, paid
    )


def focus_fire(setups: Sequence[AttackSetup]) -> FocusResult:
    """Each setup's attacker in turn against the one target of them all.

    Every setup must name the same target with the same models; the first one's
    marker and Shield are the target's at the start.
    """
    if not setups:
        raise CombatError(_("focus fire needs at least one attacker"))
    first = setups[0]
    models = first.target_models or first.target.max_models
    for setup in setups[1:]:
        if setup.target.id != first.target.id:
            raise CombatError(
                _("every attacker of a focus fire attacks the same target")
            )
    states: dict[State, Fraction] = {_start(first): Fraction(1)}
    steps: list[FocusStep] = []
    for index, setup in enumerate(setups):
        step = _step(setup, states, index == 0, models)
        steps.append(step)
        states = step.states
    return FocusResult(first.target.name, models, tuple(steps))

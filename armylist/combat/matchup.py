"""Both ways, both phases: what each unit's activation does to the other."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pydantic import BaseModel, ConfigDict, Field

from armylist.gamedata.models import Unit

from .attack import AttackResult, resolve
from .defender import defender
from .profiles import batches
from .question import AttackSetup, CombatError, MissingFact, Phase

PHASES: tuple[Phase, ...] = ("assault", "combat")


class Combatant(BaseModel):
    """A unit as fielded: how many models and which upgrades (defaults: the largest)."""

    # Deferred: every command imports this module (the CLI registers `matchup`); the
    # validator, with the whole Unit schema, is built on the first matchup worked out.
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    unit: Unit
    models: int | None = None
    upgrades: tuple[str, ...] = ()
    count: int = Field(default=1, ge=1, description="identical squads a list fields")


@dataclass(frozen=True)
class MatchupEntry:
    """One unit's activation in one phase against another unit, or why there is none."""

    attacker: str
    target: str
    phase: Phase
    result: AttackResult | None
    problem: str | None = None
    # The attack can be made once an option gives a fact of the table (--stationary).
    needs_fact: bool = False


def _side(side: Unit | Combatant) -> Combatant:
    return side if isinstance(side, Combatant) else Combatant(unit=side)


def _activation(
    attacker: Combatant,
    target: Combatant,
    phase: Phase,
    range_inches: float | None,
    charge: bool,
    stationary: bool | None,
) -> MatchupEntry:
    setup = AttackSetup(
        attacker=attacker.unit,
        target=target.unit,
        phase=phase,
        models=attacker.models,
        target_models=target.models,
        upgrades=attacker.upgrades,
        target_upgrades=target.upgrades,
        charge=charge,
        range=range_inches,
        stationary=stationary,
    )
    try:
        if range_inches is None and phase == "assault":
            setup = setup.model_copy(update={"range": _in_range(setup)})
        result = resolve(setup)
    except CombatError as problem:
        return MatchupEntry(
            attacker.unit.name,
            target.unit.name,
            phase,
            None,
            str(problem),
            needs_fact=isinstance(problem, MissingFact),
        )
    return MatchupEntry(attacker.unit.name, target.unit.name, phase, result)


def _in_range(setup: AttackSetup) -> float | None:
    """The shortest printed range of the unit's shooting weapons: all of them fire."""
    printed = [
        p.range
        for p in batches(setup.model_copy(update={"range": 0}), defender(setup))
        if p.range
    ]
    return float(min(printed)) if printed else None


def matchup(
    unit_a: Unit | Combatant,
    unit_b: Unit | Combatant,
    *,
    range_inches: float | None = None,
    charge: bool = False,
    stationary: bool | None = None,
) -> tuple[MatchupEntry, ...]:
    """A against B and B against A, Assault then Combat phase, one activation each.

    The same squad on both sides is one way only: the other would be the same rows.

    Without `range_inches` each activation is worked out at the shortest printed
    range of its weapons, so every weapon fires and none is at LONG RANGE.
    """
    a, b = _side(unit_a), _side(unit_b)
    # A squad against its twin: B's activations would repeat A's.
    pairs = ((a, b),) if a == b else ((a, b), (b, a))
    return tuple(
        _activation(attacker, target, phase, range_inches, charge, stationary)
        for attacker, target in pairs
        for phase in PHASES
    )


def list_matchup(
    list_a: Sequence[Unit | Combatant],
    list_b: Sequence[Unit | Combatant],
    *,
    range_inches: float | None = None,
    charge: bool = False,
    stationary: bool | None = None,
) -> tuple[MatchupEntry, ...]:
    """Every unit of one list against every unit of the other, both ways."""
    return tuple(
        entry
        for a in list_a
        for b in list_b
        for entry in matchup(
            a, b, range_inches=range_inches, charge=charge, stationary=stationary
        )
    )

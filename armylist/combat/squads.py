"""Squads against squads: every activation once, and the matrix that reads at a glance.

Each distinct squad of one side meets each of the other, both ways and in both
phases. An activation is worked out once per distinct question (attacker and target
as fielded, phase): a squad both sides field meets itself once, and the pools behind
it are shared further (combat/memo.py). The work is bounded: a matchup past
`MOST_ACTIVATIONS` is refused before any of it is done.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from armylist.i18n import _
from armylist.numbers import people

from .lists import label
from .matchup import PHASES, Combatant, MatchupEntry, _activation
from .setup import CombatError, Phase

# About 50 different squads a side: far past a legal list of 2,000 Minerals (about
# 10) or of Grand Offensive as played (about 15 to 30).
MOST_ACTIVATIONS = 10_000

Progress = Callable[[int, int], None]


def named(side: Combatant) -> str:
    """A unit as given by name reads as its name; a squad of a list as fielded."""
    if side.models is None and not side.upgrades:
        return side.unit.name
    return label(side)


def _key(side: Combatant) -> Hashable:
    return (side.unit.id, side.models or side.unit.max_models, side.upgrades)


@dataclass(frozen=True)
class Matrix:
    """One side's squads (rows) attacking the other's (columns) in one phase."""

    attackers: tuple[str, ...]
    targets: tuple[str, ...]
    phase: Phase
    cells: tuple[tuple[MatchupEntry, ...], ...]

    def supply(self, row: int, column: int) -> Fraction | None:
        """Expected Supply removed per activation (None: this attack cannot be made)."""
        result = self.cells[row][column].result
        return None if result is None else result.total.supply_removed

    def best(self, row: int) -> set[int]:
        """The columns of the row's best targets (none when nothing is removed)."""
        values = [self.supply(row, c) for c in range(len(self.targets))]
        top = max((v for v in values if v is not None), default=Fraction(0))
        return {c for c, v in enumerate(values) if top and v == top}


@dataclass(frozen=True)
class SquadMatchup:
    """Every activation of two sides, in details order, and their matrices."""

    side_a: tuple[str, ...]
    side_b: tuple[str, ...]
    entries: tuple[MatchupEntry, ...]

    def matrices(self) -> tuple[Matrix, ...]:
        """A attacks B then B attacks A, each in the Assault then the Combat phase."""
        found = {(e.attacker, e.target, e.phase): e for e in self.entries}
        return tuple(
            Matrix(
                rows,
                columns,
                phase,
                tuple(
                    tuple(found[attacker, target, phase] for target in columns)
                    for attacker in rows
                ),
            )
            for rows, columns in (
                (self.side_a, self.side_b),
                (self.side_b, self.side_a),
            )
            for phase in PHASES
        )


def activations(side_a: Sequence[Combatant], side_b: Sequence[Combatant]) -> int:
    """How many activations a matchup works out (a squad meets its twin once)."""
    keys_a = {_key(s) for s in side_a}
    shared = sum(1 for s in side_b if _key(s) in keys_a)
    return len(PHASES) * (2 * len(side_a) * len(side_b) - shared)


def squad_matchup(
    side_a: Sequence[Combatant],
    side_b: Sequence[Combatant],
    *,
    range_inches: float | None = None,
    charge: bool = False,
    stationary: bool | None = None,
    progress: Progress | None = None,
) -> SquadMatchup:
    """Every squad of A against every squad of B, both ways, both phases.

    Refuses (CombatError) a matchup of more than `MOST_ACTIVATIONS` activations.
    """
    planned = activations(side_a, side_b)
    if planned > MOST_ACTIVATIONS:
        raise CombatError(
            _(
                "{a} by {b} different squads is {planned} activations to work out, "
                "more than the {most} of one matchup: compare part of a list, or one "
                "unit against a list"
            ).format(
                a=len(side_a),
                b=len(side_b),
                planned=people(planned),
                most=people(MOST_ACTIVATIONS),
            )
        )
    facts: dict[str, Any] = {
        "range_inches": range_inches,
        "charge": charge,
        "stationary": stationary,
    }
    done: dict[Hashable, MatchupEntry] = {}
    entries: list[MatchupEntry] = []
    for a_index, a in enumerate(side_a):
        for b in side_b:
            for attacker, target in ((a, b), (b, a)):
                for phase in PHASES:
                    key = (_key(attacker), _key(target), phase)
                    if key in done:
                        continue  # a squad against its twin: the same attack
                    entry = _activation(attacker, target, phase, **facts)
                    done[key] = replace(
                        entry, attacker=named(attacker), target=named(target)
                    )
                    entries.append(done[key])
        if progress:
            progress(a_index + 1, len(side_a))
    return SquadMatchup(
        tuple(named(s) for s in side_a), tuple(named(s) for s in side_b), tuple(entries)
    )

"""Squads against squads: every activation once, and the matrix that reads at a glance.

Each distinct squad of one side meets each of the other, both ways and in both
phases. An activation is worked out once per distinct question (the attacker as
fielded, the target as the calculator sees it, the phase): a squad both sides field
meets itself once, two targets that take an attack alike share it, and the pools,
batches and whole activations behind it are shared further (combat/memo.py). The work
is bounded: a matchup past `MOST_ACTIVATIONS` is refused before any of it is done.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from armylist.text.i18n import _
from armylist.text.numbers import people

from .defender import Defender, defender_of
from .lists import label
from .matchup import PHASES, Combatant, MatchupEntry, _activation
from .question import CombatError, Phase

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
        """Expected Supply removed per activation (None: this attack cannot be made,
        or `needs_fact`)."""
        result = self.cells[row][column].result
        return None if result is None else result.total.supply_removed

    def needs_fact(self, row: int, column: int) -> bool:
        """Whether the attack can be made once an option gives a fact of the table
        (--stationary or --moved), rather than not at all."""
        return self.cells[row][column].needs_fact

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
    counts_a: tuple[int, ...] = ()  # identical squads each name stands for
    counts_b: tuple[int, ...] = ()

    def legend(self, side: str) -> tuple[str, ...]:
        """Side "A" or "B" named in full: 'Marine (9) ×2' for two identical squads."""
        names, counts = (
            (self.side_a, self.counts_a)
            if side == "A"
            else (self.side_b, self.counts_b)
        )
        counts = counts or (1,) * len(names)
        return tuple(
            f"{name} ×{count}" if count > 1 else name
            for name, count in zip(names, counts, strict=True)
        )

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


class _Targets:
    """A squad as a target: its card, its models and its Defender (by identity).

    Two squads of a unit that differ only by upgrades that change nothing in how it
    takes an attack (a weapon upgrade) have one Defender, so each attack on them is
    worked out once. The Defenders are kept here while the matchup runs, so an
    identity is never another's.
    """

    def __init__(self) -> None:
        self._kept: dict[Hashable, tuple[Hashable, Defender | None]] = {}

    def key(self, side: Combatant) -> Hashable:
        own = _key(side)
        held = self._kept.get(own)
        if held is None:
            try:
                seen: Defender | None = defender_of(side.unit, side.upgrades)
            except CombatError:  # no Defender: the squad as fielded, shared by none
                seen = None
            card = (side.unit.id, side.models or side.unit.max_models)
            shared = own if seen is None else (card, id(seen))
            held = self._kept[own] = (shared, seen)
        return held[0]


def activations(side_a: Sequence[Combatant], side_b: Sequence[Combatant]) -> int:
    """How many activations a matchup gives (a squad meets its twin once)."""
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
    shared: dict[Hashable, MatchupEntry] = {}
    as_target = _Targets()
    entries: list[MatchupEntry] = []
    for a_index, a in enumerate(side_a):
        for b in side_b:
            for attacker, target in ((a, b), (b, a)):
                for phase in PHASES:
                    key = (_key(attacker), _key(target), phase)
                    names = (named(attacker), named(target))
                    twin = done.get(key)
                    if twin is not None:
                        # A squad against its twin: the same attack, worked out
                        # once. Named otherwise (`Marine` given by name, `Marine
                        # (9)` of a list), it is a cell of its own row too.
                        if (twin.attacker, twin.target) != names:
                            entries.append(
                                replace(twin, attacker=names[0], target=names[1])
                            )
                        continue
                    # Targets equal as the calculator sees them: the same attack.
                    same = (_key(attacker), as_target.key(target), phase)
                    entry = shared.get(same)
                    if entry is None:
                        entry = _activation(attacker, target, phase, **facts)
                        shared[same] = entry
                    done[key] = replace(entry, attacker=names[0], target=names[1])
                    entries.append(done[key])
        if progress:
            progress(a_index + 1, len(side_a))
    return SquadMatchup(
        tuple(named(s) for s in side_a),
        tuple(named(s) for s in side_b),
        tuple(entries),
        tuple(s.count for s in side_a),
        tuple(s.count for s in side_b),
    )

"""Loadouts side by side: is an upgrade worth its Minerals?

One unit in several loadouts (the bare unit first, then each set of upgrades) meets
a panel of targets, in both phases and both ways: what each loadout removes from the
target, and what the target removes from it, with the Minerals each loadout costs.
A defensive upgrade (Combat Shield) shows in the second half, an offensive one in the
first.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from armylist.gamedata.catalog import Catalog
from armylist.gamedata.models import Unit
from armylist.text.i18n import gettext_

from .attack import AttackResult
from .cards import chosen_upgrades
from .matchup import PHASES, Combatant, _activation
from .question import CombatError, Phase

# The default panel: one target of each kind a weapon's Surge and keywords care
# about, each a squad of about 200 Minerals at Supply 2 (the Drone excepted: it is
# the data's only Flying unit, Supply 0, so it counts models only).
PANEL: tuple[tuple[str, str, int], ...] = (
    ("Light", "zergling", 18),
    ("Armoured", "marauder", 4),
    ("Shielded", "zealot", 3),
    ("Flying", "point-defense-drone", 1),
)


@dataclass(frozen=True)
class Loadout:
    """The unit with these upgrades, and what it costs."""

    upgrades: tuple[str, ...]
    minerals: int

    @property
    def label(self) -> str:
        """'Combat Shield', 'no upgrades'."""
        return ", ".join(self.upgrades) or gettext_("no upgrades")


@dataclass(frozen=True)
class Cell:
    """One loadout's side of one question: the attack's result, or why there is none."""

    result: AttackResult | None
    problem: str | None = None


@dataclass(frozen=True)
class Question:
    """Who attacks whom in which phase, answered for every loadout."""

    attacker: str
    target: str
    phase: Phase
    defending: bool  # the compared unit is the target
    cells: tuple[Cell, ...]


@dataclass(frozen=True)
class Comparison:
    """Every question for every loadout, in order: attacking first, then defending."""

    unit: str
    models: int
    loadouts: tuple[Loadout, ...]
    questions: tuple[Question, ...]

    def to_json(self, *, exact: bool = False) -> dict[str, object]:
        """The JSON contract of `armylist compare --format json`."""

        def number(value: Fraction) -> float | str:
            return str(value) if exact else float(value)

        def maybe(value: Fraction | None) -> float | str | None:
            return None if value is None else number(value)

        def cell(question: Question, index: int) -> dict[str, object]:
            result = question.cells[index].result
            if result is None:
                return {"problem": question.cells[index].problem}
            total = result.total
            base = question.cells[0].result
            minerals = self.loadouts[index].minerals
            return {
                "expected": {
                    "models_removed": number(total.expected_models_removed),
                    "supply_removed": number(total.supply_removed),
                },
                "supply_removed_per_100_minerals": maybe(
                    per_100_minerals(total.supply_removed, minerals)
                ),
                "difference": None
                if base is None
                else {
                    "models_removed": number(
                        total.expected_models_removed
                        - base.total.expected_models_removed
                    ),
                    "supply_removed": number(
                        total.supply_removed - base.total.supply_removed
                    ),
                },
                "distribution": total.distribution_json(number),
            }

        return {
            "unit": self.unit,
            "models": self.models,
            "loadouts": [
                {"upgrades": list(lo.upgrades), "minerals": lo.minerals}
                for lo in self.loadouts
            ],
            "questions": [
                {
                    "attacker": q.attacker,
                    "target": q.target,
                    "phase": q.phase,
                    "defending": q.defending,
                    "loadouts": [cell(q, i) for i in range(len(self.loadouts))],
                }
                for q in self.questions
            ],
        }


def panel(catalog: Catalog) -> tuple[Combatant, ...]:
    """The default targets as fielded (named in `PANEL`)."""
    out = []
    for _, unit_id, models in PANEL:
        unit = catalog.units.get(unit_id)
        if unit is None:
            raise CombatError(
                gettext_("the default panel's {unit} is not in the game data").format(
                    unit=unit_id
                )
            )
        out.append(Combatant(unit=unit, models=models))
    return tuple(out)


def loadout(unit: Unit, models: int, upgrades: Sequence[str]) -> Loadout:
    """The unit's cost with these upgrades at ``models`` (§9.1.6-9.1.7)."""
    composition = unit.composition(models)
    if composition is None:
        sizes = ", ".join(str(c.models) for c in unit.compositions)
        raise CombatError(
            gettext_("{unit} has no composition of {models} models ({sizes})").format(
                unit=unit.name, models=models, sizes=sizes
            )
        )
    minerals = composition.minerals
    chosen = chosen_upgrades(unit, tuple(name.strip() for name in upgrades))
    for upgrade in chosen:
        cost = upgrade.cost_for(models)
        if cost is None:
            raise CombatError(
                gettext_("{upgrade} has no cost for {models} {unit}").format(
                    upgrade=upgrade.name, models=models, unit=unit.name
                )
            )
        minerals += cost
    names = [u.name for u in chosen]
    return Loadout(tuple(names), minerals)


def compare(
    unit: Unit,
    loadouts: Sequence[Loadout],
    models: int,
    targets: Sequence[Combatant],
    *,
    range_inches: float | None = None,
    charge: bool = False,
    stationary: bool | None = None,
) -> Comparison:
    """Each loadout against each target and each target against each loadout."""
    sides = [
        Combatant(unit=unit, models=models, upgrades=lo.upgrades) for lo in loadouts
    ]
    facts = {"range_inches": range_inches, "charge": charge, "stationary": stationary}
    return Comparison(
        unit.name,
        models,
        tuple(loadouts),
        tuple(
            _question(sides, target, phase, defending, facts)
            for defending in (False, True)
            for target in targets
            for phase in PHASES
        ),
    )


def _question(
    sides: Sequence[Combatant],
    other: Combatant,
    phase: Phase,
    defending: bool,
    facts: dict[str, Any],
) -> Question:
    """One attack worked out for each loadout: the loadout attacking, or attacked."""
    cells = []
    for side in sides:
        attacker, target = (other, side) if defending else (side, other)
        entry = _activation(attacker, target, phase, **facts)
        cells.append(Cell(entry.result, entry.problem))
    attacker, target = (other, sides[0]) if defending else (sides[0], other)
    return Question(_named(attacker), _named(target), phase, defending, tuple(cells))


def _named(side: Combatant) -> str:
    return f"{side.unit.name} ({side.models or side.unit.max_models})"


def per_100_minerals(supply: Fraction, minerals: int) -> Fraction | None:
    """Supply per 100 Minerals (None for a loadout that costs nothing)."""
    return supply * 100 / minerals if minerals else None

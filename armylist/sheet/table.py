"""The sheet for the table: what a player ticks and writes down while the game is played.

Per unit a box for each model, to tick casualties, with the Supply bands of its Supply
Profile (§6): the box where Supply drops is marked with the Supply the unit has from
then on. Then the Army's starting Supply, and with a Mission Card the Supply Pool of
each round (§8.3.1). The PDF sheet draws it; it names no page or font.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from armylist.gamedata.models import Mission
from armylist.gameday.planner import supply_pool
from armylist.resolved import Context, PlacedUnit

# The rounds the Victory Points grid has room for: every official mission ends by the
# fifth (§8.10).
ROUNDS = 5


@dataclass(frozen=True)
class Band:
    """A band of the Supply Profile: with ``low``..``high`` models left, ``supply``."""

    low: int
    high: int
    supply: int

    @property
    def text(self) -> str:
        """E.g. '7-9: 2' or '1: 0'."""
        models = str(self.low) if self.low == self.high else f"{self.low}-{self.high}"
        return f"{models}: {self.supply}"


@dataclass(frozen=True)
class TableUnit:
    """One unit's row of casualty boxes.

    ``drops`` maps a casualty (1 for the first model lost) to the Supply the unit has
    once it is ticked, for each casualty where Supply drops; the last casualty destroys
    the unit.
    """

    position: int
    label: str
    models: int
    starting_supply: int
    bands: tuple[Band, ...]
    drops: dict[int, int]


@dataclass(frozen=True)
class TableSheet:
    """Everything the table page shows of one list."""

    units: tuple[TableUnit, ...]
    army_supply: int
    mission: str | None
    # The Supply Pool of rounds 1, 2 ...; None is unlimited (the last round).
    pool: tuple[int | None, ...]


def _bands(placed: PlacedUnit, models: int) -> tuple[Band, ...]:
    """The bands a unit of ``models`` can be in, most models first."""
    bands = [
        Band(band.min_models, min(band.max_models, models), band.supply)
        for band in placed.unit.supply_profile
        if band.min_models <= models
    ]
    return tuple(sorted(bands, key=lambda b: -b.low))


def _drops(bands: Sequence[Band], models: int, starting: int) -> dict[int, int]:
    """Casualty -> Supply left, where the Supply Profile drops (§6)."""
    by_models = {n: b.supply for b in bands for n in range(b.low, b.high + 1)}
    drops: dict[int, int] = {}
    supply = starting
    for lost in range(1, models + 1):
        now = by_models.get(models - lost, 0)
        if now < supply:
            drops[lost] = now
        supply = now
    return drops


def _position(placed: PlacedUnit, fallback: int) -> int:
    # As the roster numbers it: the entry's place in the file's `units:`.
    index = placed.path[1] if len(placed.path) > 1 else None
    return index + 1 if isinstance(index, int) else fallback


def _unit(placed: PlacedUnit, fallback: int) -> TableUnit | None:
    composition = placed.composition
    if composition is None:
        return None  # no composition, no models to count: the roster says why
    bands = _bands(placed, composition.models)
    return TableUnit(
        position=_position(placed, fallback),
        label=placed.label,
        models=composition.models,
        starting_supply=composition.supply,
        bands=bands,
        drops=_drops(bands, composition.models, composition.supply),
    )


def table_sheet(context: Context, mission: Mission | None = None) -> TableSheet:
    """The table page of a resolved list; with ``mission``, its Supply Pool by round."""
    units = tuple(
        unit
        for i, placed in enumerate(context.units, 1)
        if (unit := _unit(placed, i)) is not None
    )
    pool = (
        tuple(supply_pool(mission, r) for r in range(1, mission.game_length + 1))
        if mission is not None
        else ()
    )
    return TableSheet(
        units=units,
        army_supply=sum(u.starting_supply for u in units),
        mission=mission.name if mission is not None else None,
        pool=pool,
    )

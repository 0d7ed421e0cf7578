"""`armylist fits`: everything a list can still add, as it is.

The answer is `rules.takeable`'s, the same one the AL204/AL205 hints and the builder's
catalogue name from: a thing fits when adding it alone brings no new error (tag rule,
Unique, Minerals, Vespene Gas, free Army Slots, the upgrade rules). Only additions:
what would fit after dropping something is not asked.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from armylist.engine import open_list
from armylist.findings import Finding, Severity
from armylist.gamedata.catalog import Catalog
from armylist.gamedata.models import Composition, SlotType, TacticalCard, Unit
from armylist.resolved import Context
from armylist.rules import takeable
from armylist.rules.takeable import UpgradeFit


class FitKind(StrEnum):
    """What `fits --kind` asks for."""

    UNIT = "unit"
    UPGRADE = "upgrade"
    CARD = "card"


@dataclass(frozen=True)
class UnitFit:
    """A unit at one of its compositions that the list can add."""

    unit: Unit
    composition: Composition


@dataclass(frozen=True)
class FitsRequest:
    """What to answer: the kinds asked (all by default) and, with ``owned``, the models
    owned per unit id (a unit fits only when enough of its models are owned)."""

    kinds: frozenset[FitKind] = frozenset(FitKind)
    owned: Mapping[str, int] | None = None


@dataclass(frozen=True)
class Fits:
    """What a list can still add, the most of what is left first in each group.

    ``minerals`` and ``gas`` are what is left (None when the limit is unknown),
    ``slots`` the free Army Slots per type (empty without a known Faction Card).
    """

    file: str
    faction_known: bool
    minerals: int | None
    gas: int | None
    slots: dict[SlotType, int]
    units: tuple[UnitFit, ...] = ()
    upgrades: tuple[UpgradeFit, ...] = ()
    cards: tuple[TacticalCard, ...] = ()
    errors: tuple[Finding, ...] = ()

    @property
    def nothing(self) -> bool:
        """Whether nothing at all fits (of the kinds asked)."""
        return not (self.units or self.upgrades or self.cards)


def fits_of(
    context: Context,
    request: FitsRequest = FitsRequest(),
    errors: tuple[Finding, ...] = (),
) -> Fits:
    """What the resolved list can still add, of the kinds asked."""
    slots = (
        {slot: takeable.free_slots(context, slot) for slot in SlotType}
        if context.faction is not None
        else {}
    )
    units: list[UnitFit] = []
    if FitKind.UNIT in request.kinds:
        units = [
            UnitFit(unit, composition)
            for unit, composition in takeable.unit_fits(context)
            if _owned(context, request.owned, unit, composition)
        ]
        units.sort(
            key=lambda u: (
                -u.composition.minerals,
                -u.composition.supply,
                u.unit.name,
                u.composition.models,
            )
        )
    upgrades: list[UpgradeFit] = []
    if FitKind.UPGRADE in request.kinds:
        upgrades = sorted(
            takeable.upgrade_fits(context),
            key=lambda u: (-u.cost, u.position, u.upgrade.name),
        )
    cards: list[TacticalCard] = []
    if FitKind.CARD in request.kinds:
        cards = sorted(takeable.card_fits(context), key=lambda c: (-c.gas, c.name))
    return Fits(
        file=context.file,
        faction_known=context.faction is not None,
        minerals=takeable.minerals_left(context),
        gas=takeable.gas_left(context),
        slots=slots,
        units=tuple(units),
        upgrades=tuple(upgrades),
        cards=tuple(cards),
        errors=errors,
    )


def _owned(
    context: Context,
    owned: Mapping[str, int] | None,
    unit: Unit,
    composition: Composition,
) -> bool:
    """Whether the models owned cover the list's models of the unit and these too."""
    if owned is None:
        return True
    taken = sum(
        placed.composition.models
        for placed in context.units
        if placed.unit.id == unit.id and placed.composition is not None
    )
    return taken + composition.models <= owned.get(unit.id, 0)


def fits_file(path: Path, catalog: Catalog, request: FitsRequest) -> Fits:
    """What a list file can still add; refuses (`Refused`) a wrong path (exit 2) or a
    file that holds no readable list (exit 1)."""
    checked = open_list(path, catalog)
    context = checked.readable()
    errors = tuple(f for f in checked.result.findings if f.severity is Severity.ERROR)
    return fits_of(context, request, errors)

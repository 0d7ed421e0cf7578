"""A roster unit in words, as every roster format writes it: its loadout and Supply."""

from __future__ import annotations

from armylist.i18n import _
from armylist.sheet.roster import RosterUnit


def loadout_text(unit: RosterUnit, *, every_model: bool = True) -> str:
    """Each group of models and what it carries: 'models 1-3: Psi Blades'."""
    if unit.loadout is None:
        return _("loadout unknown")
    parts = [f"{g.label}: {g.describe()}" for g in unit.loadout.groups]
    if every_model and unit.loadout.every_model:
        parts.append(
            _("every model: {upgrades}").format(
                upgrades=", ".join(unit.loadout.every_model)
            )
        )
    return "; ".join(parts)


def supply_text(unit: RosterUnit) -> str:
    """A unit's Supply, '?' when its composition is unknown."""
    return "?" if unit.supply is None else str(unit.supply)

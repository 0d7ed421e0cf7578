"""A roster unit in words, as every roster format writes it: its loadout and Supply;
and the roster's counts of units and models."""

from __future__ import annotations

from armylist.sheet.roster import Roster, RosterUnit
from armylist.text.i18n import _, ngettext
from armylist.text.numbers import people


def loadout_text(unit: RosterUnit) -> str:
    """Each group of models and what it carries: 'models 1-3: Psi Blades'."""
    if unit.loadout is None:
        return _("loadout unknown")
    parts = [f"{g.label}: {g.describe()}" for g in unit.loadout.groups]
    if unit.loadout.every_model:
        parts.append(
            _("every model: {upgrades}").format(
                upgrades=", ".join(unit.loadout.every_model)
            )
        )
    return "; ".join(parts)


def supply_text(unit: RosterUnit) -> str:
    """A unit's Supply, '?' when its composition is unknown."""
    return "?" if unit.supply is None else str(unit.supply)


def unit_count(roster: Roster) -> str:
    """'9 units' or '9 units (1 unknown)': the units of a roster, as totals name them."""
    units = len(roster.units)
    counted = ngettext("{count} unit", "{count} units", units).format(
        count=people(units)
    )
    if not roster.unknown_units:
        return counted
    return ngettext(
        "{units} ({count} unknown)", "{units} ({count} unknown)", roster.unknown_units
    ).format(units=counted, count=roster.unknown_units)


def model_count(roster: Roster) -> str:
    """'20 models': the models of a roster."""
    models = roster.model_count
    return ngettext("{count} model", "{count} models", models).format(
        count=people(models)
    )

"""The wording of the refusals an edit gives about units: a position the list
does not have, a composition the card does not print, an upgrade not offered for that
many models, more SPECIALIST upgrades than models.

Shared by `add`/`remove` and the builder's own edits (``arrange``).
"""

from __future__ import annotations

from armylist.editing.words import or_each, or_list
from armylist.gamedata.models import Unit
from armylist.text.i18n import _, ngettext
from armylist.text.numbers import people


def models_options(unit: Unit) -> str:
    """E.g. '--models 6 or --models 9'."""
    return or_each([f"--models {c.models}" for c in unit.compositions])


def no_such_unit(position: int, count: int) -> str:
    """'there is no unit 7: the list has 3 units'."""
    return ngettext(
        "there is no unit {position}: the list has {count} unit",
        "there is no unit {position}: the list has {count} units",
        count,
    ).format(position=position, count=people(count))


def not_offered(upgrade: str, models: int, unit: str) -> str:
    """'Combat Shield is not offered for 4 Marine models'."""
    return _("{upgrade} is not offered for {models} {unit} models").format(
        upgrade=upgrade, models=models, unit=unit
    )


def too_many_specialists(unit: str, models: int, specialists: int) -> str:
    """More SPECIALIST upgrades than models (§9.1.7)."""
    return _(
        "{unit} ({models}) would have {count} SPECIALIST upgrades: each needs its "
        "own model (§9.1.7)"
    ).format(unit=unit, models=models, count=specialists)


def no_composition(unit: str, models: int, compositions: str) -> str:
    """A composition the card does not print (§9.1.6); ``compositions`` as
    `compositions_text` words them."""
    return _(
        "{unit} has no {models}-model composition; it comes as {compositions} (§9.1.6)"
    ).format(unit=unit, models=models, compositions=compositions)


def compositions_text(unit: Unit) -> str:
    """E.g. '6 or 9 models'."""
    return _("{counts} models").format(
        counts=or_list([str(c.models) for c in unit.compositions])
    )

"""Edits the full-screen builder makes that `add` and `remove` have no command for:
a unit's composition, and a unit's place in the list.

Each takes a list's text and returns the new text (``EditedText``), as ``edits.apply``
does, through the same comment-preserving document, and refuses what the card does
not allow (a composition it does not print, an upgrade not offered for that many
models, more SPECIALIST upgrades than models).
"""

from __future__ import annotations

from ruamel.yaml.comments import CommentedMap, CommentedSeq

from armylist.editing.edits import EditedText
from armylist.editing.errors import EditRefused, Unreadable
from armylist.editing.refusals import (
    no_composition,
    no_such_unit,
    not_offered,
    too_many_specialists,
)
from armylist.editing.words import or_each
from armylist.editing.yamldoc import ListDocument, ListFileError, insert_item
from armylist.gamedata.catalog import Catalog, upgrade_named
from armylist.text.i18n import _, ngettext
from armylist.text.numbers import people


def _document(text: str) -> ListDocument:
    try:
        return ListDocument(text)
    except ListFileError as error:
        raise Unreadable(
            _("cannot edit this file: {error}").format(error=error)
        ) from None


def _units(doc: ListDocument) -> CommentedSeq:
    units = doc.data.get("units")
    if not isinstance(units, CommentedSeq):
        raise EditRefused(_("the list has no units"))
    return units


def _entry(units: CommentedSeq, position: int) -> CommentedMap:
    if not 1 <= position <= len(units):
        raise EditRefused(no_such_unit(position, len(units)))
    entry = units[position - 1]
    if not isinstance(entry, CommentedMap):
        raise EditRefused(
            _("unit {position} is not a `unit:` entry").format(position=position)
        )
    return entry


def set_models(text: str, catalog: Catalog, position: int, models: int) -> EditedText:
    """Give unit ``position`` (1-based) the composition of ``models`` models."""
    doc = _document(text)
    entry = _entry(_units(doc), position)
    unit = catalog.units.get(str(entry.get("unit", "")))
    if unit is None:
        raise EditRefused(
            _("unit {position} names no known unit").format(position=position)
        )
    composition = unit.composition(models)
    if composition is None:
        sizes = or_each([str(c.models) for c in unit.compositions])
        raise EditRefused(
            no_composition(unit.name, models, _("{counts} models").format(counts=sizes))
        )
    written = entry.get("upgrades")
    bought = [upgrade_named(unit, str(n)) for n in written or ()]
    for upgrade in bought:
        if upgrade is not None and upgrade.cost_for(models) is None:
            raise EditRefused(
                not_offered(upgrade.name, models, unit.name),
                _("drop {upgrade} first").format(upgrade=upgrade.name),
            )
    specialists = {u.id for u in bought if u is not None and u.specialist}
    if len(specialists) > models:
        raise EditRefused(
            too_many_specialists(unit.name, models, len(specialists)),
            _("drop a SPECIALIST upgrade first"),
        )
    if "models" in entry:
        entry["models"] = models
    else:
        entry.insert(
            list(entry).index("unit") + 1 if "unit" in entry else 0, "models", models
        )
    cost = composition.minerals + sum(
        (u.cost_for(models) or 0) for u in bought if u is not None
    )
    return EditedText(
        doc.text(),
        ngettext(
            "unit {position} is now {unit} ({count} model, Supply {supply}, "
            "{minerals} Minerals)",
            "unit {position} is now {unit} ({count} models, Supply {supply}, "
            "{minerals} Minerals)",
            models,
        ).format(
            position=position,
            unit=unit.name,
            count=people(models),
            supply=composition.supply,
            minerals=people(cost),
        ),
    )


def move_unit(text: str, position: int, to: int) -> EditedText:
    """Move unit ``position`` to place ``to`` (both 1-based); its comments go along."""
    doc = _document(text)
    units = _units(doc)
    entry = _entry(units, position)
    if not 1 <= to <= len(units):
        raise EditRefused(
            ngettext(
                "there is no place {place}: the list has {count} unit",
                "there is no place {place}: the list has {count} units",
                len(units),
            ).format(place=to, count=people(len(units)))
        )
    if to == position:
        raise EditRefused(
            _("unit {position} is already there").format(position=position)
        )
    del units[position - 1]
    insert_item(doc.data, "units", to - 1, entry)
    return EditedText(
        doc.text(),
        _("moved {unit} from unit {position} to {place}").format(
            unit=entry.get("unit"), position=position, place=to
        ),
    )

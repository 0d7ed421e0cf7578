"""Edits the full-screen builder makes that `add` and `remove` have no command for:
a unit's composition, and a unit's place in the list.

Each takes a list's text and returns the new text (``EditedText``), as ``edits.apply``
does, through the same comment-preserving document, and refuses what the card does
not allow (a composition it does not print, an upgrade not offered for that many
models, more SPECIALIST upgrades than models).
"""

from __future__ import annotations

from ruamel.yaml.comments import CommentedMap, CommentedSeq

from armylist.editing.edits import EditedText, EditRefused, Unreadable
from armylist.editing.yamldoc import ListDocument, ListFileError, insert_item
from armylist.gamedata.catalog import Catalog, upgrade_named
from armylist.plain import plural


def _document(text: str) -> ListDocument:
    try:
        return ListDocument(text)
    except ListFileError as error:
        raise Unreadable(f"cannot edit this file: {error}") from None


def _units(doc: ListDocument) -> CommentedSeq:
    units = doc.data.get("units")
    if not isinstance(units, CommentedSeq):
        raise EditRefused("the list has no units")
    return units


def _entry(units: CommentedSeq, position: int) -> CommentedMap:
    if not 1 <= position <= len(units):
        raise EditRefused(
            f"there is no unit {position}: the list has {plural(len(units), 'unit')}"
        )
    entry = units[position - 1]
    if not isinstance(entry, CommentedMap):
        raise EditRefused(f"unit {position} is not a `unit:` entry")
    return entry


def set_models(text: str, catalog: Catalog, position: int, models: int) -> EditedText:
    """Give unit ``position`` (1-based) the composition of ``models`` models."""
    doc = _document(text)
    entry = _entry(_units(doc), position)
    unit = catalog.units.get(str(entry.get("unit", "")))
    if unit is None:
        raise EditRefused(f"unit {position} names no known unit")
    composition = unit.composition(models)
    if composition is None:
        sizes = " or ".join(str(c.models) for c in unit.compositions)
        raise EditRefused(
            f"{unit.name} has no {models}-model composition; it comes as {sizes} "
            "models (§9.1.6)"
        )
    written = entry.get("upgrades")
    bought = [upgrade_named(unit, str(n)) for n in written or ()]
    for upgrade in bought:
        if upgrade is not None and upgrade.cost_for(models) is None:
            raise EditRefused(
                f"{upgrade.name} is not offered for {models} {unit.name} models",
                f"drop {upgrade.name} first",
            )
    specialists = {u.id for u in bought if u is not None and u.specialist}
    if len(specialists) > models:
        raise EditRefused(
            f"{unit.name} ({models}) would have {len(specialists)} SPECIALIST "
            "upgrades: each needs its own model (§9.1.7)",
            "drop a SPECIALIST upgrade first",
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
        f"unit {position} is now {unit.name} ({plural(models, 'model')}, Supply "
        f"{composition.supply}, {cost:,} Minerals)",
    )


def move_unit(text: str, position: int, to: int) -> EditedText:
    """Move unit ``position`` to place ``to`` (both 1-based); its comments go along."""
    doc = _document(text)
    units = _units(doc)
    entry = _entry(units, position)
    if not 1 <= to <= len(units):
        raise EditRefused(
            f"there is no place {to}: the list has {plural(len(units), 'unit')}"
        )
    if to == position:
        raise EditRefused(f"unit {position} is already there")
    del units[position - 1]
    insert_item(doc.data, "units", to - 1, entry)
    return EditedText(
        doc.text(), f"moved {entry.get('unit')} from unit {position} to {to}"
    )

"""`armylist collection show`: the models owned per unit and the boxes, text or JSON."""

from __future__ import annotations

from typing import Any

from rich import box as rich_box
from rich.console import Group, RenderableType
from rich.text import Text

from armylist.collection.boxes import Box
from armylist.collection.owned import Owned
from armylist.gamedata.catalog import Catalog
from armylist.reporters import Terminal, ViewFormat, render_view
from armylist.reporters.fit import FitTable
from armylist.text.i18n import _, ngettext
from armylist.text.numbers import people


def _units(owned: Owned, catalog: Catalog) -> list[tuple[str, str, int, int]]:
    """(name, id, models owned, of them from boxes) per unit, by name."""
    rows = []
    for unit_id, models in owned.models.items():
        unit = catalog.units.get(unit_id)
        name = unit.name if unit is not None else unit_id
        rows.append((name, unit_id, models, models - owned.written.get(unit_id, 0)))
    return sorted(rows)


def _holds(found: Box, catalog: Catalog) -> str:
    parts = []
    for unit_id, models in found.models:
        unit = catalog.units.get(unit_id)
        parts.append(f"{models} {unit.name if unit else unit_id}")
    return ", ".join(parts)


def data(owned: Owned, catalog: Catalog) -> dict[str, Any]:
    """The JSON of `collection show --format json` (docs: My collection)."""
    return {
        "file": owned.file,
        "units": [
            {"unit": unit_id, "name": name, "models": models, "from_boxes": boxed}
            for name, unit_id, models, boxed in _units(owned, catalog)
        ],
        "boxes": [
            {
                "box": found.name,
                "count": count,
                "models": dict(found.models),
                "provisional": found.provisional,
                "source": found.source,
            }
            for found, count in owned.boxes
        ],
    }


def view(owned: Owned, catalog: Catalog) -> RenderableType:
    """The collection in words: a table of units, then the boxes with their
    contents, a guessed box marked provisional."""
    parts: list[RenderableType] = [Text(owned.file, style="bold")]
    rows = _units(owned, catalog)
    if not rows:
        parts.append(
            Text(
                _(
                    "No models yet: `armylist collection add Zergling 12`, or a box "
                    'with `armylist collection add --box "Starter Set"`.'
                )
            )
        )
        return Group(*parts)
    table = FitTable(
        title=_("Models owned"),
        box=rich_box.SIMPLE_HEAD,
        title_justify="left",
        whole=(_("Unit"),),
    )
    table.add_column(_("Unit"))
    table.add_column(_("Models"), justify="right")
    table.add_column(_("From boxes"), justify="right")
    for name, _id, models, boxed in rows:
        table.add_row(name, people(models), people(boxed) if boxed else "-")
    parts.append(table)
    if owned.boxes:
        boxes = FitTable(
            title=_("Boxes"),
            box=rich_box.SIMPLE_HEAD,
            title_justify="left",
            whole=(_("Box"),),
        )
        boxes.add_column(_("Box"))
        boxes.add_column(_("Count"), justify="right")
        boxes.add_column(_("Holds (each)"))
        for found, count in owned.boxes:
            name = found.name + (_(" (provisional)") if found.provisional else "")
            boxes.add_row(name, people(count), _holds(found, catalog))
        parts.append(boxes)
        if any(found.provisional for found, _count in owned.boxes):
            parts.append(
                Text(
                    _(
                        "(provisional): what the box holds is guessed; if yours "
                        "holds other models, write them under units: instead."
                    )
                )
            )
    return Group(*parts)


def summary(owned: Owned) -> str:
    """The one line on stderr: how many models the collection holds."""
    total = sum(owned.models.values())
    return ngettext(
        "{file}: {count} model owned", "{file}: {count} models owned", total
    ).format(file=owned.file, count=people(total))


def render(
    owned: Owned, catalog: Catalog, chosen: ViewFormat, terminal: Terminal
) -> str:
    """The collection as text or JSON."""
    return render_view(
        view(owned, catalog), data(owned, catalog), chosen, terminal, sort_keys=False
    )

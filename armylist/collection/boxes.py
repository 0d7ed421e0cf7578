"""The boxes a collection may name, and the models each holds (`boxes.yaml`).

Every box's contents are guessed (no source armylist reads lists them) and marked
provisional; a box named after a unit is that unit's box: the largest composition
printed on its card, guessed too.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

import yaml

from armylist.gamedata.catalog import Catalog
from armylist.gamedata.models import Unit
from armylist.text.i18n import N_
from armylist.text.names import key

BOXES = Path(__file__).with_name("boxes.yaml")
# What `collection show` says of a unit box's contents.
UNIT_BOX_SOURCE = N_("guessed: the largest composition printed on the card")


@dataclass(frozen=True)
class Box:
    """A box: its name, the models it holds per unit id, and whether that is guessed."""

    name: str
    models: tuple[tuple[str, int], ...]
    provisional: bool
    source: str


@cache
def _printed() -> tuple[tuple[str, tuple[tuple[str, int], ...], bool, str], ...]:
    data = yaml.safe_load(BOXES.read_text(encoding="utf-8"))
    return tuple(
        (
            box["name"],
            tuple((str(name), int(count)) for name, count in box["models"].items()),
            bool(box.get("provisional", False)),
            str(box.get("source", "")),
        )
        for box in data["boxes"]
    )


def printed_boxes(catalog: Catalog) -> list[Box]:
    """The boxes of `boxes.yaml`, their units by id."""
    boxes = []
    for name, models, provisional, source in _printed():
        by_id = []
        for unit_name, count in models:
            unit = catalog.units.get(unit_name)
            assert unit is not None, unit_name  # a test reads every box
            by_id.append((unit.id, count))
        boxes.append(Box(name, tuple(by_id), provisional, source))
    return boxes


def unit_box(unit: Unit) -> Box:
    """A unit's own box: the largest composition printed on its card (guessed)."""
    models = max(c.models for c in unit.compositions)
    return Box(unit.name, ((unit.id, models),), True, UNIT_BOX_SOURCE)


def find_box(catalog: Catalog, name: str) -> Box | None:
    """A box by its name (any case), or a unit's box by the unit's name or id."""
    wanted = key(name)
    for box in printed_boxes(catalog):
        if key(box.name) == wanted:
            return box
    unit = catalog.units.get(name)
    if unit is None or unit.summoned:
        return None
    return unit_box(unit)


def box_names(catalog: Catalog) -> list[str]:
    """Every name a box can be given by: the printed boxes, then the units."""
    return [box.name for box in printed_boxes(catalog)] + [
        unit.name for unit in catalog.units.all if not unit.summoned
    ]

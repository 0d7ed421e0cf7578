"""The list format v1: what each key of a list holds, and a unit entry."""

from __future__ import annotations

from dataclasses import field, fields
from typing import Annotated, Any, ClassVar

from armylist.files.checked import FORBID, STRICT, Described, record

# A text or a whole number as the file writes it, never one converted from another.
Text = Annotated[str, STRICT]
Number = Annotated[int, STRICT]


@record
class UnitEntry:
    """One unit in the list: the unit card, its composition and its upgrades."""

    __pydantic_config__: ClassVar[dict[str, Any]] = FORBID

    unit: Annotated[Text, Described("the unit's printed name or id, e.g. Marine")]
    models: Annotated[
        Number | None,
        Described(
            "the composition: number of models (may be omitted when the card "
            "offers a single composition)"
        ),
    ] = None
    upgrades: Annotated[
        list[Text], Described("upgrades from the back of the unit card")
    ] = field(default_factory=list)


@record
class ArmyList:
    """An army list (format v1)."""

    __pydantic_config__: ClassVar[dict[str, Any]] = FORBID

    name: Annotated[Text | None, Described("the list's name")] = None
    player: Annotated[Text | None, Described("who plays it")] = None
    scale: Annotated[
        Text | None, Described("skirmish | standard | grand-offensive")
    ] = None
    minerals: Annotated[
        Number | None,
        Described(
            "the Mineral limit: required for grand-offensive (2001 or more); "
            "must match the scale otherwise"
        ),
    ] = None
    faction: Annotated[Text | None, Described("the Faction Card")] = None
    tactical_cards: Annotated[
        list[Text], Described("Tactical Cards and the Zerg Creep Card")
    ] = field(default_factory=list)
    units: list[UnitEntry] = field(default_factory=list)
    missions: Annotated[
        list[Text] | None, Described("the 2 Mission Cards brought to the draft")
    ] = None
    deployments: Annotated[
        list[Text] | None, Described("the 2 Deployment Cards brought to the draft")
    ] = None
    data_version: Annotated[
        Text | None, Described("the game data version the list was built for")
    ] = None


REQUIRED = ("faction", "scale")
MAX_ENTRIES = 200  # per list key: far beyond any legal army, small enough to stay fast
LIST_FIELDS = tuple(f.name for f in fields(ArmyList))
UNIT_FIELDS = tuple(f.name for f in fields(UnitEntry))
# What each key of a list holds, plainly: a text, a whole number, a list of texts or
# of unit entries (a test holds this to the model's fields).
KINDS: dict[str, str] = {
    "name": "text",
    "player": "text",
    "scale": "text",
    "minerals": "number",
    "faction": "text",
    "tactical_cards": "texts",
    "units": "units",
    "missions": "texts",
    "deployments": "texts",
    "data_version": "text",
}
# What each entry of a list of them is; and for the keys that hold lists, what each
# of their entries holds.
EACH = {"texts": "text", "units": "unit"}
ITEM_KINDS = {name: EACH[kind] for name, kind in KINDS.items() if kind in EACH}
# The keys that may be empty (`name:`): an empty one is as if not written.
NULLABLE = frozenset(f.name for f in fields(ArmyList) if f.default is None)
LIST_KEYS = frozenset(LIST_FIELDS)

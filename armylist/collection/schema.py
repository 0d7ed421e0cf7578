"""The JSON Schema of the collection file (`armylist schema --collection`), with the
game's unit names and the boxes."""

from __future__ import annotations

import json
from typing import Any

from armylist.collection.boxes import printed_boxes
from armylist.collection.model import CollectionFile
from armylist.gamedata.catalog import Catalog

COLLECTION_SCHEMA_ID = "https://armylist.invalid/schema/collection-v1.json"


def build_collection_schema(catalog: Catalog) -> dict[str, Any]:
    """The collection file's schema for this game data: the units by printed name
    or id, the boxes by name (a unit's name is its unit box)."""
    schema = CollectionFile.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["$id"] = COLLECTION_SCHEMA_ID
    schema["title"] = "armylist collection"
    schema["description"] = (
        "The models a player owns, for `armylist validate` and `armylist fits "
        f"--owned` (game data {catalog.data_version})."
    )
    schema["additionalProperties"] = False
    units = [u for u in catalog.units.all if not u.summoned]
    unit_names = sorted({u.name for u in units} | {u.id for u in units})
    box_names = sorted({b.name for b in printed_boxes(catalog)} | set(unit_names))
    count = {"type": "integer", "minimum": 0}
    for key, names in (("units", unit_names), ("boxes", box_names)):
        prop = schema["properties"][key]
        prop["propertyNames"] = {"enum": names}
        prop["additionalProperties"] = count
    return schema


def collection_schema_json(catalog: Catalog) -> str:
    """The collection file's schema as indented JSON text."""
    schema = build_collection_schema(catalog)
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"

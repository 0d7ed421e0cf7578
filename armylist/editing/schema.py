"""The JSON Schemas of the list format and of the event file, from the pydantic models,
with the game's names.

Editors using the YAML language server complete and check lists with it. The names in
the enums are the printed names and the ids; armylist itself also accepts other
capitalisations and apostrophes, which an editor will flag.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from armylist.event.model import Event
from armylist.files.checked import validator
from armylist.gamedata.catalog import Catalog
from armylist.gamedata.models import Card, Upgrade
from armylist.listfile import ArmyList
from armylist.text.wording import plural

SCHEMA_ID = "https://armylist.invalid/schema/list-v1.json"
EVENT_SCHEMA_ID = "https://armylist.invalid/schema/event-v1.json"


def _names(cards: Sequence[Card | Upgrade]) -> list[str]:
    seen: dict[str, None] = {}
    for card in cards:
        seen.setdefault(card.name)
    for card in cards:
        seen.setdefault(card.id)
    return list(seen)


def _unit_rules(catalog: Catalog) -> list[dict[str, Any]]:
    rules = []
    for unit in catalog.units.all:
        if unit.summoned:
            continue
        then: dict[str, Any] = {
            "properties": {
                "models": {
                    "enum": [c.models for c in unit.compositions],
                    "description": f"{unit.name}: "
                    + ", ".join(
                        f"{plural(c.models, 'model')} for {c.minerals} Minerals "
                        f"(Supply {c.supply})"
                        for c in unit.compositions
                    ),
                },
                "upgrades": {"items": {"enum": _names(list(unit.upgrades))}}
                if unit.upgrades
                else {"maxItems": 0},
            }
        }
        if len(unit.compositions) > 1:
            then["required"] = ["models"]
        rules.append(
            {
                "if": {
                    "properties": {"unit": {"const": unit.name}},
                    "required": ["unit"],
                },
                "then": then,
            }
        )
        if unit.id != unit.name:
            rules.append(
                {
                    "if": {
                        "properties": {"unit": {"const": unit.id}},
                        "required": ["unit"],
                    },
                    "then": then,
                }
            )
    return rules


def _narrow(props: dict[str, Any], name: str, shape: dict[str, Any]) -> None:
    # pydantic writes optional keys as anyOf [type, null]; a list says the value or
    # leaves the key out, so the schema keeps the title and description, not the null.
    kept = {k: v for k, v in props[name].items() if k in ("title", "description")}
    props[name] = {**kept, **shape}


def _scenario_names(catalog: Catalog) -> tuple[list[str], list[str]]:
    """The Mission Cards' and the Deployment Cards' names and ids."""
    missions = sorted(
        {m.name for m in catalog.missions} | {m.id for m in catalog.missions}
    )
    return missions, _names(list(catalog.deployments.all))


def _headed(
    schema: dict[str, Any], catalog: Catalog, schema_id: str, title: str, what: str
) -> dict[str, Any]:
    """A model's schema with its header (draft, id, title, what it describes for this
    game data) and the keys every file of ours narrows alike: `scale`, `minerals`."""
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["$id"] = schema_id
    schema["title"] = title
    schema["description"] = f"{what} (game data {catalog.data_version})."
    props = schema["properties"]
    scales = [s.id for s in catalog.game.scales] + [s.name for s in catalog.game.scales]
    _narrow(props, "scale", {"type": "string", "enum": scales})
    _narrow(props, "minerals", {"type": "integer", "minimum": 1})
    return schema


def build_schema(catalog: Catalog) -> dict[str, Any]:
    """The JSON Schema of an army list for this game data."""
    schema = _headed(
        validator(ArmyList).json_schema(),
        catalog,
        SCHEMA_ID,
        "armylist army list",
        "An army list for StarCraft: The Miniatures Game, checked by "
        "`armylist validate`",
    )
    props = schema["properties"]
    _narrow(
        props, "faction", {"type": "string", "enum": _names(list(catalog.factions.all))}
    )
    for text_key in ("name", "player", "data_version"):
        _narrow(props, text_key, {"type": "string"})
    props["tactical_cards"]["items"] = {"enum": _names(list(catalog.cards.all))}
    props["units"]["description"] = "the units recruited, each with its composition"
    missions, deployments = _scenario_names(catalog)
    for list_key, names in (("missions", missions), ("deployments", deployments)):
        _narrow(
            props,
            list_key,
            {
                "type": "array",
                "items": {"enum": names},
                "maxItems": 2,
                "uniqueItems": True,
            },
        )
    unit_entry = schema["$defs"]["UnitEntry"]
    unit_entry["properties"]["unit"]["enum"] = _names(
        [u for u in catalog.units.all if not u.summoned]
    )
    unit_entry["properties"]["upgrades"]["uniqueItems"] = True
    unit_entry["allOf"] = _unit_rules(catalog)
    schema["required"] = ["scale", "faction"]
    return schema


def schema_json(catalog: Catalog) -> str:
    """The schema as indented JSON text."""
    return json.dumps(build_schema(catalog), indent=2, ensure_ascii=False) + "\n"


def build_event_schema(catalog: Catalog) -> dict[str, Any]:
    """The JSON Schema of an event file (`--event EVENT.yaml`) for this game data:
    its keys, each player's entry (with their 2 Mission and 2 Deployment Cards) and
    each result's."""
    schema = _headed(
        Event.model_json_schema(),
        catalog,
        EVENT_SCHEMA_ID,
        "armylist event file",
        "An event file for StarCraft: The Miniatures Game, given to `armylist validate "
        "--event`, `event lock|pair|standings`",
    )
    player = schema["$defs"]["EventPlayer"]
    player["additionalProperties"] = False
    missions, deployments = _scenario_names(catalog)
    for key, names in (("mission_cards", missions), ("deployment_cards", deployments)):
        _narrow(
            player["properties"],
            key,
            {
                "type": "array",
                "items": {"enum": names},
                "minItems": 2,
                "maxItems": 2,
                "uniqueItems": True,
            },
        )
    result = schema["$defs"]["ResultEntry"]
    result["additionalProperties"] = False
    del result["properties"]["line"]  # where it was read, not a key of the file
    return schema


def event_schema_json(catalog: Catalog) -> str:
    """The event file's schema as indented JSON text."""
    return json.dumps(build_event_schema(catalog), indent=2, ensure_ascii=False) + "\n"

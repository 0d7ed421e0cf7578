"""List fingerprints: a short id of what a list plays, for locking submitted lists.

The fingerprint is the first 64 bits of a SHA-256 over the list's canonical content:
faction, scale, Mineral limit, Tactical Cards, units (with models and upgrades), missions
and deployments. Names become ids; cards, units, upgrades and scenario cards are sorted;
comments, whitespace, key order, name spelling and case do not count. Two lists that play
the same share a fingerprint; any change that matters changes it.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from functools import lru_cache
from json.encoder import encode_basestring_ascii
from typing import Any, NamedTuple

from armylist.gamedata.catalog import Catalog, Index, upgrade_named
from armylist.gamedata.models import FactionCard, Scale, Unit
from armylist.listfile import ArmyList
from armylist.text.names import slugify

VERSION = 1

# The canonical content's JSON: keys sorted, no spaces (one encoder for every list).
_CANONICAL_JSON = json.JSONEncoder(sort_keys=True, separators=(",", ":"))
# A text in it (ASCII only, as the encoder writes it).
_quote: Callable[[str], str] = encode_basestring_ascii


class Found(NamedTuple):
    """A list's names as the catalog knows them: the Faction Card and the scale (None
    when not found), and the ids of its Tactical Cards, Mission and Deployment Cards
    (a name not found slugified). A resolved list has looked them up already."""

    faction: FactionCard | None
    scale: Scale | None
    cards: list[str]
    missions: list[str]
    deployments: list[str]


def look_up(army: ArmyList, catalog: Catalog) -> Found:
    """Look a list's names up in the catalog, as the fingerprint counts them."""
    scale = catalog.scale(army.scale) if army.scale else None
    scenario_scale = scale.scenario_scale if scale else "standard"
    cards = []
    for name in army.tactical_cards:
        card = catalog.cards.get(name)
        cards.append(card.id if card else slugify(name))
    missions = []
    for name in army.missions or []:
        mission = catalog.mission(name, scenario_scale)
        missions.append(mission.id if mission else slugify(name))
    deployments = []
    for name in army.deployments or []:
        deployment = catalog.deployments.get(name)
        deployments.append(deployment.id if deployment else slugify(name))
    return Found(
        catalog.factions.get(army.faction) if army.faction else None,
        scale,
        cards,
        missions,
        deployments,
    )


def canonical(
    army: ArmyList, catalog: Catalog, found: Found | None = None
) -> dict[str, Any]:
    """The content a fingerprint covers, normalised (``found``: the list's names
    already looked up, see `look_up`)."""
    faction, scale, cards, missions, deployments = found or look_up(army, catalog)
    return {
        "version": VERSION,
        "faction": faction.id if faction else slugify(army.faction or ""),
        "scale": scale.id if scale else slugify(army.scale or ""),
        "minerals": _minerals(army, scale),
        "tactical_cards": sorted(cards),
        "units": [
            [identity, models, list(ids)]
            for *_texts, identity, models, ids in _unit_entries(army, catalog)
        ],
        "missions": sorted(missions),
        "deployments": sorted(deployments),
    }


def canonical_text(army: ArmyList, catalog: Catalog, found: Found | None = None) -> str:
    """`canonical` as its JSON text (keys sorted, no spaces), written piece by piece:
    each unit entry's text is made once (`_unit_entry`), and the rest are ids."""
    faction, scale, cards, missions, deployments = found or look_up(army, catalog)
    minerals = _minerals(army, scale)
    units = ",".join([entry[1] for entry in _unit_entries(army, catalog)])
    return (
        f'{{"deployments":{_strings(deployments)},'
        f'"faction":{_quote(faction.id if faction else slugify(army.faction or ""))},'
        f'"minerals":{"null" if minerals is None else int(minerals)},'
        f'"missions":{_strings(missions)},'
        f'"scale":{_quote(scale.id if scale else slugify(army.scale or ""))},'
        f'"tactical_cards":{_strings(cards)},'
        f'"units":[{units}],"version":{VERSION}}}'
    )


def _minerals(army: ArmyList, scale: Scale | None) -> int | None:
    return scale.minerals if scale and scale.minerals is not None else army.minerals


def _strings(items: list[str]) -> str:
    """A list of text as the canonical JSON writes it, sorted."""
    return f"[{','.join([_quote(item) for item in sorted(items)])}]"


def _unit_entries(
    army: ArmyList, catalog: Catalog
) -> list[tuple[str, str, str, int | None, tuple[str, ...]]]:
    """The units' canonical entries in the order of their JSON text."""
    return sorted(
        [
            _unit_entry(catalog.units, entry.unit, entry.models, tuple(entry.upgrades))
            for entry in army.units
        ]
    )


# A unit entry's JSON text (the units' order), its canonical JSON text and its
# canonical form, by the units' index it was looked up in: the same entries recur from
# list to list, and an index's cards never change once built (the cache holds the
# index, so it is never another's).
@lru_cache(maxsize=4096)
def _unit_entry(
    index: Index[Unit], name: str, models: int | None, upgrades: tuple[str, ...]
) -> tuple[str, str, str, int | None, tuple[str, ...]]:
    unit = index.get(name)
    if unit is None:
        ids = sorted(slugify(u) for u in upgrades)
    else:
        if models is None and len(unit.compositions) == 1:
            models = unit.compositions[0].models
        ids = sorted(
            found.id if (found := upgrade_named(unit, u)) else slugify(u)
            for u in upgrades
        )
    identity = unit.id if unit else slugify(name)
    entry = [identity, models, ids]
    return (
        json.dumps(entry),
        _CANONICAL_JSON.encode(entry),
        identity,
        models,
        tuple(ids),
    )


def fingerprint(army: ArmyList, catalog: Catalog, found: Found | None = None) -> str:
    """E.g. '3f9a-0c2b-7d14-e5a6' (``found``: the list's names already looked up)."""
    text = canonical_text(army, catalog, found)
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]
    return "-".join(digest[i : i + 4] for i in range(0, 16, 4))

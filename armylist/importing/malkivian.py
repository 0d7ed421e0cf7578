"""malkivian83's army builder: its list JSON (one ``ArmyList``), imported and exported.

The app's ids are strings (``terran.entry.marine``, ``mission.supply_drop.standard``); a unit
entry gives its composition as the model count (``compositionId: "9"``) and its upgrades by
unit-local id with an optional ``modelIndex`` for the model carrying a SPECIALIST. Entries
with ``reference: true`` are summoned units kept only for their stats: skipped, reported.
The SCT1 seed code (``sct1``) carries the same list as numbers and is decoded to this form.
"""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

from armylist.gamedata.catalog import Catalog, upgrade_named
from armylist.importing import ids, model
from armylist.importing.detect import Detected
from armylist.importing.jsonpos import JsonPath
from armylist.importing.mapping import Mapper
from armylist.importing.model import (
    BadSource,
    Collector,
    ImportedUnit,
    ImportFailure,
    ImportFormat,
    ImportResult,
    Item,
)
from armylist.listfile import ArmyList
from armylist.text.i18n import N_, _
from armylist.text.numbers import TooManyDigits, people, whole_or_none

FORMAT = ImportFormat.MK
LABEL = "malkivian83"
SOURCE_FORMAT = N_("a malkivian83 list JSON")
SCALE_IDS = {
    "skirmish": "skirmish",
    "standard": "standard",
    "grand_offensive": "grand-offensive",
}
SCALE_LIMITS = {"skirmish": 1000, "standard": 2000}


class NotExportable(ImportFailure):
    """The list holds something the target format has no id for."""


def _local(upgrade_id: str) -> str:
    # the design doc writes "terran.upgrade.agg_12"; the app stores "agg_12"
    return upgrade_id.rsplit(".", 1)[-1]


def _int(value: Any, key: str, line: int | None) -> int | None:
    """A whole number the app writes as a number or as digits (`"9"`), through the one
    bounded reader; None for anything else. A number too long to read is no list."""
    try:
        return whole_or_none(value)
    except TooManyDigits as problem:
        raise BadSource(
            _("{key}: {message}").format(key=key, message=problem.message), line
        ) from None


def read(
    detected: Detected, name: str, catalog: Catalog, today: dt.date
) -> ImportResult:
    """Import a detected malkivian83 list JSON."""
    return import_list(detected.data, detected.lines or {}, name, catalog, today)


def import_list(
    data: dict[str, Any],
    lines: dict[JsonPath, int],
    source: str,
    catalog: Catalog,
    today: dt.date,
    *,
    source_format: str = SOURCE_FORMAT,
    found: Collector | None = None,
) -> ImportResult:
    """Import a malkivian83 ``ArmyList`` (parsed JSON, lines by path)."""
    found = found or Collector(source)
    mapper = Mapper(catalog, found, LABEL)
    table = ids.malkivian()
    version = data.get("catalogContentVersion")
    if version is not None and version != table["content_version"]:
        found.add(
            model.VERSION_MISMATCH,
            _(
                "the list was built with catalog {version}; armylist maps {value}"
            ).format(version=version, value=table["content_version"]),
            lines.get(("catalogContentVersion",)),
        )
    limit = _int(data.get("mineralLimit"), "mineralLimit", lines.get(("mineralLimit",)))
    scale_id = data.get("scaleId")
    scale = SCALE_IDS.get(scale_id) if isinstance(scale_id, str) else None
    minerals: int | None
    if scale is None:
        scale, minerals = mapper.scale(limit, lines.get(("mineralLimit",)))
    elif scale == "grand-offensive":
        minerals = limit
    elif limit is not None and limit != SCALE_LIMITS[scale]:
        found.add(
            model.ODD_LIMIT,
            _("{builder} scale {scale} with a Mineral limit of {limit}").format(
                builder=LABEL, scale=scale, limit=people(limit)
            ),
            lines.get(("mineralLimit",)),
        )
        minerals = limit
    else:
        minerals = None
    faction_id = str(data.get("factionCardId", ""))
    known = table["factions"].get(faction_id)
    faction = mapper.faction(
        known["id"] if known else None, faction_id, lines.get(("factionCardId",))
    )
    cards: list[Item] = []
    creep = data.get("creepCardId")
    if isinstance(creep, str):
        known = table["cards"].get(creep)
        cards.append(
            mapper.card(
                known["id"] if known else None, creep, lines.get(("creepCardId",))
            )
        )
    tactical = model.listed(data, "tacticalCardIds", lines.get(("tacticalCardIds",)))
    for i, card_id in enumerate(tactical):
        known = table["cards"].get(str(card_id))
        cards.append(
            mapper.card(
                known["id"] if known else None,
                str(card_id),
                lines.get(("tacticalCardIds", i)),
            )
        )
    entries = model.objects(data, "entries", lines)
    units = tuple(_entry(entry, i, lines, mapper) for i, entry in enumerate(entries))
    missions = []
    for i, mission_id in enumerate(
        model.listed(data, "missionCardIds", lines.get(("missionCardIds",)))
    ):
        known = table["missions"].get(str(mission_id))
        missions.append(
            mapper.mission(
                known["mission"] if known else None,
                known["scale"] if known else None,
                scale,
                str(mission_id),
                lines.get(("missionCardIds", i)),
            )
        )
    deployments = []
    for i, deployment_id in enumerate(
        model.listed(data, "deploymentCardIds", lines.get(("deploymentCardIds",)))
    ):
        known = table["deployments"].get(str(deployment_id))
        deployments.append(
            mapper.deployment(
                known["id"] if known else None,
                str(deployment_id),
                lines.get(("deploymentCardIds", i)),
            )
        )
    if data.get("notes"):
        found.add(
            model.DROPPED_FIELD,
            _("the list's notes are not imported"),
            lines.get(("notes",)),
        )
    name = data.get("name")
    return ImportResult(
        source_format=source_format,
        source=source,
        imported_on=today,
        name=name if isinstance(name, str) and name else None,
        scale=scale,
        minerals=minerals,
        faction=faction,
        tactical_cards=tuple(cards),
        units=units,
        missions=tuple(missions) or None,
        deployments=tuple(deployments) or None,
        findings=tuple(found.findings),
    )


def _entry(
    entry: dict[str, Any], i: int, lines: dict[JsonPath, int], mapper: Mapper
) -> ImportedUnit:
    table = ids.malkivian()
    path: JsonPath = ("entries", i)
    at = lines.get(path)
    entry_id = str(entry.get("unitEntryId", ""))
    known = table["units"].get(entry_id)
    unit = mapper.unit_card(known["id"] if known else None)
    models = _int(
        entry.get("compositionId"), "compositionId", lines.get((*path, "compositionId"))
    )
    if entry.get("reference") is True:
        shown = unit.name if unit else entry_id
        mapper.found.add(
            model.REFERENCE_SKIPPED,
            _(
                "{builder} reference entry {shown} (kept only for its stats) is not imported"
            ).format(builder=LABEL, shown=shown),
            at,
        )
        return ImportedUnit(
            shown,
            entry_id,
            models,
            (),
            at,
            _("skipped reference entry: {shown}").format(shown=shown),
            False,
        )
    if models is None:
        mapper.found.add(
            model.NO_COMPOSITION,
            _(
                "{value}: compositionId {value2} is not a model count: `models` is left out (the composition rule reports it)"
            ).format(
                value=unit.name if unit else entry_id,
                value2=repr(entry.get("compositionId")),
            ),
            at,
        )
    if entry.get("customLabel"):
        mapper.found.add(
            model.DROPPED_FIELD,
            _("the label {value} of a {entry_id} entry is not imported").format(
                value=repr(entry["customLabel"]), entry_id=entry_id
            ),
            at,
        )
    local = table["upgrades"].get(entry_id, {})
    plain: list[tuple[int, Item]] = []
    nominated: list[tuple[int, int, Item]] = []
    raw = entry.get("upgrades") or []
    for j, bought in enumerate(raw if isinstance(raw, list) else []):
        if not isinstance(bought, dict):
            continue
        upgrade_id = str(bought.get("upgradeId", ""))
        known_upgrade = local.get(_local(upgrade_id))
        item = mapper.upgrade(
            unit,
            known_upgrade["id"] if known_upgrade else None,
            upgrade_id,
            lines.get((*path, "upgrades", j)),
        )
        model_index = _int(
            bought.get("modelIndex"),
            "modelIndex",
            lines.get((*path, "upgrades", j, "modelIndex")),
        )
        if model_index is None:
            plain.append((j, item))
        else:
            nominated.append((model_index, j, item))
    upgrades = _specialists_in_order(plain, nominated)
    if nominated:
        mapper.found.add(
            model.SPECIALIST_ORDER,
            _(
                "{value}: the models chosen for SPECIALIST upgrades are kept only as the upgrades' order"
            ).format(value=unit.name if unit else entry_id),
            at,
        )
    return mapper.unit(unit, entry_id, models, upgrades, at)


def _specialists_in_order(
    plain: list[tuple[int, Item]], nominated: list[tuple[int, int, Item]]
) -> tuple[Item, ...]:
    # Nominated upgrades take the places they had, sorted among themselves by model.
    places = sorted(j for _, j, _ in nominated)
    ordered = [item for _, _, item in sorted(nominated, key=lambda n: (n[0], n[1]))]
    slots = dict(plain) | dict(zip(places, ordered, strict=True))
    return tuple(slots[j] for j in sorted(slots))


def _reverse(group: str) -> dict[str, str]:
    # armylist id -> malkivian id for a flat table
    return {v["id"]: k for k, v in ids.malkivian()[group].items()}


def to_mk(army: ArmyList, catalog: Catalog) -> dict[str, Any]:
    """The list as a malkivian83 ``ArmyList`` document (raises NotExportable)."""
    table = ids.malkivian()

    def missing(what: str, name: str) -> NotExportable:
        return NotExportable(
            _("malkivian83's builder has no id for the {what} {name}").format(
                what=what, name=name
            )
        )

    faction = catalog.factions.get(army.faction or "")
    if faction is None or faction.id not in _reverse("factions"):
        raise missing("Faction Card", str(army.faction))
    scale = catalog.scale(army.scale or "")
    if scale is None:
        raise NotExportable(
            _("the scale {scale} is not one of the game's scales").format(
                scale=repr(army.scale)
            )
        )
    limit = army.minerals if army.minerals is not None else scale.minerals
    cards = _reverse("cards")
    creep: str | None = None
    tactical: list[str] = []
    for name in army.tactical_cards:
        card = catalog.cards.get(name)
        if card is None or card.id not in cards:
            raise missing(_("card"), name)
        if card.kind == "creep" and creep is None:
            creep = cards[card.id]
        else:
            tactical.append(cards[card.id])
    units = _reverse("units")
    entries = []
    for i, entry in enumerate(army.units, 1):
        unit = catalog.units.get(entry.unit)
        if unit is None or unit.id not in units:
            raise missing(_("unit"), entry.unit)
        entry_id = units[unit.id]
        models = entry.models
        if models is None:
            models = unit.compositions[0].models
        local = {v["id"]: k for k, v in table["upgrades"].get(entry_id, {}).items()}
        bought = []
        for name in entry.upgrades:
            upgrade = upgrade_named(unit, name)
            if upgrade is None or upgrade.id not in local:
                raise missing(_("upgrade of {name}").format(name=unit.name), name)
            bought.append({"upgradeId": local[upgrade.id], "modelIndex": None})
        entries.append(
            {
                "instanceId": f"e{i}",
                "unitEntryId": entry_id,
                "compositionId": str(models),
                "reference": False,
                "upgrades": bought,
            }
        )
    missions = {(v["mission"], v["scale"]): k for k, v in table["missions"].items()}
    mission_ids = []
    for name in army.missions or []:
        mission = catalog.mission(name, scale.scenario_scale)
        if mission is None or (mission.name, mission.scale) not in missions:
            raise missing("mission", name)
        mission_ids.append(missions[(mission.name, mission.scale)])
    deployments = _reverse("deployments")
    deployment_ids = []
    for name in army.deployments or []:
        deployment = catalog.deployments.get(name)
        if deployment is None or deployment.id not in deployments:
            raise missing("deployment", name)
        deployment_ids.append(deployments[deployment.id])
    document: dict[str, Any] = {
        "name": army.name or "",
        "catalogContentVersion": table["content_version"],
        "race": faction.race.value.upper(),
        "scaleId": scale.id.replace("-", "_"),
        "mineralLimit": limit,
        "factionCardId": _reverse("factions")[faction.id],
        "tacticalCardIds": tactical,
        "creepCardId": creep,
        "entries": entries,
        "missionCardIds": mission_ids,
        "deploymentCardIds": deployment_ids,
    }
    return document


def export_mk_json(army: ArmyList, catalog: Catalog) -> str:
    """The list as malkivian83 list JSON text (raises NotExportable)."""
    return json.dumps(to_mk(army, catalog), indent=2, ensure_ascii=False) + "\n"

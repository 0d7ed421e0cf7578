"""The official Command Center (sc.starcraft-tmg.com): shared rosters in their three forms.

A shared roster is a Firestore document. The *raw REST document* wraps each value in a
one-key object naming its type (``{"integerValue": "2000"}``); unwrapped it is the
*flattened* document ``{id, createdAt, state}``, whose ``state.roster`` lists the units with
``activeUpgrades`` as indexes into the unit card's ``availableUpgrades``. Community tools also
pass around a *cleaned* form: flat, ``units[].purchasedUpgrades`` by name, no deployments.
Prices and totals saved in the document are the app's of the day: compared, never used.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import replace
from typing import Any

from babel.dates import format_date

from armylist.gamedata.catalog import Catalog
from armylist.importing import ids, model
from armylist.importing.detect import Detected
from armylist.importing.jsonpos import JsonPath
from armylist.importing.mapping import Mapper
from armylist.importing.model import (
    AppTotals,
    BadSource,
    Collector,
    ImportedUnit,
    ImportFormat,
    ImportResult,
    Item,
)
from armylist.text.i18n import ENGLISH, N_, _, current
from armylist.text.numbers import TooManyDigits, whole_or_none

FORMAT = ImportFormat.COMMAND_CENTER
LABEL = N_("Command Center")
FORMS = {
    "raw": N_("a Command Center shared roster (raw REST document)"),
    "flattened": N_("a Command Center shared roster (flattened document)"),
    "cleaned": N_("a Command Center roster (cleaned form)"),
}
_SCALAR_TYPES = ("stringValue", "booleanValue", "timestampValue", "referenceValue")


def unwrap(
    value: Any, path: JsonPath, lines: dict[JsonPath, int], out: dict[JsonPath, int]
) -> Any:
    """A typed Firestore value as plain JSON, with each line moved to the plain path."""
    # ``path`` is the raw document's path of ``value``; ``out`` is filled for plain paths.
    return _unwrap(value, path, (), lines, out)


def _unwrap(
    value: Any,
    raw: JsonPath,
    plain: JsonPath,
    lines: dict[JsonPath, int],
    out: dict[JsonPath, int],
) -> Any:
    if raw in lines:
        out[plain] = lines[raw]
    if not isinstance(value, dict) or len(value) != 1:
        raise BadSource(
            _("a Firestore value is not a one-key typed object at {raw}").format(
                raw=repr(raw)
            )
        )
    kind, inner = next(iter(value.items()))
    if kind in _SCALAR_TYPES or kind == "doubleValue":
        return inner
    if kind == "integerValue":
        try:
            number = whole_or_none(inner)
        except TooManyDigits as problem:
            raise BadSource(problem.message, lines.get(raw)) from None
        if number is None:
            shown = repr(inner) if len(repr(inner)) <= 40 else f"{repr(inner)[:40]}..."
            raise BadSource(
                _("integerValue {inner} is not a whole number").format(inner=shown)
            )
        return number
    if kind == "nullValue":
        return None
    if kind == "mapValue":
        fields = inner.get("fields", {}) if isinstance(inner, dict) else None
        if not isinstance(fields, dict):
            raise BadSource(
                _("a mapValue without fields at {raw}").format(raw=repr(raw))
            )
        return {
            k: _unwrap(v, (*raw, kind, "fields", k), (*plain, k), lines, out)
            for k, v in fields.items()
        }
    if kind == "arrayValue":
        values = inner.get("values", []) if isinstance(inner, dict) else None
        if not isinstance(values, list):
            raise BadSource(
                _("an arrayValue without values at {raw}").format(raw=repr(raw))
            )
        return [
            _unwrap(v, (*raw, kind, "values", i), (*plain, i), lines, out)
            for i, v in enumerate(values)
        ]
    raise BadSource(_("unknown Firestore value type {kind}").format(kind=repr(kind)))


def flatten_raw(
    data: dict[str, Any], lines: dict[JsonPath, int]
) -> tuple[dict[str, Any], dict[JsonPath, int]]:
    """The raw REST document as the flattened one, with lines by flattened path."""
    fields = data.get("fields")
    if not isinstance(fields, dict):
        raise BadSource(_("the REST document has no `fields` object"))
    out: dict[JsonPath, int] = {}
    flat = {k: _unwrap(v, ("fields", k), (k,), lines, out) for k, v in fields.items()}
    if "id" not in flat and isinstance(data.get("name"), str):
        flat["id"] = data["name"].rsplit("/", 1)[-1]
    return flat, out


def _month(stamp: Any) -> str | None:
    # "2026-02-28T10:55:31.240Z" -> "February 2026": when the app's prices were taken
    if not isinstance(stamp, str):
        return None
    try:
        when = dt.datetime.fromisoformat(stamp.replace("Z", "+00:00"))
    except ValueError:
        return None
    if current() == ENGLISH:
        month = when.strftime("%B %Y")
    else:
        month = format_date(when, "LLLL 'de' y", locale=current())
    return _("the costs of {month}").format(month=month)


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _strings(value: Any) -> list[str]:
    return [str(v) for v in value] if isinstance(value, list) else []


def read(
    detected: Detected, name: str, catalog: Catalog, today: dt.date
) -> ImportResult:
    """Import a detected Command Center roster, in any of its three forms."""
    data, lines = detected.data, detected.lines or {}
    if detected.form == "raw":
        data, lines = flatten_raw(data, lines)
    return import_roster(data, lines, detected.form, name, catalog, today)


def import_roster(
    data: dict[str, Any],
    lines: dict[JsonPath, int],
    form: str,
    source: str,
    catalog: Catalog,
    today: dt.date,
) -> ImportResult:
    """Import a flattened (``form`` "raw" after flatten_raw, or "flattened") or cleaned roster."""
    found = Collector(source)
    mapper = Mapper(catalog, found, LABEL)
    table = ids.command_center()
    cleaned = form == "cleaned"
    state: dict[str, Any] = data if cleaned else data.get("state", {})
    if not isinstance(state, dict):
        raise BadSource(_("the roster's `state` is not an object"))
    base: JsonPath = () if cleaned else ("state",)

    def line(*path: str | int) -> int | None:
        return lines.get((*base, *path))

    limit = _int(state.get("mineralsLimit"))
    scale, minerals = mapper.scale(limit, line("mineralsLimit"))
    faction_id = str(state.get("factionCardId", ""))
    faction = mapper.faction(
        table["factions"].get(faction_id), faction_id, line("factionCardId")
    )
    card_key = "tacticalCards" if cleaned else "tacticalCardIds"
    cards = tuple(
        mapper.card(table["cards"].get(c), c, line(card_key, i))
        for i, c in enumerate(_strings(model.listed(state, card_key, line(card_key))))
    )
    unit_key = "units" if cleaned else "roster"
    entries = model.objects(state, unit_key, lines, base)
    units = tuple(
        _unit(entry, (unit_key, i), line, mapper, cleaned)
        for i, entry in enumerate(entries)
    )
    mission_key = "missions" if cleaned else "missionIds"
    missions = []
    for i, m in enumerate(
        _strings(model.listed(state, mission_key, line(mission_key)))
    ):
        known = table["missions"].get(m)
        missions.append(
            mapper.mission(
                known["mission"] if known else None,
                known["scale"] if known else None,
                scale,
                m,
                line(mission_key, i),
            )
        )
    deployments = None
    if cleaned:
        found.add(
            model.NO_DEPLOYMENTS,
            _("the cleaned Command Center form carries no deployments"),
            None,
        )
    else:
        deployments = tuple(
            mapper.deployment(table["deployments"].get(d), d, line("deploymentIds", i))
            for i, d in enumerate(
                _strings(model.listed(state, "deploymentIds", line("deploymentIds")))
            )
        )
    roster_id = data.get("id")
    return ImportResult(
        source_format=FORMS[form],
        source=source,
        imported_on=today,
        name=_("Command Center roster {id}").format(id=roster_id)
        if isinstance(roster_id, str)
        else None,
        scale=scale,
        minerals=minerals,
        faction=faction,
        tactical_cards=cards,
        units=units,
        missions=tuple(missions) or None,
        deployments=deployments or None,
        app_totals=AppTotals(
            _int(state.get("mineralsUsed")),
            _int(state.get("gasUsed")),
            _month(data.get("createdAt")),
        ),
        findings=tuple(found.findings),
    )


def _unit(
    entry: dict[str, Any],
    path: JsonPath,
    line: Any,
    mapper: Mapper,
    cleaned: bool,
) -> ImportedUnit:
    table = ids.command_center()
    app_id = str(entry.get("id", ""))
    at: int | None = line(*path)
    known = table["units"].get(app_id)
    unit = mapper.unit_card(known["unit"]) if known else None
    models = _int(entry.get("count" if cleaned else "models"))
    size = entry.get("size")
    if known is not None and unit is not None and isinstance(size, str):
        expected = known.get(size)
        if expected is None and size == "large":
            expected = None  # a one-size card: nothing to compare
        if expected is not None and models is not None and expected != models:
            mapper.found.add(
                model.MODELS_DISAGREE,
                _(
                    "{name}: {models} models but size {size} is {expected}; the {models} models were kept"
                ).format(
                    name=unit.name, models=models, size=repr(size), expected=expected
                ),
                at,
            )
        if models is None:
            models = expected
    names = table["upgrades"].get(app_id, {})
    upgrades: list[Item] = []
    if cleaned:
        for j, name in enumerate(_strings(entry.get("purchasedUpgrades"))):
            upgrades.append(
                mapper.upgrade(
                    unit, names.get(name), name, line(*path, "purchasedUpgrades", j)
                )
            )
    else:
        offered = model.listed(entry, "availableUpgrades", at)
        for j, index in enumerate(model.listed(entry, "activeUpgrades", at)):
            at_index = line(*path, "activeUpgrades", j)
            number = _int(index)  # never a bool: True would pick the second row
            row = (
                offered[number]
                if number is not None and 0 <= number < len(offered)
                else None
            )
            owner = unit.name if unit else app_id
            if number is None:
                mapper.found.add(
                    model.BAD_UPGRADE_INDEX,
                    _(
                        "{owner}: upgrade index {index} is not a number: the app saves the position of the upgrade in availableUpgrades"
                    ).format(owner=owner, index=repr(index)),
                    at_index,
                )
                upgrades.append(
                    Item(
                        None,
                        str(index),
                        at_index,
                        _("dropped: upgrade index {index}").format(index=repr(index)),
                    )
                )
                continue
            if not isinstance(row, dict):
                mapper.found.add(
                    model.BAD_UPGRADE_INDEX,
                    _(
                        "{owner}: upgrade index {index} is outside its {offered} availableUpgrades"
                    ).format(owner=owner, index=repr(index), offered=len(offered)),
                    at_index,
                )
                upgrades.append(
                    Item(
                        None,
                        str(index),
                        at_index,
                        _("dropped: upgrade index {index}").format(index=index),
                    )
                )
                continue
            name = str(row.get("name", ""))
            if not row.get("costS") and not row.get("costL"):
                mapper.found.add(
                    model.BAD_UPGRADE_INDEX,
                    _(
                        "{owner}: upgrade index {index} is {name}, a row with no price (an ability or weapon, not an upgrade)"
                    ).format(owner=owner, index=index, name=repr(name)),
                    at_index,
                )
                upgrades.append(
                    Item(
                        None,
                        name,
                        at_index,
                        _("dropped: index {index} {name}").format(
                            index=index, name=name
                        ),
                    )
                )
                continue
            upgrades.append(mapper.upgrade(unit, names.get(name), name, at_index))
    name = str(entry.get("name") or app_id)
    imported = mapper.unit(unit, app_id, models, tuple(upgrades), at, source_name=name)
    return replace(imported, app_minerals=_app_price(entry))


def _app_price(entry: dict[str, Any]) -> int | None:
    # the app's price of the day: base cost plus the active priced rows at its size
    base = _int(entry.get("baseCost"))
    if base is None:
        return None
    column = "costL" if entry.get("size") == "large" else "costS"
    offered = entry.get("availableUpgrades")
    chosen = entry.get("activeUpgrades")
    if not isinstance(offered, list) or not isinstance(chosen, list):
        return None  # model.listed refused these already
    for index in chosen:
        if _int(index) is not None and 0 <= index < len(offered):
            row = offered[index]
            if isinstance(row, dict):
                base += _int(row.get(column)) or 0
    return base

"""New Recruit JSON exports and BattleScribe rosters (``.ros`` XML, ``.rosz`` zip of one).

Both hold the BattleScribe roster tree: ``roster`` > ``forces`` > ``selections``, each
selection with its catalogue ``entryId``, ``name``, ``number``, ``categories`` and child
``selections``. What a selection is comes from its *primary category* (Faction, Tactical,
Creep, Core/Elite/Support/Hero/Other), never from its ``type``: the data types cards and some
units as upgrades. A unit's size is its entry's base composition, the larger one when it has
a ``Reinforce`` child; its other children are its upgrades. Entries are found by id (the last
part of a ``::`` path), then by name, reported. XML is read with defusedxml (no DTDs, no
entities), a ``.rosz`` only when it holds exactly one ``.ros`` within the size limit.
"""

from __future__ import annotations

import datetime as dt
import io
import math
import re
import zipfile
from dataclasses import replace
from typing import Any
from xml.etree.ElementTree import Element, TreeBuilder

import defusedxml.ElementTree as safe_xml
from defusedxml import DefusedXmlException, DTDForbidden, EntitiesForbidden

from armylist.gamedata.catalog import Catalog, upgrade_named
from armylist.gamedata.models import Unit
from armylist.importing import ids, model
from armylist.importing.detect import MAX_BYTES, Detected
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
from armylist.text.i18n import N_, _
from armylist.text.numbers import TooManyDigits, people, whole_or_none

FORMAT = ImportFormat.NEW_RECRUIT
LABEL = "New Recruit"
FORMS = {
    "json": N_("a New Recruit JSON export"),
    "ros": N_("a BattleScribe roster (.ros)"),
    "rosz": N_("a BattleScribe roster (.rosz)"),
}
ROSTER_NAMESPACE = "http://www.battlescribe.net/schema/rosterSchema"
UNIT_CATEGORIES = {"Core", "Elite", "Support", "Hero", "Other"}
CARD_CATEGORIES = {"Tactical", "Creep"}
# ASCII digits (`\d` matches "٣" too), read by the one bounded reader.
_COUNT = re.compile(r"^([0-9]+)\s+(.*)$")
_SQUAD = re.compile(r"^(?:Small|Large) Squad \(([0-9]+) models?\)$")
_NUMBERS = {"value", "number", "battleScribeVersion", "gameSystemRevision"}
_CHUNK = 64 * 1024


# ---------------------------------------------------------------- reading the files
def read_rosz(data: bytes) -> str:
    """The one .ros inside a .rosz, size-limited while it is inflated."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        members = archive.infolist()
        if len(members) != 1 or not members[0].filename.lower().endswith(".ros"):
            names = ", ".join(m.filename for m in members[:5]) or _("nothing")
            raise BadSource(
                _(
                    "a .rosz must hold exactly one .ros file; this one holds {names}"
                ).format(names=names)
            )
        member = members[0]
        if member.file_size > MAX_BYTES:
            raise BadSource(
                _("the .ros inside is {file_size} bytes, more than 1 MiB").format(
                    file_size=people(member.file_size)
                )
            )
        out = bytearray()
        with archive.open(member) as stream:
            # the declared size may lie (a zip bomb): stop at the limit whatever it says
            while chunk := stream.read(_CHUNK):
                out += chunk
                if len(out) > MAX_BYTES:
                    raise BadSource(_("the .ros inside inflates past 1 MiB: refused"))
    except BadSource:
        raise
    except (zipfile.BadZipFile, zipfile.LargeZipFile, EOFError, OSError) as error:
        raise BadSource(
            _("the .rosz is not a readable zip file ({error})").format(error=error)
        ) from None
    except (NotImplementedError, RuntimeError) as error:
        # unsupported compression, or an encrypted member
        raise BadSource(
            _("the .rosz cannot be read ({error})").format(error=error)
        ) from None
    except Exception as error:  # zlib.error and the like from a corrupt stream
        raise BadSource(
            _("the .rosz is corrupt ({kind})").format(kind=type(error).__name__)
        ) from None
    try:
        return bytes(out).decode("utf-8-sig")
    except UnicodeDecodeError:
        raise BadSource(_("the .ros inside the .rosz is not UTF-8 text")) from None


class _LineBuilder(TreeBuilder):
    """A tree builder that notes the line each element starts on."""

    def __init__(self) -> None:
        super().__init__()
        self.parser: Any = None
        self.lines: dict[int, int] = {}

    def start(self, tag: str, attrs: dict[str, str]) -> Element:
        element = super().start(tag, attrs)
        expat = getattr(self.parser, "parser", None)
        if expat is not None:
            self.lines[id(element)] = expat.CurrentLineNumber
        return element


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def _value(name: str, text: str) -> Any:
    if text in ("true", "false"):
        return text == "true"
    if name in _NUMBERS:
        try:
            whole = whole_or_none(text)
        except TooManyDigits as problem:
            raise BadSource(
                _("{name}: {message}").format(name=name, message=problem.message)
            ) from None
        if whole is not None:
            return whole
        try:
            number = float(text)
        except ValueError:
            return text
        return int(number) if number.is_integer() else number
    return text


def _named_count(text: str) -> int | None:
    """The model count a name gives (`10 Marines`, `Small Squad (6 models)`), when it
    is one armylist reads."""
    try:
        return whole_or_none(text)
    except TooManyDigits:
        return None


def _refusal(error: DefusedXmlException) -> str:
    """Why defusedxml refused the XML, in words (its own text is a Python repr)."""
    if isinstance(error, DTDForbidden):
        return _(
            "it declares a DTD (<!DOCTYPE ...>), which armylist never reads "
            "(nor the entities it may define)"
        )
    if isinstance(error, EntitiesForbidden):
        return _("it declares XML entities, which armylist never expands")
    return _("it refers to an external file or address, which armylist never opens")


def read_ros(text: str) -> tuple[dict[str, Any], dict[JsonPath, int]]:
    """A .ros XML text as the New Recruit JSON tree, with the line of each element."""
    builder = _LineBuilder()
    parser = safe_xml.DefusedXMLParser(
        target=builder, forbid_dtd=True, forbid_entities=True, forbid_external=True
    )
    builder.parser = parser
    try:
        parser.feed(text)
        root = parser.close()
    except DefusedXmlException as error:
        raise BadSource(
            _("the .ros is refused: {error}").format(error=_refusal(error))
        ) from None
    except safe_xml.ParseError as error:
        raise BadSource(
            _("the .ros is not well-formed XML: {error}").format(error=error),
            error.position[0],
        ) from None
    if _local(root.tag) != "roster":
        raise BadSource(
            _("the XML's root is <{tag}>, not a BattleScribe <roster>").format(
                tag=_local(root.tag)
            )
        )
    lines: dict[JsonPath, int] = {}

    def convert(element: Element, path: JsonPath, depth: int) -> dict[str, Any]:
        if depth > 64:
            raise BadSource(_("the .ros is nested deeper than 64 levels"))
        if id(element) in builder.lines:
            lines[path] = builder.lines[id(element)]
        node: dict[str, Any] = {k: _value(k, v) for k, v in element.attrib.items()}
        for child in element:
            name = _local(child.tag)
            if len(child) or name.endswith("s"):
                node[name] = [
                    convert(item, (*path, name, i), depth + 1)
                    for i, item in enumerate(child)
                ]
        return node

    return {"roster": convert(root, ("roster",), 0)}, lines


# ---------------------------------------------------------------- importing the tree
def read(
    detected: Detected, source: str, catalog: Catalog, today: dt.date
) -> ImportResult:
    """Import a detected New Recruit / BattleScribe source."""
    if detected.form == "json":
        data, lines = detected.data, detected.lines or {}
    else:
        text = read_rosz(detected.data) if detected.form == "rosz" else detected.data
        data, lines = read_ros(str(text))
    return import_tree(data, lines, detected.form, source, catalog, today)


def _primary(selection: dict[str, Any]) -> str | None:
    """The primary category's name (trimmed); stemlerm's category ids are named here."""
    named = ids.new_recruit()["primary_category_ids"]
    categories = selection.get("categories")
    for category in categories if isinstance(categories, list) else []:
        if isinstance(category, dict) and category.get("primary") is True:
            entry_id = category.get("entryId")
            known = named.get(entry_id) if isinstance(entry_id, str) else None
            return str(known or category.get("name", "")).strip()
    return None


def _entry_id(selection: dict[str, Any]) -> str:
    return str(selection.get("entryId", "")).split("::")[-1]


def _cost(costs: Any, means: str) -> int | None:
    """The cost of one kind (``minerals`` or ``gas``) in a costs list, if given."""
    types = ids.new_recruit()["cost_types"]
    for cost in costs if isinstance(costs, list) else []:
        type_id = cost.get("typeId") if isinstance(cost, dict) else None
        if isinstance(type_id, str) and types.get(type_id) == means:
            value = cost.get("value")
            # JSON's 1e999 is a float too: infinity has no whole value
            if isinstance(value, int | float) and math.isfinite(value):
                return int(value)
    return None


def _number(selection: dict[str, Any]) -> int:
    value = selection.get("number", 1)
    return value if isinstance(value, int) and 1 <= value <= 200 else 1


def import_tree(
    data: dict[str, Any],
    lines: dict[JsonPath, int],
    form: str,
    source: str,
    catalog: Catalog,
    today: dt.date,
) -> ImportResult:
    """Import the roster tree (New Recruit JSON, or a .ros converted to it)."""
    found = Collector(source)
    # the same tree, but a .ros/.rosz player knows the file as BattleScribe's
    label = "BattleScribe" if form in ("ros", "rosz") else LABEL
    mapper = Mapper(catalog, found, label)
    reader = _Tree(mapper, catalog, lines)
    roster = data.get("roster")
    if not isinstance(roster, dict):
        raise BadSource(_("the export has no `roster` object"))
    limit = _cost(roster.get("costLimits"), "minerals")
    forces = model.objects(roster, "forces", lines, ("roster",))
    if limit is None:  # stemlerm data: the force entry names the scale
        force_limits = ids.new_recruit()["force_entries"]
        for force in forces:
            entry_id = force.get("entryId")
            if isinstance(entry_id, str) and entry_id in force_limits:
                limit = force_limits[entry_id]
    scale, minerals = mapper.scale(limit, lines.get(("roster",)))
    for f, force in enumerate(forces):
        at: JsonPath = ("roster", "forces", f)
        for s, selection in enumerate(model.objects(force, "selections", lines, at)):
            reader.selection(selection, (*at, "selections", s))
    if reader.faction is None:
        mapper.report(
            model.UNKNOWN_FACTION, _("the {builder} roster has no Faction Card"), None
        )
    name = roster.get("name")
    return ImportResult(
        source_format=FORMS[form],
        source=source,
        imported_on=today,
        name=name if isinstance(name, str) and name else None,
        scale=scale,
        minerals=minerals,
        faction=reader.faction,
        tactical_cards=tuple(reader.cards),
        units=tuple(reader.units),
        app_totals=AppTotals(
            _cost(roster.get("costs"), "minerals"),
            _cost(roster.get("costs"), "gas"),
            N_("the costs of its data revision"),
        ),
        findings=tuple(found.findings),
    )


class _Tree:
    """Walks a roster's selections, classifying each by its primary category."""

    def __init__(
        self, mapper: Mapper, catalog: Catalog, lines: dict[JsonPath, int]
    ) -> None:
        self.mapper = mapper
        self.catalog = catalog
        self.lines = lines
        self.table = ids.new_recruit()
        self.faction: Item | None = None
        self.cards: list[Item] = []
        self.units: list[ImportedUnit] = []

    def by_name(self, name: str, kind: str) -> str | None:
        """An armylist id found by the selection's name (count and plural dropped)."""
        variant = self.table["name_variants"].get(name.strip())
        if variant:
            return str(variant)
        match = _COUNT.match(name.strip())
        bare = match.group(2) if match else name.strip()
        index: Any = {
            "faction": self.catalog.factions,
            "faction_card": self.catalog.factions,  # the id table's name of the kind
            "card": self.catalog.cards,
            "unit": self.catalog.units,
        }[kind]
        for candidate in (bare, bare.removesuffix("s"), bare.removesuffix("es")):
            card = index.get(candidate)
            if card is not None:
                return str(card.id)
        return None

    def lookup(
        self, selection: dict[str, Any], kind: str, at: int | None
    ) -> str | None:
        entry = self.table["entries"].get(_entry_id(selection))
        if entry is not None and entry["kind"] == kind:
            return str(entry["id"])
        name = str(selection.get("name", ""))
        found = self.by_name(name, kind)
        if found is not None:
            self.mapper.report(
                model.NAME_FALLBACK,
                _(
                    "{builder} entry {selection} is not in armylist's table; {name} was matched by name"
                ),
                at,
                selection=repr(_entry_id(selection)),
                name=repr(name),
            )
        return found

    def selection(self, selection: dict[str, Any], path: JsonPath) -> None:
        at = self.lines.get(path)
        primary = _primary(selection)
        name = str(selection.get("name", "")).strip()
        if primary == "Faction":
            faction = self.lookup(selection, "faction_card", at) or None
            if faction is None:
                faction = self.by_name(name, "faction")
            self.faction = self.mapper.faction(faction, name, at)
        elif primary in CARD_CATEGORIES:
            card = self.lookup(selection, "card", at)
            gas = _cost(selection.get("costs"), "gas")
            for _copy in range(_number(selection)):
                item = self.mapper.card(card, name, at)
                self.cards.append(replace(item, app_gas=gas))
        elif primary in UNIT_CATEGORIES:
            for _copy in range(_number(selection)):
                self.units.append(self.unit(selection, path, at))
        else:
            self.mapper.report(
                model.DROPPED_FIELD,
                _(
                    "{builder} selection {name} (primary category {category}) is not a card or unit: not imported"
                ),
                at,
                name=repr(name),
                category=primary or _("none"),
            )

    def unit(
        self, selection: dict[str, Any], path: JsonPath, at: int | None
    ) -> ImportedUnit:
        name = str(selection.get("name", "")).strip()
        entry = self.table["entries"].get(_entry_id(selection))
        unit_id = self.lookup(selection, "unit", at)
        if unit_id is None:
            unit_id = self.by_name(name, "unit")
        unit = self.mapper.unit_card(unit_id)
        models = entry.get("models") if entry and entry["kind"] == "unit" else None
        if models is None and unit is not None:
            models = unit.compositions[0].models
        reinforce = entry.get("reinforce") if entry else None
        upgrades: list[Item] = []
        reinforced = False
        for c, child in enumerate(
            model.objects(selection, "selections", self.lines, path)
        ):
            child_at = self.lines.get((*path, "selections", c), at)
            child_name = str(child.get("name", "")).strip()
            squad = _SQUAD.match(child_name)
            if squad:  # stemlerm data: the size is a child
                models = _named_count(squad.group(1)) or models
                continue
            if (reinforce and _entry_id(child) == reinforce["entry"]) or (
                child_name == "Reinforce"
            ):
                reinforced = True
                if reinforce:
                    models = reinforce["models"]
                elif unit is not None and len(unit.compositions) > 1:
                    models = unit.compositions[-1].models
                continue
            item = self.upgrade(unit, child, child_at)
            if item is not None:
                upgrades.append(item)
        counted = _COUNT.match(name)
        if (
            counted
            and models is not None
            and _named_count(counted.group(1)) not in (None, models)
        ):
            self.mapper.report(
                model.MODELS_DISAGREE,
                _(
                    "{builder} selection {name} names {count} models; its entry{reinforce} gives {models}: {models} kept"
                ),
                at,
                name=repr(name),
                count=counted.group(1),
                reinforce=_(" with Reinforce") if reinforced else "",
                models=models,
            )
        imported = self.mapper.unit(
            unit, name, models, tuple(upgrades), at, source_name=name
        )
        return replace(imported, app_minerals=_price(selection))

    def upgrade(
        self, unit: Unit | None, child: dict[str, Any], at: int | None
    ) -> Item | None:
        name = str(child.get("name", "")).strip()
        child_id = _entry_id(child)
        known = self.table["upgrades"].get(child_id)
        upgrade_id: str | None = None
        if known is not None and unit is not None and known["unit"] == unit.id:
            upgrade_id = known["upgrade"]
        elif child_id in self.table["shared_upgrades"]:
            upgrade_id = self.table["shared_upgrades"][child_id]
        elif unit is not None:
            variant = self.table["name_variants"].get(name)
            by_name = upgrade_named(unit, variant or name)
            if by_name is not None:
                self.mapper.report(
                    model.NAME_FALLBACK,
                    _(
                        "{builder} upgrade entry {child_id} is not in armylist's table; {name} was matched by name"
                    ),
                    at,
                    child_id=repr(child_id),
                    name=repr(name),
                )
                upgrade_id = by_name.id
            elif not _cost(child.get("costs"), "minerals"):
                # a free default weapon (stemlerm data lists them as selections)
                self.mapper.report(
                    model.DROPPED_FIELD,
                    _(
                        "{builder} free selection {name} of {name2} is not an upgrade: not imported"
                    ),
                    at,
                    name=repr(name),
                    name2=unit.name,
                )
                return None
        return self.mapper.upgrade(unit, upgrade_id, name, at)


def _price(selection: dict[str, Any]) -> int | None:
    # the export's Minerals for a unit: its own cost and its children's (Reinforce too)
    own = _cost(selection.get("costs"), "minerals")
    if own is None:
        return None
    children = selection.get("selections")
    children = children if isinstance(children, list) else []  # refused elsewhere
    return own + sum(_price(c) or 0 for c in children if isinstance(c, dict))

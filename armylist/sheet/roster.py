"""The roster sheet: what a player brings to the table, model by model.

Upgrades change a unit's loadout as §9.1.7 says:

- an upgrade applies to every model of the unit, unless it is SPECIALIST;
- "FOR [weapon]" is a replacement: every model carrying that weapon loses it and gets
  the new one; the first upgrade FOR a weapon takes it, and a later one has nothing left
  to replace, so no model carries it and the list is illegal (unless both are
  SPECIALIST, each on its own model);
- a SPECIALIST upgrade is carried by exactly one model, each on a different model, in
  the order the list names them (model 1 gets the first, model 2 the second ...).

`resolved.apply_upgrades` works this out (the replacement-conflict rule reads the same
answer); this module puts it on the sheet.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict

from armylist.engine import ListOptions, open_list
from armylist.findings import ListResult, Severity, SlotUse
from armylist.gamedata.catalog import Catalog
from armylist.gamedata.models import Slots, SlotType, Stats, Unit, Upgrade
from armylist.listfile import MAX_ENTRIES
from armylist.resolved import (
    Context,
    ModelKit,
    Outfit,
    PlacedUnit,
    Unresolved,
    apply_upgrades,
)
from armylist.text.i18n import N_, _, joined
from armylist.text.numbers import people


class Carried(BaseModel):
    """A weapon a model carries; ``replaces`` when an upgrade swapped it in."""

    model_config = ConfigDict(frozen=True)

    name: str
    replaces: str | None = None
    upgrade: str | None = None

    def describe(self) -> str:
        """E.g. 'AGG-12 (replaces C-14 Rifle)'."""
        if not self.replaces:
            return self.name
        return _("{weapon} (replaces {replaced})").format(
            weapon=self.name, replaced=self.replaces
        )


class ModelGroup(BaseModel):
    """Models ``first``..``last`` (1-based) that carry the same loadout."""

    model_config = ConfigDict(frozen=True)

    first: int
    last: int
    weapons: tuple[Carried, ...]
    specialist: str | None = None

    @property
    def count(self) -> int:
        """How many models the group holds."""
        return self.last - self.first + 1

    @property
    def label(self) -> str:
        """'model 2' or 'models 3-9'."""
        if self.first == self.last:
            return _("model {number}").format(number=self.first)
        return _("models {first}-{last}").format(first=self.first, last=self.last)

    def describe(self) -> str:
        """E.g. 'AGG-12 (replaces C-14 Rifle), Strike'."""
        names = [w.describe() for w in self.weapons]
        if self.specialist and not any(
            w.upgrade == self.specialist for w in self.weapons
        ):
            names.insert(0, self.specialist)  # a SPECIALIST that is not a weapon
        return ", ".join(names) or _("no weapons listed")


class Loadout(BaseModel):
    """A unit's models grouped by what they carry, plus upgrades every model has."""

    model_config = ConfigDict(frozen=True)

    groups: tuple[ModelGroup, ...]
    every_model: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()


def _weapons(kit: ModelKit[Upgrade]) -> tuple[Carried, ...]:
    weapons = list(kit.weapons)
    if kit.specialist is not None:
        # The SPECIALIST's own weapon leads the line: it is what the model is for.
        name = kit.specialist.name
        weapons.sort(key=lambda w: w.upgrade != name)
    return tuple(
        Carried(name=w.name, replaces=w.replaces, upgrade=w.upgrade) for w in weapons
    )


def _itself(upgrade: Upgrade) -> Upgrade:
    return upgrade


def _notes(outfit: Outfit[Upgrade]) -> list[str]:
    """What the sheet says about upgrades that do nothing: every model's, then each
    SPECIALIST's, then the SPECIALISTs no model carries."""
    notes = [
        _("{upgrade}: not carried, no {weapon} left to replace").format(
            upgrade=c.bought.name, weapon=c.weapon
        )
        for c in outfit.conflicts
        if c.taken_by is not None and not c.again
    ]
    notes += [
        _("{upgrade}: model {model} has no {weapon}").format(
            upgrade=c.bought.name, model=c.model, weapon=c.weapon
        )
        for c in outfit.conflicts
        if c.taken_by is None and c.model is not None
    ]
    notes += [
        _("{upgrade}: no model left to carry it (one SPECIALIST a model)").format(
            upgrade=u.name
        )
        for u in outfit.unplaced
    ]
    return notes


def loadout(unit: Unit, models: int, upgrades: Sequence[Upgrade]) -> Loadout:
    """What each of a unit's ``models`` carries once ``upgrades`` are applied."""
    outfit = apply_upgrades(unit, models, upgrades, _itself)
    groups = tuple(
        ModelGroup(
            first=kit.first,
            last=kit.last,
            weapons=_weapons(kit),
            specialist=kit.specialist.name if kit.specialist else None,
        )
        for kit in outfit.kits
    )
    return Loadout(
        groups=groups,
        every_model=tuple(u.name for u in outfit.every_model),
        notes=tuple(_notes(outfit)),
    )


class BoughtUpgrade(BaseModel):
    """An upgrade on the sheet: its cost for the composition and who carries it.

    An upgrade the unit's card does not print is kept as written, marked ``unknown``.
    """

    model_config = ConfigDict(frozen=True)

    name: str
    id: str | None
    minerals: int | None
    specialist: bool
    replaces: str | None = None
    model: int | None = None
    unknown: bool = False
    note: str = ""

    def describe(self) -> str:
        """E.g. 'AGG-12 (SPECIALIST, model 1, FOR C-14 Rifle, 10 Minerals)'."""
        if self.unknown:
            return f"{self.name} ({self.note})"
        parts = []
        if self.specialist:
            parts.append(
                _("SPECIALIST, model {number}").format(number=self.model)
                if self.model
                else "SPECIALIST"
            )
        if self.replaces:
            parts.append(f"FOR {self.replaces}")
        parts.append(
            _("? Minerals")
            if self.minerals is None
            else _("{minerals} Minerals").format(minerals=people(self.minerals))
        )
        return f"{self.name} ({', '.join(parts)})"


class RosterUnit(BaseModel):
    """One unit of the roster sheet; an unknown unit is kept as written, marked."""

    model_config = ConfigDict(frozen=True)

    position: int
    name: str
    id: str | None
    slot: SlotType | None  # text prints its label, JSON its id
    unique: bool
    models: int | None
    supply: int | None
    minerals: int
    composition_minerals: int | None
    upgrades: tuple[BoughtUpgrade, ...]
    loadout: Loadout | None
    stats: str | None
    unknown: bool = False
    note: str = ""

    @property
    def label(self) -> str:
        """E.g. 'Marine (9)'."""
        return self.name if self.models is None else f"{self.name} ({self.models})"


class RosterCard(BaseModel):
    """A Tactical or Creep Card on the sheet; an unknown card is kept, marked."""

    model_config = ConfigDict(frozen=True)

    name: str
    id: str | None
    kind: str
    gas: int
    slots: Slots = Slots()  # the Army Slots it grants
    unknown: bool = False
    note: str = ""


class Roster(BaseModel):
    """Everything `armylist show` and `armylist export` print."""

    model_config = ConfigDict(frozen=True)

    file: str
    name: str | None
    player: str | None
    faction: str | None
    race: str | None
    scale: str | None  # the id; `scale_name` is the printed name
    scale_name: str | None
    mineral_limit: int | None
    minerals: int
    gas_limit: int | None
    gas: int
    slots: dict[str, SlotUse]
    tactical_cards: tuple[RosterCard, ...]
    units: tuple[RosterUnit, ...]
    missions: tuple[str, ...]
    deployments: tuple[str, ...]
    valid: bool
    errors: int
    warnings: int
    # "yaml" for our list, else the importer's format: a note to edit the file only
    # fits a list the player can edit as YAML.
    form: str = "yaml"

    @property
    def supply(self) -> int:
        """Starting Supply of every unit together."""
        return sum(u.supply or 0 for u in self.units)

    @property
    def model_count(self) -> int:
        """Models in the army (of the units the game data knows)."""
        return sum(u.models or 0 for u in self.units if not u.unknown)

    @property
    def unknown_units(self) -> int:
        """Unit entries the game data does not know."""
        return sum(1 for u in self.units if u.unknown)


# What an unknown entry is, in the sentence that marks it on the sheet.
_UNKNOWN = {
    "unit": N_("unknown unit, not counted"),
    "upgrade": N_("unknown upgrade, not counted"),
    "Tactical Card": N_("unknown Tactical Card, not counted"),
}


def unknown_text(kind: str, note: str = "") -> str:
    """E.g. 'unknown unit, not counted (did you mean "Marine"?)'."""
    return _(_UNKNOWN[kind]) + (f" {note}" if note else "")


def _note(item: Unresolved) -> str:
    close = item.suggestions
    if not close:
        return ""
    return _("(did you mean {names}?)").format(
        names=joined((f'"{c}"' for c in close), "or")
    )


def stat_line(stats: Stats | None) -> str | None:
    """E.g. 'Size 2, HP 2, Evade 5+, Armour 5+, Speed 4/7'."""
    if stats is None:
        return None
    line = (
        f"Size {stats.size}, HP {stats.hit_points}, Evade {stats.evade}, "
        f"Armour {stats.armour}, Speed {stats.speed}"
    )
    return line + (f", Shield {stats.shield}" if stats.shield else "")


def roster_unit(
    position: int, placed: PlacedUnit, unknown: Sequence[Unresolved] = ()
) -> RosterUnit:
    """One placed unit as it goes on the sheet, with its unknown upgrades marked."""
    composition = placed.composition
    upgrades = [p.upgrade for p in placed.upgrades]
    sheet = loadout(placed.unit, composition.models, upgrades) if composition else None
    carriers = {
        g.specialist: g.first for g in (sheet.groups if sheet else ()) if g.specialist
    }
    # The upgrades in the order the file writes them, unknown ones in their place.
    written: list[tuple[Any, BoughtUpgrade]] = [
        (
            p.path[-1],
            BoughtUpgrade(
                name=p.upgrade.name,
                id=p.upgrade.id,
                minerals=p.upgrade.cost_for(composition.models)
                if composition
                else None,
                specialist=p.upgrade.specialist,
                replaces=p.upgrade.replaces,
                model=carriers.get(p.upgrade.name) if p.upgrade.specialist else None,
            ),
        )
        for p in placed.upgrades
    ]
    written += [
        (
            u.path[-1],
            BoughtUpgrade(
                name=u.name,
                id=None,
                minerals=None,
                specialist=False,
                unknown=True,
                note=unknown_text("upgrade", _note(u)),
            ),
        )
        for u in unknown
    ]
    bought = tuple(b for _, b in sorted(written, key=lambda w: _index(w[0])))
    return RosterUnit(
        position=position,
        name=placed.unit.name,
        id=placed.unit.id,
        slot=placed.unit.slot,
        unique=placed.unit.unique,
        models=composition.models if composition else placed.entry.models,
        supply=placed.supply,
        minerals=placed.minerals,
        composition_minerals=composition.minerals if composition else None,
        upgrades=bought,
        loadout=sheet,
        stats=stat_line(placed.unit.stats),
    )


def _index(part: Any) -> int:
    return part if isinstance(part, int) else 0


def _written(context: Context, list_key: str) -> list[Any]:
    """The entries of a list key as the file writes them (as far as they are read)."""
    document = context.loaded.document
    data = document.data if document is not None else None
    value = data.get(list_key) if isinstance(data, dict) else None
    return value[:MAX_ENTRIES] if isinstance(value, list) else []


def _unread(context: Context, list_key: str) -> list[tuple[int, Any]]:
    """Entries of a list key that could not be read at all, with their place."""
    written = _written(context, list_key)
    kept = set(context.loaded.places.get(list_key, range(len(written))))
    return [(i, item) for i, item in enumerate(written) if i not in kept]


def _placeholder_unit(position: int, name: str, models: Any, note: str) -> RosterUnit:
    return RosterUnit(
        position=position,
        name=name,
        id=None,
        slot=None,
        unique=False,
        models=models
        if isinstance(models, int) and not isinstance(models, bool)
        else None,
        supply=None,
        minerals=0,
        composition_minerals=None,
        upgrades=(),
        loadout=None,
        stats=None,
        unknown=True,
        note=note,
    )


def _units(context: Context) -> tuple[RosterUnit, ...]:
    """Every unit entry in file order: known units, and the others marked."""
    upgrades: dict[Any, list[Unresolved]] = {}
    for item in context.unknown.get("upgrade", []):
        upgrades.setdefault(item.path[1], []).append(item)
    rows = [
        roster_unit(_file_position(u, i), u, upgrades.get(u.path[1], ()))
        for i, u in enumerate(context.units, 1)
    ]
    written = _written(context, "units")
    for item in context.unknown.get("unit", []):
        index = _index(item.path[1])
        entry = written[index] if index < len(written) else None
        models = entry.get("models") if isinstance(entry, dict) else None
        rows.append(
            _placeholder_unit(
                index + 1, item.name, models, unknown_text("unit", _note(item))
            )
        )
    for index, entry in _unread(context, "units"):
        name = entry.get("unit") if isinstance(entry, dict) else entry
        models = entry.get("models") if isinstance(entry, dict) else None
        rows.append(
            _placeholder_unit(
                index + 1,
                "?" if name is None else str(name),
                models,
                _("not a unit entry, not counted (`armylist validate` says why)"),
            )
        )
    return tuple(sorted(rows, key=lambda r: r.position))


def _unknown_card(name: str, note: str) -> RosterCard:
    return RosterCard(
        name=name, id=None, kind="unknown", gas=0, unknown=True, note=note
    )


def _cards(context: Context) -> tuple[RosterCard, ...]:
    """Every Tactical Card entry in file order: known cards, and the others marked."""
    rows: list[tuple[int, RosterCard]] = [
        (
            _index(p.path[-1]),
            RosterCard(
                name=p.card.name,
                id=p.card.id,
                kind=p.card.kind,
                gas=p.card.gas,
                slots=p.card.slots,
            ),
        )
        for p in context.cards
    ]
    rows += [
        (
            _index(u.path[-1]),
            _unknown_card(u.name, unknown_text("Tactical Card", _note(u))),
        )
        for u in context.unknown.get("card", [])
    ]
    rows += [
        (
            index,
            _unknown_card(
                str(entry),
                _("not a card name, not counted (`armylist validate` says why)"),
            ),
        )
        for index, entry in _unread(context, "tactical_cards")
    ]
    return tuple(card for _, card in sorted(rows, key=lambda r: r[0]))


def _file_position(placed: PlacedUnit, fallback: int) -> int:
    # The position in the file's `units:`, as `remove FILE unit N` counts them: an
    # entry the sheet cannot show (an unknown unit) still takes its number.
    index = placed.path[1] if len(placed.path) > 1 else None
    return index + 1 if isinstance(index, int) else fallback


def build_roster(result: ListResult, context: Context) -> Roster:
    """The roster sheet of a validated list."""
    return Roster(
        file=result.file,
        name=result.name,
        player=result.player,
        faction=result.faction,
        race=result.race,
        scale=result.scale,
        scale_name=result.scale_name,
        mineral_limit=result.minerals.limit,
        minerals=result.minerals.used,
        gas_limit=result.gas.limit,
        gas=result.gas.used,
        slots=result.slots,
        tactical_cards=_cards(context),
        units=_units(context),
        missions=tuple(m.name for m, _ in context.missions),
        deployments=tuple(d.name for d, _ in context.deployments),
        valid=result.valid,
        errors=result.count(Severity.ERROR),
        warnings=result.count(Severity.WARNING),
        form=context.form,
    )


def roster_file(path: Path, catalog: Catalog) -> Roster:
    """Read, validate and resolve a list file into its roster sheet.

    Refuses (`Refused`) a wrong path (exit 2) and a file that is not a readable list
    (exit 1); an illegal list still has a sheet (its ``valid`` says so).
    """
    return roster_and_list(path, catalog)[0]


def roster_and_list(
    path: Path,
    catalog: Catalog,
    options: ListOptions | None = None,
    *,
    found: bool = False,
) -> tuple[Roster, Context]:
    """`roster_file`, with the resolved list it was built from (the list as written,
    which `export --format sct1|mk-json` writes to another builder's ids).
    ``options`` check it (`export --event`: as the event file names it). With
    ``found`` (a file a folder search found), raises `NotAList` for a file that is
    plainly none, as `validate` skips it."""
    checked = open_list(path, catalog, options=options or ListOptions(), found=found)
    context = checked.readable()
    return build_roster(checked.result, context), context

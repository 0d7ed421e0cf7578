"""Editing a list: add or remove cards, units and upgrades, set a key.

Every edit checks first that it is possible (the name exists, the tag rule lets the
faction take it, the composition is printed on the card, the upgrade is on the unit's
card) and refuses with the reason otherwise. What is possible but not legal yet (over
budget, too few Army Slots) is written and reported by the same engine as `validate`.
The file changes only through one atomic write of the whole new text.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict
from ruamel.yaml.comments import CommentedMap, CommentedSeq

from armylist.editing.errors import EditError as EditError
from armylist.editing.errors import EditRefused as EditRefused
from armylist.editing.errors import Unreadable as Unreadable
from armylist.editing.errors import could_not_save as could_not_save
from armylist.editing.errors import refusal as refusal
from armylist.editing.kinds import SETTABLE, EditKind
from armylist.editing.reading import ListFileText as ListFileText
from armylist.editing.reading import read_text as read_text
from armylist.editing.reading import refuse_unbuildable as refuse_unbuildable
from armylist.editing.starter import Setup, refresh_comments
from armylist.editing.words import or_each, or_list
from armylist.editing.yamldoc import (
    ListDocument,
    ListFileError,
    append_item,
    delete_key,
    insert_item,
    remove_item,
)
from armylist.engine import check_text
from armylist.files import safewrite
from armylist.findings import Finding, ListResult, Severity
from armylist.gamedata.catalog import Catalog, upgrade_named
from armylist.gamedata.models import (
    Composition,
    FactionCard,
    Scale,
    TacticalCard,
    Unit,
    Upgrade,
)
from armylist.listfile import (
    read_list,
)
from armylist.resolved import replacements_taken
from armylist.rules.upgrades import replacement_taken
from armylist.text.i18n import _, ngettext, os_reason
from armylist.text.names import did_you_mean, key, meant
from armylist.text.numbers import (
    NotAWholeNumber,
    parse_whole,
    people,
    plain_digits,
)

KINDS: tuple[str, ...] = tuple(kind.value for kind in EditKind)
_LISTS = {
    "card": "tactical_cards",
    "mission": "missions",
    "deployment": "deployments",
}


class Edit(BaseModel):
    """One edit, as asked for on the command line or in the builder."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    action: Literal["add", "remove", "set"]
    kind: str
    name: str
    models: int | None = None
    upgrades: tuple[str, ...] = ()
    unit: str | None = None
    # Where an added entry goes (1 = first); None: after the last.
    at: int | None = None
    # `set scale` to a scale whose Mineral limit is agreed (Grand Offensive): the limit.
    minerals: int | None = None


@dataclass(frozen=True)
class EditedText:
    """The list's new text and a sentence saying what changed."""

    text: str
    done: str


@dataclass
class EditOutcome:
    """An edit written to a file: what changed, and the list before and after."""

    done: str
    before: ListResult
    after: ListResult
    new_findings: list[Finding] = field(default_factory=list)


@dataclass(frozen=True)
class UnitRef:
    """A unit entry of the file: its 0-based index, card and composition."""

    index: int
    entry: CommentedMap
    unit: Unit | None
    composition: Composition | None

    @property
    def label(self) -> str:
        """E.g. '#3 Marine (6)'."""
        name = self.unit.name if self.unit else str(self.entry.get("unit"))
        models = (
            self.composition.models if self.composition else self.entry.get("models")
        )
        return f"#{self.index + 1} {name}" + (f" ({models})" if models else "")


def _itself(upgrade: Upgrade) -> Upgrade:
    return upgrade


def _upgrade_on_card(unit: Unit, name: str) -> Upgrade:
    """The upgrade of that name printed on the unit's card, or refused with its list."""
    upgrade = upgrade_named(unit, name)
    if upgrade is None:
        choices = [u.name for u in unit.upgrades]
        raise EditRefused(
            _("{unit} has no upgrade {name}{did_you_mean}").format(
                unit=unit.name,
                name=repr(name),
                did_you_mean=did_you_mean(name, choices),
            ),
            _("its upgrades are {upgrades}").format(upgrades=", ".join(choices))
            if choices
            else _("{unit} has no upgrades").format(unit=unit.name),
        )
    return upgrade


def _the_one_unit(
    candidates: list[UnitRef], question: str, listing: str, nobody: str
) -> UnitRef:
    """The one unit an upgrade edit can mean when no --unit is given; refused, with
    the candidates, when none or several fit.

    ``listing`` is a sentence with a ``{units}`` placeholder, already translated."""
    if len(candidates) != 1:
        raise EditRefused(
            _("{question} say it with --unit POSITION").format(question=question),
            listing.format(units=", ".join(r.label for r in candidates))
            if candidates
            else nobody,
        )
    return candidates[0]


def _models_options(unit: Unit) -> str:
    return or_each([f"--models {c.models}" for c in unit.compositions])


def no_such_unit(position: int, count: int) -> str:
    """'there is no unit 7: the list has 3 units'."""
    return ngettext(
        "there is no unit {position}: the list has {count} unit",
        "there is no unit {position}: the list has {count} units",
        count,
    ).format(position=position, count=people(count))


def not_offered(upgrade: str, models: int, unit: str) -> str:
    """'Combat Shield is not offered for 4 Marine models'."""
    return _("{upgrade} is not offered for {models} {unit} models").format(
        upgrade=upgrade, models=models, unit=unit
    )


def too_many_specialists(unit: str, models: int, specialists: int) -> str:
    """More SPECIALIST upgrades than models (§9.1.7)."""
    return _(
        "{unit} ({models}) would have {count} SPECIALIST upgrades: each needs its "
        "own model (§9.1.7)"
    ).format(unit=unit, models=models, count=specialists)


def no_composition(unit: str, models: int, compositions: str) -> str:
    """A composition the card does not print (§9.1.6); ``compositions`` as
    `compositions_text` words them."""
    return _(
        "{unit} has no {models}-model composition; it comes as {compositions} (§9.1.6)"
    ).format(unit=unit, models=models, compositions=compositions)


def compositions_text(unit: Unit) -> str:
    """E.g. '6 or 9 models'."""
    return _("{counts} models").format(
        counts=or_list([str(c.models) for c in unit.compositions])
    )


class _Editor:
    def __init__(self, text: str, catalog: Catalog) -> None:
        try:
            self.doc = ListDocument(text)
        except ListFileError as error:
            raise Unreadable(
                _("cannot edit this file: {error}").format(error=error),
                _("fix the file first (`armylist validate FILE` shows where)"),
            ) from None
        self.catalog = catalog

    # -- what the list holds ------------------------------------------------------

    def faction(self) -> FactionCard:
        name = self.doc.data.get("faction")
        if not isinstance(name, str) or not name.strip():
            raise EditRefused(
                _("the list names no Faction Card, so the tag rule cannot be checked"),
                _("set it first: `armylist set FILE faction NAME`"),
            )
        faction = self.catalog.factions.get(name)
        if faction is None:
            raise EditRefused(
                _("the list's Faction Card {name} is unknown{did_you_mean}").format(
                    name=repr(name),
                    did_you_mean=meant(self.catalog.suggest_faction(name)),
                ),
                _("fix it first: `armylist set FILE faction NAME`"),
            )
        return faction

    def setup(self) -> Setup | None:
        """The faction, scale and Mineral limit the list names, when all are known."""
        data = self.doc.data
        faction = data.get("faction")
        scale = data.get("scale")
        found = self.catalog.factions.get(faction) if isinstance(faction, str) else None
        size = self.catalog.scale(scale) if isinstance(scale, str) else None
        if found is None or size is None:
            return None
        minerals = data.get("minerals")
        return Setup(found, size, minerals if isinstance(minerals, int) else None)

    def put(
        self,
        owner: CommentedMap,
        list_key: str,
        item: Any,
        at: int | None,
        *,
        block: bool = True,
    ) -> int:
        """Add ``item`` to ``owner[list_key]`` at position ``at`` (1-based; None: last);
        the position it took."""
        seq = self.seq(owner, list_key)
        if at is None:
            append_item(owner, list_key, item, block=block)
            return len(seq)
        if not 1 <= at <= len(seq) + 1:
            raise EditRefused(
                ngettext(
                    "there is no position {at} in {key}: it has {count} entry",
                    "there is no position {at} in {key}: it has {count} entries",
                    len(seq),
                ).format(at=at, key=list_key, count=len(seq)),
                _("give --at from 1 to {last}").format(last=len(seq) + 1),
            )
        insert_item(owner, list_key, at - 1, item, block=block)
        return at

    def items(self, list_key: str) -> list[Any]:
        value = self.doc.data.get(list_key)
        return list(value) if isinstance(value, CommentedSeq) else []

    def seq(self, owner: CommentedMap, list_key: str) -> CommentedSeq:
        try:
            return self.doc.sequence(owner, list_key)
        except ListFileError as error:
            raise Unreadable(
                str(error), _("write {key} as a list").format(key=list_key)
            ) from None

    def taken_cards(self) -> list[TacticalCard]:
        cards = (
            self.catalog.cards.get(n)
            for n in self.items("tactical_cards")
            if isinstance(n, str)
        )
        return [c for c in cards if c is not None]

    def units(self) -> list[UnitRef]:
        refs = []
        for i, entry in enumerate(self.items("units")):
            if not isinstance(entry, CommentedMap):
                refs.append(UnitRef(i, CommentedMap(), None, None))
                continue
            name = entry.get("unit")
            unit = self.catalog.units.get(name) if isinstance(name, str) else None
            composition = None
            if unit is not None:
                models = entry.get("models")
                if models is None and len(unit.compositions) == 1:
                    composition = unit.compositions[0]
                elif isinstance(models, int) and not isinstance(models, bool):
                    composition = unit.composition(models)
            refs.append(UnitRef(i, entry, unit, composition))
        return refs

    def find_unit(self, ref: str) -> UnitRef:
        refs = self.units()
        if not refs:
            raise EditRefused(
                _("the list has no units"),
                _("add one: `armylist add FILE unit NAME`"),
            )
        text = ref.strip().lstrip("#")
        position = plain_digits(text)
        if position is not None:
            if not 1 <= position <= len(refs):
                raise EditRefused(
                    no_such_unit(position, len(refs)),
                    _(
                        "give a position from 1 to {last} (as `armylist show` "
                        "numbers them)"
                    ).format(last=len(refs)),
                )
            return refs[position - 1]
        wanted = self.catalog.units.get(ref)
        matches = [
            r
            for r in refs
            if (wanted is not None and r.unit is not None and r.unit.id == wanted.id)
            or key(str(r.entry.get("unit", ""))) == key(ref)
        ]
        if not matches:
            names = sorted({r.unit.name for r in refs if r.unit is not None})
            raise EditRefused(
                _("no unit {name} in the list{did_you_mean}").format(
                    name=repr(ref), did_you_mean=did_you_mean(ref, names)
                ),
                _("its units are: {units}").format(
                    units=", ".join(r.label for r in refs)
                ),
            )
        if len(matches) > 1:
            raise EditRefused(
                _(
                    "the list has {count} {unit} units; say which one by its position"
                ).format(
                    count=len(matches),
                    unit=matches[0].unit.name if matches[0].unit else ref,
                ),
                _("one of: {units}").format(units=", ".join(r.label for r in matches)),
            )
        return matches[0]

    # -- checks shared by add unit and add upgrade ---------------------------------

    def check_tags(
        self, name: str, tags: tuple[str, ...], faction: FactionCard
    ) -> None:
        missing = self.catalog.missing_tags(tags, faction)
        if missing:
            fits = [
                f.name
                for f in self.catalog.factions.all
                if not self.catalog.missing_tags(tags, f)
            ]
            has = {"faction": faction.name, "tags": ", ".join(faction.tags)}
            raise EditRefused(
                _(
                    "{name} needs the Faction Tag {tags}, which {faction} lacks "
                    "(§9.1.2: every tag on the card must be on the Faction Card)"
                ).format(name=name, tags=", ".join(missing), faction=faction.name),
                _("{faction} has {tags}; {name} fits {fits}").format(
                    name=name, fits=", ".join(fits), **has
                )
                if fits
                else _("{faction} has {tags}").format(**has),
            )

    def resolve_upgrades(
        self, unit: Unit, composition: Composition, names: list[str], already: list[str]
    ) -> list[Upgrade]:
        chosen: list[Upgrade] = []
        owned = [upgrade_named(unit, n) for n in already]
        for name in names:
            upgrade = _upgrade_on_card(unit, name)
            if any(u is not None and u.id == upgrade.id for u in (*owned, *chosen)):
                raise EditRefused(
                    _(
                        "{unit} already has {upgrade}; each upgrade is bought once "
                        "(§9.1.7)"
                    ).format(unit=unit.name, upgrade=upgrade.name)
                )
            cost = upgrade.cost_for(composition.models)
            if cost is None:
                sizes = or_list([str(m) for m in sorted(upgrade.cost)])
                raise EditRefused(
                    not_offered(upgrade.name, composition.models, unit.name),
                    _("it is printed for {sizes} models").format(sizes=sizes),
                )
            chosen.append(upgrade)
        bought = [u for u in (*owned, *chosen) if u is not None]
        for later, first in replacements_taken(bought, _itself).items():
            if later >= len(bought) - len(chosen):
                raise EditRefused(
                    replacement_taken(unit.name, bought[later], bought[first].name),
                    _("remove {earlier} first to take {upgrade}").format(
                        earlier=bought[first].name, upgrade=bought[later].name
                    ),
                )
        specialists = [u for u in (*owned, *chosen) if u is not None and u.specialist]
        if len(specialists) > composition.models:
            raise EditRefused(
                too_many_specialists(unit.name, composition.models, len(specialists)),
                ngettext(
                    "at most {count} SPECIALIST upgrade",
                    "at most {count} SPECIALIST upgrades",
                    composition.models,
                ).format(count=people(composition.models)),
            )
        return chosen

    # -- the edits -----------------------------------------------------------------

    def add_card(self, name: str, at: int | None = None) -> str:
        card = self.catalog.cards.get(name)
        if card is None:
            raise EditRefused(
                _("unknown Tactical Card {name}{did_you_mean}").format(
                    name=repr(name),
                    did_you_mean=did_you_mean(name, self.catalog.cards.names()),
                ),
                _("`armylist cards --faction NAME` lists the cards a faction may take"),
            )
        faction = self.faction()
        self.check_tags(card.name, card.tags, faction)
        if card.unique and any(c.id == card.id for c in self.taken_cards()):
            raise EditRefused(
                _("{name} is Unique and is already in the list (§9.1.5)").format(
                    name=card.name
                )
            )
        position = self.put(self.doc.data, "tactical_cards", card.name, at)
        slots = f"; +{card.slots.describe()}" if card.slots.items() else ""
        return _("added {card} ({gas} Vespene Gas{slots}) as card {position}").format(
            card=card.name, gas=card.gas, slots=slots, position=position
        )

    def add_unit(
        self,
        name: str,
        models: int | None,
        upgrades: list[str],
        at: int | None = None,
    ) -> str:
        unit = self.catalog.units.get(name)
        if unit is None:
            raise EditRefused(
                _("unknown unit {name}{did_you_mean}").format(
                    name=repr(name),
                    did_you_mean=did_you_mean(name, self.catalog.units.names()),
                ),
                _("`armylist units --faction NAME` lists the units a faction may take"),
            )
        if unit.summoned:
            raise EditRefused(
                _(
                    "{unit} is a summoned unit: it costs nothing and is not written in "
                    "the list (§9.1.9)"
                ).format(unit=unit.name),
                _("it enters play through an ability such as SUMMON"),
            )
        faction = self.faction()
        self.check_tags(unit.name, unit.tags, faction)
        if unit.unique and any(
            r.unit is not None and r.unit.id == unit.id for r in self.units()
        ):
            raise EditRefused(
                _("{name} is Unique and is already in the list (§9.1.6)").format(
                    name=unit.name
                )
            )
        if models is None:
            if len(unit.compositions) > 1:
                raise EditRefused(
                    _("{unit} comes as {compositions}: choose one").format(
                        unit=unit.name, compositions=compositions_text(unit)
                    ),
                    _("add {options}").format(options=_models_options(unit)),
                )
            composition = unit.compositions[0]
        else:
            found = unit.composition(models)
            if found is None:
                raise EditRefused(
                    no_composition(unit.name, models, compositions_text(unit)),
                    _("use {options}").format(options=_models_options(unit)),
                )
            composition = found
        bought = self.resolve_upgrades(unit, composition, upgrades, [])
        entry = CommentedMap()
        entry["unit"] = unit.name
        # Written when the card offers a choice, or when it was asked for.
        if len(unit.compositions) > 1 or models is not None:
            entry["models"] = composition.models
        if bought:
            names = CommentedSeq([u.name for u in bought])
            names.fa.set_flow_style()
            entry["upgrades"] = names
        position = self.put(self.doc.data, "units", entry, at)
        cost = composition.minerals + sum(
            u.cost_for(composition.models) or 0 for u in bought
        )
        facts = {
            "unit": unit.name,
            "count": composition.models,
            "supply": composition.supply,
            "minerals": people(cost),
            "position": position,
        }
        if bought:
            return ngettext(
                "added {unit} ({count} model, Supply {supply}, {minerals} Minerals, "
                "with {upgrades}) as unit {position}",
                "added {unit} ({count} models, Supply {supply}, {minerals} Minerals, "
                "with {upgrades}) as unit {position}",
                composition.models,
            ).format(upgrades=", ".join(u.name for u in bought), **facts)
        return ngettext(
            "added {unit} ({count} model, Supply {supply}, {minerals} Minerals) "
            "as unit {position}",
            "added {unit} ({count} models, Supply {supply}, {minerals} Minerals) "
            "as unit {position}",
            composition.models,
        ).format(**facts)

    def add_upgrade(
        self, name: str, unit_ref: str | None, at: int | None = None
    ) -> str:
        target = self.upgrade_target(name, unit_ref)
        assert target.unit is not None and target.composition is not None
        existing = target.entry.get("upgrades")
        already = [str(u) for u in existing] if isinstance(existing, list) else []
        (upgrade,) = self.resolve_upgrades(
            target.unit, target.composition, [name], already
        )
        self.put(target.entry, "upgrades", upgrade.name, at, block=False)
        cost = upgrade.cost_for(target.composition.models) or 0
        return _("added {upgrade} ({cost} Minerals) to unit {unit}").format(
            upgrade=upgrade.name, cost=cost, unit=target.label
        )

    def upgrade_target(self, name: str, unit_ref: str | None) -> UnitRef:
        if unit_ref is None:
            target = _the_one_unit(
                [
                    r
                    for r in self.units()
                    if r.unit is not None and upgrade_named(r.unit, name)
                ],
                _("which unit gets {name}?").format(name=repr(name)),
                _("units that offer it: {units}"),
                _("no unit in the list offers that upgrade"),
            )
        else:
            wanted = self.catalog.units.get(unit_ref)
            if wanted is not None and not unit_ref.strip().lstrip("#").isdigit():
                # Refused before "which of your 2 Medics?": neither could take it.
                _upgrade_on_card(wanted, name)
            target = self.find_unit(unit_ref)
        if target.unit is None or target.composition is None:
            raise EditRefused(
                _("unit {unit} has an unknown unit or composition").format(
                    unit=target.label
                ),
                _("fix that entry first (`armylist validate FILE` shows the problem)"),
            )
        return target

    def remove_upgrade(self, name: str, unit_ref: str | None) -> str:
        target = self.find_unit(unit_ref) if unit_ref is not None else None
        if target is None:
            target = _the_one_unit(
                [r for r in self.units() if self._upgrade_index(r, name) is not None],
                _("which unit loses {name}?").format(name=repr(name)),
                _("units that have it: {units}"),
                _("no unit in the list has that upgrade"),
            )
        index = self._upgrade_index(target, name)
        if index is None:
            current = target.entry.get("upgrades") or []
            raise EditRefused(
                _("unit {unit} has no upgrade {name}").format(
                    unit=target.label, name=repr(name)
                ),
                _("its upgrades are {upgrades}").format(
                    upgrades=", ".join(str(u) for u in current)
                )
                if current
                else _("it has no upgrades"),
            )
        removed = target.entry["upgrades"][index]
        # A unit without upgrades has no `upgrades:` key (as `add unit` writes it).
        remove_item(target.entry, "upgrades", index, drop_empty=True)
        return _("removed {upgrade} from unit {unit}").format(
            upgrade=removed, unit=target.label
        )

    def _upgrade_index(self, ref: UnitRef, name: str) -> int | None:
        current = ref.entry.get("upgrades")
        if not isinstance(current, list):
            return None
        wanted = upgrade_named(ref.unit, name) if ref.unit else None
        for i, written in enumerate(current):
            if key(str(written)) == key(name):
                return i
            found = upgrade_named(ref.unit, str(written)) if ref.unit else None
            if wanted is not None and found is not None and found.id == wanted.id:
                return i
        return None

    def remove_unit(self, ref: str) -> str:
        target = self.find_unit(ref)
        remove_item(self.doc.data, "units", target.index)
        return _("removed unit {unit}").format(unit=target.label)

    def remove_named(self, kind: str, name: str) -> str:
        list_key = _LISTS[kind]
        written = self.items(list_key)
        # `missions: []` is not "no missions": it fails scenario-cards.
        optional = list_key != "tactical_cards"
        text = name.strip().lstrip("#")
        position = plain_digits(text)
        if position is not None:
            # By position, as for units: no card is named with digits only.
            if not 1 <= position <= len(written):
                raise EditRefused(
                    ngettext(
                        "there is no entry {position} in {key}: it has {count} entry",
                        "there is no entry {position} in {key}: it has {count} entries",
                        len(written),
                    ).format(position=position, key=list_key, count=len(written)),
                    _("give a position from 1 to {last}, or the name").format(
                        last=len(written)
                    ),
                )
            value = str(written[position - 1])
            remove_item(self.doc.data, list_key, position - 1, drop_empty=optional)
            return _("removed {name} from {key}").format(name=value, key=list_key)
        wanted = self._lookup(kind, name)
        for i in range(len(written) - 1, -1, -1):
            value = str(written[i])
            found = self._lookup(kind, value)
            if key(value) == key(name) or (
                wanted is not None and found is not None and found == wanted
            ):
                remove_item(self.doc.data, list_key, i, drop_empty=optional)
                return _("removed {name} from {key}").format(name=value, key=list_key)
        label = {
            "card": "Tactical Card",
            "mission": "Mission Card",
            "deployment": "Deployment Card",
        }[kind]
        present = [str(v) for v in written]
        raise EditRefused(
            _("the list has no {card} {name}{did_you_mean}").format(
                card=label, name=repr(name), did_you_mean=did_you_mean(name, present)
            ),
            _("its {key} are: {names}").format(key=list_key, names=", ".join(present))
            if present
            else _("its {key} are empty").format(key=list_key),
        )

    def _lookup(self, kind: str, name: str) -> str | None:
        if kind == "card":
            card = self.catalog.cards.get(name)
            return card.id if card else None
        if kind == "deployment":
            deployment = self.catalog.deployments.get(name)
            return deployment.id if deployment else None
        mission = self.catalog.mission(name, self.scenario_scale())
        return key(mission.name) if mission else None

    def scenario_scale(self) -> str:
        scale = self.doc.data.get("scale")
        found = self.catalog.scale(scale) if isinstance(scale, str) else None
        return found.scenario_scale if found else "standard"

    def add_scenario(self, kind: str, name: str, at: int | None = None) -> str:
        list_key = _LISTS[kind]
        if kind == "mission":
            mission = self.catalog.mission(name, self.scenario_scale())
            if mission is None:
                names = self.catalog.mission_names()
                raise EditRefused(
                    _("unknown Mission Card {name}{did_you_mean}").format(
                        name=repr(name), did_you_mean=did_you_mean(name, names)
                    ),
                    _("the Mission Cards are {names}").format(names=", ".join(names)),
                )
            printed = mission.name
        else:
            deployment = self.catalog.deployments.get(name)
            if deployment is None:
                names = self.catalog.deployments.names()
                raise EditRefused(
                    _("unknown Deployment Card {name}{did_you_mean}").format(
                        name=repr(name), did_you_mean=did_you_mean(name, names)
                    ),
                    _("the Deployment Cards are {names}").format(
                        names=", ".join(sorted(set(names)))
                    ),
                )
            printed = deployment.name
        present = [str(v) for v in self.items(list_key)]
        if any(self._lookup(kind, v) == self._lookup(kind, printed) for v in present):
            raise EditRefused(
                _("{name} is already in {key}: no repeats (§9.2)").format(
                    name=printed, key=list_key
                )
            )
        if len(present) >= 2:
            raise EditRefused(
                _(
                    "{key} already holds 2 cards, the number a player brings (§9.2)"
                ).format(key=list_key),
                _("remove one first: `armylist remove FILE {kind} NAME`").format(
                    kind=kind
                ),
            )
        self.put(self.doc.data, list_key, printed, at, block=False)
        return _("added {name} to {key}").format(name=printed, key=list_key)

    def set_key(self, name: str, value: str, minerals: int | None = None) -> str:
        if minerals is not None and name != "scale":
            raise EditRefused(
                _("--minerals goes with `set FILE scale`, not with {key}").format(
                    key=name
                ),
                _("set the limit alone with `armylist set FILE minerals N`"),
            )
        if name in ("tactical_cards", "units", "missions", "deployments"):
            raise EditRefused(
                _("{key} is a list").format(key=name),
                _("change it with `armylist add` and `armylist remove`"),
            )
        if name not in SETTABLE:
            raise EditRefused(
                _("cannot set {key}{did_you_mean}").format(
                    key=repr(name), did_you_mean=did_you_mean(name, SETTABLE)
                ),
                _("the keys you can set are {keys}").format(keys=", ".join(SETTABLE)),
            )
        written: str | int = value
        matched: tuple[int, bool] | None = None
        if not value.strip():
            # `set FILE KEY ""` removes the key: the inverse of setting a new one.
            if name not in self.doc.data:
                raise EditRefused(
                    _("the list has no {key} to remove").format(key=name),
                    _("give a value: `armylist set FILE {key} VALUE`").format(key=name),
                )
            delete_key(self.doc.data, name)
            return _("removed {key}").format(key=name)
        if name == "scale":
            scale = self.catalog.scale(value)
            if scale is None:
                ids = [s.id for s in self.catalog.game.scales]
                raise EditRefused(
                    _("unknown scale {name}{did_you_mean}").format(
                        name=repr(value), did_you_mean=did_you_mean(value, ids)
                    ),
                    _("the scales are {scales}").format(scales=", ".join(ids)),
                )
            written = scale.id
            matched = self.scale_minerals(scale, minerals)
        elif name == "minerals":
            try:
                written = parse_whole(value)
            except NotAWholeNumber as problem:
                raise EditRefused(
                    _("the Mineral limit must be a whole number: {problem}").format(
                        problem=problem.message
                    ),
                    problem.hint,
                ) from None
            if written < 1:
                raise EditRefused(
                    _("minerals must be 1 or more, not {value}").format(
                        value=value.strip()
                    ),
                    _("e.g. `armylist set FILE minerals 3000`"),
                )
        elif name == "faction":
            faction = self.catalog.factions.get(value)
            if faction is None:
                raise EditRefused(
                    _("unknown Faction Card {name}{did_you_mean}").format(
                        name=repr(value),
                        did_you_mean=meant(self.catalog.suggest_faction(value)),
                    ),
                    _("`armylist factions` lists them"),
                )
            written = faction.name
        self.doc.set_value(name, written)
        if matched is None:
            return _("set {key} to {value}").format(key=name, value=written)
        # Only a new scale comes with a Mineral limit: said with its printed name.
        limit, printed = matched
        facts = {
            "scale": self.catalog.scale_name(str(written)),
            "minerals": people(limit),
        }
        if printed:
            return _(
                "set the scale to {scale} and the Mineral limit to {minerals} to match"
            ).format(**facts)
        return _("set the scale to {scale} and the Mineral limit to {minerals}").format(
            **facts
        )

    def scale_minerals(
        self, scale: Scale, agreed: int | None
    ) -> tuple[int, bool] | None:
        """The `minerals:` line that goes with a new scale: the limit written to it
        and whether it is the scale's printed one, or None when it stays as it is.

        A printed limit (Skirmish, Standard) rewrites a `minerals:` line to match. An
        agreed one (Grand Offensive) is never guessed: it comes with `--minerals N`,
        unless the line already holds a limit the scale accepts.
        """
        given = self.doc.data.get("minerals")
        if scale.minerals is not None:
            if agreed is not None and agreed != scale.minerals:
                raise EditRefused(
                    _("{scale} is {minerals} Minerals, not {agreed}").format(
                        scale=scale.name,
                        minerals=people(scale.minerals),
                        agreed=people(agreed),
                    ),
                    _("leave out --minerals: {scale} has a printed limit").format(
                        scale=scale.name
                    ),
                )
            if "minerals" in self.doc.data and given != scale.minerals:
                self.doc.data["minerals"] = scale.minerals
                return scale.minerals, True
            return None
        if agreed is None:
            fits = isinstance(given, int) and not isinstance(given, bool)
            if fits and given >= scale.minerals_min:
                return None
            facts = {"scale": scale.name, "least": people(scale.minerals_min)}
            raise EditRefused(
                _(
                    "{scale} plays at an agreed Mineral limit of {least} or more, and "
                    "the list says {given}"
                ).format(given=people(given), **facts)
                if isinstance(given, int)
                else _(
                    "{scale} plays at an agreed Mineral limit of {least} or more, and "
                    "the list gives none"
                ).format(**facts),
                _(
                    "give the limit: `armylist set FILE scale {id} --minerals N` "
                    "(e.g. --minerals {example})"
                ).format(id=scale.id, example=max(3000, scale.minerals_min)),
            )
        if agreed < scale.minerals_min:
            raise EditRefused(
                _("{scale} is {least} Minerals or more, not {agreed}").format(
                    scale=scale.name,
                    least=people(scale.minerals_min),
                    agreed=people(agreed),
                ),
                _("give --minerals {least} or more").format(least=scale.minerals_min),
            )
        if given == agreed:
            return None
        self.doc.set_value("minerals", agreed)
        return agreed, False


def apply(text: str, catalog: Catalog, edit: Edit) -> EditedText:
    """Apply one edit to a list's text; raise ``EditError`` when it cannot be made."""
    editor = _Editor(text, catalog)
    if editor.doc.empty and edit.action != "set":
        # Nothing to add to or remove from: not a readable list, as `validate` says
        # of an empty file (exit 1).
        raise Unreadable(
            _(
                "cannot edit this file: it is empty, and an army list is a mapping of "
                "keys (faction, scale, ...)"
            ),
            _(
                "start the list with `armylist set FILE faction NAME`, or with "
                "`armylist new --faction NAME -o FILE --force`"
            ),
        )
    setup = editor.setup()
    if edit.action == "set":
        done = editor.set_key(edit.kind, edit.name, edit.minerals)
    elif edit.kind not in KINDS:
        facts = {
            "kind": repr(edit.kind),
            "did_you_mean": did_you_mean(edit.kind, KINDS),
            "kinds": ", ".join(KINDS),
        }
        if edit.action == "add":
            raise EditRefused(
                _("cannot add a {kind}{did_you_mean}").format(**facts),
                _("what can be added: {kinds}").format(**facts),
            )
        raise EditRefused(
            _("cannot remove a {kind}{did_you_mean}").format(**facts),
            _("what can be removed: {kinds}").format(**facts),
        )
    elif edit.action == "add":
        if edit.kind == "card":
            done = editor.add_card(edit.name, edit.at)
        elif edit.kind == "unit":
            done = editor.add_unit(edit.name, edit.models, list(edit.upgrades), edit.at)
        elif edit.kind == "upgrade":
            done = editor.add_upgrade(edit.name, edit.unit, edit.at)
        else:
            done = editor.add_scenario(edit.kind, edit.name, edit.at)
    elif edit.kind == "unit":
        done = editor.remove_unit(edit.name)
    elif edit.kind == "upgrade":
        done = editor.remove_upgrade(edit.name, edit.unit)
    else:
        done = editor.remove_named(edit.kind, edit.name)
    new_text = editor.doc.text()
    changed = editor.setup()
    if setup is not None and changed is not None and changed != setup:
        # The comments `armylist new` wrote describe the old faction or scale.
        cards = [str(c) for c in editor.items("tactical_cards")]
        new_text = refresh_comments(new_text, catalog, setup, changed, cards)
        stale = _stale_comment_lines(new_text, setup, changed)
        if stale:
            done = ngettext(
                "{done} (the comment on line {lines} still names {faction})",
                "{done} (the comment on line {lines} still names {faction})",
                len(stale),
            ).format(
                done=done, lines=", ".join(map(str, stale)), faction=setup.faction.name
            )
        name = editor.doc.data.get("name")
        if setup.faction.id != changed.faction.id and name == setup.faction.name:
            done = _(
                "{done} (the list's name is still {name}: `armylist set FILE name ...`)"
            ).format(done=done, name=repr(name))
    _still_readable(new_text)
    return EditedText(new_text, done)


def _stale_comment_lines(text: str, old: Setup, new: Setup) -> list[int]:
    """Comment lines that name a faction the list no longer has."""
    if old.faction.id == new.faction.id:
        return []
    name = old.faction.name.casefold()
    return [
        number
        for number, line in enumerate(text.splitlines(), 1)
        if "#" in line and name in line[line.index("#") :].casefold()
    ]


def _still_readable(text: str) -> None:
    # A safety net: never write a text the validator could not read back.
    loaded = read_list(text)
    broken = [p for p in loaded.problems if p.kind in ("yaml-syntax", "duplicate-key")]
    if broken:
        raise Unreadable(
            _("internal error: the edited list would not read back ({problem})").format(
                problem=broken[0].message
            ),
            _("the file was left untouched; please report this with the list"),
        )


def new_findings(before: ListResult, after: ListResult) -> list[Finding]:
    """Errors and warnings after an edit that were not there before it."""
    seen = {(f.code, f.message) for f in before.findings}
    return [
        f
        for f in after.findings
        if f.severity is not Severity.INFO and (f.code, f.message) not in seen
    ]


def edit_file(
    path: Path, catalog: Catalog, edit: Edit, label: str | None = None
) -> EditOutcome:
    """Apply one edit to a list file and write it atomically; the file is untouched
    when the edit is refused, the write fails or the file changed meanwhile."""
    file = label or str(path)
    read = read_text(path)
    before = check_text(read.text, file, catalog)[0]
    change = apply(read.text, catalog, edit)
    after = check_text(change.text, file, catalog)[0]
    write_list(path, change.text, read)
    return EditOutcome(change.done, before, after, new_findings(before, after))


class Changed(EditError):
    """The file changed since it was read: the edit was not written over it."""

    exit_code = 1


def _as_written(text: str, bom: bool, crlf: bool) -> str:
    """LF text with the BOM and newlines the file is written with."""
    return ("\ufeff" if bom else "") + (text.replace("\n", "\r\n") if crlf else text)


def save_list(path: Path, text: str, *, bom: bool, crlf: bool) -> str:
    """Write a list's text atomically over the file as it is now (a new file is
    created, never over one that appeared meanwhile); the digest written."""
    if path.exists() and not path.is_file():
        raise EditRefused(
            _("{path} is not a regular file: nothing was written").format(path=path)
        )
    try:
        now = path.read_bytes()
    except FileNotFoundError:
        return safewrite.write_text(path, _as_written(text, bom, crlf), overwrite=False)
    except OSError as error:
        raise EditRefused(
            _("cannot read {path}: {reason}").format(path=path, reason=os_reason(error))
        ) from None
    return write_list(path, text, ListFileText(text, bom, crlf, safewrite.digest(now)))


def write_list(path: Path, text: str, read: ListFileText) -> str:
    """Write a list's text atomically, with the BOM and newlines the file had, over
    the bytes it was ``read`` from only; the digest written (for the next save)."""
    try:
        return safewrite.write_text(
            path, _as_written(text, read.bom, read.crlf), expected=read.digest
        )
    except safewrite.FileChanged as changed:
        raise Changed(changed.message) from None

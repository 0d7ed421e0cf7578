"""The list an edit works on: its document, and what it holds (the faction, the
scale, the cards, the units), read and found by the names a player gives.

The edits themselves are in ``units``, ``cards`` and ``keys``; ``edits`` puts them
together.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ruamel.yaml.comments import CommentedMap, CommentedSeq

from armylist.editing.errors import EditRefused, Unreadable
from armylist.editing.refusals import no_such_unit
from armylist.editing.starter import Setup
from armylist.editing.yamldoc import (
    ListDocument,
    ListFileError,
    append_item,
    insert_item,
)
from armylist.gamedata.catalog import Catalog
from armylist.gamedata.models import Composition, FactionCard, TacticalCard, Unit
from armylist.text.i18n import _, ngettext
from armylist.text.names import did_you_mean, key, meant
from armylist.text.numbers import plain_digits


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


class ListEditor:
    """A list's document and the catalog its names are looked up in."""

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
        """The list's Faction Card, or refused when it names none or an unknown one."""
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
        """The entries of a top-level list key (none when it is not a list)."""
        value = self.doc.data.get(list_key)
        return list(value) if isinstance(value, CommentedSeq) else []

    def seq(self, owner: CommentedMap, list_key: str) -> CommentedSeq:
        """``owner[list_key]`` as a sequence, or refused when it is not a list."""
        try:
            return self.doc.sequence(owner, list_key)
        except ListFileError as error:
            raise Unreadable(
                str(error), _("write {key} as a list").format(key=list_key)
            ) from None

    def taken_cards(self) -> list[TacticalCard]:
        """The known Tactical Cards the list holds."""
        cards = (
            self.catalog.cards.get(n)
            for n in self.items("tactical_cards")
            if isinstance(n, str)
        )
        return [c for c in cards if c is not None]

    def units(self) -> list[UnitRef]:
        """Every unit entry, with its card and composition when known."""
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
        """The unit a player means by position or name, or refused with the units."""
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

    # -- the tag rule, shared by add card, add unit and add upgrade ----------------

    def check_tags(
        self, name: str, tags: tuple[str, ...], faction: FactionCard
    ) -> None:
        """Refused unless the faction has every Faction Tag printed on the card (§9.1.2)."""
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

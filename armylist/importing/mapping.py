"""Turning a source's ids (already looked up in ids.yaml) into printed names, reporting the rest.

Every parser calls one ``Mapper``: it writes the catalog's printed names, keeps an unknown
item under the source's own name (so `validate` reports it as unknown) with a comment, and
records an import finding naming the source's id.
"""

from __future__ import annotations

from dataclasses import dataclass

from armylist.gamedata.catalog import Catalog
from armylist.gamedata.models import Unit
from armylist.importing import model
from armylist.importing.model import Collector, ImportedUnit, Item, Kind
from armylist.text.i18n import _
from armylist.text.numbers import people

SCALES = {1000: "skirmish", 2000: "standard"}
GRAND_OFFENSIVE_FROM = 2001


@dataclass
class Mapper:
    """Maps one source's entries for one import; ``label`` names the source format."""

    catalog: Catalog
    found: Collector
    label: str

    def faction(self, armylist_id: str | None, source: str, line: int | None) -> Item:
        """The Faction Card, or the source's name kept and reported."""
        card = self.catalog.factions.get(armylist_id) if armylist_id else None
        if card is not None:
            return Item(card.name, source, line)
        comment = self._unknown(
            model.UNKNOWN_FACTION,
            _("{builder} faction card {source} is not one armylist knows"),
            _("not mapped: {builder} id {source}"),
            source,
            line,
        )
        return Item(source, source, line, comment)

    def card(self, armylist_id: str | None, source: str, line: int | None) -> Item:
        """A Tactical or Creep Card."""
        card = self.catalog.cards.get(armylist_id) if armylist_id else None
        if card is not None:
            return Item(card.name, source, line)
        comment = self._unknown(
            model.UNKNOWN_CARD,
            _("{builder} tactical card {source} is not one armylist knows"),
            _("not mapped: {builder} id {source}"),
            source,
            line,
        )
        return Item(source, source, line, comment)

    def unit_card(self, armylist_id: str | None) -> Unit | None:
        """The unit card of an armylist id."""
        return self.catalog.units.get(armylist_id) if armylist_id else None

    def upgrade(
        self, unit: Unit | None, armylist_id: str | None, source: str, line: int | None
    ) -> Item:
        """One upgrade of a unit, or the source's name kept and reported."""
        if unit is not None and armylist_id is not None:
            for upgrade in unit.upgrades:
                if upgrade.id == armylist_id:
                    return Item(upgrade.name, source, line)
        comment = self._unknown(
            model.UNKNOWN_UPGRADE,
            _("{builder} upgrade {source} of {owner} is not one armylist knows"),
            _("not mapped: {builder} upgrade {source}"),
            source,
            line,
            owner=unit.name if unit else _("the unit"),
        )
        return Item(source, source, line, comment)

    def unit(
        self,
        unit: Unit | None,
        source: str,
        models: int | None,
        upgrades: tuple[Item, ...],
        line: int | None,
        *,
        source_name: str | None = None,
    ) -> ImportedUnit:
        """A unit with its model count checked against the card's compositions."""
        if unit is None:
            comment = self._unknown(
                model.UNKNOWN_UNIT,
                _("{builder} unit {source} is not one armylist knows"),
                _("not mapped: {builder} unit {source}"),
                source,
                line,
            )
            return ImportedUnit(
                source_name or source, source, models, upgrades, line, comment
            )
        if models is not None and unit.composition(models) is None:
            printed = ", ".join(str(c.models) for c in unit.compositions)
            self.found.add(
                model.NO_COMPOSITION,
                _("{name} with {models} models: the card prints {printed}").format(
                    name=unit.name, models=models, printed=printed
                ),
                line,
            )
        if unit.summoned:
            self.report(
                model.SUMMONED,
                _("{builder} lists the summoned unit {name} as an ordinary entry"),
                line,
                name=unit.name,
            )
        return ImportedUnit(unit.name, source, models, upgrades, line)

    def mission(
        self,
        name: str | None,
        card_scale: str | None,
        list_scale: str | None,
        source: str,
        line: int | None,
    ) -> Item:
        """A mission by printed name; an unknown id is left as a comment."""
        if name is None:
            comment = self._unknown(
                model.UNKNOWN_MISSION,
                _("{builder} mission {source} is not an official mission"),
                _("not mapped: {builder} mission {source}"),
                source,
                line,
            )
            return Item(None, source, line, comment)
        scale = self.catalog.scale(list_scale) if list_scale else None
        wanted = scale.scenario_scale if scale else "standard"
        if card_scale is not None and card_scale != wanted:
            self.report(
                model.MISSION_SCALE,
                _(
                    "{builder} mission {source} is the {card_scale} card; the list brings its {wanted} card of {name}"
                ),
                line,
                source=repr(source),
                card_scale=card_scale,
                wanted=wanted,
                name=name,
            )
        return Item(name, source, line)

    def deployment(
        self, armylist_id: str | None, source: str, line: int | None
    ) -> Item:
        """A deployment by printed name; an unknown id is left as a comment."""
        card = self.catalog.deployments.get(armylist_id) if armylist_id else None
        if card is not None:
            return Item(card.name, source, line)
        comment = self._unknown(
            model.UNKNOWN_DEPLOYMENT,
            _("{builder} deployment {source} is not an official deployment"),
            _("not mapped: {builder} deployment {source}"),
            source,
            line,
        )
        return Item(None, source, line, comment)

    def scale(
        self, limit: int | None, line: int | None
    ) -> tuple[str | None, int | None]:
        """The scale and, when needed, the `minerals:` value for a Mineral limit."""
        if limit is None:
            self.report(
                model.ODD_LIMIT,
                _("{builder} gives no Mineral limit: the scale is left empty"),
                line,
            )
            return None, None
        if limit in SCALES:
            return SCALES[limit], None
        if limit >= GRAND_OFFENSIVE_FROM:
            return "grand-offensive", limit
        self.report(
            model.ODD_LIMIT,
            _(
                "{builder} Mineral limit {limit} is no standard scale (1,000 Skirmish, 2,000 Standard, over 2,000 Grand Offensive)"
            ),
            line,
            limit=people(limit),
        )
        return "standard" if limit > 1000 else "skirmish", limit

    def report(
        self, kind: Kind, message: str, line: int | None, **names: object
    ) -> None:
        """Record a finding; ``message`` is a translated template naming the source
        format as ``{builder}``, filled with ``names``."""
        self.found.add(kind, message.format(builder=self.label, **names), line)

    def _unknown(
        self,
        kind: Kind,
        message: str,
        comment: str,
        source: str,
        line: int | None,
        **names: str,
    ) -> str:
        """Report an entry armylist cannot map; return the comment kept beside it.

        ``message`` and ``comment`` are translated templates naming ``{builder}`` and
        ``{source}`` (quoted in the finding, bare in the comment), and ``names``.
        """
        self.report(kind, message, line, source=repr(source), **names)
        return comment.format(builder=self.label, source=source)

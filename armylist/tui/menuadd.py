"""The numbered menus that add to a list: Tactical Cards, units, a unit's models.

The tag rule decides what is offered; each entry says what it costs, what it grants and
what would go over budget or over the Army Slots. A Unique already taken stays listed
(the numbers never shift) and is refused with the reason.
"""

from __future__ import annotations

from armylist.editing import edits
from armylist.editing.kinds import EditKind
from armylist.editing.words import or_each
from armylist.gamedata.models import Composition, Unit
from armylist.text.i18n import N_, _, ngettext
from armylist.text.numbers import NotAWholeNumber, parse_whole, people
from armylist.tui.answers import means
from armylist.tui.menulist import MenuList
from armylist.tui.menus import Option, choose, entry_marks


class AddMenus(MenuList):
    """Add a Tactical Card or a unit (with its composition)."""

    def add_card(self) -> None:
        """Offer the cards the faction may take, marking those over the gas budget.

        A Unique card already taken stays in the menu (the numbers stay put) and is
        refused with the reason; the menu is offered again.
        """
        while self._add_card():
            pass

    def _add_card(self) -> bool:
        """One pass of the card menu: whether the choice was refused."""
        taken = {p.card.id for p in self.context.cards}
        cards = list(self.catalog.cards_for(self._faction()))
        left = self._left(self.result.gas.used, self.result.gas.limit)
        width = max((len(c.name) for c in cards), default=0)
        options = []
        for card in cards:
            granted = f"+{card.slots.describe()}" if card.slots.items() else "-"
            fits = (
                ""
                if left is None or card.gas <= left
                else "  " + _("OVER BUDGET by {gas} Gas").format(gas=card.gas - left)
            )
            marks = entry_marks(card.unique, card.provisional, taken=card.id in taken)
            options.append(
                Option(
                    card.name,
                    f"{card.name:<{width}}  {card.gas:>3} Gas  {granted}{fits}{marks}",
                )
            )
        title = _("Tactical Cards {faction} may take ({gas} Vespene Gas left):").format(
            faction=self._faction().name, gas="?" if left is None else people(left)
        )
        index = choose(self.io, title, options, question=N_("Card"))
        if index is None:
            return False
        return not self.apply(
            edits.Edit(action="add", kind=EditKind.CARD, name=cards[index].name)
        )

    def add_unit(self) -> None:
        """Offer the units the faction may take with each composition's fit; a taken
        Unique stays listed and is refused, as in `add_card`."""
        while self._add_unit():
            pass

    def _add_unit(self) -> bool:
        """One pass of the unit menu: whether the choice was refused."""
        taken = {p.unit.id for p in self.context.units}
        units = list(self.catalog.units_for(self._faction()))
        width = max((len(u.name) for u in units), default=0)
        options = []
        for unit in units:
            choices = "; ".join(
                _("{models}: {minerals} (Supply {supply})").format(
                    models=c.models, minerals=people(c.minerals), supply=c.supply
                )
                + self._fit(unit, c)
                for c in unit.compositions
            )
            slot = unit.slot.label if unit.slot else "-"
            marks = entry_marks(unit.unique, unit.provisional, taken=unit.id in taken)
            options.append(
                Option(unit.name, f"{unit.name:<{width}}  {slot:<7}  {choices}{marks}")
            )
        left = self._left(self.result.minerals.used, self.result.minerals.limit)
        index = choose(
            self.io,
            _(
                "Units ({minerals} Minerals left; models: Minerals (starting Supply = "
                "Army Slots)):"
            ).format(minerals="?" if left is None else people(left)),
            options,
            question=N_("Unit"),
        )
        if index is None:
            return False
        unit = units[index]
        composition = unit.compositions[0]
        if len(unit.compositions) > 1 and not (unit.unique and unit.id in taken):
            picked = self._composition(unit)
            if picked is None:
                return False
            composition = picked
        models = composition.models if len(unit.compositions) > 1 else None
        added = self.apply(
            edits.Edit(action="add", kind=EditKind.UNIT, name=unit.name, models=models)
        )
        if added and unit.upgrades:
            self.io.say("  " + _("(menu 3 buys its upgrades)"))
        return not added

    def _composition(self, unit: Unit) -> Composition | None:
        """Ask for a model count (not a menu index: '2' means 2 models)."""
        self.io.say(_("{unit}: how many models?").format(unit=unit.name))
        for c in unit.compositions:
            self.io.say(
                "  "
                + ngettext(
                    "{models} model, {minerals} Minerals, Supply {supply}",
                    "{models} models, {minerals} Minerals, Supply {supply}",
                    c.models,
                ).format(
                    models=f"{c.models:>2}",
                    minerals=people(c.minerals),
                    supply=c.supply,
                )
                + self._fit(unit, c)
            )
        counts = or_each([str(c.models) for c in unit.compositions])
        while True:
            answer = self.io.ask(_("Models ({counts}; 0 back)").format(counts=counts))
            answer = answer.strip()
            if answer in ("0", "") or means(answer, "back"):
                return None
            try:
                chosen = unit.composition(parse_whole(answer))
            except NotAWholeNumber:
                chosen = None
            if chosen is not None:
                return chosen
            self.io.say(
                "  "
                + _("{unit} comes as {counts} models").format(
                    unit=unit.name, counts=counts
                )
            )

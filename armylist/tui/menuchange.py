"""The numbered menus that change what a list holds: a unit's upgrades, and the removal
of a card or a unit, by its place in the file."""

from __future__ import annotations

from armylist.editing import edits
from armylist.editing.kinds import EditKind
from armylist.text.i18n import N_, _
from armylist.text.numbers import people
from armylist.tui.menulist import MenuList
from armylist.tui.menus import Option, choose


class ChangeMenus(MenuList):
    """Buy or drop a unit's upgrades; remove a card or a unit."""

    def upgrades(self) -> None:
        """Pick a unit, then buy or drop its upgrades one at a time."""
        placed = self.context.units
        if not placed:
            self.io.say("  " + _("the list has no units yet"))
            return
        options = [
            Option(
                p.unit.name,
                _("{unit}, {minerals} Minerals").format(
                    unit=p.label, minerals=people(p.minerals)
                ),
            )
            for p in placed
        ]
        index = choose(self.io, _("Which unit?"), options, question=N_("Unit"))
        if index is None:
            return
        position = placed[index].path[1]
        assert isinstance(position, int)
        while True:
            current = next(
                (p for p in self.context.units if p.path[1] == position), None
            )
            if current is None or current.composition is None:
                self.io.say(
                    "  " + _("that unit has no valid composition; fix it first")
                )
                return
            models = current.composition.models
            bought = {b.upgrade.id for b in current.upgrades}
            left = self._left(self.result.minerals.used, self.result.minerals.limit)
            rows = []
            for upgrade in current.unit.upgrades:
                cost = upgrade.cost_for(models)
                tags = " SPECIALIST" if upgrade.specialist else ""
                tags += f" FOR {upgrade.replaces}" if upgrade.replaces else ""
                mark = "[x]" if upgrade.id in bought else "[ ]"
                over = (
                    ""
                    if upgrade.id in bought
                    or cost is None
                    or left is None
                    or cost <= left
                    else "  "
                    + _("OVER BUDGET by {minerals}").format(minerals=cost - left)
                )
                price = _("n/a") if cost is None else str(cost)
                rows.append(
                    Option(
                        upgrade.name,
                        f"{mark} {upgrade.name}  "
                        + _("{price} Minerals").format(price=price)
                        + f"{tags}{over}",
                    )
                )
            if not rows:
                self.io.say(
                    "  " + _("{unit} has no upgrades").format(unit=current.unit.name)
                )
                return
            picked = choose(
                self.io,
                _(
                    "Upgrades of {unit} (number to buy or drop; {minerals} Minerals "
                    "left):"
                ).format(
                    unit=current.label,
                    minerals="?" if left is None else people(left),
                ),
                rows,
                question=N_("Upgrade"),
            )
            if picked is None:
                return
            upgrade = current.unit.upgrades[picked]
            action = "remove" if upgrade.id in bought else "add"
            self.apply(
                edits.Edit(
                    action=action,
                    kind=EditKind.UPGRADE,
                    name=upgrade.name,
                    unit=str(position + 1),
                )
            )

    def remove_card(self) -> None:
        """Offer the list's cards for removal."""
        placed = self.context.cards
        if not placed:
            self.io.say("  " + _("the list has no Tactical Cards"))
            return
        index = choose(
            self.io,
            _("Remove which card?"),
            [Option(p.card.name, p.card.name) for p in placed],
            question=N_("Card"),
        )
        if index is not None:
            # By its place in the file: of two Forges, the one chosen goes.
            position = placed[index].path[-1]
            assert isinstance(position, int)
            self.apply(
                edits.Edit(action="remove", kind=EditKind.CARD, name=str(position + 1))
            )

    def remove_unit(self) -> None:
        """Offer the list's units for removal."""
        placed = self.context.units
        if not placed:
            self.io.say("  " + _("the list has no units"))
            return
        options = [Option(p.unit.name, p.label) for p in placed]
        index = choose(self.io, _("Remove which unit?"), options, question=N_("Unit"))
        if index is not None:
            position = placed[index].path[1]
            assert isinstance(position, int)
            self.apply(
                edits.Edit(action="remove", kind=EditKind.UNIT, name=str(position + 1))
            )

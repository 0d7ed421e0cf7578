"""Edits of the card lists: Tactical Cards (§9.1.5), Mission and Deployment
Cards (§9.2).
"""

from __future__ import annotations

from armylist.editing.errors import EditRefused
from armylist.editing.listeditor import ListEditor
from armylist.editing.yamldoc import remove_item
from armylist.text.i18n import _, ngettext
from armylist.text.names import did_you_mean, key
from armylist.text.numbers import plain_digits

_LISTS = {
    "card": "tactical_cards",
    "mission": "missions",
    "deployment": "deployments",
}


class CardEdits(ListEditor):
    """Add and remove Tactical, Mission and Deployment Cards."""

    def add_card(self, name: str, at: int | None = None) -> str:
        """Add a Tactical Card the faction may take; what was added."""
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

    def remove_named(self, kind: str, name: str) -> str:
        """Remove a card, a Mission or a Deployment Card by name or position."""
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
        """The scale whose Mission Cards the list's scale plays."""
        scale = self.doc.data.get("scale")
        found = self.catalog.scale(scale) if isinstance(scale, str) else None
        return found.scenario_scale if found else "standard"

    def add_scenario(self, kind: str, name: str, at: int | None = None) -> str:
        """Add a Mission or Deployment Card, at most 2 and no repeats (§9.2)."""
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

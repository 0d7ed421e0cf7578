"""The cards a list is built from: Faction and Tactical (and Creep) Cards, the Army
Slots, and what every card has (its name, id, race)."""

from __future__ import annotations

import re
from dataclasses import field
from enum import StrEnum
from typing import Annotated, Any, ClassVar, Literal

from armylist.files.checked import FORBID, After, Described, Least, record
from armylist.text.i18n import _

SLUG = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


class SlotType(StrEnum):
    """The five official Army Slot types (§9.1.5)."""

    CORE = "core"
    ELITE = "elite"
    SUPPORT = "support"
    AIR = "air"
    HERO = "hero"

    @property
    def label(self) -> str:
        """The name as printed on the cards."""
        return _SLOT_LABELS[self]


_SLOT_ORDER = tuple(SlotType)
# Each type's printed name, worked out once: the enum's `.value` goes through Python
# code, and every slot hint and ledger names the types.
_SLOT_LABELS = {slot: slot.value.capitalize() for slot in _SLOT_ORDER}


class Race(StrEnum):
    """The three races."""

    TERRAN = "Terran"
    ZERG = "Zerg"
    PROTOSS = "Protoss"


def _slug(value: str) -> str:
    if not SLUG.match(value):
        raise ValueError(
            _("id {id} is not a lower-case slug like 'barracks-proxy'").format(
                id=repr(value)
            )
        )
    return value


@record
class Card:
    """Fields every card shares: stable slug id, printed name, provenance."""

    __pydantic_config__: ClassVar[dict[str, Any]] = FORBID

    id: Annotated[str, After(_slug), Described("stable slug id, e.g. barracks-proxy")]
    name: Annotated[str, Described("the name as printed on the card")]
    source: Annotated[str, Described("where the numbers come from")]
    provisional: Annotated[
        bool, Described("wave-2 card known from one source only")
    ] = False
    note: str | None = None


@record
class Slots:
    """A number of Army Slots per slot type."""

    __pydantic_config__: ClassVar[dict[str, Any]] = FORBID

    core: Annotated[int, Least(0)] = 0
    elite: Annotated[int, Least(0)] = 0
    support: Annotated[int, Least(0)] = 0
    air: Annotated[int, Least(0)] = 0
    hero: Annotated[int, Least(0)] = 0

    def get(self, slot: SlotType) -> int:
        """Slots of one type."""
        value: int = self.__dict__[slot]  # a StrEnum member is its own field name
        return value

    def items(self) -> list[tuple[SlotType, int]]:
        """The non-zero slot types in printed order."""
        # Read on every rule of every list: the field values straight from __dict__.
        fields = self.__dict__
        return [(s, fields[s]) for s in _SLOT_ORDER if fields[s]]

    def describe(self) -> str:
        """E.g. '3 Core, 1 Support, 1 Air, 1 Hero'."""
        return ", ".join(f"{n} {s.label}" for s, n in self.items()) or _("none")


@record
class FactionCard(Card):
    """A Faction Card: tags, starting Army Slots and the race resource (§9.1.2)."""

    race: Race
    tags: tuple[str, ...]
    slots: Slots
    resource: str
    resource_per_round: Annotated[int, Least(0)]


@record
class TacticalCard(Card):
    """A Tactical Card or a Zerg Creep Card, paid in Vespene Gas (§9.1.5)."""

    race: Race
    kind: Literal["tactical", "creep"] = "tactical"
    tags: tuple[str, ...]
    gas: Annotated[int, Least(0)]
    slots: Slots = field(default_factory=Slots)
    unique: bool = False
    resource_per_round: Annotated[int, Least(0)] | None = None

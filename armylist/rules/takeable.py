"""What a list can still take now: the one answer behind every hint that names a card,
a unit or an upgrade.

A thing is offered only when adding it, as it stands, brings no new error: it is on
the Faction Card's tags (§9.1.2), it is not a Unique already taken, it costs no more
than the Minerals or Vespene Gas left, and a unit fits the free Army Slots of its type.
Each offer carries the edit that takes it (`Suggestion`), so a hint is a command that
works, and a test can follow it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache, partial
from itertools import groupby
from operator import attrgetter, itemgetter
from typing import NamedTuple, TypeVar, cast

from armylist.findings import Suggestion
from armylist.gamedata.models import (
    Composition,
    FactionCard,
    Race,
    SlotType,
    TacticalCard,
    Unit,
    Upgrade,
)
from armylist.resolved import SLOT_TYPES, Context, PlacedUnit
from armylist.text.i18n import N_, _, ngettext

# A hint names a few offers, not the catalog.
SHOWN = 3
# Without a Faction Card the tag rule cannot say what may be taken.
NO_FACTION = N_("name a known Faction Card to see what the list may take")


class Offer(NamedTuple):
    """Something the list can take now: how a hint names it, what it costs, and the
    edit that takes it (`suggestion`: the thing's kind and name, a unit's ``models``,
    the ``unit`` an upgrade is for).

    A tuple, and its edit made only when asked: a search makes many offers for the
    few a hint names."""

    label: str
    cost: int
    kind: str
    name: str
    models: int | None = None
    unit: int | None = None

    @property
    def suggestion(self) -> Suggestion:
        """The edit that takes it."""
        return Suggestion(self.kind, self.name, self.models, self.unit)


def minerals_left(context: Context) -> int | None:
    """Minerals not yet spent (negative when over); None when the limit is unknown."""
    limit = context.mineral_limit
    return None if limit is None else limit - context.totals().minerals


def gas_left(context: Context) -> int | None:
    """Vespene Gas not yet spent (negative when over); None when the limit is unknown."""
    limit = context.gas_limit
    return None if limit is None else limit - context.totals().gas


def free_slots(context: Context, slot: SlotType) -> int:
    """Army Slots of a type granted and not occupied (negative when over)."""
    totals = context.totals()
    return totals.available[slot] - totals.used[slot]


def _fits(cost: int, left: int | None) -> bool:
    return left is None or cost <= left


Answer = TypeVar("Answer")


def _shared(context: Context, question: Callable[[Context], Answer]) -> Answer:
    """A search's answer for a list, worked out once and shared by every tool that
    asks (the builder's menus ask again on each screen). The answer is kept while the
    Faction Card, the units, the cards and the limit stay the same."""
    stamp = (
        id(context.faction),
        len(context.units),
        len(context.cards),
        context.mineral_limit,
        context.minerals_used,
    )
    kept = context.answers.get(question.__name__)
    if kept is not None and kept[0] == stamp:
        return cast(Answer, kept[1])
    answer = question(context)
    context.answers[question.__name__] = (stamp, answer)
    return answer


def card_fits(context: Context) -> list[TacticalCard]:
    """Every Tactical (and Creep) Card the list can add now without a new error, in
    catalog order: on the Faction Card's tags, not a Unique taken, within the Gas left,
    and a Creep Card only for a Zerg list that has none."""
    faction = context.faction
    if faction is None:
        return []
    left = gas_left(context)
    taken = {placed.card.id for placed in context.cards}
    has_creep = any(placed.card.kind == "creep" for placed in context.cards)
    fitting = []
    for card in context.catalog.cards_for(faction):
        if card.unique and card.id in taken:
            continue
        # A second Creep Card, or one outside the Zerg, is an error of its own.
        if card.kind == "creep" and (has_creep or faction.race is not Race.ZERG):
            continue
        if _fits(card.gas, left):
            fitting.append(card)
    return fitting


def cards(
    context: Context,
    *,
    slot: SlotType | None = None,
    grants: int = 1,
    creep: bool = False,
    enough: int | None = None,
) -> list[Offer]:
    """Tactical Cards the list can take now, the dearest first (the cheapest first
    with ``slot``); with ``enough``, only as far as that many cards are offered
    (and those as dear as the last).

    With ``slot``, only cards granting at least ``grants`` slots of that type; with
    ``creep``, only Creep Cards (and those even at 0 Gas: the list needs one).
    Otherwise a card must cost some Gas, or it would use none of what is left.
    """
    # Gas left over is best spent whole; a missing slot is best bought cheaply.
    sign = 1 if slot is not None else -1
    offers: list[Pending] = []
    for card in card_fits(context):
        if creep and card.kind != "creep":
            continue
        if slot is not None and card.slots.get(slot) < grants:
            continue
        if card.gas == 0 and not creep:
            continue
        offers.append((sign * card.gas, partial(_card_offer, card, slot)))
    return _ranked(offers, enough)


def _card_offer(card: TacticalCard, slot: SlotType | None) -> Offer:
    if slot is None:
        return _worded_card_offer(_("{card} ({gas} Gas)"), card.name, card.gas)
    return _worded_card_offer(
        _("{card} (+{slots} {slot}, {gas} Gas)"),
        card.name,
        card.gas,
        card.slots.get(slot),
        slot.label,
    )


# Worded once, as `_worded_upgrade_offer`: all the offer says is in the key.
@lru_cache(maxsize=1024)
def _worded_card_offer(
    wording: str, card: str, gas: int, slots: int = 0, slot: str = ""
) -> Offer:
    label = wording.format(card=card, gas=gas, slots=slots, slot=slot)
    return Offer(label, gas, "card", card)


def _ranked(pending: list[Pending], enough: int | None) -> list[Offer]:
    """Offers by their rank, then by label; with ``enough``, only as far as that many
    different things are offered (whole ranks), the most a hint names.

    Labels are written rank by rank, only for the ranks kept: most of the things a
    list could buy are never named.
    """
    offers: list[Offer] = []
    names: set[tuple[str, str]] = set()
    pending.sort(key=_rank)  # stable: the order found within a rank
    for _rank_value, ranked in groupby(pending, key=_rank):
        kept = sorted((make() for _rank_value, make in ranked), key=_label)
        offers += kept
        names.update((o.kind, o.name) for o in kept)
        if enough is not None and len(names) >= enough:
            break
    return offers


_rank = itemgetter(0)  # of a Pending
_label = attrgetter("label")  # of an Offer


# An offer not yet labelled: its rank (the lower, the sooner) and how to make it.
Pending = tuple[int, Callable[[], Offer]]


def unit_fits(context: Context) -> list[tuple[Unit, Composition]]:
    """Every unit, at every composition, the list can add now without a new error, in
    catalog order: on the Faction Card's tags, not a summoned unit or a Unique taken,
    within the free Army Slots of its type and the Minerals left."""
    return list(_shared(context, _unit_fits))


def _unit_fits(context: Context) -> tuple[tuple[Unit, Composition], ...]:
    faction = context.faction
    if faction is None:
        return ()
    left = minerals_left(context)
    taken = {placed.unit.id for placed in context.units}
    rooms: dict[SlotType, int] = {}  # free slots by type, as the units ask
    fitting = []
    for unit in context.catalog.units_for(faction):
        if unit.slot is None or (unit.unique and unit.id in taken):
            continue
        room = rooms.get(unit.slot)
        if room is None:
            room = rooms[unit.slot] = free_slots(context, unit.slot)
        fitting += [
            (unit, c)
            for c in unit.compositions
            if c.supply <= room and _fits(c.minerals, left)
        ]
    return tuple(fitting)


def units(
    context: Context, *, slot: SlotType | None = None, enough: int | None = None
) -> list[Offer]:
    """Units the list can take now (one composition each), the dearest first; with
    ``enough``, only the dearest that many (and those as dear as the last).

    A unit must fit the free Army Slots of its type and the Minerals left, as in
    `unit_fits`. With ``slot``, only units of that type that occupy at least one slot;
    the composition offered is the one that fills the most of them.

    The units are read by their dearest composition (`Catalog.units_by_minerals`):
    with ``enough``, the search stops at the first unit that cannot cost as much as
    the offers already kept.
    """
    faction = context.faction
    if faction is None:
        return []
    left = minerals_left(context)
    if _none_fits(context, faction, slot, left):
        return []
    taken = {placed.unit.id for placed in context.units}
    rooms: dict[SlotType, int] = {}  # free slots by type, as the units ask
    offers: list[Pending] = []
    dearest: dict[str, int] = {}  # the Minerals offered, by name
    floor: int | None = None  # what the last name ``enough`` keeps costs, at least
    for top, unit in context.catalog.units_by_minerals(faction, slot):
        if floor is not None and top < floor:
            break
        assert unit.slot is not None  # units_by_minerals keeps only these
        if unit.unique and unit.id in taken:
            continue
        room = rooms.get(unit.slot)
        if room is None:
            room = rooms[unit.slot] = free_slots(context, unit.slot)
        fitting = [
            c
            for c in unit.compositions
            if c.supply <= room
            and _fits(c.minerals, left)
            and (c.supply if slot is not None else c.minerals) > 0
        ]
        if not fitting:
            continue
        # Most slots filled, then most Minerals used: what leaves the least lost.
        best = max(fitting, key=lambda c: (c.supply, c.minerals))
        offers.append((-best.minerals, partial(_unit_offer, unit, best)))
        if enough is not None:
            dearest[unit.name] = max(dearest.get(unit.name, 0), best.minerals)
            if len(dearest) >= enough:
                floor = sorted(dearest.values(), reverse=True)[enough - 1]
    return _ranked(offers, enough)


def _none_fits(
    context: Context, faction: FactionCard, slot: SlotType | None, left: int | None
) -> bool:
    """True when no composition of a unit of the slot type (of any, without
    ``slot``) can fit the free Army Slots or the Minerals left: most lists have no
    room for another unit, and the search need not read every card to say so."""
    catalog = context.catalog
    totals = context.totals()
    cheapest = None
    for kind in SLOT_TYPES if slot is None else (slot,):
        supply, minerals = catalog.least_composition(faction, kind)
        room = totals.available[kind] - totals.used[kind]
        if supply <= room:
            cheapest = minerals if cheapest is None else min(cheapest, minerals)
    return cheapest is None or (left is not None and cheapest > left)


def _unit_offer(unit: Unit, composition: Composition) -> Offer:
    models = composition.models if len(unit.compositions) > 1 else None
    label = _("{unit} ({models}) for {minerals} Minerals").format(
        unit=unit.name, models=composition.models, minerals=composition.minerals
    )
    return Offer(label, composition.minerals, "unit", unit.name, models)


@dataclass(frozen=True)
class UpgradeFit:
    """An upgrade a unit of the list can buy now: the unit's 1-based place among the
    list's units, the unit, the upgrade and its cost for the unit's composition."""

    position: int
    placed: PlacedUnit
    upgrade: Upgrade
    cost: int


def upgrade_fits(context: Context) -> list[UpgradeFit]:
    """Every upgrade a unit of the list can buy now without a new error, in list
    order (§9.1.7): printed for its composition, within the Minerals left; not one
    the unit has, a SPECIALIST with no model left to carry it, or a second upgrade FOR
    a weapon already replaced (two SPECIALIST upgrades may share one)."""
    return list(_shared(context, _upgrade_fits))


def _upgrade_fits(context: Context) -> tuple[UpgradeFit, ...]:
    left = minerals_left(context)
    fitting = []
    for placed in context.units:
        if placed.composition is None:
            continue
        can_buy = _buyable(placed)
        for upgrade in placed.unit.upgrades:
            cost = upgrade.cost_for(placed.composition.models)
            if cost is None or not _fits(cost, left):
                continue
            if can_buy(upgrade):
                position = int(placed.path[1]) + 1
                fitting.append(UpgradeFit(position, placed, upgrade, cost))
    return tuple(fitting)


def upgrades(context: Context, *, enough: int | None = None) -> list[Offer]:
    """Upgrades the list's units can still buy that cost Minerals, the dearest first;
    with ``enough``, only as far as that many different upgrades are offered.

    Each unit's upgrades are read the dearest first (`Catalog.priced_upgrades`). With
    ``enough``, what the ``enough``-th dearest name found so far costs is a floor:
    `_ranked` keeps nothing cheaper, as the names found later only raise it.
    """
    left = minerals_left(context)
    offers: list[Pending] = []
    dearest: dict[str, int] = {}  # the dearest offer of each name found
    floor = 0  # upgrades here cost 1 Mineral or more
    wording = ""  # how an offer reads, asked of the language once
    for placed in context.units:
        if placed.composition is None:
            continue
        can_buy: Callable[[Upgrade], bool] | None = None  # worked out when first asked
        for cost, upgrade in context.catalog.priced_upgrades(
            placed.unit, placed.composition.models
        ):
            if cost < floor:
                break
            if left is not None and cost > left:
                continue
            if can_buy is None:
                can_buy = _buyable(placed)
                # Where the unit is and how it reads, once for all its offers.
                position = int(placed.path[1]) + 1
                label = placed.label
                wording = wording or _(UPGRADE_OFFER)
            if not can_buy(upgrade):
                continue
            offers.append(
                (
                    -cost,
                    partial(
                        _worded_upgrade_offer,
                        wording,
                        upgrade.name,
                        position,
                        label,
                        cost,
                    ),
                )
            )
            if enough is not None and cost > dearest.get(upgrade.name, 0):
                dearest[upgrade.name] = cost
                if len(dearest) >= enough:
                    floor = sorted(dearest.values(), reverse=True)[enough - 1]
    return _ranked(offers, enough)


UPGRADE_OFFER = N_("{upgrade} on #{position} {unit} for {cost} Minerals")


# The same upgrade on the same unit at the same place recurs from list to list, and a
# hint's search words many offers it does not name: each offer is worded once. All it
# says is in the key, the wording in the language in use too, and an Offer is a tuple.
@lru_cache(maxsize=4096)
def _worded_upgrade_offer(
    wording: str, upgrade: str, position: int, unit: str, cost: int
) -> Offer:
    label = wording.format(upgrade=upgrade, position=position, unit=unit, cost=cost)
    return Offer(label, cost, "upgrade", upgrade, unit=position)


def factions(context: Context) -> list[Offer]:
    """Other Faction Cards the whole list fits as it is (§9.1.2, §9.1.5).

    Every card and unit keeps its tags, every slot type keeps room for its units, and
    a Zerg Faction Card is offered only to a list that holds a Creep Card.
    """
    current = context.faction
    catalog = context.catalog
    tags = [placed.card.tags for placed in context.cards]
    tags += [placed.unit.tags for placed in context.units if not placed.unit.summoned]
    has_creep = any(placed.card.kind == "creep" for placed in context.cards)
    granted = {slot: 0 for slot in SLOT_TYPES}
    for placed in context.cards:
        for slot, amount in placed.card.slots.items():
            granted[slot] += amount
    offers = []
    for faction in catalog.factions.all:
        if current is not None and faction.id == current.id:
            continue
        if any(catalog.missing_tags(t, faction) for t in tags):
            continue
        if (faction.race is Race.ZERG) is not has_creep:
            continue
        if any(
            faction.slots.get(slot) + granted[slot] < context.used(slot)
            for slot in SLOT_TYPES
        ):
            continue
        offers.append(Offer(faction.name, 0, "faction", faction.name))
    return offers


def _buyable(placed: PlacedUnit) -> Callable[[Upgrade], bool]:
    """Whether the unit can still buy an upgrade: not one it has, a SPECIALIST only
    with a model left to carry it, no second upgrade FOR a weapon already replaced.
    What the unit bought is looked at once, for all of its card's upgrades."""
    assert placed.composition is not None
    if not placed.upgrades:
        return _any  # nothing bought, nothing in the way (a composition has a model)
    bought = [p.upgrade for p in placed.upgrades]
    ids = {u.id for u in bought}
    carried = len({u.id for u in bought if u.specialist})
    # The first upgrade FOR each weapon, as the replacement rule reads "FOR [weapon]"
    # (`resolved.replacements_taken`): a later one finds the weapon taken, unless
    # both are SPECIALIST, each replacing it on its own model.
    first_for: dict[str, Upgrade] = {}
    for u in bought:
        if u.replaces:
            first_for.setdefault(u.replaces.casefold(), u)
    room = carried < placed.composition.models

    def can_buy(upgrade: Upgrade) -> bool:
        if upgrade.id in ids or (upgrade.specialist and not room):
            return False
        if upgrade.replaces is None:
            return True
        first = first_for.get(upgrade.replaces.casefold())
        return first is None or (upgrade.specialist and first.specialist)

    return can_buy


def _any(upgrade: Upgrade) -> bool:
    return True


def named(offers: list[Offer]) -> tuple[str, tuple[Suggestion, ...]]:
    """The first few offers as a hint names them ('A or B'), and their edits.

    One offer per name: the same upgrade for a second unit says nothing new.
    """
    # The first offer of each name, told by what it names, not by identity: an offer
    # worded once (`_worded_upgrade_offer`) is one object wherever it is made.
    firsts: dict[tuple[str, str], Offer] = {}
    for offer in offers:
        firsts.setdefault((offer.kind, offer.name), offer)
    shown = list(firsts.values())[:SHOWN]
    text = either([offer.label for offer in shown])
    return text, tuple(offer.suggestion for offer in shown)


def unit_names(placed: list[PlacedUnit]) -> str:
    """The names of some units, each once: 'Jim Raynor', 'Artanis, Zeratul'."""
    return ", ".join(dict.fromkeys(unit.unit.name for unit in placed))


def either(labels: list[str]) -> str:
    """'A', 'A or B', 'A, B or C': the way a hint names its few choices."""
    if len(labels) == 1:
        return labels[0]
    return _("{first} or {last}").format(first=", ".join(labels[:-1]), last=labels[-1])


def offer_hint(
    context: Context, offers: list[Offer], lead: str, nothing: str
) -> tuple[str, tuple[Suggestion, ...]]:
    """A hint and its edits: ``lead`` and the first few offers ("15 Gas would buy A or
    B"), or ``nothing`` when none fits (`NO_FACTION` without a known Faction Card)."""
    if offers:
        text, suggestions = named(offers)
        return f"{lead} {text}", suggestions
    return (_(NO_FACTION) if context.faction is None else nothing), ()


def slots_text(count: int, slot: SlotType) -> str:
    """E.g. '1 Elite slot', '2 Core slots'."""
    return ngettext("{count} {slot} slot", "{count} {slot} slots", count).format(
        count=count, slot=slot.label
    )

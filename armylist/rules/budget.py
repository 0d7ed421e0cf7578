"""Rules about the scale and the Mineral and Vespene Gas budgets."""

from __future__ import annotations

from collections.abc import Iterator

from armylist.findings import Finding, Severity
from armylist.gamedata.models import SlotType
from armylist.resolved import SLOT_TYPES, Context
from armylist.rules import takeable
from armylist.rules.base import Rule, minerals, rule
from armylist.text.i18n import _, ngettext
from armylist.text.names import did_you_mean
from armylist.text.numbers import people


@rule("AL201", "scale", Severity.ERROR, "§9.1.1")
def scale(self: Rule, context: Context) -> Iterator[Finding]:
    """The scale must be skirmish, standard or grand-offensive, with a matching limit.

    Skirmish is 1,000 Minerals and Standard 2,000; `minerals:` may be omitted for them and
    must match when given. Grand Offensive needs `minerals:` of 2,001 or more.

    Bad:  `scale: grand-offensive` with `minerals: 1500`
    Good: `scale: grand-offensive` with `minerals: 3000`
    """
    army = context.army
    if army is None or army.scale is None:
        return
    scales = context.catalog.game.scales
    if context.scale is None:
        names = [s.id for s in scales]
        yield self.at(
            context,
            ("scale",),
            _("unknown scale {scale}{close}").format(
                scale=repr(army.scale), close=did_you_mean(army.scale, names)
            ),
            _("write one of: {scales}").format(scales=", ".join(names)),
        )
        return
    chosen = context.scale
    match chosen.minerals_problem(army.minerals):
        case "missing":
            yield self.at(
                context,
                ("scale",),
                _(
                    "a {scale} list needs `minerals:`, the agreed Mineral limit "
                    "({least} or more)"
                ).format(scale=chosen.name, least=minerals(chosen.minerals_min)),
                _("add `minerals: {least}` (or the limit agreed)").format(
                    least=chosen.minerals_min
                ),
            )
        case "too-low":
            assert army.minerals is not None
            yield self.at(
                context,
                ("minerals",),
                _("{scale} is {least} Minerals or more; the list says {amount}").format(
                    scale=chosen.name,
                    least=minerals(chosen.minerals_min),
                    amount=minerals(army.minerals),
                ),
                _smaller_scale(context, chosen.minerals_min, army.minerals),
            )
        case "mismatch":
            assert army.minerals is not None
            yield self.at(
                context,
                ("minerals",),
                _("{scale} is {limit} Minerals; the list says {amount}").format(
                    scale=chosen.name,
                    limit=minerals(chosen.minerals or 0),
                    amount=minerals(army.minerals),
                ),
                _("write `minerals: {limit}` or delete the line").format(
                    limit=chosen.minerals
                ),
            )
        case None:
            pass


def _smaller_scale(context: Context, least: int, amount: int) -> str:
    # Raising the limit comes first: the list was most likely meant to be this scale
    # (`set FILE scale standard` then back again left Standard's 2,000 behind).
    for candidate in context.catalog.game.scales:
        if candidate.minerals is not None and candidate.minerals == amount:
            return _(
                "raise `minerals:` to the agreed limit ({least} or more), or for "
                "{amount} Minerals play `scale: {scale}`"
            ).format(least=minerals(least), amount=minerals(amount), scale=candidate.id)
    return _("raise `minerals:` to the agreed limit ({least} or more)").format(
        least=minerals(least)
    )


@rule("AL202", "minerals-over-budget", Severity.ERROR, "§9.1.3")
def minerals_over_budget(self: Rule, context: Context) -> Iterator[Finding]:
    """Units and upgrades may not cost more Minerals than the scale's limit.

    Bad:  2,030 Minerals of units and upgrades in a Standard list
    Good: 2,000 or less
    """
    limit = context.mineral_limit
    used = context.minerals_used
    if limit is not None and used > limit:
        over = used - limit
        yield self.at(
            context,
            ("units",),
            _("Minerals {used} of {limit}: {over} over").format(
                used=minerals(used), limit=minerals(limit), over=minerals(over)
            ),
            _minerals_over_hint(context, limit),
            key=True,
        )


def _minerals_over_hint(context: Context, limit: int) -> str:
    """What to remove, counting only what can legally stay: a Unique unit taken again
    goes first (AL303), then one upgrade or unit that is enough alone."""
    repeats = context.unique_repeats()
    staying = {id(placed) for placed in context.units} - {id(u) for u in repeats}
    used = sum(u.minerals for u in context.units if id(u) in staying)
    over = used - limit
    if repeats and over <= 0:
        return ngettext(
            "remove the repeated Unique {units}: the units that can stay cost {used} "
            "of {limit} Minerals",
            "remove the repeated Unique {units}: the units that can stay cost {used} "
            "of {limit} Minerals",
            len(repeats),
        ).format(
            units=takeable.unit_names(repeats),
            used=minerals(used),
            limit=minerals(limit),
        )
    hint = _("remove an upgrade or a unit: {over} Minerals over").format(
        over=minerals(over)
    )
    if candidates := _enough_to_drop(context, over, staying):
        hint = ngettext(
            "remove an upgrade or a unit: {over} Minerals over; {candidates} is enough",
            "remove an upgrade or a unit: {over} Minerals over; any one of these "
            "is enough: {candidates}",
            len(candidates),
        ).format(over=minerals(over), candidates=takeable.either(candidates))
    if repeats:
        hint = ngettext(
            "remove the repeated Unique {units}, then {fix}",
            "remove the repeated Unique {units}, then {fix}",
            len(repeats),
        ).format(units=takeable.unit_names(repeats), fix=hint)
    return hint


def _enough_to_drop(context: Context, over: int, staying: set[int]) -> list[str]:
    """The upgrades and units (of those that can stay) whose removal alone brings the
    list under its limit, the cheapest first."""
    found: list[tuple[int, int, str, str]] = []
    for placed in context.units:
        if placed.composition is None or id(placed) not in staying:
            continue
        position = int(placed.path[1]) + 1
        if placed.minerals >= over:
            label = _("#{position} {unit} ({cost} Minerals)").format(
                position=position, unit=placed.label, cost=minerals(placed.minerals)
            )
            found.append((placed.minerals, position, placed.label, label))
        for bought in placed.upgrades:
            cost = bought.upgrade.cost_for(placed.composition.models) or 0
            if cost >= over:
                label = _("{upgrade} on #{position} {unit} ({cost} Minerals)").format(
                    upgrade=bought.upgrade.name,
                    position=position,
                    unit=placed.label,
                    cost=minerals(cost),
                )
                found.append((cost, position, bought.upgrade.name, label))
    # One per name: the same upgrade on a second unit says nothing new.
    shown: dict[str, str] = {}
    for *_order, name, label in sorted(found):
        shown.setdefault(name, label)
    return list(shown.values())[: takeable.SHOWN]


@rule("AL203", "gas-over-budget", Severity.ERROR, "§9.1.4")
def gas_over_budget(self: Rule, context: Context) -> Iterator[Finding]:
    """Tactical and Creep Cards may not cost more Vespene Gas than the limit.

    The limit is a tenth (10%) of the Mineral limit (Standard 200). Gas never turns
    into Minerals.

    Bad:  215 Gas of Tactical Cards in a Standard list
    Good: 200 or less
    """
    limit = context.gas_limit
    used = context.gas_used
    if limit is not None and used > limit:
        over = used - limit
        yield self.at(
            context,
            ("tactical_cards",),
            _("Vespene Gas {used} of {limit}: {over} over").format(
                used=people(used), limit=people(limit), over=people(over)
            ),
            _gas_over_hint(context, over),
            key=True,
        )


def _gas_over_hint(context: Context, over: int) -> str:
    """Remove a card worth the Gas over: the cheapest that is enough alone, among the
    cards whose Army Slots the units can do without (never the Creep Card)."""
    shown: dict[str, str] = {}
    room: dict[SlotType, int] | None = None
    for placed in sorted(context.cards, key=lambda placed: placed.card.gas):
        card = placed.card
        if card.gas < over or card.kind == "creep" or card.name in shown:
            continue
        if room is None:  # the slots the staying units leave free, counted once
            room = {
                slot: context.available(slot) - context.used(slot, staying=True)
                for slot in SLOT_TYPES
            }
        if any(card.slots.get(slot) > room[slot] for slot in SLOT_TYPES):
            continue
        shown[card.name] = _("{card} ({gas} Gas)").format(card=card.name, gas=card.gas)
    if not shown:
        return _("remove a Tactical Card worth at least {over} Gas").format(
            over=people(over)
        )
    cards = list(shown.values())[: takeable.SHOWN]
    return ngettext(
        "remove a Tactical Card worth at least {over} Gas: {cards} is enough",
        "remove a Tactical Card worth at least {over} Gas; any one of these is "
        "enough: {cards}",
        len(cards),
    ).format(over=people(over), cards=takeable.either(cards))


@rule("AL204", "minerals-unspent", Severity.INFO, "§9.1.3")
def minerals_unspent(self: Rule, context: Context) -> Iterator[Finding]:
    """Minerals left unspent are lost at the start of the game (worth knowing, legal).

    Example: 1,670 of 2,000 Minerals spent leaves 330 that buy nothing.
    """
    limit = context.mineral_limit
    used = context.minerals_used
    if limit is not None and used < limit:
        left = limit - used
        # Units first: a unit uses more of what is left than an upgrade. The hint
        # names SHOWN things, so the upgrades are searched only for those left.
        units = takeable.units(context, enough=2)[:2]
        named = len({offer.name for offer in units})
        offers = units + takeable.upgrades(context, enough=takeable.SHOWN - named)
        # Why nothing fits is worded only when nothing does.
        hint, suggestions = takeable.offer_hint(
            context,
            offers,
            _("{left} Minerals would buy").format(left=minerals(left)),
            ""
            if offers
            else _(
                "no unit that fits the free Army Slots and no upgrade costs "
                "{left} Minerals or less: the Minerals are lost"
            ).format(left=minerals(left)),
        )
        yield self.at(
            context,
            ("units",),
            _("{left} of {limit} Minerals unspent (lost)").format(
                left=minerals(left), limit=minerals(limit)
            ),
            hint,
            key=True,
            suggestions=suggestions,
        )


@rule("AL205", "gas-unspent", Severity.INFO, "§9.1.4")
def gas_unspent(self: Rule, context: Context) -> Iterator[Finding]:
    """Vespene Gas left unspent is lost (worth knowing, legal).

    Example: 185 of 200 Gas spent leaves 15 that buy nothing.
    """
    limit = context.gas_limit
    used = context.gas_used
    if limit is not None and used < limit:
        left = limit - used
        name = context.faction.name if context.faction else ""
        offers = takeable.cards(context, enough=takeable.SHOWN)
        # Why nothing fits is worded only when nothing does.
        hint, suggestions = takeable.offer_hint(
            context,
            offers,
            _("{left} Gas would buy").format(left=left),
            ""
            if offers
            else _(
                "nothing {faction} may take costs {left} Gas or less: the Gas is lost"
            ).format(faction=name, left=left),
        )
        yield self.at(
            context,
            ("tactical_cards",),
            _("{left} of {limit} Vespene Gas unspent (lost)").format(
                left=left, limit=limit
            ),
            hint,
            key=True,
            suggestions=suggestions,
        )

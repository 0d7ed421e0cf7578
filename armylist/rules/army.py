"""Rules about what the army may take: tags, Army Slots, Unique, compositions, Creep."""

from __future__ import annotations

from collections.abc import Iterator

from armylist.findings import Finding, Severity, Suggestion
from armylist.gamedata.models import FactionCard, Race, SlotType
from armylist.resolved import SLOT_TYPES, Context
from armylist.rules import takeable
from armylist.rules.base import Rule, minerals, rule
from armylist.text.i18n import _, joined, ngettext


@rule("AL301", "faction-tag", Severity.ERROR, "§9.1.2")
def faction_tag(self: Rule, context: Context) -> Iterator[Finding]:
    """Every Faction Tag on a unit or Tactical Card must be on the Faction Card.

    One missing tag and the card is out, even if the others match; fewer tags than the
    Faction Card is fine.

    Bad:  `Raynor's Raider (Marine)` (TERRAN, RAYNOR'S RAIDERS) in a Terran Armed Forces list
    Good: the same unit in a Raynor's Raiders list, or a plain TERRAN `Marine` in either
    """
    faction = context.faction
    if faction is None:
        return
    # Most lists fit their Faction Card whole: then there is nothing to look at.
    allowed = set(faction.tags)
    if all(allowed.issuperset(c.card.tags) for c in context.cards) and all(
        allowed.issuperset(u.unit.tags) for u in context.units
    ):
        return
    catalog = context.catalog
    # Each entry's name, tags and path (a unit's at its `unit:` key).
    placed: list[tuple[str, tuple[str, ...], tuple[str | int, ...], bool]] = []
    for card in context.cards:
        if card.card.kind == "creep" and faction.race is not Race.ZERG:
            continue  # the creep-card rule explains this one
        placed.append((card.card.name, card.card.tags, card.path, False))
    placed += [
        (u.unit.name, u.unit.tags, u.path, True)
        for u in context.units
        if not u.unit.summoned  # the summoned-unit rule explains these
    ]
    whole_list = None  # Faction Cards every entry fits: asked only for a hint
    for name, tags, at, unit in placed:
        missing = catalog.missing_tags(tags, faction)
        if not missing:
            continue
        path = (*at, "unit") if unit else at
        if whole_list is None:
            whole_list = takeable.factions(context)
        fits = [
            f.name for f in catalog.factions.all if not catalog.missing_tags(tags, f)
        ]
        others = joined(fits)
        hint, suggestions = takeable.offer_hint(
            context,
            whole_list,
            _("remove it, or play a Faction Card the whole list fits:"),
            ngettext(
                "remove it ({factions} takes it, but not the rest of the list)",
                "remove it ({factions} take it, but not the rest of the list)",
                len(fits),
            ).format(factions=others)
            if fits
            else _("remove it"),
        )
        yield self.at(
            context,
            path,
            _(
                "{name} needs the Faction Tag {missing}, which {faction} lacks "
                "({faction} has {tags})"
            ).format(
                name=name,
                missing=", ".join(missing),
                faction=faction.name,
                tags=", ".join(faction.tags),
            ),
            hint,
            suggestions=suggestions,
        )


@rule("AL302", "slots-exceeded", Severity.ERROR, "§9.1.5, §9.1.6")
def slots_exceeded(self: Rule, context: Context) -> Iterator[Finding]:
    """Units may not occupy more Army Slots of a type than the cards grant.

    A unit occupies as many slots of its type as its starting Supply (the Supply of its
    composition): 9 Marines (Supply 2) take 2 Core slots. Slots come from the Faction
    Card and the Tactical Cards.
    The fix counts only the units that can stay: a Unique unit taken twice is
    removed (AL303), never given a slot bought for it.

    Bad:  Core 9 used of 8
    Good: Core 8 used of 8
    """
    if context.faction is None:
        return  # without a Faction Card the slots are unknown, not exceeded
    totals = context.totals()
    for slot in SLOT_TYPES:
        available = totals.available[slot]
        if totals.used[slot] <= available:
            continue  # the same sum as below: no unit is the one over
        running = 0
        for placed in context.units:
            if placed.unit.slot is not slot or placed.unit.summoned:
                continue
            running += placed.supply or 0
            if running > available:
                yield _overflow(self, context, slot, available, (*placed.path, "unit"))
                break


def _overflow(
    self: Rule,
    context: Context,
    slot: SlotType,
    available: int,
    path: tuple[str | int, ...],
) -> Finding:
    used = context.used(slot)
    granted = [f"{source} {n}" for source, s, n in context.granted() if s is slot]
    users = [
        f"{u.label} {u.supply}"
        for u in context.units
        if u.unit.slot is slot and not u.unit.summoned and u.supply
    ]
    over = used - available
    message = _(
        "{slot} Army Slots: {used_of}, {over} over. Granted by: {granted}. "
        "Used by: {users}"
    ).format(
        slot=slot.label,
        used_of=_used_of(used, available),
        over=over,
        granted=", ".join(granted) or _("nothing"),
        users=", ".join(users),
    )
    # A Unique unit taken again has to go (AL303): no slot is bought for it.
    repeats = [
        u
        for u in context.unique_repeats()
        if u.unit.slot is slot and not u.unit.summoned
    ]
    over = context.used(slot, staying=True) - available
    if repeats:
        names = takeable.unit_names(repeats)
        if over <= 0:
            hint = ngettext(
                "remove the repeated Unique {units}: the units that can stay fit the "
                "{slot} slots",
                "remove the repeated Unique {units}: the units that can stay fit the "
                "{slot} slots",
                len(repeats),
            ).format(units=names, slot=slot.label)
            return self.at(context, path, message, hint)
        hint, suggestions = _free_slots_hint(context, slot, over)
        hint = ngettext(
            "remove the repeated Unique {units}, then {fix}",
            "remove the repeated Unique {units}, then {fix}",
            len(repeats),
        ).format(units=names, fix=hint)
        return self.at(context, path, message, hint, suggestions=suggestions)
    hint, suggestions = _free_slots_hint(context, slot, over)
    return self.at(context, path, message, hint, suggestions=suggestions)


def _free_slots_hint(
    context: Context, slot: SlotType, over: int
) -> tuple[str, tuple[Suggestion, ...]]:
    """How to free ``over`` slots of a type: a smaller army, or a card that grants
    them (only a card that grants every slot missing makes the finding go)."""
    offers = takeable.cards(context, slot=slot, grants=over)
    freed = takeable.slots_text(over, slot)
    if offers:
        text, suggestions = takeable.named(offers)
        return _(
            "free {slots}: drop or shrink a unit, or take a card that grants "
            "{slots}: {cards}"
        ).format(slots=freed, cards=text), suggestions
    if context.faction is not None:
        left = takeable.gas_left(context)
        if left is not None and left >= 0:
            return _(
                "free {slots}: drop or shrink a unit (no card {faction} may still "
                "take grants {slots} for {left} Gas or less)"
            ).format(slots=freed, faction=context.faction.name, left=left), ()
    return _("free {slots}: drop or shrink a unit").format(slots=freed), ()


@rule("AL303", "unique", Severity.ERROR, "§9.1.5, §9.1.6")
def unique(self: Rule, context: Context) -> Iterator[Finding]:
    """A Unique unit or card may be taken only once.

    Bad:  `Jim Raynor` twice, or `Academy` twice
    Good: one of each
    """
    seen: set[str] = set()
    for card in context.cards:
        if card.card.unique and card.card.id in seen:
            yield self.at(
                context,
                card.path,
                _("{name} is Unique and is already in the list").format(
                    name=card.card.name
                ),
                _("remove this {name}").format(name=card.card.name),
            )
        seen.add(card.card.id)
    for placed in context.unique_repeats():
        yield self.at(
            context,
            (*placed.path, "unit"),
            _("{name} is Unique and is already in the list").format(
                name=placed.unit.name
            ),
            _("remove this {name}").format(name=placed.unit.name),
        )


@rule("AL304", "composition", Severity.ERROR, "§9.1.6")
def composition(self: Rule, context: Context) -> Iterator[Finding]:
    """A unit must take one of the compositions printed on its card.

    `models:` may be omitted only when the card offers a single composition.

    Bad:  `unit: Marine` with `models: 7`
    Good: `models: 6` (160 Minerals) or `models: 9` (210 Minerals)
    """
    for placed in context.units:
        if placed.composition is not None or placed.unit.summoned:
            continue
        options = joined(
            (
                _("{models} ({minerals} Minerals, Supply {supply})").format(
                    models=c.models, minerals=minerals(c.minerals), supply=c.supply
                )
                for c in placed.unit.compositions
            ),
            "or",
        )
        models = placed.entry.models
        if models is None:
            yield self.at(
                context,
                (*placed.path, "unit"),
                _("{unit} has several compositions: choose {options}").format(
                    unit=placed.unit.name, options=options
                ),
                _("add `models: {models}` (or another)").format(
                    models=placed.unit.compositions[0].models
                ),
            )
        else:
            yield self.at(
                context,
                (*placed.path, "models"),
                ngettext(
                    "{unit} has no composition of {count} model: choose {options}",
                    "{unit} has no composition of {count} models: choose {options}",
                    models,
                ).format(
                    unit=placed.unit.name, count=minerals(models), options=options
                ),
                _("set `models:` to one of {choices}").format(
                    choices=", ".join(str(c.models) for c in placed.unit.compositions)
                ),
            )


@rule("AL305", "summoned-unit", Severity.ERROR, "§9.1.9")
def summoned_unit(self: Rule, context: Context) -> Iterator[Finding]:
    """Summoned units (Roachling, Point Defense Drone, Pylon, Omega Worm) are not listed.

    They cost nothing, take no slot and enter only through an ability such as SUMMON.

    Bad:  `unit: Pylon`
    Good: leave it out; the ability that summons it brings it
    """
    for placed in context.units:
        if placed.unit.summoned:
            yield self.at(
                context,
                (*placed.path, "unit"),
                _("{unit} is a summoned unit and cannot be in an army list").format(
                    unit=placed.unit.name
                ),
                _("remove it: it enters the game only through an ability"),
            )


@rule("AL306", "creep-card", Severity.ERROR, "§9.1.5 (Zerg Creep)")
def creep_card(self: Rule, context: Context) -> Iterator[Finding]:
    """A Zerg list takes exactly one Creep Card; other races take none.

    Bad:  a Zerg Swarm list without Accelerating Creep or Malignant Creep
    Good: `tactical_cards: [Accelerating Creep, Spawning Pool]`
    """
    faction = context.faction
    if faction is None:
        return
    creeps = [c for c in context.cards if c.card.kind == "creep"]
    if faction.race is not Race.ZERG:
        for card in creeps:
            yield self.at(
                context,
                card.path,
                _("{card} is a Zerg Creep Card; {faction} is {race}").format(
                    card=card.card.name, faction=faction.name, race=faction.race
                ),
                _("remove it"),
            )
        return
    if not creeps:
        options = joined(
            (
                _("{card} ({gas} Gas)").format(card=c.name, gas=c.gas)
                for c in context.catalog.cards_for(faction)
                if c.kind == "creep"
            ),
            "or",
        )
        hint, suggestions = takeable.offer_hint(
            context,
            takeable.cards(context, creep=True),
            _("add one to tactical_cards:"),
            _("remove a Tactical Card to free the Gas for one: {cards}").format(
                cards=options
            ),
        )
        yield self.at(
            context,
            ("tactical_cards",)
            if context.army and context.army.tactical_cards
            else ("faction",),
            _("{faction} needs exactly one Creep Card; the list has none").format(
                faction=faction.name
            ),
            hint,
            key=True,
            suggestions=suggestions,
        )
    distinct = list({c.card.id: c for c in reversed(creeps)}.values())[::-1]
    for card in distinct[1:]:  # the same card twice is the unique rule's
        yield self.at(
            context,
            card.path,
            _("{faction} takes exactly one Creep Card; {card} is one too many").format(
                faction=faction.name, card=card.card.name
            ),
            _("keep one Creep Card"),
        )


@rule("AL307", "slots-unused", Severity.INFO, "§9.1.6")
def slots_unused(self: Rule, context: Context) -> Iterator[Finding]:
    """Army Slots left empty are lost at the start (worth knowing, legal).

    Example: Support 2 of 3 used leaves one Support slot for another Medic squad.
    """
    if context.faction is None:
        return
    totals = context.totals()
    for slot in SLOT_TYPES:
        available = totals.available[slot]
        used = totals.used[slot]
        if used < available:
            free = available - used
            hint, suggestions = _fill(context, context.faction, slot, free)
            yield self.at(
                context,
                ("units",),
                _("{slot} Army Slots: {used_of}, {unused}").format(
                    slot=slot.label,
                    used_of=_used_of(used, available),
                    unused=ngettext(
                        "{free} unused (lost)", "{free} unused (lost)", free
                    ).format(free=free),
                ),
                hint,
                key=True,
                suggestions=suggestions,
            )


def _used_of(used: int, available: int) -> str:
    """`2 used of 3`: the participle agrees with the slots used (`1 usado de 5`)."""
    return ngettext(
        "{used} used of {available}", "{used} used of {available}", used
    ).format(used=used, available=available)


def _fill(
    context: Context, faction: FactionCard, slot: SlotType, free: int
) -> tuple[str, tuple[Suggestion, ...]]:
    """AL307's hint: units that fit the free slots now, or why none does."""
    offers = takeable.units(context, slot=slot, enough=takeable.SHOWN)
    if not offers:  # most lists: why none fits, worded only then
        nothing = _no_unit_fits(context, faction, slot, free)
        return takeable.offer_hint(context, offers, "", nothing)
    lead = ngettext(
        "{count} more {slot} slot would fit",
        "{count} more {slot} slots would fit",
        free,
    ).format(count=free, slot=slot.label)
    return takeable.offer_hint(context, offers, lead, "")


def _no_unit_fits(
    context: Context, faction: FactionCard, slot: SlotType, free: int
) -> str:
    """Why no unit fits the free slots of a type: AL307's hint when none does."""
    freed = takeable.slots_text(free, slot)
    left = takeable.minerals_left(context)
    if not context.catalog.units_by_minerals(faction, slot):
        return _("no unit {faction} may take uses {slot} slots yet").format(
            faction=faction.name, slot=slot.label
        )
    if left is not None and left < 0:
        # Over the Mineral limit already: no unit fits, whatever its slot.
        return ngettext(
            "the list is already over its Minerals: the {slot} slot is lost",
            "the list is already over its Minerals: the {slot} slots are lost",
            free,
        ).format(slot=slot.label)
    if left is None:
        return ngettext(
            "no {slot} unit {faction} may still take fits {slots}: the slot is lost",
            "no {slot} unit {faction} may still take fits {slots}: the slots are lost",
            free,
        ).format(slot=slot.label, faction=faction.name, slots=freed)
    return ngettext(
        "no {slot} unit {faction} may still take fits {slots} and {left} "
        "Minerals: the slot is lost",
        "no {slot} unit {faction} may still take fits {slots} and {left} "
        "Minerals: the slots are lost",
        free,
    ).format(slot=slot.label, faction=faction.name, slots=freed, left=minerals(left))

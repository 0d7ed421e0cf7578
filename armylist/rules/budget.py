"""Rules about the scale and the Mineral and Vespene Gas budgets."""

from __future__ import annotations

from collections.abc import Iterator

from armylist.findings import Finding, Severity
from armylist.names import did_you_mean
from armylist.resolved import Context
from armylist.rules import takeable
from armylist.rules.base import Rule, minerals, rule


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
            f"unknown scale {army.scale!r}{did_you_mean(army.scale, names)}",
            f"write one of: {', '.join(names)}",
        )
        return
    chosen = context.scale
    match chosen.minerals_problem(army.minerals):
        case "missing":
            yield self.at(
                context,
                ("scale",),
                f"a {chosen.name} list needs `minerals:`, the agreed Mineral limit "
                f"({minerals(chosen.minerals_min)} or more)",
                f"add `minerals: {chosen.minerals_min}` (or the limit agreed)",
            )
        case "too-low":
            assert army.minerals is not None
            yield self.at(
                context,
                ("minerals",),
                f"{chosen.name} is {minerals(chosen.minerals_min)} Minerals or more; "
                f"the list says {minerals(army.minerals)}",
                _smaller_scale(context, chosen.minerals_min, army.minerals),
            )
        case "mismatch":
            assert army.minerals is not None
            yield self.at(
                context,
                ("minerals",),
                f"{chosen.name} is {minerals(chosen.minerals or 0)} Minerals; the list "
                f"says {minerals(army.minerals)}",
                f"write `minerals: {chosen.minerals}` or delete the line",
            )
        case None:
            pass


def _smaller_scale(context: Context, least: int, amount: int) -> str:
    # Raising the limit comes first: the list was most likely meant to be this scale
    # (`set FILE scale standard` then back again left Standard's 2,000 behind).
    raise_it = f"raise `minerals:` to the agreed limit ({minerals(least)} or more)"
    for candidate in context.catalog.game.scales:
        if candidate.minerals is not None and candidate.minerals == amount:
            return (
                f"{raise_it}, or for {minerals(amount)} Minerals play "
                f"`scale: {candidate.id}`"
            )
    return raise_it


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
            f"Minerals {minerals(used)} of {minerals(limit)}: {minerals(over)} over",
            f"remove an upgrade or a unit: {minerals(over)} Minerals over",
            key=True,
        )


@rule("AL203", "gas-over-budget", Severity.ERROR, "§9.1.4")
def gas_over_budget(self: Rule, context: Context) -> Iterator[Finding]:
    """Tactical and Creep Cards may not cost more Vespene Gas than the limit.

    The limit is 10% of the Mineral limit (Standard 200). Gas never turns into Minerals.

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
            f"Vespene Gas {used} of {limit}: {over} over",
            f"remove a Tactical Card worth at least {over} Gas",
            key=True,
        )


@rule("AL204", "minerals-unspent", Severity.INFO, "§9.1.3")
def minerals_unspent(self: Rule, context: Context) -> Iterator[Finding]:
    """Minerals left unspent are lost at the start of the game (worth knowing, legal).

    Example: 1,670 of 2,000 Minerals spent leaves 330 that buy nothing.
    """
    limit = context.mineral_limit
    used = context.minerals_used
    if limit is not None and used < limit:
        left = limit - used
        # Units first: a unit uses more of what is left than an upgrade.
        offers = takeable.units(context)[:2] + takeable.upgrades(context)
        hint, suggestions = takeable.offer_hint(
            context,
            offers,
            f"{minerals(left)} Minerals would buy",
            f"no unit that fits the free Army Slots and no upgrade costs "
            f"{minerals(left)} Minerals or less: the Minerals are lost",
        )
        yield self.at(
            context,
            ("units",),
            f"{minerals(left)} of {minerals(limit)} Minerals unspent (lost)",
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
        hint, suggestions = takeable.offer_hint(
            context,
            takeable.cards(context),
            f"{left} Gas would buy",
            f"nothing {name} may take costs {left} Gas or less: the Gas is lost",
        )
        yield self.at(
            context,
            ("tactical_cards",),
            f"{left} of {limit} Vespene Gas unspent (lost)",
            hint,
            key=True,
            suggestions=suggestions,
        )

"""Rules about names: every faction, card, unit, upgrade and scenario card must exist."""

from __future__ import annotations

from collections.abc import Iterator

from armylist.findings import Finding, Severity
from armylist.resolved import Context
from armylist.rules.base import Rule, rule
from armylist.text.i18n import N_, _, joined

# Each kind's sentence whole: its word takes its own gender in Spanish.
_UNKNOWN = {
    "faction": N_("unknown faction {name}{context}"),
    "card": N_("unknown card {name}{context}"),
    "unit": N_("unknown unit {name}{context}"),
    "upgrade": N_("unknown upgrade {name}{context}"),
    "mission": N_("unknown mission {name}{context}"),
    "deployment": N_("unknown deployment {name}{context}"),
}


def _unknown(self: Rule, context: Context, kind: str, where: str) -> Iterator[Finding]:
    for item in context.unknown.get(kind, []):
        close = joined((f'"{s}"' for s in item.suggestions), "or")
        message = _(_UNKNOWN[kind]).format(name=repr(item.name), context=item.context)
        if close:
            message += _(" (did you mean {names}?)").format(names=close)
        hint = _("use a printed name or id; {where}").format(where=where)
        yield self.at(context, item.path, message, hint)


@rule("AL101", "unknown-faction", Severity.ERROR, "§9.1.2", needs="unknown")
def unknown_faction(self: Rule, context: Context) -> Iterator[Finding]:
    """The Faction Card must be one of the game's Faction Cards.

    Bad:  `faction: Raynors Raider`
    Good: `faction: Raynor's Raiders` (or its id `raynors-raiders`)
    """
    yield from _unknown(self, context, "faction", _("`armylist factions` lists them"))


@rule("AL102", "unknown-card", Severity.ERROR, "§9.1.5", needs="unknown")
def unknown_card(self: Rule, context: Context) -> Iterator[Finding]:
    """Every Tactical or Creep Card must exist.

    Bad:  `tactical_cards: [Barracks (Proxi)]`
    Good: `tactical_cards: [Barracks (Proxy)]`
    """
    yield from _unknown(
        self,
        context,
        "card",
        _("`armylist cards --faction NAME` lists the cards it may take"),
    )


@rule("AL103", "unknown-unit", Severity.ERROR, "§9.1.6", needs="unknown")
def unknown_unit(self: Rule, context: Context) -> Iterator[Finding]:
    """Every unit must exist.

    Bad:  `unit: Marines`
    Good: `unit: Marine`
    """
    yield from _unknown(
        self,
        context,
        "unit",
        _("`armylist units --faction NAME` lists the units it may take"),
    )


@rule("AL104", "unknown-upgrade", Severity.ERROR, "§9.1.7", needs="unknown")
def unknown_upgrade(self: Rule, context: Context) -> Iterator[Finding]:
    """Every upgrade must be printed on the back of that unit's card.

    Bad:  `upgrades: [Stimpack]` on a Marine (an ability, not an upgrade)
    Good: `upgrades: [Combat Shield]`
    """
    yield from _unknown(
        self, context, "upgrade", _("`armylist info UNIT` lists its upgrades")
    )


@rule("AL105", "unknown-mission", Severity.ERROR, "§9.2", needs="unknown")
def unknown_mission(self: Rule, context: Context) -> Iterator[Finding]:
    """Every mission brought to the draft must be one of the Mission Cards.

    Bad:  `missions: [Hold the Line, Supply Drop]`
    Good: `missions: [Hold Position, Supply Drop]`
    """
    if "mission" not in context.unknown:
        return  # the list of names is worded only for a hint
    names = joined(context.catalog.mission_names())
    yield from _unknown(
        self, context, "mission", _("the Mission Cards are {names}").format(names=names)
    )


@rule("AL106", "unknown-deployment", Severity.ERROR, "§9.2", needs="unknown")
def unknown_deployment(self: Rule, context: Context) -> Iterator[Finding]:
    """Every deployment brought to the draft must be one of the Deployment Cards.

    Bad:  `deployments: [Gantlet, Typhoon]`
    Good: `deployments: [Gauntlet, Typhoon]`
    """
    if "deployment" not in context.unknown:
        return  # the list of names is worded only for a hint
    yield from _unknown(self, context, "deployment", _deployments(context))


def _deployments(context: Context) -> str:
    """The Deployment Cards a list of its scale may bring, or every one by its scale
    when the scale is unknown."""
    cards = context.catalog.deployments.all
    if context.scale is not None:
        wanted = context.scale.scenario_scale
        return _("the Deployment Cards of {scale} are {names}").format(
            scale=context.scale.name,
            names=joined(d.name for d in cards if d.scale == wanted),
        )
    by_scale = {
        scale: joined(d.name for d in cards if d.scale == scale)
        for scale in ("standard", "skirmish")
    }
    return _(
        "the Deployment Cards are {standard} (Standard) and {skirmish} (Skirmish)"
    ).format(**by_scale)

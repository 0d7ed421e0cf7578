"""The roster sheet of `armylist show`, rendered with Rich; and its closed-list view."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text

from armylist.reporters import Terminal
from armylist.reporters.export import player_text, scenario_text
from armylist.reporters.text import to_text
from armylist.reporters.unitwords import model_count, unit_count
from armylist.sheet.roster import Roster, RosterUnit
from armylist.text.i18n import _, ngettext
from armylist.text.numbers import people


def _of(used: int, limit: int | None) -> str:
    return _("{used} of {limit}").format(
        used=people(used), limit="?" if limit is None else people(limit)
    )


def _heading(roster: Roster) -> list[RenderableType]:
    title = Text(roster.name or roster.file, style="bold")
    parts: list[RenderableType] = [title]
    faction = roster.faction or _("unknown Faction Card")
    race = f" ({roster.race})" if roster.race else ""
    parts.append(Text(_("Player: {player}").format(player=player_text(roster))))
    parts.append(
        Text(
            _("Faction: {faction}   Scale: {scale}").format(
                faction=faction + race, scale=roster.scale_name or "?"
            )
        )
    )
    return parts


def _cards(roster: Roster) -> list[RenderableType]:
    parts: list[RenderableType] = [
        Text(
            _("Tactical Cards ({count}, {gas} Vespene Gas)").format(
                count=len(roster.tactical_cards), gas=_of(roster.gas, roster.gas_limit)
            ),
            style="bold",
        )
    ]
    if not roster.tactical_cards:
        parts.append(Text("  " + _("none")))
    width = max((len(c.name) for c in roster.tactical_cards), default=0)
    for card in roster.tactical_cards:
        if card.unknown:
            parts.append(Text(f"  {card.name:<{width}}  {card.note}", style="yellow"))
            continue
        granted = f"  +{card.slots.describe()}" if card.slots.items() else ""
        kind = "  (Creep Card)" if card.kind == "creep" else ""
        gas = _("{gas} Gas").format(gas=f"{card.gas:>3}")
        parts.append(Text(f"  {card.name:<{width}}  {gas}{granted}{kind}"))
    return parts


def _unit(unit: RosterUnit) -> list[RenderableType]:
    if unit.unknown:
        return [
            Text.assemble(
                f"{unit.position:>2}. ",
                (unit.label, "bold"),
                (f"  {unit.note}", "yellow"),
            )
        ]
    cost = _("{minerals} Minerals").format(minerals=people(unit.minerals))
    if unit.upgrades and unit.composition_minerals is not None:
        cost = _("{minerals} Minerals ({composition} + {upgrades} upgrades)").format(
            minerals=people(unit.minerals),
            composition=people(unit.composition_minerals),
            upgrades=people(unit.minerals - unit.composition_minerals),
        )
    details = ", ".join(
        x
        for x in (
            unit.slot.label if unit.slot else None,
            "Unique" if unit.unique else None,
            f"Supply {'?' if unit.supply is None else unit.supply}",
            cost,
        )
        if x
    )
    parts: list[RenderableType] = [
        Text.assemble(f"{unit.position:>2}. ", (unit.label, "bold"), f"  {details}")
    ]
    indent = "    "
    if unit.upgrades:
        parts.append(
            Text(
                indent
                + _("Upgrades: {upgrades}").format(
                    upgrades="; ".join(u.describe() for u in unit.upgrades)
                )
            )
        )
    if unit.loadout is None:
        parts.append(
            Text(
                indent + _("loadout unknown: the composition is not valid"),
                style="yellow",
            )
        )
    else:
        for group in unit.loadout.groups:
            parts.append(Text(f"{indent}{group.label}: {group.describe()}"))
        if unit.loadout.every_model:
            every = ", ".join(unit.loadout.every_model)
            parts.append(
                Text(indent + _("every model: {upgrades}").format(upgrades=every))
            )
        for note in unit.loadout.notes:
            parts.append(
                Text(indent + _("note: {note}").format(note=note), style="yellow")
            )
    if unit.stats:
        parts.append(Text(f"{indent}{unit.stats}", style="dim"))
    return parts


def totals(roster: Roster) -> str:
    """The totals line."""
    return _(
        "Totals: {units}, {models}, starting Supply {supply}; "
        "{minerals} Minerals, {gas} Vespene Gas"
    ).format(
        units=unit_count(roster),
        models=model_count(roster),
        supply=roster.supply,
        minerals=_of(roster.minerals, roster.mineral_limit),
        gas=_of(roster.gas, roster.gas_limit),
    )


def _verdict(roster: Roster) -> Text:
    if roster.valid:
        warnings = roster.warnings
        return Text(
            ngettext(
                "legal list ({count} warning)",
                "legal list ({count} warnings)",
                warnings,
            ).format(count=people(warnings))
            if warnings
            else _("legal list"),
            style="green",
        )
    return Text(
        ngettext(
            "not legal: {count} error; `armylist validate {file}` explains",
            "not legal: {count} errors; `armylist validate {file}` explains",
            roster.errors,
        ).format(count=people(roster.errors), file=roster.file),
        style="bold red",
    )


def render_sheet(roster: Roster) -> RenderableType:
    """The full roster sheet (open list)."""
    parts = _heading(roster)
    parts += [Text(""), *_cards(roster), Text(""), Text(_("Units"), style="bold")]
    if not roster.units:
        parts.append(Text("  " + _("none")))
    for unit in roster.units:
        parts += _unit(unit)
    parts += [
        Text(""),
        Text(_("Mission Cards: {cards}").format(cards=scenario_text(roster.missions))),
        Text(
            _("Deployment Cards: {cards}").format(
                cards=scenario_text(roster.deployments)
            )
        ),
    ]
    parts += [Text(""), Text(totals(roster), style="bold"), _verdict(roster)]
    return Group(*parts)


def render_closed(roster: Roster) -> RenderableType:
    """What the opponent may see under closed lists (§9.1.10): cards, counts, no units."""
    parts = _heading(roster)
    parts.append(
        Text(
            _(
                "Closed list (§9.1.10): the Faction Card and Tactical Cards are face "
                "up; units are revealed as they deploy."
            ),
            style="dim",
        )
    )
    parts += [Text(""), *_cards(roster)]
    units = len(roster.units)
    parts += [
        Text(""),
        Text(_("Units: {count} (revealed as they deploy)").format(count=units)),
    ]
    return Group(*parts)


def render(roster: Roster, terminal: Terminal, *, closed: bool = False) -> str:
    """The roster sheet as text; ``closed``: only what the opponent sees (§9.1.10)."""
    view = render_closed(roster) if closed else render_sheet(roster)
    return to_text(view, width=terminal.width, color=terminal.color)

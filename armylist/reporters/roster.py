"""The roster sheet of `armylist show`, rendered with Rich; and its closed-list view."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text

from armylist.plain import plural
from armylist.reporters import Terminal
from armylist.reporters.export import player_text, scenario_text
from armylist.reporters.text import to_text
from armylist.roster import Roster, RosterUnit


def _of(used: int, limit: int | None) -> str:
    return f"{used:,} of {limit:,}" if limit is not None else f"{used:,} of ?"


def _heading(roster: Roster) -> list[RenderableType]:
    title = Text(roster.name or roster.file, style="bold")
    parts: list[RenderableType] = [title]
    faction = roster.faction or "unknown Faction Card"
    race = f" ({roster.race})" if roster.race else ""
    parts.append(Text(f"Player: {player_text(roster)}"))
    parts.append(Text(f"Faction: {faction}{race}   Scale: {roster.scale_name or '?'}"))
    return parts


def _cards(roster: Roster) -> list[RenderableType]:
    parts: list[RenderableType] = [
        Text(
            f"Tactical Cards ({len(roster.tactical_cards)}, "
            f"{_of(roster.gas, roster.gas_limit)} Vespene Gas)",
            style="bold",
        )
    ]
    if not roster.tactical_cards:
        parts.append(Text("  none"))
    width = max((len(c.name) for c in roster.tactical_cards), default=0)
    for card in roster.tactical_cards:
        if card.unknown:
            parts.append(Text(f"  {card.name:<{width}}  {card.note}", style="yellow"))
            continue
        granted = f"  +{card.slots.describe()}" if card.slots.items() else ""
        kind = "  (Creep Card)" if card.kind == "creep" else ""
        parts.append(Text(f"  {card.name:<{width}}  {card.gas:>3} Gas{granted}{kind}"))
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
    cost = f"{unit.minerals:,} Minerals"
    if unit.upgrades and unit.composition_minerals is not None:
        cost += (
            f" ({unit.composition_minerals:,} + "
            f"{unit.minerals - unit.composition_minerals:,} upgrades)"
        )
    details = ", ".join(
        x
        for x in (
            unit.slot.label if unit.slot else None,
            "Unique" if unit.unique else None,
            f"Supply {unit.supply}" if unit.supply is not None else "Supply ?",
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
            Text(indent + "Upgrades: " + "; ".join(u.describe() for u in unit.upgrades))
        )
    if unit.loadout is None:
        parts.append(
            Text(
                indent + "loadout unknown: the composition is not valid", style="yellow"
            )
        )
    else:
        for group in unit.loadout.groups:
            parts.append(Text(f"{indent}{group.label}: {group.describe()}"))
        if unit.loadout.every_model:
            parts.append(
                Text(f"{indent}every model: " + ", ".join(unit.loadout.every_model))
            )
        for note in unit.loadout.notes:
            parts.append(Text(f"{indent}note: {note}", style="yellow"))
    if unit.stats:
        parts.append(Text(f"{indent}{unit.stats}", style="dim"))
    return parts


def totals(roster: Roster) -> str:
    """The totals line."""
    units = len(roster.units)
    unknown = f" ({roster.unknown_units} unknown)" if roster.unknown_units else ""
    return (
        f"Totals: {plural(units, 'unit')}{unknown}, "
        f"{plural(roster.model_count, 'model')}, "
        f"starting Supply {roster.supply}; "
        f"{_of(roster.minerals, roster.mineral_limit)} Minerals, "
        f"{_of(roster.gas, roster.gas_limit)} Vespene Gas"
    )


def _verdict(roster: Roster) -> Text:
    if roster.valid:
        return Text(
            "legal list"
            + (f" ({plural(roster.warnings, 'warning')})" if roster.warnings else ""),
            style="green",
        )
    return Text(
        f"not legal: {plural(roster.errors, 'error')}; `armylist validate "
        f"{roster.file}` explains",
        style="bold red",
    )


def render_sheet(roster: Roster) -> RenderableType:
    """The full roster sheet (open list)."""
    parts = _heading(roster)
    parts += [Text(""), *_cards(roster), Text(""), Text("Units", style="bold")]
    if not roster.units:
        parts.append(Text("  none"))
    for unit in roster.units:
        parts += _unit(unit)
    parts += [
        Text(""),
        Text(f"Mission Cards: {scenario_text(roster.missions)}"),
        Text(f"Deployment Cards: {scenario_text(roster.deployments)}"),
    ]
    parts += [Text(""), Text(totals(roster), style="bold"), _verdict(roster)]
    return Group(*parts)


def render_closed(roster: Roster) -> RenderableType:
    """What the opponent may see under closed lists (§9.1.10): cards, counts, no units."""
    parts = _heading(roster)
    parts.append(
        Text(
            "Closed list (§9.1.10): the Faction Card and Tactical Cards are face "
            "up; units are revealed as they deploy.",
            style="dim",
        )
    )
    parts += [Text(""), *_cards(roster)]
    units = len(roster.units)
    parts += [Text(""), Text(f"Units: {units} (revealed as they deploy)")]
    return Group(*parts)


def render(roster: Roster, terminal: Terminal, *, closed: bool = False) -> str:
    """The roster sheet as text; ``closed``: only what the opponent sees (§9.1.10)."""
    view = render_closed(roster) if closed else render_sheet(roster)
    return to_text(view, width=terminal.width, color=terminal.color)

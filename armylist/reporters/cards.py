"""Text and JSON views of the game data: factions, cards, units, one card in full."""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from armylist.gamedata.catalog import Catalog
from armylist.gamedata.models import (
    Card,
    Deployment,
    FactionCard,
    MarkerVP,
    Mission,
    MissionScoring,
    Race,
    Scale,
    TacticalCard,
    Unit,
)
from armylist.plain import plural
from armylist.reporters.fit import FitTable

_COLOUR = {"red": "Red", "blue": "Blue", "neutral": "neutral"}
_SEEN = {
    "own": "your colour",
    "neutral": "neutral",
    "opponent": "the opponent's colour",
}


def _numbers(numbers: list[int]) -> str:
    return ", ".join(str(n) for n in numbers)


def _rounds(rounds: list[int]) -> str:
    consecutive = rounds == list(range(rounds[0], rounds[-1] + 1))
    if len(rounds) > 1 and consecutive:
        return f"rounds {rounds[0]}-{rounds[-1]}"
    return f"round {rounds[0]}" if len(rounds) == 1 else f"rounds {_numbers(rounds)}"


def _marker_vp(vp: MarkerVP) -> str:
    by_vp: dict[int, list[str]] = {}
    for seen in ("own", "neutral", "opponent"):
        if getattr(vp, seen):
            by_vp.setdefault(getattr(vp, seen), []).append(_SEEN[seen])
    if len(by_vp) == 1 and sum(len(s) for s in by_vp.values()) == len(_SEEN):
        return f"{next(iter(by_vp))} VP"
    return ", ".join(
        f"{points} VP if it is {' or '.join(seen)}" for points, seen in by_vp.items()
    )


def scoring_lines(scoring: MissionScoring) -> list[str]:
    """How a Mission Card scores (§8.9.2), in words, from its `scoring:` data."""
    colours: dict[str, list[int]] = {}
    for marker, colour in sorted(scoring.markers.items()):
        colours.setdefault(colour, []).append(marker)
    lines = [
        "Markers "
        + "; ".join(f"{_numbers(m)} {_COLOUR[c]}" for c, m in colours.items())
        + f"; they start {scoring.markers_start.capitalize()}",
        "every round: 1 VP per enemy Supply destroyed this round",
    ]
    start = f"from round {scoring.objective_from_round}"
    if scoring.activations:
        groups: dict[tuple[int, ...], list[int]] = {}
        for activation in scoring.activations:
            groups.setdefault(activation.markers, []).append(activation.round)
        flips = [
            f"at the start of {_rounds(rounds)}, one random Deactivated marker of "
            f"{_numbers(list(markers))} is activated"
            if len(markers) > 1
            else f"{_rounds(rounds)}: marker {markers[0]}"
            for markers, rounds in groups.items()
        ]
        lines.append("; ".join(flips))
        lines.append(
            f"{start}, each Activated marker you control scores VP equal to the round "
            "it was activated in, then is removed"
        )
    if scoring.marker_vp is not None and any(
        (scoring.marker_vp.own, scoring.marker_vp.neutral, scoring.marker_vp.opponent)
    ):
        lines.append(
            f"{start}, each marker you control: {_marker_vp(scoring.marker_vp)}"
        )
    if scoring.capture_bonus:
        lines.append(
            f"+{scoring.capture_bonus} VP for each marker you took from the opponent "
            "this round"
        )
    if scoring.gather is not None:
        lines.append(
            f"Gather: +{scoring.gather.vp} VP at once, at a marker you control that is "
            + " or ".join(_SEEN[m] for m in scoring.gather.markers)
        )
    if scoring.quarters is not None:
        lines.append(
            f"{scoring.quarters.vp} VP for each of the {scoring.quarters.count} "
            "battlefield quarters where your Supply wholly within is higher"
        )
    return [line[0].upper() + line[1:] for line in lines]


def _flag(card: Card) -> str:
    return " (provisional)" if card.provisional else ""


def factions_table(catalog: Catalog) -> RenderableType:
    """The Faction Cards by race."""
    table = FitTable(
        title="Faction Cards",
        box=box.SIMPLE_HEAD,
        title_justify="left",
        whole=("Faction Card", "Id"),
        drop=("Resource", "Race", "Tags"),
    )
    for column in (
        "Race",
        "Faction Card",
        "Id",
        "Tags",
        "Starting Army Slots",
        "Resource",
    ):
        table.add_column(column)
    for race in Race:
        for faction in (f for f in catalog.factions.all if f.race is race):
            table.add_row(
                race.value,
                faction.name + _flag(faction),
                faction.id,
                ", ".join(faction.tags),
                faction.slots.describe(),
                f"+{faction.resource_per_round} {faction.resource}",
            )
    return table


def card_data(card: Card) -> dict[str, Any]:
    """A card as JSON data."""
    return card.model_dump(mode="json", exclude_none=True)


def cards_table(catalog: Catalog, faction: FactionCard) -> RenderableType:
    """The Tactical and Creep Cards a faction may take."""
    table = FitTable(
        title=f"Tactical Cards for {faction.name}",
        box=box.SIMPLE_HEAD,
        title_justify="left",
        whole=("Card",),
        drop=("Tags", "Kind", "Unique"),
    )
    for column in ("Card", "Kind", "Gas", "Army Slots granted", "Unique", "Tags"):
        table.add_column(column, justify="right" if column == "Gas" else "left")
    for card in catalog.cards_for(faction):
        table.add_row(
            card.name + _flag(card),
            card.kind,
            str(card.gas),
            card.slots.describe() if card.slots.items() else "-",
            "yes" if card.unique else "",
            ", ".join(card.tags),
        )
    return table


def _compositions(unit: Unit) -> str:
    return "; ".join(
        f"{plural(c.models, 'model')}: {plural(c.minerals, 'Mineral')}, Supply {c.supply}"
        for c in unit.compositions
    )


def _upgrade_line(unit: Unit) -> str:
    parts = []
    for upgrade in unit.upgrades:
        costs = " / ".join(f"{m}: {c}" for m, c in sorted(upgrade.cost.items()))
        extra = " SPECIALIST" if upgrade.specialist else ""
        extra += f" FOR {upgrade.replaces}" if upgrade.replaces else ""
        parts.append(f"{upgrade.name} ({costs}){extra}")
    return "\n".join(parts) or "-"


def units_table(catalog: Catalog, faction: FactionCard) -> RenderableType:
    """The units a faction may take, with compositions and upgrade costs."""
    table = FitTable(
        title=f"Units for {faction.name}",
        box=box.SIMPLE_HEAD,
        title_justify="left",
        show_lines=True,
        whole=("Unit",),
    )
    for column in (
        "Unit",
        "Slot",
        "Compositions (models: Minerals, Supply = slots)",
        "Upgrades (Minerals by models)",
    ):
        table.add_column(column)
    for unit in catalog.units_for(faction):
        name = unit.name + (" (Unique)" if unit.unique else "") + _flag(unit)
        table.add_row(
            name,
            unit.slot.label if unit.slot else "-",
            _compositions(unit),
            _upgrade_line(unit),
        )
    return table


def _weapons(unit: Unit) -> Table:
    table = FitTable(
        title="Weapons", box=box.SIMPLE_HEAD, title_justify="left", whole=("Weapon",)
    )
    for column in (
        "Weapon",
        "Phase",
        "Range",
        "Target",
        "RoA",
        "Hit",
        "Surge",
        "Dmg",
        "Keywords",
    ):
        table.add_column(column)
    for w in unit.weapons:
        surge = " ".join(x for x in (w.surge_type, w.surge_dice) if x) or "-"
        table.add_row(
            w.name,
            w.phase or "?",
            w.range or "?",
            w.target or "?",
            w.rate_of_attack or "?",
            w.hit or "?",
            surge,
            w.damage or "?",
            ", ".join(w.keywords) or "-",
        )
    return table


def info_view(card: Card) -> RenderableType:
    """One card in full."""
    parts: list[RenderableType] = [Text(card.name + _flag(card), style="bold")]
    rows: list[tuple[str, str]] = [("Id", card.id)]
    if isinstance(card, FactionCard):
        rows += [
            ("Race", card.race.value),
            ("Tags", ", ".join(card.tags)),
            ("Starting Army Slots", card.slots.describe()),
            ("Resource", f"+{card.resource_per_round} {card.resource}"),
        ]
    elif isinstance(card, TacticalCard):
        rows += [
            ("Race", card.race.value),
            ("Kind", card.kind),
            ("Tags", ", ".join(card.tags)),
            ("Vespene Gas", str(card.gas)),
            ("Army Slots granted", card.slots.describe()),
            ("Unique", "yes" if card.unique else "no"),
        ]
    elif isinstance(card, Unit):
        rows += [
            ("Race", card.race.value),
            ("Army Slot", card.slot.label if card.slot else "none (summoned)"),
            ("Unique", "yes" if card.unique else "no"),
            ("Faction Tags", ", ".join(card.tags)),
            ("Combat tags", ", ".join(card.combat_tags) or "-"),
            ("Compositions", _compositions(card)),
            (
                "Supply Profile",
                ", ".join(
                    (
                        plural(b.min_models, "model")
                        if b.min_models == b.max_models
                        else f"{b.min_models}-{b.max_models} models"
                    )
                    + f": {b.supply}"
                    for b in card.supply_profile
                ),
            ),
        ]
        if card.stats:
            s = card.stats
            rows.append(
                (
                    "Stats",
                    f"Size {s.size}, HP {s.hit_points}, Evade {s.evade}, "
                    f"Armour {s.armour}, Speed {s.speed}"
                    + (f", Shield {s.shield}" if s.shield else ""),
                )
            )
        if card.base_size:
            rows.append(("Base", card.base_size))
    elif isinstance(card, Mission):
        rows += [
            ("Mission Card", f"{card.scale.capitalize()} (printed per scale)"),
            ("Starting Supply", str(card.starting_supply)),
            (
                "Supply Escalation",
                f"+{card.supply_escalation} each round after the first",
            ),
            (
                "Game length",
                f"{plural(card.game_length, 'round')} (round {card.game_length}: "
                "unlimited Supply)",
            ),
            (
                "Lead to win",
                "-"
                if card.instant_win_lead is None
                else f"{card.instant_win_lead} VP or more ahead wins at once",
            ),
        ]
        if card.scoring is not None:
            lines = scoring_lines(card.scoring)
            rows += [("Scoring" if i == 0 else "", s) for i, s in enumerate(lines)]
    elif isinstance(card, Deployment):
        rows += [
            ("Deployment Card", card.scale.capitalize()),
            ("Battlefield", card.battlefield),
        ]
    rows.append(("Source", card.source))
    if card.note:
        rows.append(("Note", card.note))
    table = FitTable(box=None, show_header=False)
    table.add_column(style="bold")
    table.add_column()
    for label, value in rows:
        table.add_row(label, value)
    parts.append(table)
    if isinstance(card, Unit):
        if card.weapons:
            parts.append(_weapons(card))
        parts.append(Text("Upgrades", style="bold"))
        parts.append(Text(_upgrade_line(card)))
    return Group(*parts)


def scale_view(scale: Scale, gas_percent: int) -> RenderableType:
    """One scale in full, with armylist's convention where it has one."""
    if scale.minerals is not None:
        minerals = plural(scale.minerals, "Mineral")
        gas = f"{scale.minerals * gas_percent // 100:,}"
    else:
        minerals = f"agreed by the players: {scale.minerals_min:,} or more"
        gas = f"{gas_percent}% of the Mineral limit"
    rows = [
        ("Id", scale.id),
        ("Minerals", minerals),
        ("Vespene Gas", gas),
        ("Battlefield", scale.battlefield),
        (
            "Mission and Deployment Cards",
            f"the {scale.scenario_scale.capitalize()} cards",
        ),
        ("Pre-designed map", f"roll a {scale.terrain_die}"),
    ]
    if scale.convention:
        rows.append(("Convention", scale.convention))
    table = FitTable(box=None, show_header=False)
    table.add_column(style="bold")
    table.add_column()
    for label, value in rows:
        table.add_row(label, value)
    return Group(Text(f"{scale.name} (scale)", style="bold"), table)

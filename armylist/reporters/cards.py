"""Text and JSON views of the game data: factions, cards, units, one card in full."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from armylist.files.checked import dumped
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
    Weapon,
)
from armylist.reporters.extras import abilities_lines
from armylist.reporters.fit import FitTable
from armylist.text.i18n import N_, _, data_, joined, ngettext
from armylist.text.numbers import people

_COLOUR = {"red": N_("Red"), "blue": N_("Blue"), "neutral": N_("neutral")}
_SEEN = {
    "own": N_("your colour"),
    "neutral": N_("neutral"),
    "opponent": N_("the opponent's colour"),
}


def _seen(markers: list[str]) -> str:
    return joined((_(_SEEN[m]) for m in markers), "or")


def _models(count: int) -> str:
    return ngettext("{count} model", "{count} models", count).format(
        count=people(count)
    )


def _yes_no(value: bool) -> str:
    return _("yes") if value else _("no")


def _numbers(numbers: list[int]) -> str:
    return ", ".join(str(n) for n in numbers)


def _rounds(rounds: list[int]) -> str:
    consecutive = rounds == list(range(rounds[0], rounds[-1] + 1))
    if len(rounds) > 1 and consecutive:
        return _("rounds {first}-{last}").format(first=rounds[0], last=rounds[-1])
    if len(rounds) == 1:
        return _("round {round}").format(round=rounds[0])
    return _("rounds {rounds}").format(rounds=_numbers(rounds))


def _marker_vp(vp: MarkerVP) -> str:
    by_vp: dict[int, list[str]] = {}
    for seen in ("own", "neutral", "opponent"):
        if getattr(vp, seen):
            by_vp.setdefault(getattr(vp, seen), []).append(seen)
    if len(by_vp) == 1 and sum(len(s) for s in by_vp.values()) == len(_SEEN):
        return _("{vp} VP").format(vp=next(iter(by_vp)))
    return ", ".join(
        _("{vp} VP if it is {colours}").format(vp=points, colours=_seen(seen))
        for points, seen in by_vp.items()
    )


def scoring_lines(scoring: MissionScoring) -> list[str]:
    """How a Mission Card scores (§8.9.2), in words, from its `scoring:` data."""
    colours: dict[str, list[int]] = {}
    for marker, colour in sorted(scoring.markers.items()):
        colours.setdefault(colour, []).append(marker)
    lines = [
        _("Markers {colours}; they start {state}").format(
            colours="; ".join(
                f"{_numbers(m)} {_(_COLOUR[c])}" for c, m in colours.items()
            ),
            state=scoring.markers_start.capitalize(),
        ),
        _("every round: 1 VP per enemy Supply destroyed this round"),
    ]
    start = scoring.objective_from_round
    if scoring.activations:
        groups: dict[tuple[int, ...], list[int]] = {}
        for activation in scoring.activations:
            groups.setdefault(activation.markers, []).append(activation.round)
        flips = [
            _(
                "at the start of {rounds}, one random Deactivated marker of "
                "{markers} is activated"
            ).format(rounds=_rounds(rounds), markers=_numbers(list(markers)))
            if len(markers) > 1
            else _("{rounds}: marker {marker}").format(
                rounds=_rounds(rounds), marker=markers[0]
            )
            for markers, rounds in groups.items()
        ]
        lines.append("; ".join(flips))
        lines.append(
            _(
                "from round {round}, each Activated marker you control scores VP "
                "equal to the round it was activated in, then is removed"
            ).format(round=start)
        )
    if scoring.marker_vp is not None and any(
        (scoring.marker_vp.own, scoring.marker_vp.neutral, scoring.marker_vp.opponent)
    ):
        lines.append(
            _("from round {round}, each marker you control: {vp}").format(
                round=start, vp=_marker_vp(scoring.marker_vp)
            )
        )
    if scoring.capture_bonus:
        lines.append(
            _("+{vp} VP for each marker you took from the opponent this round").format(
                vp=scoring.capture_bonus
            )
        )
    if scoring.gather is not None:
        lines.append(
            _(
                "Gather: +{vp} VP at once, at a marker you control that is {colours}"
            ).format(vp=scoring.gather.vp, colours=_seen(list(scoring.gather.markers)))
        )
    if scoring.quarters is not None:
        lines.append(
            _(
                "{vp} VP for each of the {count} battlefield quarters where your "
                "Supply wholly within is higher"
            ).format(vp=scoring.quarters.vp, count=scoring.quarters.count)
        )
    return [line[0].upper() + line[1:] for line in lines]


def _flag(card: Card) -> str:
    return " " + _("(provisional)") if card.provisional else ""


def factions_table(catalog: Catalog) -> RenderableType:
    """The Faction Cards by race."""
    race, tags, resource = _("Race"), _("Tags"), _("Resource")
    table = FitTable(
        title="Faction Cards",
        box=box.SIMPLE_HEAD,
        title_justify="left",
        whole=("Faction Card", "Id"),
        drop=(resource, race, tags),
    )
    for column in (
        race,
        "Faction Card",
        "Id",
        tags,
        _("Starting Army Slots"),
        resource,
    ):
        table.add_column(column)
    for each in Race:
        for faction in (f for f in catalog.factions.all if f.race is each):
            table.add_row(
                each.value,
                faction.name + _flag(faction),
                faction.id,
                ", ".join(faction.tags),
                faction.slots.describe(),
                f"+{faction.resource_per_round} {faction.resource}",
            )
    return table


def card_data(card: Card) -> dict[str, Any]:
    """A card as JSON data."""
    data: dict[str, Any] = dumped(card, mode="json", exclude_none=True)
    return data


# A Tactical Card's kind as the cards print it (a game term, the same in every language).
KIND_NAMES = {"tactical": "Tactical Card", "creep": "Creep Card"}


def cards_table(catalog: Catalog, faction: FactionCard) -> RenderableType:
    """The Tactical and Creep Cards a faction may take."""
    card_column, kind, tags = _("Card"), _("Kind"), _("Tags")
    table = FitTable(
        title=_("Tactical Cards for {faction}").format(faction=faction.name),
        box=box.SIMPLE_HEAD,
        title_justify="left",
        whole=(card_column,),
        drop=(tags, kind, "Unique"),
    )
    for column in (card_column, kind, "Gas", _("Army Slots granted"), "Unique", tags):
        table.add_column(column, justify="right" if column == "Gas" else "left")
    for card in catalog.cards_for(faction):
        table.add_row(
            card.name + _flag(card),
            KIND_NAMES[card.kind],
            str(card.gas),
            card.slots.describe() if card.slots.items() else "-",
            _("yes") if card.unique else "",
            ", ".join(card.tags),
        )
    return table


def _compositions(unit: Unit) -> str:
    return "; ".join(
        _("{models}: {minerals} Minerals, Supply {supply}").format(
            models=_models(c.models), minerals=people(c.minerals), supply=c.supply
        )
        if c.minerals != 1
        else _("{models}: 1 Mineral, Supply {supply}").format(
            models=_models(c.models), supply=c.supply
        )
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
    unit_column = _("Unit")
    table = FitTable(
        title=_("Units for {faction}").format(faction=faction.name),
        box=box.SIMPLE_HEAD,
        title_justify="left",
        show_lines=True,
        whole=(unit_column,),
    )
    for column in (
        unit_column,
        _("Slot"),
        _("Compositions (models: Minerals, Supply = slots)"),
        _("Upgrades (Minerals by models)"),
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


def weapons_table(weapons: Sequence[Weapon]) -> Table:
    """Weapon profiles, as a unit card prints them."""
    weapon = _("Weapon")
    table = FitTable(
        title=_("Weapons"), box=box.SIMPLE_HEAD, title_justify="left", whole=(weapon,)
    )
    for column in (
        weapon,
        _("Phase"),
        _("Range"),
        _("Target"),
        "RoA",
        _("Hit"),
        "Surge",
        _("Dmg"),
        _("Keywords"),
    ):
        table.add_column(column)
    for w in weapons:
        surge = " ".join(x for x in (w.surge_type, w.surge_dice) if x) or "-"
        table.add_row(
            w.name,
            _(w.phase)
            if w.phase
            else "?",  # Assault, Combat: messages of the catalogue
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
            (_("Race"), card.race.value),
            (_("Tags"), ", ".join(card.tags)),
            (_("Starting Army Slots"), card.slots.describe()),
            (_("Resource"), f"+{card.resource_per_round} {card.resource}"),
        ]
    elif isinstance(card, TacticalCard):
        rows += [
            (_("Race"), card.race.value),
            (_("Kind"), KIND_NAMES[card.kind]),
            (_("Tags"), ", ".join(card.tags)),
            ("Vespene Gas", str(card.gas)),
            (_("Army Slots granted"), card.slots.describe()),
            ("Unique", _yes_no(card.unique)),
        ]
    elif isinstance(card, Unit):
        rows += [
            (_("Race"), card.race.value),
            ("Army Slot", card.slot.label if card.slot else _("none (summoned)")),
            ("Unique", _yes_no(card.unique)),
            ("Faction Tags", ", ".join(card.tags)),
            (_("Combat tags"), ", ".join(card.combat_tags) or "-"),
            (_("Compositions"), _compositions(card)),
            (
                "Supply Profile",
                ", ".join(
                    (
                        _models(b.min_models)
                        if b.min_models == b.max_models
                        else _("{first}-{last} models").format(
                            first=b.min_models, last=b.max_models
                        )
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
                    _("Stats"),
                    f"Size {s.size}, HP {s.hit_points}, Evade {s.evade}, "
                    f"Armour {s.armour}, Speed {s.speed}"
                    + (f", Shield {s.shield}" if s.shield else ""),
                )
            )
        if card.base_size:
            rows.append((_("Base"), card.base_size))
    elif isinstance(card, Mission):
        rows += [
            (
                "Mission Card",
                _("{scale} (printed per scale)").format(scale=card.scale.capitalize()),
            ),
            ("Starting Supply", str(card.starting_supply)),
            (
                "Supply Escalation",
                _("+{supply} each round after the first").format(
                    supply=card.supply_escalation
                ),
            ),
            (
                _("Game length"),
                ngettext(
                    "{count} round (round {count}: unlimited Supply)",
                    "{count} rounds (round {count}: unlimited Supply)",
                    card.game_length,
                ).format(count=card.game_length),
            ),
            (
                _("Lead to win"),
                "-"
                if card.instant_win_lead is None
                else _("{vp} VP or more ahead wins at once").format(
                    vp=card.instant_win_lead
                ),
            ),
        ]
        if card.scoring is not None:
            lines = scoring_lines(card.scoring)
            rows += [(_("Scoring") if i == 0 else "", s) for i, s in enumerate(lines)]
    elif isinstance(card, Deployment):
        rows += [
            ("Deployment Card", card.scale.capitalize()),
            (_("Battlefield"), card.battlefield),
        ]
    rows.append((_("Source"), data_(card.source)))
    if card.note:
        rows.append((_("Note"), data_(card.note)))
    table = FitTable(box=None, show_header=False)
    table.add_column(style="bold")
    table.add_column()
    for label, value in rows:
        table.add_row(label, value)
    parts.append(table)
    if isinstance(card, Unit):
        if card.weapons:
            parts.append(weapons_table(card.weapons))
        parts.append(Text(_("Upgrades"), style="bold"))
        parts.append(Text(_upgrade_line(card)))
        parts.append(Text(_("Abilities"), style="bold"))
        parts.append(Text("\n".join(abilities_lines(card)) or "-"))
    return Group(*parts)


def scale_view(scale: Scale, gas_percent: int) -> RenderableType:
    """One scale in full, with armylist's convention where it has one."""
    if scale.minerals is not None:
        minerals = (
            _("1 Mineral")
            if scale.minerals == 1
            else _("{minerals} Minerals").format(minerals=people(scale.minerals))
        )
        gas = people(scale.minerals * gas_percent // 100)
    else:
        minerals = _("agreed by the players: {minerals} or more").format(
            minerals=people(scale.minerals_min)
        )
        gas = _("{percent} of the Mineral limit").format(
            percent=_("{n}%").format(n=gas_percent)
        )
    rows = [
        ("Id", scale.id),
        ("Minerals", minerals),
        ("Vespene Gas", gas),
        (_("Battlefield"), scale.battlefield),
        (
            _("Mission and Deployment Cards"),
            _("the {scale} cards").format(scale=scale.scenario_scale.capitalize()),
        ),
        (_("Pre-designed map"), _("roll a {die}").format(die=scale.terrain_die)),
    ]
    if scale.convention:
        rows.append((_("Convention"), data_(scale.convention)))
    table = FitTable(box=None, show_header=False)
    table.add_column(style="bold")
    table.add_column()
    for label, value in rows:
        table.add_row(label, value)
    return Group(
        Text(_("{scale} (scale)").format(scale=scale.name), style="bold"), table
    )

"""`armylist export`: a compact list for a forum, a Discord message or a tournament form."""

from __future__ import annotations

import json
import re
from dataclasses import asdict
from typing import Any, assert_never

from armylist.fingerprint import fingerprint
from armylist.importing.malkivian import export_mk_json
from armylist.importing.sct1 import export_sct1
from armylist.listfile import ArmyList
from armylist.reporters import ExportFormat
from armylist.reporters.html import PrintedRoster, to_html
from armylist.reporters.unitwords import (
    loadout_text,
    model_count,
    supply_text,
    unit_count,
)
from armylist.resolved import Context
from armylist.sheet.roster import Roster, RosterUnit
from armylist.text.i18n import _
from armylist.text.numbers import people

DISCORD_LIMIT = 2000


def _of(used: int, limit: int | None) -> str:
    return (
        f"{people(used)}/{people(limit)}" if limit is not None else f"{people(used)}/?"
    )


def faction_text(roster: Roster) -> str:
    """The Faction Card, or a note that the list names none."""
    return roster.faction or _("unknown Faction Card")


def _faction(roster: Roster) -> str:
    race = f" ({roster.race})" if roster.race else ""
    return f"{faction_text(roster)}{race}, {roster.scale_name or '?'}"


def player_text(roster: Roster) -> str:
    """The roster's first item: the player, or a note that the list names nobody
    (and how to name them, for a list the player can edit or for another builder's
    export, which cannot be)."""
    if roster.player:
        return roster.player
    if roster.form == "yaml":
        return _("not given (add `player: NAME` to the list)")
    return _(
        "not given (the export names none: `armylist import` it, then `armylist set "
        "LIST player NAME`; or name the player in an event file's `players:`)"
    )


def scenario_text(cards: tuple[str, ...]) -> str:
    """Two Mission (or Deployment) Cards, or how many are missing."""
    return ", ".join(cards) if cards else _("none (add 2 to the list)")


def _upgrades(unit: RosterUnit) -> str:
    return ", ".join(
        u.name
        + (f" ({u.note})" if u.unknown else "")
        + (" (" + _("model {number}").format(number=u.model) + ")" if u.model else "")
        for u in unit.upgrades
    )


def _card_names(roster: Roster) -> str:
    return ", ".join(
        c.name
        + (
            f" ({c.note})"
            if c.unknown
            else " (" + _("{gas} Gas").format(gas=c.gas) + ")"
        )
        for c in roster.tactical_cards
    )


def _minerals(unit: RosterUnit) -> str:
    return _("{minerals} Minerals").format(minerals=people(unit.minerals))


def _unit_line(unit: RosterUnit) -> str:
    """E.g. 'Marine (9), Supply 3, 240 Minerals: Combat Shield'."""
    if unit.unknown:
        return f"{unit.label}: {unit.note}"
    upgrades = _upgrades(unit)
    return f"{unit.label}, Supply {supply_text(unit)}, {_minerals(unit)}" + (
        f": {upgrades}" if upgrades else ""
    )


def _totals(roster: Roster) -> str:
    return _(
        "{units}, {models}, starting Supply {supply}, {minerals} Minerals, "
        "{gas} Vespene Gas"
    ).format(
        units=unit_count(roster),
        models=model_count(roster),
        supply=roster.supply,
        minerals=people(roster.minerals),
        gas=people(roster.gas),
    )


def _resources(roster: Roster, gas: str) -> str:
    """'2,000/2,000 Minerals, 185/200 Vespene Gas' (``gas`` names the Vespene Gas)."""
    minerals = _of(roster.minerals, roster.mineral_limit)
    spent = _of(roster.gas, roster.gas_limit)
    if gas == "Gas":
        return _("{minerals} Minerals, {gas} Gas").format(minerals=minerals, gas=spent)
    return _("{minerals} Minerals, {gas} Vespene Gas").format(
        minerals=minerals, gas=spent
    )


def to_text(roster: Roster) -> str:
    """Plain text: the six items of an Army Roster, one line per unit."""
    lines = [
        roster.name or roster.file,
        _("Player: {player}").format(player=player_text(roster)),
        f"{_faction(roster)}: {_resources(roster, 'Vespene Gas')}",
        _("Tactical Cards: {cards}").format(cards=_card_names(roster) or _("none")),
    ]
    for unit in roster.units:
        lines.append(f"{unit.position}. {_unit_line(unit)}")
        if not unit.unknown:
            lines.append(f"   {loadout_text(unit)}")
    lines += [
        _("Mission Cards: {cards}").format(cards=scenario_text(roster.missions)),
        _("Deployment Cards: {cards}").format(cards=scenario_text(roster.deployments)),
        _("Total: {totals}").format(totals=_totals(roster)),
    ]
    return "\n".join(lines) + "\n"


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def to_markdown(roster: Roster) -> str:
    """Markdown: a heading, the cards and a table of units."""
    head = (
        "#",
        _("Unit"),
        _("Models"),
        "Supply",
        "Minerals",
        _("Upgrades"),
        _("Loadout"),
    )
    lines = [
        f"## {roster.name or roster.file}",
        "",
        _("**Player:** {player}").format(player=player_text(roster)),
        "",
        f"**{faction_text(roster)}**"
        f"{f' ({roster.race})' if roster.race else ''}, {roster.scale_name or '?'}: "
        f"{_resources(roster, 'Vespene Gas')}",
        "",
        _("**Tactical Cards:** {cards}").format(cards=_card_names(roster) or _("none")),
        "",
        "| " + " | ".join(head) + " |",
        "|--:|------|-------:|-------:|---------:|----------|---------|",
    ]
    for unit in roster.units:
        if unit.unknown:
            lines.append(
                f"| {unit.position} | "
                f"{_cell(unit.name + ': ' + unit.note)} | "
                f"{unit.models or '?'} | ? | - | - | - |"
            )
            continue
        lines.append(
            f"| {unit.position} | {_cell(unit.name)} | {unit.models or '?'} | "
            f"{supply_text(unit)} | {people(unit.minerals)} | "
            f"{_cell(_upgrades(unit)) or '-'} | {_cell(loadout_text(unit))} |"
        )
    lines += [
        "",
        _("**Mission Cards:** {cards}").format(cards=scenario_text(roster.missions)),
        "",
        _("**Deployment Cards:** {cards}").format(
            cards=scenario_text(roster.deployments)
        ),
        "",
        _("**Total:** {totals}").format(totals=_totals(roster)),
    ]
    return "\n".join(lines) + "\n"


_DISCORD_SPECIAL = re.compile(r"([*_~`|>\\])")


def _plain(text: str) -> str:
    return _DISCORD_SPECIAL.sub(r"\\\1", text)


def to_discord(roster: Roster) -> str:
    """A Discord message: bold headings, one line per unit, no tables."""
    lines = [
        f"**{_plain(roster.name or roster.file)}**",
        _("**Player:** {player}").format(
            player=_plain(roster.player or _("not given"))
        ),
        f"{_plain(_faction(roster))}: {_resources(roster, 'Gas')}",
        _("**Tactical Cards:** {cards}").format(
            cards=_plain(_card_names(roster)) or _("none")
        ),
        _("**Units**"),
    ]
    for unit in roster.units:
        if unit.unknown:
            text = f"{unit.label}: {unit.note}"
            lines.append(f"{unit.position}. {_plain(text)}")
            continue
        upgrades = _upgrades(unit)
        lines.append(
            f"{unit.position}. {_plain(unit.label)}: Supply {supply_text(unit)}, "
            + people(unit.minerals)
            + (f" ({_plain(upgrades)})" if upgrades else "")
            + f"; {_plain(loadout_text(unit))}"
        )
    lines += [
        _("**Missions:** {cards}").format(cards=_plain(scenario_text(roster.missions))),
        _("**Deployments:** {cards}").format(
            cards=_plain(scenario_text(roster.deployments))
        ),
        _plain(_("Total: {totals}").format(totals=_totals(roster))),
    ]
    return "\n".join(lines) + "\n"


def fits_discord(message: str) -> bool:
    """Whether a message fits Discord's limit (the final newline is not sent)."""
    return len(message.rstrip("\n")) <= DISCORD_LIMIT


def to_data(roster: Roster) -> dict[str, Any]:
    """The normalised list with costs, as JSON data."""
    return {
        "name": roster.name,
        "player": roster.player,
        "faction": roster.faction,
        "race": roster.race,
        "scale": roster.scale,
        "minerals": {"used": roster.minerals, "limit": roster.mineral_limit},
        "gas": {"used": roster.gas, "limit": roster.gas_limit},
        "slots": {name: asdict(use) for name, use in roster.slots.items()},
        "tactical_cards": [
            card.model_dump(mode="json") for card in roster.tactical_cards
        ],
        "units": [
            {
                "position": unit.position,
                "unit": unit.name,
                "id": unit.id,
                "slot": unit.slot.value if unit.slot else None,
                "models": unit.models,
                "supply": unit.supply,
                "minerals": unit.minerals,
                "composition_minerals": unit.composition_minerals,
                "upgrades": [u.model_dump() for u in unit.upgrades],
                "loadout": [
                    {
                        "models": [g.first, g.last],
                        "specialist": g.specialist,
                        "weapons": [w.model_dump() for w in g.weapons],
                    }
                    for g in (unit.loadout.groups if unit.loadout else ())
                ],
                "every_model": list(unit.loadout.every_model) if unit.loadout else [],
                "unknown": unit.unknown,
            }
            for unit in roster.units
        ],
        "missions": list(roster.missions),
        "deployments": list(roster.deployments),
        "totals": {
            "units": len(roster.units),
            "unknown_units": roster.unknown_units,
            "models": roster.model_count,
            "supply": roster.supply,
            "minerals": roster.minerals,
            "gas": roster.gas,
        },
        "valid": roster.valid,
    }


def to_json(roster: Roster) -> str:
    """The normalised list with costs as indented JSON."""
    return json.dumps(to_data(roster), indent=2, ensure_ascii=False) + "\n"


def render(roster: Roster, chosen: ExportFormat, resolved: Context) -> str:
    """The list in one export format: the roster sheet, or (for another builder) the
    list as written. Raises ``importing.NotExportable`` for an item the builder lacks.
    """
    match chosen:
        case ExportFormat.TEXT:
            return to_text(roster)
        case ExportFormat.MARKDOWN:
            return to_markdown(roster)
        case ExportFormat.DISCORD:
            return to_discord(roster)
        case ExportFormat.JSON:
            return to_json(roster)
        case ExportFormat.SCT1:
            return export_sct1(_written(resolved), resolved.catalog) + "\n"
        case ExportFormat.MK_JSON:
            return export_mk_json(_written(resolved), resolved.catalog).rstrip() + "\n"
        case ExportFormat.HTML:
            return to_html([printed(roster, resolved)], roster.name or roster.file)
        case _:
            assert_never(chosen)


def printed(roster: Roster, resolved: Context) -> PrintedRoster:
    """The roster with its fingerprint and data version, for the printable page."""
    army = _written(resolved)
    return PrintedRoster(
        roster, fingerprint(army, resolved.catalog), resolved.catalog.data_version
    )


def _written(resolved: Context) -> ArmyList:
    # the builders' formats carry the list as written, unknown names included, so that
    # an item the builder lacks is refused rather than silently left out
    assert resolved.army is not None, (
        "roster_and_list refuses a list that is unreadable"
    )
    return resolved.army


def discord_note(message: str) -> str:
    """Whether a Discord export fits one message, for stderr."""
    size = len(message.rstrip("\n"))
    if fits_discord(message):
        return _("{size} of {limit} characters: fits one Discord message").format(
            size=people(size), limit=people(DISCORD_LIMIT)
        )
    return _(
        "{size} characters: over Discord's {limit}-character limit; post it in two "
        "messages or as a file"
    ).format(size=people(size), limit=people(DISCORD_LIMIT))

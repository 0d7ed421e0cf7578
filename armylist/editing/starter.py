"""`armylist new`: a starter list with the faction's cards and units in comments."""

from __future__ import annotations

import json
import shlex
from dataclasses import dataclass
from pathlib import Path

import yaml

from armylist.editing.words import or_each
from armylist.gamedata.catalog import Catalog
from armylist.gamedata.models import FactionCard, Scale, TacticalCard, Unit
from armylist.text.i18n import _
from armylist.text.names import key, slugify
from armylist.text.numbers import people

SCHEMA_FILE = "armylist.schema.json"


def default_file_name(faction: FactionCard) -> str:
    """E.g. 'raynors-raiders.yaml'."""
    return f"{slugify(faction.id)}.yaml"


def scalar(value: str) -> str:
    """A YAML scalar for ``value``: plain when it reads back the same, else quoted."""
    try:
        if yaml.safe_load(f"key: {value}") == {"key": value} and value == value.strip():
            return value
    except yaml.YAMLError:
        pass
    return json.dumps(value, ensure_ascii=False)


def _unit_line(unit: Unit) -> str:
    options = " | ".join(
        _("{models}: {minerals} (Supply {supply})").format(
            models=c.models, minerals=people(c.minerals), supply=c.supply
        )
        for c in unit.compositions
    )
    slot = unit.slot.label if unit.slot else "-"
    flags = "  Unique" if unit.unique else ""
    flags += "  " + _("(provisional)") if unit.provisional else ""
    return f"#   {unit.name:<30} {slot:<8} {options}{flags}"


def resolve_scale(catalog: Catalog, name: str) -> Scale | None:
    """A scale by id or name."""
    return catalog.scale(name)


def mineral_limit(scale: Scale, minerals: int | None) -> int | None:
    """The scale's limit, or the agreed one for Grand Offensive."""
    return scale.mineral_limit(minerals)


def creep_cards(catalog: Catalog, faction: FactionCard) -> list[TacticalCard]:
    """The Creep Cards a faction may take (Zerg only)."""
    return [c for c in catalog.cards_for(faction) if c.kind == "creep"]


def prefilled_creep_card(catalog: Catalog, faction: FactionCard) -> TacticalCard | None:
    """The Creep Card a new list starts with: the faction's only one, if it has one."""
    creep = creep_cards(catalog, faction)
    return creep[0] if len(creep) == 1 else None


@dataclass(frozen=True)
class Setup:
    """What the starter's comments describe: the faction, scale and Mineral limit."""

    faction: FactionCard
    scale: Scale
    minerals: int | None = None


def header_lines(catalog: Catalog, setup: Setup) -> list[str]:
    """The comment under the schema line: budget and starting Army Slots."""
    faction, scale = setup.faction, setup.scale
    limit = mineral_limit(scale, setup.minerals)
    gas = catalog.game.gas_limit(limit)
    budget = (
        _(
            "{minerals} Minerals for units and upgrades,\n"
            "# {gas} Vespene Gas for Tactical Cards"
        ).format(minerals=people(limit), gas=people(gas))
        if limit is not None and gas is not None
        else _(
            "the agreed Mineral limit (`minerals:`)\n# for units and upgrades, "
            "{share} of it in Vespene Gas for Tactical Cards"
        ).format(share=f"{catalog.game.gas_percent}%")
    )
    text = _(
        "# {faction} ({race}) at {scale}: {budget}.\n"
        "# Starting Army Slots: {slots}. A unit takes as many slots of\n"
        "# its type as its starting Supply (§9.1.6). Check the list with "
        "`armylist validate`."
    ).format(
        faction=faction.name,
        race=faction.race.value,
        scale=scale.name,
        budget=budget,
        slots=faction.slots.describe(),
    )
    return text.split("\n")


def card_lines(catalog: Catalog, faction: FactionCard, *, prefilled: bool) -> list[str]:
    """The comment above `tactical_cards:`: the cards and how to write them.

    ``prefilled``: the list already holds the faction's only Creep Card.
    """
    cards = catalog.cards_for(faction)
    lines = [
        _(
            "# Tactical Cards {faction} may take (Vespene Gas; Army Slots granted):"
        ).format(faction=faction.name)
    ]
    for card in cards:
        granted = f"+{card.slots.describe()}" if card.slots.items() else "-"
        flags = "  Unique" if card.unique else ""
        if card.kind != "tactical":
            flags += "  " + _("({kind} card)").format(kind=card.kind)
        flags += "  " + _("(provisional)") if card.provisional else ""
        lines.append(f"#   {card.name:<30} {card.gas:>3} Gas  {granted}{flags}")
    tactical = [c.name for c in cards if c.kind == "tactical"] or ["NAME"]
    creep = creep_cards(catalog, faction)
    if creep:
        names = or_each([c.name for c in creep])
        if prefilled:
            words = _(
                "# A Zerg list takes exactly one Creep Card (§9.1.5): {names}, "
                "written below."
            )
        elif len(creep) == 1:
            words = _("# A Zerg list takes exactly one Creep Card (§9.1.5): {names}.")
        else:
            words = _(
                "# A Zerg list takes exactly one Creep Card (§9.1.5): {names}, "
                "one of them."
            )
        lines.append(words.format(names=names))
    if prefilled:
        lines.append(
            _("# Write each card on its own line below it: `  - {card}`.").format(
                card=tactical[0]
            )
        )
        return lines
    lines.append(
        _(
            "# Write each card on its own line below `tactical_cards:` (without the "
            "`[]`):"
        )
    )
    lines.append("#   tactical_cards:")
    lines += [f"#     - {name}" for name in tactical[:2]]
    return lines


def unit_lines(catalog: Catalog, faction: FactionCard) -> list[str]:
    """The comment above `units:`: the units and how to write them."""
    units = catalog.units_for(faction)
    lines = [
        _(
            "# Units {faction} may take (Army Slot; models: Minerals (starting "
            "Supply)):"
        ).format(faction=faction.name)
    ]
    lines += [_unit_line(unit) for unit in units]
    example = next((u for u in units if u.upgrades), units[0] if units else None)
    lines.append(
        _(
            "# Write each unit below `units:` (without the `[]`): its name, its "
            "`models:`"
        )
    )
    lines.append(
        _(
            "# and `upgrades:` from the back of its card (`armylist info NAME` shows "
            "them):"
        )
    )
    if example is not None:
        lines += ["#   units:", f"#     - unit: {example.name}"]
        if len(example.compositions) > 1:
            lines.append(f"#       models: {example.compositions[-1].models}")
        if example.upgrades:
            lines.append(f"#       upgrades: [{example.upgrades[0].name}]")
    return lines


def starter_text(
    catalog: Catalog,
    faction: FactionCard,
    scale: Scale,
    *,
    minerals: int | None = None,
    name: str | None = None,
    schema: str = SCHEMA_FILE,
) -> str:
    """The text of a new list: header, cards and units, and what may go in them.

    A faction with a single Creep Card option starts with it: a Zerg list needs one.
    """
    setup = Setup(faction, scale, minerals)
    creep = prefilled_creep_card(catalog, faction)
    lines = [
        f"# yaml-language-server: $schema={schema}",
        *header_lines(catalog, setup),
        f"name: {scalar(name or faction.name)}",
        f"scale: {scale.id}",
    ]
    if scale.minerals is None:
        lines.append(
            f"minerals: {minerals if minerals is not None else scale.minerals_min}"
        )
    lines.append(f"faction: {scalar(faction.name)}")
    lines += ["", *card_lines(catalog, faction, prefilled=creep is not None)]
    if creep is not None:
        lines += ["tactical_cards:", f"  - {scalar(creep.name)}"]
    else:
        lines.append("tactical_cards: []")
    lines += ["", *unit_lines(catalog, faction), "units: []"]
    return "\n".join(lines) + "\n"


def _replace_block(text: str, old: list[str], new: list[str]) -> str:
    """Replace whole lines ``old`` by ``new`` once, where they stand as written."""
    if old == new:
        return text
    before = "\n".join(old) + "\n"
    at = 0 if text.startswith(before) else text.find("\n" + before) + 1
    if at == 0 and not text.startswith(before):
        return text
    return text[:at] + "\n".join(new) + "\n" + text[at + len(before) :]


def refresh_comments(
    text: str, catalog: Catalog, old: Setup, new: Setup, cards: list[str]
) -> str:
    """Rewrite the comments `armylist new` wrote for ``old`` to describe ``new``.

    Only comment blocks still exactly as `new` wrote them change: a person's own
    comments are never touched. ``cards`` are the list's Tactical Card names.
    """
    taken = {key(c) for c in cards}

    def prefilled(faction: FactionCard) -> bool:
        creep = prefilled_creep_card(catalog, faction)
        return creep is not None and key(creep.name) in taken

    text = _replace_block(text, header_lines(catalog, old), header_lines(catalog, new))
    if old.faction.id != new.faction.id:
        text = _replace_block(
            text,
            card_lines(catalog, old.faction, prefilled=prefilled(old.faction)),
            card_lines(catalog, new.faction, prefilled=prefilled(new.faction)),
        )
        text = _replace_block(
            text, unit_lines(catalog, old.faction), unit_lines(catalog, new.faction)
        )
    return text


def next_steps(catalog: Catalog, path: Path, faction_id: str) -> list[str]:
    """Commands to go on with a new list, with a card and a unit this faction may take."""
    chosen = catalog.factions.get(faction_id)
    assert chosen is not None  # the caller has just written a list of it
    quoted = shlex.quote(str(path))
    card = next((c for c in catalog.cards_for(chosen) if c.kind == "tactical"), None)
    unit = next(iter(catalog.units_for(chosen)), None)
    steps: list[tuple[str, str]] = []  # (command, comment)
    if card is not None:
        steps.append(
            (
                f"armylist add {quoted} card {shlex.quote(card.name)}",
                _("a Tactical Card"),
            )
        )
    if unit is not None:
        models = (
            f" --models {unit.compositions[-1].models}"
            if len(unit.compositions) > 1
            else ""
        )
        steps.append(
            (f"armylist add {quoted} unit {shlex.quote(unit.name)}{models}", "")
        )
    creep = creep_cards(catalog, chosen)
    if len(creep) > 1:
        # Without its Creep Card a Zerg list is illegal from the start (creep-card).
        steps.insert(
            0,
            (
                f"armylist add {quoted} card {shlex.quote(creep[0].name)}",
                _("a Zerg list needs exactly one Creep Card: {cards}").format(
                    cards=or_each([c.name for c in creep])
                ),
            ),
        )
    steps += [
        (f"armylist build {quoted}", _("or a guided menu")),
        (f"armylist validate {quoted}", ""),
        (f"armylist show {quoted}", _("the roster sheet")),
        # The list's schema line is relative to the list, so the schema goes beside it.
        (
            f"armylist schema -o {shlex.quote(str(path.parent / SCHEMA_FILE))}",
            _("completion in editors (docs/building.md)"),
        ),
    ]
    # The comments in one column, whatever the length of the file and names.
    width = max(len(command) for command, _ in steps) + 2
    return [
        f"{command:<{width}}# {comment}" if comment else command
        for command, comment in steps
    ]

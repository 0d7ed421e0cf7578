"""`armylist new`: a starter list with the faction's cards and units in comments."""

from __future__ import annotations

import json

import yaml

from armylist.gamedata.catalog import Catalog
from armylist.gamedata.models import FactionCard, Scale, Unit
from armylist.names import slugify

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
        f"{c.models}: {c.minerals:,} (Supply {c.supply})" for c in unit.compositions
    )
    slot = unit.slot.label if unit.slot else "-"
    flags = "  Unique" if unit.unique else ""
    flags += "  (provisional)" if unit.provisional else ""
    return f"#   {unit.name:<30} {slot:<8} {options}{flags}"


def resolve_scale(catalog: Catalog, name: str) -> Scale | None:
    """A scale by id or name."""
    return catalog.scale(name)


def mineral_limit(scale: Scale, minerals: int | None) -> int | None:
    """The scale's limit, or the agreed one for Grand Offensive."""
    return scale.mineral_limit(minerals)


def starter_text(
    catalog: Catalog,
    faction: FactionCard,
    scale: Scale,
    *,
    minerals: int | None = None,
    name: str | None = None,
    schema: str = SCHEMA_FILE,
) -> str:
    """The text of a new list: header, empty cards and units, and what may go in them."""
    limit = mineral_limit(scale, minerals)
    gas = catalog.game.gas_limit(limit)
    budget = (
        f"{limit:,} Minerals for units and upgrades,\n# {gas:,} Vespene Gas for Tactical Cards"
        if limit is not None and gas is not None
        else "the agreed Mineral limit (`minerals:`)\n# for units and upgrades, "
        f"{catalog.game.gas_percent}% of it in Vespene Gas for Tactical Cards"
    )
    cards = catalog.cards_for(faction)
    units = catalog.units_for(faction)
    example_card = cards[0].name if cards else "NAME"
    example = next((u for u in units if u.upgrades), units[0] if units else None)
    example_upgrade = example.upgrades[0].name if example and example.upgrades else ""
    lines = [
        f"# yaml-language-server: $schema={schema}",
        f"# {faction.name} ({faction.race.value}) at {scale.name}: {budget}.",
        f"# Starting Army Slots: {faction.slots.describe()}. A unit takes as many slots of",
        "# its type as its starting Supply (§9.1.6). Check the list with `armylist validate`.",
        f"name: {scalar(name or faction.name)}",
        f"scale: {scale.id}",
    ]
    if scale.minerals is None:
        lines.append(
            f"minerals: {minerals if minerals is not None else scale.minerals_min}"
        )
    lines.append(f"faction: {scalar(faction.name)}")
    lines += [
        "",
        f"# Tactical Cards {faction.name} may take (Vespene Gas; Army Slots granted):",
    ]
    for card in cards:
        granted = f"+{card.slots.describe()}" if card.slots.items() else "-"
        flags = "  Unique" if card.unique else ""
        flags += f"  ({card.kind} card)" if card.kind != "tactical" else ""
        flags += "  (provisional)" if card.provisional else ""
        lines.append(f"#   {card.name:<30} {card.gas:>3} Gas  {granted}{flags}")
    lines += [
        f"# Write each card on its own line: `  - {example_card}`.",
        "tactical_cards: []",
        "",
        f"# Units {faction.name} may take (Army Slot; models: Minerals (starting Supply)):",
    ]
    lines += [_unit_line(unit) for unit in units]
    if example is not None:
        lines += [
            f"# Write a unit as `  - unit: {example.name}` with `    models: "
            f"{example.compositions[-1].models}` below it,",
            "# and upgrades from the back of its card as "
            f"`    upgrades: [{example_upgrade}]`",
        ]
    lines += [
        "# (`armylist info NAME` shows a unit's upgrades and costs).",
        "units: []",
    ]
    return "\n".join(lines) + "\n"

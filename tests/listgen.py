"""Hypothesis strategies that build army lists from the real game data."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from armylist.gamedata.catalog import Catalog
from armylist.gamedata.models import FactionCard, Race, SlotType, Unit

SCALES = {"skirmish": 1000, "standard": 2000}


@st.composite
def legal_lists(
    draw: st.DrawFn, catalog: Catalog, grand: bool = False, min_cards: int = 0
) -> dict[str, Any]:
    """A list the generator keeps within every limit: it must validate."""
    faction: FactionCard = draw(st.sampled_from(catalog.factions.all))
    if grand:
        scale, limit = "grand-offensive", draw(st.integers(2001, 6000))
    else:
        scale = draw(st.sampled_from(sorted(SCALES)))
        limit = SCALES[scale]
    gas_left = limit * catalog.game.gas_percent // 100
    eligible = catalog.cards_for(faction)
    cards: list[str] = []
    if faction.race is Race.ZERG:
        creep = draw(st.sampled_from([c for c in eligible if c.kind == "creep"]))
        cards.append(creep.name)
        gas_left -= creep.gas
    tactical = [c for c in eligible if c.kind == "tactical"]
    for card in draw(
        st.lists(st.sampled_from(tactical), min_size=min_cards, max_size=9)
    ):
        if card.gas <= gas_left and not (card.unique and card.name in cards):
            cards.append(card.name)
            gas_left -= card.gas
    slots = {s: faction.slots.get(s) for s in SlotType}
    for name in cards:
        card = catalog.cards.get(name)
        assert card is not None
        for slot, amount in card.slots.items():
            slots[slot] += amount
    minerals_left = limit
    units: list[dict[str, Any]] = []
    taken: set[str] = set()
    candidates: list[Unit] = catalog.units_for(faction)
    for unit in draw(st.lists(st.sampled_from(candidates), max_size=16)):
        if unit.unique and unit.id in taken:
            continue
        composition = draw(st.sampled_from(unit.compositions))
        assert unit.slot is not None
        if (
            composition.supply > slots[unit.slot]
            or composition.minerals > minerals_left
        ):
            continue
        chosen = draw(
            st.lists(st.sampled_from(unit.upgrades), unique_by=lambda u: u.id)
            if unit.upgrades
            else st.just([])
        )
        upgrades = []
        cost = composition.minerals
        specialists = 0
        replaced: dict[str, bool] = {}  # weapon -> taken by a SPECIALIST upgrade
        for upgrade in chosen:
            price = upgrade.cost[composition.models]
            if upgrade.specialist and specialists + 1 > composition.models:
                continue
            weapon = upgrade.replaces
            if weapon in replaced and not (upgrade.specialist and replaced[weapon]):
                continue  # a replacement needs the weapon it replaces (§9.1.7)
            if cost + price > minerals_left:
                continue
            specialists += upgrade.specialist
            if weapon is not None:
                replaced.setdefault(weapon, upgrade.specialist)
            cost += price
            upgrades.append(upgrade.name)
        slots[unit.slot] -= composition.supply
        minerals_left -= cost
        taken.add(unit.id)
        entry: dict[str, Any] = {"unit": unit.name, "models": composition.models}
        if upgrades:
            entry["upgrades"] = upgrades
        units.append(entry)
    army: dict[str, Any] = {
        "scale": scale,
        "faction": faction.name,
        "tactical_cards": cards,
        "units": units,
    }
    if grand:
        army["minerals"] = limit
    return army


def expected_totals(army: dict[str, Any], catalog: Catalog) -> dict[str, Any]:
    """Minerals, Gas and slot use computed straight from the cards, not the engine."""
    minerals = 0
    used = {s.value: 0 for s in SlotType}
    for entry in army["units"]:
        unit = catalog.units.get(entry["unit"])
        assert unit is not None and unit.slot is not None
        composition = next(c for c in unit.compositions if c.models == entry["models"])
        minerals += composition.minerals
        for name in entry.get("upgrades", []):
            minerals += next(u for u in unit.upgrades if u.name == name).cost[
                composition.models
            ]
        used[unit.slot.value] += composition.supply
    gas = 0
    for name in army["tactical_cards"]:
        card = catalog.cards.get(name)
        assert card is not None
        gas += card.gas
    return {"minerals": minerals, "gas": gas, "slots": used}

"""A generated folder of army lists as a submissions folder is before the deadline.

Every Faction Card at every scale, built from the game data as a player would (cards
within the Vespene Gas, units within the Army Slots and the Minerals, a few upgrades),
and about 40 % of them spoilt by one mistake of a kind the rules catch: over the
Minerals or the Vespene Gas, too many units for the slots, a unit off the Faction
Card's tags, a second Unique, a composition not printed, an upgrade twice or not the
unit's, a misspelt name, a broken file, and lists left half spent (unspent resources).
So every hint's "what can be taken now" search runs, as it does on real folders.

Seeded and deterministic: the same seed and game data give the same files.

    python tests/benchmarks/mix.py FOLDER [--count 1000] [--legal-only]
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from armylist.gamedata.catalog import Catalog
from armylist.gamedata.loading import load_catalog
from armylist.gamedata.models import FactionCard, Race, Scale, SlotType, Unit

# The share of lists given a mistake (one in ten of them only leaves resources unspent,
# which is no error: about 40 % of the lists end illegal).
ILLEGAL = 0.45
SEED = 2026
# The printed Mission and Deployment Cards a list names, by scenario scale.
SCENARIO = {
    "skirmish": (["Divide and Conquer", "Hold Position"], ["Agria Valley", "Frontier"]),
    "standard": (["Hold Position", "Supply Drop"], ["Gauntlet", "Typhoon"]),
}
GRAND_OFFENSIVE_MINERALS = (2500, 3000, 4000)


@dataclass
class Draft:
    """A list being built: what the YAML file will hold, and what is left."""

    faction: FactionCard
    scale: Scale
    minerals: int | None
    gas: int
    cards: list[str] = field(default_factory=list)
    units: list[dict[str, object]] = field(default_factory=list)
    slots: dict[SlotType, int] = field(default_factory=dict)
    taken: set[str] = field(default_factory=set)

    def document(self, name: str) -> dict[str, object]:
        """The list as its YAML file holds it."""
        missions, deployments = SCENARIO[self.scale.scenario_scale]
        data: dict[str, object] = {"name": name, "scale": self.scale.id}
        if self.scale.minerals is None:
            data["minerals"] = self.minerals
        data |= {
            "faction": self.faction.name,
            "tactical_cards": list(self.cards),
            "units": [dict(u) for u in self.units],
            "missions": list(missions),
            "deployments": list(deployments),
        }
        return data


def build(
    catalog: Catalog, faction: FactionCard, scale: Scale, rng: random.Random
) -> Draft:
    """A list as a player builds one: cards within the Gas, then units and upgrades
    within the slots and the Minerals, stopping at a random fullness."""
    given = rng.choice(GRAND_OFFENSIVE_MINERALS) if scale.minerals is None else None
    minerals = scale.mineral_limit(given) or 0
    gas = catalog.game.gas_limit(minerals) or 0
    draft = Draft(faction, scale, given, gas)
    draft.slots = {slot: faction.slots.get(slot) for slot in SlotType}
    cards = catalog.cards_for(faction)
    creep = [c for c in cards if c.kind == "creep"]
    gas_left = gas
    if faction.race is Race.ZERG and creep:
        card = rng.choice(creep)
        draft.cards.append(card.name)
        gas_left -= card.gas
    tactical = [c for c in cards if c.kind != "creep"]
    for _ in range(rng.randint(2, 8)):
        card = rng.choice(tactical)
        if card.gas > gas_left or (card.unique and card.name in draft.cards):
            continue
        draft.cards.append(card.name)
        gas_left -= card.gas
        for slot in SlotType:
            draft.slots[slot] += card.slots.get(slot)
    left = minerals
    units = [u for u in catalog.units_for(faction) if u.slot is not None]
    fullness = rng.choice((0.6, 0.9, 1.0, 1.0))
    for _ in range(40):
        if left <= minerals * (1 - fullness):
            break
        unit = rng.choice(units)
        assert unit.slot is not None
        if unit.unique and unit.id in draft.taken:
            continue
        room = draft.slots[unit.slot]
        fitting = [
            c for c in unit.compositions if c.supply <= room and c.minerals <= left
        ]
        if not fitting:
            continue
        composition = rng.choice(fitting)
        entry: dict[str, object] = {"unit": unit.name}
        if len(unit.compositions) > 1:
            entry["models"] = composition.models
        left -= composition.minerals
        draft.slots[unit.slot] -= composition.supply
        draft.taken.add(unit.id)
        left -= _upgrade(entry, unit, composition.models, left, rng)
        draft.units.append(entry)
    return draft


def _upgrade(
    entry: dict[str, object], unit: Unit, models: int, left: int, rng: random.Random
) -> int:
    """Maybe one upgrade the unit prints for its composition: its cost."""
    priced = [(u, u.cost_for(models)) for u in unit.upgrades]
    affordable = [(u, c) for u, c in priced if c is not None and c <= left]
    if not affordable or rng.random() < 0.4:
        return 0
    upgrade, cost = rng.choice(affordable)
    entry["upgrades"] = [upgrade.name]
    return cost or 0


# -- the mistakes: each spoils a built list in one way the rules catch ---------------


def over_minerals(draft: Draft, catalog: Catalog, rng: random.Random) -> None:
    """The dearest units again, past the Mineral limit (and maybe the slots)."""
    units = sorted(
        (u for u in catalog.units_for(draft.faction) if u.slot and not u.unique),
        key=lambda u: -max(c.minerals for c in u.compositions),
    )
    for unit in units[:3]:
        big = max(unit.compositions, key=lambda c: c.minerals)
        draft.units.append(_entry(unit, big.models))


def over_gas(draft: Draft, catalog: Catalog, rng: random.Random) -> None:
    """Tactical Cards past the Vespene Gas limit."""
    cards = [c for c in catalog.cards_for(draft.faction) if c.kind != "creep"]
    spent = sum(c.gas for c in cards if c.name in draft.cards)
    for card in sorted(cards, key=lambda c: -c.gas):
        if spent > draft.gas:
            return
        if not (card.unique and card.name in draft.cards):
            draft.cards.append(card.name)
            spent += card.gas


def slots(draft: Draft, catalog: Catalog, rng: random.Random) -> None:
    """Cheap units of one slot type past its Army Slots."""
    units = [u for u in catalog.units_for(draft.faction) if u.slot and not u.unique]
    unit = rng.choice(units)
    small = min(unit.compositions, key=lambda c: c.minerals)
    for _ in range(4):
        draft.units.append(_entry(unit, small.models))


def tag_rule(draft: Draft, catalog: Catalog, rng: random.Random) -> None:
    """A unit or a card of another Faction Card."""
    allowed = {u.id for u in catalog.units_for(draft.faction)}
    others = [u for u in catalog.units.all if u.id not in allowed and u.slot]
    if rng.random() < 0.7 and others:
        unit = rng.choice(others)
        draft.units.append(_entry(unit, unit.compositions[0].models))
        return
    mine = {c.id for c in catalog.cards_for(draft.faction)}
    cards = [c for c in catalog.cards.all if c.id not in mine and c.kind != "creep"]
    draft.cards.append(rng.choice(cards).name)


def unique(draft: Draft, catalog: Catalog, rng: random.Random) -> None:
    """A Unique unit twice."""
    heroes = [u for u in catalog.units_for(draft.faction) if u.unique and u.slot]
    if not heroes:
        composition(draft, catalog, rng)
        return
    hero = rng.choice(heroes)
    draft.units += [_entry(hero, hero.compositions[0].models)] * 2


def composition(draft: Draft, catalog: Catalog, rng: random.Random) -> None:
    """A model count the unit's card does not print."""
    for entry in draft.units:
        if "models" in entry:
            entry["models"] = int(str(entry["models"])) + 1
            return
    draft.units.append({"unit": draft.units[0]["unit"] if draft.units else "Marine"})


def upgrades(draft: Draft, catalog: Catalog, rng: random.Random) -> None:
    """An upgrade twice, or one the unit does not print."""
    for entry in draft.units:
        bought = entry.get("upgrades")
        if isinstance(bought, list) and bought:
            entry["upgrades"] = [*bought, bought[0]]
            return
    if draft.units:
        draft.units[0]["upgrades"] = ["Stimpack", "Blink"]


def unspent(draft: Draft, catalog: Catalog, rng: random.Random) -> None:
    """Half the units dropped: Minerals and slots left unspent."""
    del draft.units[len(draft.units) // 2 :]


MISTAKES: tuple[Callable[[Draft, Catalog, random.Random], None], ...] = (
    over_minerals,
    over_gas,
    slots,
    tag_rule,
    unique,
    composition,
    upgrades,
    unspent,
)


def misspell(text: str, rng: random.Random) -> str:
    """A name a letter off (a did-you-mean), or a key misspelt."""
    if rng.random() < 0.5:
        return text.replace("faction:", "factio:", 1)
    return text.replace("- unit: ", "- unit: X", 1)


def broken(text: str, rng: random.Random) -> str:
    """A file cut short: YAML that does not parse."""
    return text + "\nunits: [\n"


def generate(
    catalog: Catalog, count: int, *, seed: int = SEED, legal_only: bool = False
) -> list[str]:
    """``count`` list files' texts: every Faction Card at every scale in turn."""
    rng = random.Random(seed)
    factions = list(catalog.factions.all)
    scales = list(catalog.game.scales)
    texts = []
    for number in range(count):
        faction = factions[number % len(factions)]
        scale = scales[(number // len(factions)) % len(scales)]
        draft = build(catalog, faction, scale, rng)
        roll = rng.random()
        text_mistake = None
        if not legal_only and roll < ILLEGAL:
            kinds = len(MISTAKES) + 2
            kind = rng.randrange(kinds)
            if kind < len(MISTAKES):
                MISTAKES[kind](draft, catalog, rng)
            else:
                text_mistake = misspell if kind == len(MISTAKES) else broken
        text = yaml.safe_dump(
            draft.document(f"List {number}"), sort_keys=False, allow_unicode=True
        )
        texts.append(text if text_mistake is None else text_mistake(text, rng))
    return texts


def write(folder: Path, count: int, *, legal_only: bool = False) -> None:
    """The generated lists as files ``list-00000.yaml``... in ``folder``."""
    catalog = load_catalog()
    folder.mkdir(parents=True, exist_ok=True)
    for number, text in enumerate(generate(catalog, count, legal_only=legal_only)):
        (folder / f"list-{number:05d}.yaml").write_text(text, encoding="utf-8")


def _entry(unit: Unit, models: int) -> dict[str, object]:
    entry: dict[str, object] = {"unit": unit.name}
    if len(unit.compositions) > 1:
        entry["models"] = models
    return entry


def main() -> None:
    """Write a generated folder."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--count", type=int, default=1_000)
    parser.add_argument("--legal-only", action="store_true")
    args = parser.parse_args()
    write(args.folder, args.count, legal_only=args.legal_only)


if __name__ == "__main__":
    main()

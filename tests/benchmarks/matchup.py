"""armylist matchup's speed target: any two legal lists up to Grand Offensive within
1.5 s of CPU time (user + system, start-up included) on this machine.

Run after the README's install command:  python tests/benchmarks/matchup.py

The lists measured are the widest legal ones: for every faction, at Standard
and Grand Offensive (4,000 and 6,000 Minerals: about 25 different squads a side, as
many as the Army Slots 600 Gas of Tactical Cards opens allow), the Tactical Cards
that open the most Army Slots for the Gas, then as many *different* squads as the
slots and Minerals allow (cheapest first, each unit with a new set of upgrades), so
that no two squads share an activation. Every list is validated first (a list that is
not legal is left out and said so). Each pair of factions at each size is matched up
once; the figure is the slowest pair, a median of three runs.
"""

from __future__ import annotations

import itertools
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import yaml

from armylist.gamedata.catalog import Catalog
from armylist.gamedata.loading import load_catalog
from armylist.gamedata.models import FactionCard, Race, SlotType

BIN = Path(sys.executable).parent
ARMYLIST = shutil.which("armylist", path=str(BIN)) or "armylist"
TARGET_SECONDS = 1.5
SIZES = (("standard", 2000), ("grand-offensive", 4000), ("grand-offensive", 6000))


def widest_list(catalog: Catalog, faction: FactionCard, scale: str, limit: int) -> dict[str, Any]:  # fmt: skip
    """As many different squads as a legal list of this size can field."""
    gas_left = limit * catalog.game.gas_percent // 100
    eligible = catalog.cards_for(faction)
    cards: list[str] = []
    if faction.race is Race.ZERG:
        creep = min((c for c in eligible if c.kind == "creep"), key=lambda c: c.gas)
        cards.append(creep.name)
        gas_left -= creep.gas
    tactical = sorted(
        (c for c in eligible if c.kind == "tactical"),
        key=lambda c: -sum(n for _, n in c.slots.items()) / max(c.gas, 1),
    )
    for card in tactical * 4:
        opens = sum(n for _, n in card.slots.items())
        unique_taken = card.unique and card.name in cards
        if opens and card.gas <= gas_left and not unique_taken:
            cards.append(card.name)
            gas_left -= card.gas
    slots = {s: faction.slots.get(s) for s in SlotType}
    for name in cards:
        card = catalog.cards.get(name)
        assert card is not None
        for slot, amount in card.slots.items():
            slots[slot] += amount
    squads = []
    for unit in catalog.units_for(faction):
        if unit.slot is None:
            continue
        for composition in unit.compositions:
            priced = [
                u for u in unit.upgrades if u.cost_for(composition.models) is not None
            ]
            for size in range(len(priced) + 1):
                for chosen in itertools.combinations(priced, size):
                    if sum(u.specialist for u in chosen) > composition.models:
                        continue
                    cost = composition.minerals + sum(
                        u.cost[composition.models] for u in chosen
                    )
                    squads.append((cost, unit, composition, chosen))
    squads.sort(key=lambda s: (s[0], s[1].id))
    minerals_left = limit
    taken: set[str] = set()
    units = []
    for cost, unit, composition, chosen in squads:
        assert unit.slot is not None
        if unit.unique and unit.id in taken:
            continue
        if composition.supply > slots[unit.slot] or cost > minerals_left:
            continue
        slots[unit.slot] -= composition.supply
        minerals_left -= cost
        taken.add(unit.id)
        entry: dict[str, Any] = {"unit": unit.name, "models": composition.models}
        if chosen:
            entry["upgrades"] = [u.name for u in chosen]
        units.append(entry)
    army: dict[str, Any] = {
        "scale": scale,
        "faction": faction.name,
        "tactical_cards": cards,
        "units": units,
    }
    if scale == "grand-offensive":
        army["minerals"] = limit
    return army


def cpu_of(*args: str) -> tuple[float, int]:
    """CPU seconds (user + system) of one armylist run, and its exit code."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run([ARMYLIST, *args], capture_output=True, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    spent = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return spent, done.returncode


def main() -> None:
    catalog = load_catalog()
    scratch = Path(tempfile.mkdtemp(prefix="armylist-matchup-"))
    env_cache = scratch / "cache"
    os.environ["XDG_CACHE_HOME"] = str(env_cache)
    sys.stdout.reconfigure(line_buffering=True)  # type: ignore[union-attr]
    print(f"armylist {ARMYLIST}, {sys.version.split()[0]}; lists in {scratch}")
    worst: tuple[float, str] = (0.0, "")
    for scale, limit in SIZES:
        files = []
        for faction in catalog.factions.all:
            army = widest_list(catalog, faction, scale, limit)
            path = scratch / f"{faction.id}-{limit}.yaml"
            path.write_text(yaml.safe_dump(army, sort_keys=False), encoding="utf-8")
            verdict = subprocess.run(
                [ARMYLIST, "validate", str(path), "--format", "json"],
                capture_output=True,
                check=False,
            )
            if verdict.returncode != 0:
                errors = [
                    f["rule"]
                    for r in json.loads(verdict.stdout or "{}").get("results", [])
                    for f in r.get("findings", [])
                    if f["severity"] == "error"
                ]
                print(f"  left out, not legal: {path.name} {sorted(set(errors))}")
                continue
            files.append((path, len(army["units"])))
        cpu_of("matchup", str(files[0][0]), str(files[0][0]))  # fills the data cache
        for (a, count_a), (b, count_b) in itertools.combinations_with_replacement(
            files, 2
        ):
            runs = []
            for _ in range(3):
                seconds, code = cpu_of("matchup", str(a), str(b))
                assert code == 0, (a, b, code)
                runs.append(seconds)
            seconds = statistics.median(runs)
            name = f"{a.stem} ({count_a} squads) vs {b.stem} ({count_b})"
            worst = max(worst, (seconds, name))
        print(f"{scale} {limit:,}: {len(files)} legal lists, slowest so far "
              f"{worst[0]:.2f} s CPU ({worst[1]})")  # fmt: skip
    verdict = "met" if worst[0] <= TARGET_SECONDS else "MISSED"
    print(
        f"slowest matchup: {worst[0]:.2f} s CPU, target {TARGET_SECONDS} s: {verdict}"
    )
    shutil.rmtree(scratch, ignore_errors=True)
    sys.exit(0 if worst[0] <= TARGET_SECONDS else 1)


if __name__ == "__main__":
    main()

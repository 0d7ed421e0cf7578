"""The bundled game data says what DATA.md says, card by card."""

from __future__ import annotations

import io
import os
import pickle
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
import yaml
from projectpaths import ROOT

from armylist.files import checked
from armylist.gamedata.catalog import Catalog
from armylist.gamedata.models import SlotType

EXPECTED: dict[str, Any] = yaml.safe_load(
    (ROOT / "tests" / "data" / "data_md_v1.yaml").read_text(encoding="utf-8")
)


def test_official_example_cards_cost_185_gas_and_give_the_printed_slots(
    catalog: Catalog,
) -> None:
    faction = catalog.factions.get("Raynor's Raiders")
    assert faction is not None
    names = [
        "Barracks",
        "Barracks (Proxy)",
        "Factory",
        "Orbital Command",
        "Academy",
        "Engineering Bay",
    ]
    cards = [catalog.cards.get(n) for n in names]
    assert all(cards)
    assert sum(c.gas for c in cards if c) == 185
    totals = {
        s: faction.slots.get(s) + sum(c.slots.get(s) for c in cards if c)
        for s in SlotType
    }
    assert totals == {
        SlotType.CORE: 8,
        SlotType.HERO: 1,
        SlotType.SUPPORT: 3,
        SlotType.ELITE: 2,
        SlotType.AIR: 1,
    }


def test_marine_supply_profile_and_compositions(catalog: Catalog) -> None:
    marine = catalog.units.get("Marine")
    assert marine is not None
    assert [marine.supply_at(n) for n in (9, 6, 3)] == [2, 1, 0]
    assert {(c.models, c.minerals) for c in marine.compositions} == {(6, 160), (9, 210)}


def test_headline_numbers(catalog: Catalog) -> None:
    swarm = catalog.factions.get("Kerrigan's Swarm")
    assert swarm is not None
    assert (swarm.slots.core, swarm.slots.elite, swarm.slots.hero) == (3, 2, 1)
    assert swarm.slots.support == 0  # §9.1.2's "2x Support" aside is a typo
    bay = catalog.cards.get("Engineering Bay")
    assert bay is not None and bay.gas == 25
    raynor = catalog.units.get("Jim Raynor")
    assert raynor is not None and raynor.compositions[0].minerals == 250
    roach = catalog.units.get("Roach")
    assert roach is not None and roach.supply_at(1) == 0


@pytest.mark.parametrize("row", EXPECTED["faction_cards"], ids=lambda r: r["name"])
def test_faction_card_matches_data_md(catalog: Catalog, row: dict[str, Any]) -> None:
    card = catalog.factions.get(row["name"])
    assert card is not None, row["name"]
    assert card.race.value == row["race"]
    assert list(card.tags) == row["tags"]
    assert dict(card.slots.items()) == {SlotType(k): v for k, v in row["slots"].items()}
    assert card.resource == row["resource"]
    assert card.provisional == row["provisional"]


@pytest.mark.parametrize("row", EXPECTED["tactical_cards"], ids=lambda r: r["name"])
def test_tactical_card_matches_data_md(catalog: Catalog, row: dict[str, Any]) -> None:
    card = catalog.cards.get(row["name"])
    assert card is not None, row["name"]
    assert card.kind == row["kind"]
    assert card.gas == row["gas"]
    assert dict(card.slots.items()) == {SlotType(k): v for k, v in row["slots"].items()}
    assert card.unique == row["unique"]
    assert list(card.tags) == row["tags"]
    assert card.provisional == row["provisional"]


@pytest.mark.parametrize("row", EXPECTED["units"], ids=lambda r: r["name"])
def test_unit_matches_data_md(catalog: Catalog, row: dict[str, Any]) -> None:
    unit = catalog.units.get(row["name"])
    assert unit is not None, row["name"]
    assert unit.race.value == row["race"]
    assert (unit.slot.value if unit.slot else None) == row["slot"]
    assert unit.summoned == (row["slot"] is None)
    assert unit.unique == row["unique"]
    assert list(unit.tags) == row["tags"]
    assert sorted(unit.combat_tags) == sorted(row["combat_tags"])
    assert [checked.dumped(c) for c in unit.compositions] == row["compositions"]
    for band, supply in row["supply_profile"].items():
        low, _, high = str(band).partition("-")
        for models in range(int(low), int(high or low) + 1):
            assert unit.supply_at(models) == supply, (unit.name, models)
    assert unit.provisional == row["provisional"]


@pytest.mark.parametrize("unit_name", sorted(EXPECTED["upgrades"]))
def test_upgrades_match_data_md(catalog: Catalog, unit_name: str) -> None:
    unit = catalog.units.get(unit_name)
    assert unit is not None, unit_name
    expected = EXPECTED["upgrades"][unit_name]
    assert sorted(u.name for u in unit.upgrades) == sorted(expected)
    for upgrade in unit.upgrades:
        want = expected[upgrade.name]
        assert upgrade.cost == want["cost"], upgrade.name
        assert upgrade.specialist == want.get("specialist", False), upgrade.name
        assert upgrade.replaces == want.get("replaces"), upgrade.name


def test_every_card_in_the_data_is_in_data_md(catalog: Catalog) -> None:
    assert {c.name for c in catalog.factions.all} == {
        r["name"] for r in EXPECTED["faction_cards"]
    }
    assert {c.name for c in catalog.cards.all} == {
        r["name"] for r in EXPECTED["tactical_cards"]
    }
    assert {c.name for c in catalog.units.all} == {r["name"] for r in EXPECTED["units"]}


def test_ids_are_slugs_of_printed_names_and_lookups_ignore_case(
    catalog: Catalog,
) -> None:
    proxy = catalog.cards.get("barracks-proxy")
    assert proxy is not None and proxy.name == "Barracks (Proxy)"
    assert catalog.units.get("RAYNOR'S RAIDER (MARINE)") is catalog.units.get(
        "raynors-raider-marine"
    )
    assert catalog.factions.get("raynors raiders") is not None
    assert catalog.units.suggest("Marines")[0] == "Marine"


def test_tag_rule_decides_eligibility(catalog: Catalog) -> None:
    taf = catalog.factions.get("Terran Armed Forces")
    rr = catalog.factions.get("Raynor's Raiders")
    assert taf is not None and rr is not None
    taf_units = {u.name for u in catalog.units_for(taf)}
    rr_units = {u.name for u in catalog.units_for(rr)}
    assert "Marine" in taf_units and "Marine" in rr_units
    assert "Raynor's Raider (Marine)" not in taf_units
    assert "Raynor's Raider (Marine)" in rr_units
    assert not any(u.race.value == "Zerg" for u in catalog.units_for(rr))


def test_scenario_cards(catalog: Catalog) -> None:
    assert len(catalog.missions) == 10
    assert {m.scale for m in catalog.missions} == {"skirmish", "standard"}
    hold = catalog.mission("Hold Position", "standard")
    assert hold is not None
    assert (hold.starting_supply, hold.supply_escalation, hold.game_length) == (6, 2, 5)
    assert len([d for d in catalog.deployments.all if d.scale == "skirmish"]) == 5
    assert len([d for d in catalog.deployments.all if d.scale == "standard"]) == 5
    scales = {s.id: (s.minerals, s.minerals_min) for s in catalog.game.scales}
    assert scales == {
        "skirmish": (1000, 0),
        "standard": (2000, 0),
        "grand-offensive": (None, 2001),
    }
    assert catalog.game.gas_percent == 10


def test_the_catalog_cache_is_used_and_survives_a_broken_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from armylist.gamedata import loading as catalog_module

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(catalog_module, "_CACHE", {})
    first = catalog_module.load_catalog()
    (cached,) = (tmp_path / "armylist").glob("catalog-*.pickle")
    monkeypatch.setattr(catalog_module, "_CACHE", {})
    real_load = catalog_module._load

    def no_yaml(*args: object) -> None:
        raise AssertionError("the cache was not used")

    monkeypatch.setattr(catalog_module, "_load", no_yaml)
    again = catalog_module.load_catalog()
    assert again is not first and again.units.get("Marine") == first.units.get("Marine")
    monkeypatch.setattr(catalog_module, "_load", real_load)
    cached.write_bytes(b"not a pickle")
    monkeypatch.setattr(catalog_module, "_CACHE", {})
    rebuilt = catalog_module.load_catalog()
    assert rebuilt.cards.get("Engineering Bay") == first.cards.get("Engineering Bay")
    assert cached.read_bytes() != b"not a pickle"
    # A file of another key under the same name (its name is a checksum) is not used.
    cached.write_bytes(pickle.dumps(("another key", first)))
    monkeypatch.setattr(catalog_module, "_CACHE", {})
    monkeypatch.setattr(catalog_module, "_load", no_yaml)
    with pytest.raises(AssertionError, match="the cache was not used"):
        catalog_module.load_catalog()


def test_old_catalog_caches_are_removed_when_a_new_one_is_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from armylist.gamedata import loading as catalog_module

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(catalog_module, "_CACHE", {})
    folder = tmp_path / "armylist"
    folder.mkdir()
    for i in range(10):  # the caches of ten earlier versions
        old = folder / f"catalog-old{i}.pickle"
        old.write_bytes(b"old")
        os.utime(old, ns=(i * 10**9, i * 10**9))
    catalog_module.load_catalog()
    kept = sorted(p.name for p in folder.glob("catalog-*.pickle"))
    assert len(kept) == catalog_module.KEPT_CACHES
    assert {"catalog-old9.pickle", "catalog-old8.pickle"} <= set(kept)
    assert "catalog-old0.pickle" not in kept


def test_the_catalog_cache_is_keyed_by_every_module_it_is_made_of(
    catalog: Catalog,
) -> None:
    # A cache written by older code must not be read by newer code whose classes
    # changed shape: its key covers the source of every class in the pickle.
    from armylist.gamedata import loading as catalog_module

    made_of: set[str] = set()

    class Recording(pickle.Unpickler):
        def find_class(self, module: str, name: str) -> Any:
            made_of.add(module)
            return super().find_class(module, name)

    Recording(io.BytesIO(pickle.dumps(catalog))).load()
    ours = {module for module in made_of if module.startswith("armylist")}
    assert ours == {
        f"armylist.gamedata.{name.removesuffix('.py')}"
        for name in catalog_module.PICKLED_SOURCES
    }


def test_what_a_faction_may_take_follows_its_tags(catalog: Catalog) -> None:
    # Asked many times per list, answered once per Faction Card's tags: a card with
    # other tags under the same id gets its own answer.
    rr = catalog.factions.get("Raynor's Raiders")
    assert rr is not None
    first = catalog.units_for(rr)
    assert catalog.units_for(rr) == first
    assert "Raynor's Raider (Marine)" in {u.name for u in first}
    plain = replace(rr, tags=("TERRAN",))
    assert "Raynor's Raider (Marine)" not in {u.name for u in catalog.units_for(plain)}
    first.clear()  # a caller's list is its own
    assert catalog.units_for(rr)
    summoned = catalog.units_for(rr, summoned=True)
    assert len(summoned) >= len(catalog.units_for(rr))

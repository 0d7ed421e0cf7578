"""The id tables name only cards that exist, and the ones the wheel ships."""

from __future__ import annotations

from pathlib import Path

from armylist.gamedata.catalog import Catalog, upgrade_named
from armylist.importing import ids


def test_every_command_center_target_exists(catalog: Catalog) -> None:
    table = ids.command_center()
    for target in table["factions"].values():
        assert catalog.factions.get(target), target
    for target in table["cards"].values():
        assert catalog.cards.get(target), target
    for app_id, unit in table["units"].items():
        card = catalog.units.get(unit["unit"])
        assert card is not None, app_id
        sizes = {unit["small"], unit.get("large", unit["small"])}
        assert sizes <= {c.models for c in card.compositions}, app_id
    for app_id, names in table["upgrades"].items():
        card = catalog.units.get(table["units"][app_id]["unit"])
        assert card is not None
        for target in names.values():
            assert upgrade_named(card, target), (app_id, target)
    for mission in table["missions"].values():
        assert catalog.mission(mission["mission"], mission["scale"]), mission
    for target in table["deployments"].values():
        assert catalog.deployments.get(target), target


def test_every_new_recruit_target_exists(catalog: Catalog) -> None:
    table = ids.new_recruit()
    index = {
        "unit": catalog.units,
        "card": catalog.cards,
        "faction_card": catalog.factions,
    }
    for entry_id, entry in table["entries"].items():
        card = index[entry["kind"]].get(entry["id"])
        assert card is not None, entry_id
        if entry["kind"] == "unit":
            models = {c.models for c in card.compositions}
            assert entry["models"] in models, entry_id
            if "reinforce" in entry:
                assert entry["reinforce"]["models"] in models, entry_id
    for entry_id, upgrade in table["upgrades"].items():
        unit = catalog.units.get(upgrade["unit"])
        assert unit is not None and upgrade_named(unit, upgrade["upgrade"]), entry_id
    shared = set(table["shared_upgrades"].values())
    zerg = {
        u.id
        for unit in catalog.units.all
        if unit.race.value == "Zerg"
        for u in unit.upgrades
    }
    assert shared <= zerg


def test_every_malkivian_target_exists_and_seeds_are_unique(catalog: Catalog) -> None:
    table = ids.malkivian()
    index = {
        "factions": catalog.factions,
        "cards": catalog.cards,
        "units": catalog.units,
    }
    for group, cards in index.items():
        seeds = [v["seed"] for v in table[group].values()]
        assert len(seeds) == len(set(seeds)), group
        for item in table[group].values():
            assert cards.get(item["id"]), item
    for entry_id, upgrades in table["upgrades"].items():
        unit = catalog.units.get(table["units"][entry_id]["id"])
        assert unit is not None
        assert len({u["seed"] for u in upgrades.values()}) == len(upgrades)
        for upgrade in upgrades.values():
            assert upgrade_named(unit, upgrade["id"]), (entry_id, upgrade)
    for mission in table["missions"].values():
        assert catalog.mission(mission["mission"], mission["scale"]), mission
    for deployment in table["deployments"].values():
        assert catalog.deployments.get(deployment["id"]), deployment


def test_the_tables_ship_inside_the_package() -> None:
    # hatch packages every file under armylist/: the table must live there
    package = Path(__import__("armylist").__file__).resolve().parent
    assert ids.IDS_FILE.resolve().parent.parent == package

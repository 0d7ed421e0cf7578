"""The combat facts in the game data against a transcription of the cards.

`tests/data/combat_md_v1.yaml` is written from COMBAT.md and the card texts it names,
independently of `factions/`: every effect, toggle and wave-2 profile there must be in
the data with the same numbers.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from armylist.files import checked
from armylist.gamedata.catalog import Catalog
from armylist.gamedata.models import Effect, Unit, Weapon

CARDS = yaml.safe_load(
    (Path(__file__).parents[1] / "data" / "combat_md_v1.yaml").read_text("utf-8")
)


def _unit(catalog: Catalog, name: str) -> Unit:
    found = catalog.units.get(name)
    assert found is not None, name
    return found


def _effect(unit: Unit, row: dict[str, Any]) -> Effect:
    if "upgrade" in row:
        upgrade = next(u for u in unit.upgrades if u.name == row["upgrade"])
        effects = upgrade.effects
    else:
        effects = unit.abilities
    name = row.get("name", row.get("upgrade"))
    found = [e for e in effects if e.name == name]
    assert len(found) == 1, (unit.name, name)
    return found[0]


def _printed(effect: Effect | Weapon) -> dict[str, Any]:
    dumped: dict[str, Any] = checked.dumped(effect, mode="json")
    # Keywords read as printed ("PRECISION (3)"), whichever way the data writes them.
    dumped["keywords"] = [str(k) for k in getattr(effect, "keyword_entries", ())] or [
        str(k) for k in getattr(effect, "keywords", ())
    ]
    return dumped


def test_every_devastating_charge_has_the_value_of_the_card(catalog: Catalog) -> None:
    found = {}
    for unit in catalog.units.all:
        for ability in unit.abilities:
            if ability.name == "Devastating Charge":
                found[unit.name] = ", ".join(str(k) for k in ability.keywords)
    assert found == CARDS["devastating_charge"]


@pytest.mark.parametrize(
    "row",
    CARDS["effects"],
    ids=[f"{r['unit']}-{r.get('name', r.get('upgrade'))}" for r in CARDS["effects"]],
)
def test_every_effect_has_the_numbers_of_the_card(
    catalog: Catalog, row: dict[str, Any]
) -> None:
    effect = _printed(_effect(_unit(catalog, row["unit"]), row))
    expected = {k: v for k, v in row.items() if k not in ("unit", "upgrade", "name")}
    expected.setdefault("toggle", False)  # an effect not marked a toggle is always on
    if "grants" in expected:
        expected["grants"] = {"tags": [], "others": False, **expected["grants"]}
    assert {k: effect[k] for k in expected} == expected


def test_every_toggle_in_the_data_is_in_the_transcription(catalog: Catalog) -> None:
    # A toggle added to factions/ without its card values here is a number unchecked.
    listed = {
        (r["unit"], r.get("name", r.get("upgrade")))
        for r in CARDS["effects"]
        if r.get("toggle")
    }
    in_data = {
        (unit.name, e.name)
        for unit in catalog.units.all
        for e in [*unit.abilities, *(e for u in unit.upgrades for e in u.effects)]
        if e.toggle
    }
    assert in_data == listed


@pytest.mark.parametrize(
    "row",
    CARDS["wave_2_weapons"],
    ids=[f"{r['unit']}-{r['name']}" for r in CARDS["wave_2_weapons"]],
)
def test_every_wave_2_profile_has_the_numbers_of_the_transcriptions(
    catalog: Catalog, row: dict[str, Any]
) -> None:
    unit = _unit(catalog, row["unit"])
    assert unit.provisional  # still a wave-2 card known from photos
    if "upgrade" in row:
        upgrade = next(u for u in unit.upgrades if u.name == row["upgrade"])
        assert upgrade.weapon is not None
        weapon = upgrade.weapon
    else:
        found = unit.weapon(row["name"])
        assert found is not None, row["name"]
        weapon = found
    expected = {k: v for k, v in row.items() if k not in ("unit", "upgrade")}
    assert {k: _printed(weapon)[k] for k in expected} == expected


def test_every_combat_effect_names_its_source_and_carried_weapons(
    catalog: Catalog,
) -> None:
    effects = []
    for unit in catalog.units.all:
        carried = {w.name for w in unit.weapons}
        carried |= {u.weapon.name for u in unit.upgrades if u.weapon}
        for effect in [*unit.abilities, *(e for u in unit.upgrades for e in u.effects)]:
            effects.append(effect)
            # An effect on a weapon names one the unit or its upgrades carry.
            assert set(effect.weapons) <= carried, (unit.name, effect.name)
    assert len(effects) >= 60
    assert all(e.source.strip() for e in effects)


def test_the_docs_say_how_the_odds_take_every_ability_and_upgrade(
    catalog: Catalog,
) -> None:
    # docs/combat.md lists each one as in the data, an option, or not modelled: none
    # silently absent.
    docs = (Path(__file__).parents[2] / "docs" / "combat.md").read_text("utf-8")
    table = docs.split("## Every ability of every card", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in table.splitlines() if line.startswith("| ")]
    missing = []
    for unit in catalog.units.all:
        names = [u.name for u in unit.upgrades]
        names += [e.name for e in unit.abilities if e.name != "Devastating Charge"]
        for name in names:
            if not any(unit.name.split(" (")[0] in r and name in r for r in rows):
                missing.append((unit.name, name))
        for effect in [*unit.abilities, *(e for u in unit.upgrades for e in u.effects)]:
            if effect.toggle and not any(
                effect.name in r and "an option" in r for r in rows
            ):
                missing.append((unit.name, f"{effect.name} (an option)"))
    assert missing == []

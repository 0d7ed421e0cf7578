"""The combat facts in the game data: what COMBAT.md lists, each with its source."""

from __future__ import annotations

import pytest

from armylist.gamedata.catalog import Catalog

# COMBAT.md, "Devastating Charge IMPACT (X) Y" (from the units' ability texts).
DEVASTATING_CHARGE = {
    "Zergling": "IMPACT (1) 5+",
    "Swarmling (Zergling)": "IMPACT (1) 5+",
    "Raptor (Zergling)": "IMPACT (1) 5+",
    "Kerrigan Swarm Raptor (Zergling)": "IMPACT (2) 5+",
    "Roach": "IMPACT (2) 4+",
    "Vile (Roach)": "IMPACT (1) 4+",
    "Corpser (Roach)": "IMPACT (3) 4+",
    "Queen": "IMPACT (4) 3+",
    "Kerrigan": "IMPACT (4) 4+",
    "Zealot": "IMPACT (3) 4+",
    "Praetor Guard (Zealot)": "IMPACT (3) 4+",
    "Artanis": "IMPACT (6) 4+",
    "Goliath": "IMPACT (4) 3+",
}


def test_every_devastating_charge_has_the_value_combat_md_gives(
    catalog: Catalog,
) -> None:
    found = {}
    for name in catalog.units.names():
        unit = catalog.units.get(name)
        assert unit is not None
        for ability in unit.abilities:
            if ability.name == "Devastating Charge":
                found[unit.name] = ", ".join(str(k) for k in ability.keywords)
    assert found == DEVASTATING_CHARGE


def test_every_combat_effect_names_its_source(catalog: Catalog) -> None:
    effects = []
    for name in catalog.units.names():
        unit = catalog.units.get(name)
        assert unit is not None
        effects += list(unit.abilities)
        effects += [e for u in unit.upgrades for e in u.effects]
        for effect in [e for u in unit.upgrades for e in u.effects]:
            # An effect on a weapon names one the unit or its upgrades carry.
            carried = {w.name for w in unit.weapons}
            carried |= {u.weapon.name for u in unit.upgrades if u.weapon}
            assert set(effect.weapons) <= carried, (unit.name, effect.name)
    assert len(effects) >= 25
    assert all(e.source.strip() for e in effects)


@pytest.mark.parametrize(
    "unit", ["Siege Tank", "Ravager", "Immortal", "Nerazim Watchers (Adept)"]
)
def test_wave_2_weapons_stay_without_a_profile(catalog: Catalog, unit: str) -> None:
    card = catalog.units.get(unit)
    assert card is not None and card.provisional
    assert card.weapons and not any(w.has_profile for w in card.weapons)

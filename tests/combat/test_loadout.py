"""Two upgrades FOR one weapon: the roster sheet, AL403 and the attack agree (§9.1.7)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from armylist.combat import AttackSetup, CombatError, resolve
from armylist.combat.lists import read_combatants
from armylist.combat.loadout import carried_weapons
from armylist.engine import check_text
from armylist.gamedata.catalog import Catalog, Index
from armylist.gamedata.models import Unit, Upgrade
from armylist.sheet.roster import build_roster

GOLIATH = """\
scale: standard
faction: Terran Armed Forces
tactical_cards: [Factory]
units:
  - unit: Goliath
    upgrades: [Haywire Missiles, Scatter Missiles]
"""

MARINES = """\
scale: standard
faction: Terran Armed Forces
units:
  - unit: Marine
    models: 9
    upgrades: [AGG-12, Gauss Rifle]
"""


def _card(catalog: Catalog, name: str) -> Unit:
    found = catalog.units.get(name)
    assert found is not None
    return found


def with_gauss_rifle(catalog: Catalog) -> Catalog:
    """The bundled game data plus a Marine upgrade FOR the C-14 Rifle on every model.

    No bundled card prints a SPECIALIST and an every-model upgrade FOR one weapon; the
    three must still agree when a data file does.
    """
    marine = _card(catalog, "Marine")
    rifle = marine.weapons[0]
    assert rifle.name == "C-14 Rifle"
    gauss = Upgrade(
        id="gauss-rifle",
        name="Gauss Rifle",
        cost={c.models: 10 for c in marine.compositions},
        replaces="C-14 Rifle",
        weapon=replace(rifle, name="Gauss Rifle", damage="2"),
    )
    marine = replace(marine, upgrades=(*marine.upgrades, gauss))
    units = [marine if u.id == marine.id else u for u in catalog.units.all]
    return replace(catalog, units=Index(units))


def sheet_and_errors(text: str, catalog: Catalog) -> tuple[Counter[str], list[str]]:
    """How many models carry each weapon on the roster sheet, and AL403's errors."""
    result, context = check_text(text, "list.yaml", catalog)
    (unit,) = build_roster(result, context).units
    assert unit.loadout is not None
    carriers: Counter[str] = Counter()
    for group in unit.loadout.groups:
        for weapon in group.weapons:
            carriers[weapon.name] += group.count
    errors = [
        f.message
        for f in result.findings
        if f.rule == "replacement-conflict" and f.severity.value == "error"
    ]
    return carriers, errors


def attack(
    text: str, catalog: Catalog, tmp_path: Path, target: str, weapons: tuple[str, ...]
) -> dict[str, int]:
    """The list's unit, as `matchup` fields it, attacking with ``weapons``: models each."""
    path = tmp_path / "list.yaml"
    path.write_text(text)
    (side,) = read_combatants(path, catalog)
    result = resolve(
        AttackSetup(
            attacker=side.unit,
            target=_card(catalog, target),
            models=side.models,
            upgrades=side.upgrades,
            weapons=weapons,
            range=8,
            stationary=True,
        )
    )
    return {batch.weapon: batch.models for batch in result.batches}


def test_goliath_with_two_hellfire_replacements_attacks_as_its_sheet_says(
    catalog: Catalog, tmp_path: Path
) -> None:
    sheet, errors = sheet_and_errors(GOLIATH, catalog)
    assert errors == [
        "Scatter Missiles replaces Hellfire Missiles, which Haywire Missiles already "
        "replaces on Goliath: a replacement needs the weapon it replaces"
    ]
    # The sheet: Haywire Missiles took the Hellfire Missiles; Scatter Missiles found
    # no weapon to replace, so no model carries it.
    assert sheet == {
        "Autocannon": 1,
        "Underbelly Machine Gun": 1,
        "Haywire Missiles": 1,
        "Stomp": 1,
    }
    goliath = _card(catalog, "Goliath")
    bought = [u for u in goliath.upgrades if u.name.endswith("Missiles")]
    carried = carried_weapons(goliath, 1, bought)
    assert Counter({c.weapon.name: c.models for c in carried}) == sheet
    shooting = tuple(n for n in sheet if n != "Stomp")
    assert attack(GOLIATH, catalog, tmp_path, "Marine", shooting) == {
        name: sheet[name] for name in shooting
    }
    for missing in ("Hellfire Missiles", "Scatter Missiles"):
        with pytest.raises(CombatError, match=f"no assault-phase weapon '{missing}"):
            attack(GOLIATH, catalog, tmp_path, "Marine", (missing,))


def test_a_specialist_then_an_every_model_replacement_keeps_the_other_rifles(
    catalog: Catalog, tmp_path: Path
) -> None:
    gauss = with_gauss_rifle(catalog)
    sheet, errors = sheet_and_errors(MARINES, gauss)
    assert errors == [
        "Gauss Rifle replaces C-14 Rifle, which AGG-12 already replaces on Marine: a "
        "replacement needs the weapon it replaces"
    ]
    # AGG-12 took model 1's C-14 Rifle; the Gauss Rifle is carried by no model, so
    # models 2-9 keep theirs (the calculator used to take them away: 9 - 1 - 9 rifles).
    assert sheet == {"AGG-12": 1, "C-14 Rifle": 8, "Strike": 9}
    shooting = ("C-14 Rifle", "AGG-12")
    assert attack(MARINES, gauss, tmp_path, "Zergling", shooting) == {
        name: sheet[name] for name in shooting
    }
    # Unasked, the models shoot their first printed weapon and the SPECIALIST its own.
    default = attack(MARINES, gauss, tmp_path, "Zergling", ())
    assert default == {"C-14 Rifle": 8, "AGG-12": 1}

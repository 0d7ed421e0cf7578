"""§9.1.7 applied once for the roster sheet and the replacement-conflict rule."""

from __future__ import annotations

from dataclasses import replace

from armylist.gamedata.catalog import Catalog
from armylist.gamedata.models import Unit, Upgrade, Weapon
from armylist.resolved import Outfit, apply_upgrades, replacements_taken


def unit(catalog: Catalog, name: str) -> Unit:
    found = catalog.units.get(name)
    assert found is not None
    return found


def outfit(card: Unit, models: int, *names: str) -> Outfit[Upgrade]:
    by_name = {u.name: u for u in card.upgrades}
    return apply_upgrades(card, models, [by_name[n] for n in names], lambda u: u)


def kits(result: Outfit[Upgrade]) -> list[list[str]]:
    return [
        [f"{w.name} FOR {w.replaces}" if w.replaces else w.name for w in kit.weapons]
        for kit in result.kits
    ]


def conflicts(result: Outfit[Upgrade]) -> list[tuple[str, str | None, int | None]]:
    return [
        (c.bought.name, c.taken_by.name if c.taken_by else None, c.model)
        for c in result.conflicts
    ]


def with_upgrades(card: Unit, *extra: Upgrade) -> Unit:
    # No bundled card prints two upgrades of these kinds FOR one weapon; the rule and
    # the sheet must still agree when a data file does.
    return replace(card, upgrades=card.upgrades + extra)


def rifle(name: str, *, specialist: bool) -> Upgrade:
    return Upgrade(
        id=name.casefold().replace(" ", "-"),
        name=name,
        cost={9: 10},
        specialist=specialist,
        replaces="C-14 Rifle",
        weapon=Weapon(name=name),
    )


def test_a_second_for_hellfire_missiles_finds_nothing_left(catalog: Catalog) -> None:
    goliath = unit(catalog, "Goliath")
    result = outfit(goliath, 1, "Haywire Missiles", "Scatter Missiles")
    assert conflicts(result) == [("Scatter Missiles", "Haywire Missiles", None)]
    assert result.conflicts[0].weapon == "Hellfire Missiles"
    # The rule's question, asked without a model count: the second took nothing.
    by_name = {u.name: u for u in goliath.upgrades}
    bought = [by_name["Scatter Missiles"], by_name["Haywire Missiles"]]
    assert replacements_taken(bought, lambda u: u) == {1: 0}


def test_the_second_hellfire_replacement_is_the_one_wasted(catalog: Catalog) -> None:
    goliath = unit(catalog, "Goliath")
    result = outfit(goliath, 1, "Scatter Missiles", "Haywire Missiles")
    assert conflicts(result) == [("Haywire Missiles", "Scatter Missiles", None)]
    (kit,) = kits(result)
    assert "Scatter Missiles FOR Hellfire Missiles" in kit
    # A replacement needs the weapon it replaces: no model carries the second one.
    assert not any(w.startswith("Haywire Missiles") for w in kit)
    assert "Hellfire Missiles" not in kit


def test_two_specialists_sit_on_different_models_without_conflict(
    catalog: Catalog,
) -> None:
    marine = unit(catalog, "Marine")
    result = outfit(marine, 9, "AGG-12", "Rocket Launcher")
    assert result.conflicts == ()
    assert [(k.first, k.last) for k in result.kits] == [(1, 1), (2, 2), (3, 9)]
    assert kits(result) == [
        ["AGG-12 FOR C-14 Rifle", "Strike"],
        ["C-14 Rifle", "Strike", "Rocket Launcher"],
        ["C-14 Rifle", "Strike"],
    ]


def test_two_specialists_for_one_weapon_each_take_their_own(catalog: Catalog) -> None:
    marine = with_upgrades(
        unit(catalog, "Marine"), rifle("Penetrator Rifle", specialist=True)
    )
    result = outfit(marine, 9, "AGG-12", "Penetrator Rifle")
    assert result.conflicts == ()
    assert [kit[0] for kit in kits(result)] == [
        "AGG-12 FOR C-14 Rifle",
        "Penetrator Rifle FOR C-14 Rifle",
        "C-14 Rifle",
    ]


def test_a_specialist_after_an_every_model_replacement_finds_nothing(
    catalog: Catalog,
) -> None:
    marine = with_upgrades(
        unit(catalog, "Marine"), rifle("Gauss Rifle", specialist=False)
    )
    result = outfit(marine, 9, "Gauss Rifle", "AGG-12")
    # No C-14 Rifle is left for the AGG-12: no model carries it, so it takes no model.
    assert conflicts(result) == [("AGG-12", "Gauss Rifle", None)]
    assert [(k.first, k.last) for k in result.kits] == [(1, 9)]
    assert kits(result) == [["Gauss Rifle FOR C-14 Rifle", "Strike"]]


def test_an_every_model_replacement_after_a_specialist_is_the_wasted_one(
    catalog: Catalog,
) -> None:
    marine = with_upgrades(
        unit(catalog, "Marine"), rifle("Gauss Rifle", specialist=False)
    )
    result = outfit(marine, 9, "AGG-12", "Gauss Rifle")
    # The first upgrade FOR the C-14 Rifle counts, as replacement-conflict reports it.
    assert conflicts(result) == [("Gauss Rifle", "AGG-12", None)]
    assert kits(result)[0][0] == "AGG-12 FOR C-14 Rifle"
    assert "Gauss Rifle FOR C-14 Rifle" not in kits(result)[1]

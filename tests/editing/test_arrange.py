"""The builder's own edits: a unit's composition and its place in the list."""

from __future__ import annotations

from dataclasses import replace

import pytest
from projectpaths import OFFICIAL

from armylist.editing import arrange, edits
from armylist.engine import check_text
from armylist.gamedata.catalog import Catalog, Index

TEXT = OFFICIAL.read_text(encoding="utf-8").replace(
    "  - unit: Jim Raynor\n", "  # the hero\n  - unit: Jim Raynor  # our boss\n"
)


def units(text: str, catalog: Catalog) -> list[tuple[str, int | None]]:
    result, _ = check_text(text, "x.yaml", catalog)
    return [(u.unit, u.models) for u in result.units]


def test_set_models_changes_the_composition_and_the_cost(catalog: Catalog) -> None:
    edited = arrange.set_models(TEXT, catalog, 1, 6)
    assert units(edited.text, catalog)[0] == ("Marine", 6)
    assert edited.done == "unit 1 is now Marine (6 models, Supply 1, 160 Minerals)"
    # Nothing else moved: the one line changed.
    changed = [
        (a, b)
        for a, b in zip(TEXT.splitlines(), edited.text.splitlines(), strict=True)
        if a != b
    ]
    assert changed == [("    models: 9", "    models: 6")]


@pytest.mark.parametrize(
    ("position", "models", "message"),
    [
        (1, 7, "Marine has no 7-model composition; it comes as 6 or 9 models"),
        (12, 6, "there is no unit 12: the list has 9 units"),
    ],
)
def test_set_models_refuses_what_the_card_does_not_print(
    catalog: Catalog, position: int, models: int, message: str
) -> None:
    with pytest.raises(edits.EditRefused, match=message):
        arrange.set_models(TEXT, catalog, position, models)


def one_model_marines(catalog: Catalog) -> Catalog:
    """The catalog with a (made-up) one-model Marine squad, for the limits below."""
    marine = catalog.units.get("Marine")
    assert marine is not None
    upgrades = tuple(
        replace(u, cost={**u.cost, 1: 10}) if u.specialist else u
        for u in marine.upgrades
    )
    single = replace(marine.compositions[0], models=1)
    changed = replace(
        marine, compositions=(single, *marine.compositions), upgrades=upgrades
    )
    others = [u for u in catalog.units.all if u.id != marine.id]
    return replace(catalog, units=Index([changed, *others]))


@pytest.mark.parametrize(
    ("upgrades", "message"),
    [
        (
            ["AGG-12", "Rocket Launcher"],
            r"Marine \(1\) would have 2 SPECIALIST upgrades: each needs its own model",
        ),
        (["Bayonet"], "Bayonet is not offered for 1 Marine models"),
    ],
)
def test_set_models_keeps_what_the_upgrades_need(
    catalog: Catalog, upgrades: list[str], message: str
) -> None:
    text = TEXT
    for name in upgrades:
        add = edits.Edit(action="add", kind="upgrade", name=name, unit="1")
        text = edits.apply(text, catalog, add).text
    with pytest.raises(edits.EditRefused, match=message):
        arrange.set_models(text, one_model_marines(catalog), 1, 1)


def test_move_unit_takes_its_own_comments_along(catalog: Catalog) -> None:
    moved = arrange.move_unit(TEXT, 6, 1)
    assert units(moved.text, catalog)[:2] == [("Jim Raynor", 1), ("Marine", 9)]
    assert "  - unit: Jim Raynor  # our boss\n  - unit: Marine" in moved.text
    assert "# the hero" in moved.text  # a full-line comment is never deleted
    assert moved.done == "moved Jim Raynor from unit 6 to 1"
    back = arrange.move_unit(moved.text, 1, 6)
    assert units(back.text, catalog) == units(TEXT, catalog)


def test_move_unit_refuses_a_place_outside_the_list() -> None:
    with pytest.raises(edits.EditRefused, match="there is no place 10"):
        arrange.move_unit(TEXT, 9, 10)

"""`fits` agrees with adding: each item it names, added through the edit layer, brings
no new error; each catalogue item it leaves out does (or the edit layer refuses it)."""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from listgen import legal_lists
from projectpaths import ROOT

from armylist.editing.edits import Edit, EditError, apply
from armylist.engine import check_text
from armylist.fits.answer import fits_of
from armylist.gamedata.loading import load_catalog
from armylist.resolved import Context

CATALOG = load_catalog()
LISTS = sorted((ROOT / "lists").glob("*.yaml"))
# Room left beside a Unique unit and card, a FOR upgrade and a Creep Card taken: what
# fits must leave out the second Jim Raynor, Supply Depot, Accelerating Creep and
# Scatter Missiles (FOR the Hellfire Missiles Haywire Missiles replaced).
CRAFTED = {
    "unique-taken": """\
scale: standard
faction: Raynor's Raiders
tactical_cards: [Supply Depot, Factory]
units:
  - unit: Jim Raynor
  - unit: Goliath
    upgrades: [Haywire Missiles]
""",
    "creep-taken": """\
scale: standard
faction: Zerg Swarm
tactical_cards: [Accelerating Creep]
units:
  - unit: Zergling
    models: 12
""",
}
EXAMPLES = 400 if os.environ.get("ARMYLIST_HYPOTHESIS") == "long" else 8


def _errors(text: str) -> tuple[Counter[str], Context]:
    result, context = check_text(text, "list.yaml", CATALOG)
    return Counter(
        f.code for f in result.findings if f.severity.value == "error"
    ), context


def _added(text: str, edit: Edit) -> Counter[str] | None:
    """The errors after the edit, or None when the edit layer refuses it."""
    try:
        edited = apply(text, CATALOG, edit)
    except EditError:
        return None
    return _errors(edited.text)[0]


def _named(context: Context) -> set[Edit]:
    fits = fits_of(context)
    named = {
        Edit(action="add", kind="unit", name=u.unit.name, models=u.composition.models)
        for u in fits.units
    }
    named |= {
        Edit(action="add", kind="upgrade", name=u.upgrade.name, unit=str(u.position))
        for u in fits.upgrades
    }
    named |= {Edit(action="add", kind="card", name=c.name) for c in fits.cards}
    return named


def _catalogue(context: Context) -> Iterator[Edit]:
    """Every unit at every composition, upgrade on every unit and card the Faction
    Card's catalogue holds."""
    assert context.faction is not None
    for unit in CATALOG.units_for(context.faction):
        for composition in unit.compositions:
            yield Edit(
                action="add", kind="unit", name=unit.name, models=composition.models
            )
    for placed in context.units:
        for upgrade in placed.unit.upgrades:
            position = str(int(placed.path[1]) + 1)
            yield Edit(action="add", kind="upgrade", name=upgrade.name, unit=position)
    for card in CATALOG.cards_for(context.faction):
        yield Edit(action="add", kind="card", name=card.name)


def _agrees(text: str) -> None:
    before, context = _errors(text)
    named = _named(context)
    for edit in named:
        after = _added(text, edit)
        assert after is not None, f"fits names {edit}, which the edit layer refuses"
        new = after - before
        assert not new, f"fits names {edit}, which brings {sorted(new)}"
    if before:
        return  # a list with errors: a new error may hide among the old ones
    for edit in _catalogue(context):
        if edit in named:
            continue
        after = _added(text, edit)
        assert after is None or after, f"fits leaves out {edit}, which adds no error"


@pytest.mark.parametrize("path", LISTS, ids=[p.name for p in LISTS])
def test_fits_agrees_with_adding_on_the_example_lists(path: Path) -> None:
    _agrees(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("text", CRAFTED.values(), ids=CRAFTED.keys())
def test_fits_agrees_with_adding_beside_what_is_taken(text: str) -> None:
    _agrees(text)


def test_fits_leaves_out_a_second_unique_and_a_replaced_weapon() -> None:
    context = _errors(CRAFTED["unique-taken"])[1]
    named = {(e.kind, e.name) for e in _named(context)}
    assert ("unit", "Jim Raynor") not in named
    assert ("card", "Supply Depot") not in named
    assert ("upgrade", "Scatter Missiles") not in named
    assert ("upgrade", "Ares-Class Targeting System") in named
    assert ("unit", "Marine") in named


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(legal_lists(CATALOG))
def test_fits_agrees_with_adding_on_generated_lists(army: dict[str, object]) -> None:
    _agrees(yaml.safe_dump(army, sort_keys=False))

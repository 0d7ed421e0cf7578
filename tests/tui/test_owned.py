"""The builder with a collection: owned counts in the catalogue, Ctrl+O for the units
owned only, and the AL708 warning among the findings."""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual.pilot import Pilot

from armylist.gamedata.catalog import Catalog
from armylist.tui.app import BuildApp
from armylist.tui.session import Session

from .helpers import message

OWNED = {"marine": 9, "medic": 3, "jim-raynor": 1}


def _run(app: BuildApp, presses: tuple[str, ...]) -> None:
    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await _press(pilot, presses)
            await pilot.pause()

    asyncio.run(run())


async def _press(pilot: Pilot[object], presses: tuple[str, ...]) -> None:
    for key in presses:
        await pilot.press(key)


def test_the_catalogue_shows_models_owned_and_filters_on_them(
    catalog: Catalog, example_list: Path
) -> None:
    session = Session.open(example_list, catalog, OWNED)
    app = BuildApp(catalog, example_list, session, blink=False, owned=OWNED)
    _run(app, ())
    units = {e.name: e.owned for e in app.entries if e.kind == "unit"}
    assert units["Marine"] == 9 and units["Marauder"] == 0
    # In the findings as `validate` gives them, in the list's order.
    owned_warnings = [f for f in session.findings if f.code == "AL708"]
    assert [f.message for f in owned_warnings] == [
        "takes 24 Marine models (3 units); you own 9",
        "takes 6 Marauder models (2 units); you own 0",
        "takes 6 Medic models (2 units); you own 3",
        "takes 1 Goliath model (1 unit); you own 0",
    ]
    app = BuildApp(catalog, example_list, session, blink=False, owned=OWNED)
    _run(app, ("ctrl+o",))
    shown = {e.name for e in app.entries if e.kind == "unit"}
    assert shown == {"Marine", "Medic", "Jim Raynor"}
    assert message(app).startswith("catalogue: only the units you own")
    assert any(e.kind == "card" for e in app.entries)  # cards are not filtered


def test_without_a_collection_nothing_is_shown_and_ctrl_o_does_nothing(
    catalog: Catalog, example_list: Path
) -> None:
    session = Session.open(example_list, catalog)
    app = BuildApp(catalog, example_list, session, blink=False)
    _run(app, ("ctrl+o",))
    assert all(e.owned is None for e in app.entries)
    assert not app.owned_only
    assert not [f for f in session.findings if f.code == "AL708"]

"""What the builder looks like, as SVG snapshots (pytest-textual-snapshot).

`pytest tests/tui/test_snapshots.py --snapshot-update` rewrites them after a change
to the screen that was meant; look at the SVGs in `__snapshots__/` before committing.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from projectpaths import OFFICIAL

from armylist.editing.starter import starter_text
from armylist.gamedata.catalog import Catalog
from armylist.text import i18n
from armylist.tui.app import BuildApp
from armylist.tui.session import Session

SIZES = [(80, 24), (120, 40)]

# Over budget, over the Core slots, and a second Jim Raynor.
ILLEGAL = OFFICIAL.read_text(encoding="utf-8").replace(
    "  - unit: Goliath\n",
    "  - unit: Goliath\n  - unit: Jim Raynor\n  - unit: Marine\n    models: 9\n",
)


def session_for(catalog: Catalog, tmp_path: Path, which: str) -> Session:
    if which == "empty":
        faction = catalog.factions.get("Raynor's Raiders")
        scale = catalog.scale("standard")
        assert faction is not None and scale is not None
        path = tmp_path / "raiders.yaml"
        path.write_text(starter_text(catalog, faction, scale), encoding="utf-8")
    else:
        path = tmp_path / f"{which}.yaml"
        text = ILLEGAL if which == "illegal" else OFFICIAL.read_text(encoding="utf-8")
        path.write_text(text, encoding="utf-8")
    return Session.open(path, catalog)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("which", ["empty", "example", "illegal"])
def test_the_builder_looks_as_it_did(
    snap_compare: Any,
    catalog: Catalog,
    tmp_path: Path,
    which: str,
    size: tuple[int, int],
) -> None:
    session = session_for(catalog, tmp_path, which)
    app = BuildApp(catalog, session.path, session, blink=False)
    assert snap_compare(app, terminal_size=size)


def test_the_builder_looks_as_it_did_in_spanish(
    snap_compare: Any, catalog: Catalog, tmp_path: Path
) -> None:
    i18n.use(i18n.SPANISH)
    session = session_for(catalog, tmp_path, "example")
    app = BuildApp(catalog, session.path, session, blink=False)
    assert snap_compare(app, terminal_size=(80, 24))

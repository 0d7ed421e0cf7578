"""Fixtures shared by the combat tests."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from armylist.gamedata.catalog import Catalog
from armylist.gamedata.models import Unit


@pytest.fixture(scope="module")
def unit(catalog: Catalog) -> Callable[[str], Unit]:
    """A unit card by its printed name or id; a name the data lacks fails the test."""

    def get(name: str) -> Unit:
        found = catalog.units.get(name)
        assert found is not None, name
        return found

    return get

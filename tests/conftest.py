from __future__ import annotations

from pathlib import Path

import pytest

from armylist.gamedata.catalog import Catalog, bundled_data_dir, load_catalog


@pytest.fixture(scope="session")
def catalog() -> Catalog:
    return load_catalog()


@pytest.fixture(scope="session")
def data_dir() -> Path:
    return bundled_data_dir()

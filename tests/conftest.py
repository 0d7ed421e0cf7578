from __future__ import annotations

from pathlib import Path

import pytest

from armylist.gamedata.catalog import Catalog, bundled_data_dir, load_catalog
from armylist.text import i18n


@pytest.fixture(scope="session")
def catalog() -> Catalog:
    return load_catalog()


@pytest.fixture(scope="session")
def data_dir() -> Path:
    return bundled_data_dir()


@pytest.fixture(autouse=True)
def english() -> None:
    """Every test starts in English, whatever the machine's locale: a test of another
    language asks for it (`--lang es`, `i18n.use`)."""
    i18n.use(i18n.ENGLISH)

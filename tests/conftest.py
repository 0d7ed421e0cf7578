from __future__ import annotations

from pathlib import Path

import pytest

from armylist.collection import where
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


@pytest.fixture(autouse=True)
def no_collection(
    monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """No test reads the machine's own collection: the data folder is an empty one
    and `ARMYLIST_COLLECTION` is unset (a test of the collection sets its own)."""
    monkeypatch.delenv("ARMYLIST_COLLECTION", raising=False)
    data = tmp_path_factory.mktemp("data-folder")
    monkeypatch.setattr(where, "default_path", lambda: data / where.FILE_NAME)

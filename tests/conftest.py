from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from armylist.collection import where
from armylist.gamedata.catalog import Catalog
from armylist.gamedata.loading import bundled_data_dir, load_catalog
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
def no_collection(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """No test reads the machine's own collection: the data folder is an empty one
    and `ARMYLIST_COLLECTION` is unset (a test of the collection sets its own).

    A patch of its own, not the test's `monkeypatch`: asking for that here would set
    it up first, and undo it last, after fixtures that count on the opposite."""
    data = tmp_path_factory.mktemp("data-folder")
    with pytest.MonkeyPatch.context() as patch:
        patch.delenv("ARMYLIST_COLLECTION", raising=False)
        patch.setattr(where, "default_path", lambda: data / where.FILE_NAME)
        yield


@pytest.fixture(autouse=True)
def private_archive(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """`armylist archive` never reaches the user's own archive from a test: without
    `--archive`, it uses a fresh file of the test's."""
    with pytest.MonkeyPatch.context() as patch:
        folder = tmp_path_factory.mktemp("archive")
        patch.setenv("ARMYLIST_ARCHIVE", str(folder / "archive.sqlite"))
        yield

from __future__ import annotations

from collections.abc import Iterator
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


@pytest.fixture(autouse=True)
def private_archive(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """`armylist archive` never reaches the user's own archive from a test: without
    `--archive`, it uses a fresh file of the test's."""
    with pytest.MonkeyPatch.context() as patch:
        folder = tmp_path_factory.mktemp("archive")
        patch.setenv("ARMYLIST_ARCHIVE", str(folder / "archive.sqlite"))
        yield

"""Where the collection is: `--collection FILE`, else `ARMYLIST_COLLECTION`, else
`collection.yaml` in the user's data folder (platformdirs' `user_data_dir`).

`validate` asks on every run, so this module is light: the reader of the file loads
only when there is a collection to read.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from armylist.collection.errors import CollectionError as CollectionError

if TYPE_CHECKING:
    from armylist.collection.owned import Owned
    from armylist.gamedata.catalog import Catalog

ENV = "ARMYLIST_COLLECTION"
FILE_NAME = "collection.yaml"


# A named tuple, not a frozen dataclass: building one costs every start ~0.4 ms.
class Place(NamedTuple):
    """Where the collection is looked for, and how that place was chosen: ``given``
    (the option), ``env`` (the variable) or ``default`` (the data folder)."""

    path: Path
    chosen: str


def default_path() -> Path:
    """`collection.yaml` in the user's data folder."""
    # Imported here: only a run that looks for the collection pays for it.
    import platformdirs

    return Path(platformdirs.user_data_dir("armylist")) / FILE_NAME


def place(given: Path | None) -> Place:
    """Where the collection is, or is to be written."""
    if given is not None:
        return Place(given, "given")
    named = os.environ.get(ENV)
    if named:
        return Place(Path(named), "env")
    return Place(default_path(), "default")


def in_use(given: Path | None) -> Path | None:
    """The collection to read, or None when there is none: a file given (by the
    option or the variable) is read even when missing, to say so; the data folder's
    only when it is there."""
    where = place(given)
    if where.chosen == "default" and not where.path.is_file():
        return None
    return where.path


def read_in_use(given: Path | None, catalog: Catalog) -> Owned | None:
    """The collection in use, read; None when there is none anywhere. Raises
    `CollectionError` naming each problem at its line."""
    path = in_use(given)
    if path is None:
        return None
    # Imported here: a run without a collection never loads its reader.
    from armylist.collection.owned import read_collection

    return read_collection(path, catalog)

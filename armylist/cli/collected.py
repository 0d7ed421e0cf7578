"""The collection as the commands read it: `--collection FILE`, else
`ARMYLIST_COLLECTION`, else `collection.yaml` in the user's data folder."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from armylist.cli.exits import fail
from armylist.collection.where import CollectionError, read_in_use
from armylist.gamedata.catalog import Catalog

if TYPE_CHECKING:
    from armylist.collection.owned import Owned


def owned_in_use(given: Path | None, catalog: Catalog) -> Owned | None:
    """The collection in use, or None when there is none anywhere; exit 2 naming
    each problem of a file that cannot be read."""
    try:
        return read_in_use(given, catalog)
    except CollectionError as error:
        fail(str(error))


def owned_reader(
    given: Path | None,
) -> Callable[[Catalog], Mapping[str, int] | None]:
    """A reader of the models owned per unit id, for a run that loads the game data
    later (`validate`): None when no collection is in use."""

    def read(catalog: Catalog) -> Mapping[str, int] | None:
        found = owned_in_use(given, catalog)
        return None if found is None else found.models

    return read

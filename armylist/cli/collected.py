"""The collection as the commands read it: `--collection FILE`, else
`ARMYLIST_COLLECTION`, else `collection.yaml` in the user's data folder."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Annotated

import typer

from armylist.cli.exits import fail
from armylist.collection.owned import CollectionError, Owned, read_collection
from armylist.collection.where import in_use
from armylist.gamedata.catalog import Catalog
from armylist.text.i18n import N_

CollectionOption = Annotated[
    Path | None,
    typer.Option(
        "--collection",
        metavar="FILE",
        help=N_(
            "Your collection file (the models you own). Default: "
            "$ARMYLIST_COLLECTION, else collection.yaml in your data folder."
        ),
        dir_okay=False,
        show_default=False,
    ),
]


def owned(path: Path, catalog: Catalog) -> Owned:
    """The collection at ``path``, or exit 2 naming each problem at its line."""
    try:
        return read_collection(path, catalog)
    except CollectionError as error:
        fail(str(error))


def owned_in_use(given: Path | None, catalog: Catalog) -> Owned | None:
    """The collection in use, or None when there is none anywhere."""
    path = in_use(given)
    return None if path is None else owned(path, catalog)


def owned_reader(
    given: Path | None,
) -> Callable[[Catalog], Mapping[str, int] | None]:
    """A reader of the models owned per unit id, for a run that loads the game data
    later (`validate`): None when no collection is in use."""

    def read(catalog: Catalog) -> Mapping[str, int] | None:
        found = owned_in_use(given, catalog)
        return None if found is None else found.models

    return read

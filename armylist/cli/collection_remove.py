"""`armylist collection remove`: models (or boxes) taken out of your collection."""

from __future__ import annotations

from typing import Annotated

import typer

from armylist.cli.collection import collection_app
from armylist.cli.collection_add import BoxFlag, ChangeAsk, NameArgument, changed
from armylist.cli.options import CollectionOption, DataOption, whole_number
from armylist.text.i18n import N_


@collection_app.command("remove")
def remove(
    name: NameArgument,
    count: Annotated[
        int | None,
        typer.Argument(
            help=N_("How many models (or boxes) to take away. Default: all of them."),
            **whole_number(minimum=1),
            show_default=False,
        ),
    ] = None,
    box: BoxFlag = False,
    collection: CollectionOption = None,
    data: DataOption = None,
) -> None:
    """Take models of a unit (or boxes, with --box) out of your collection.

    Without COUNT the unit (or box) leaves the collection file.

    Exit codes: 0 written; 2 unknown unit or box, one the collection does not hold,
    or the file cannot be read or written.

    Examples: `armylist collection remove Zergling 6`,
    `armylist collection remove "Starter Set" --box`.
    """
    changed(ChangeAsk(name, None if count is None else -count, box, collection, data))

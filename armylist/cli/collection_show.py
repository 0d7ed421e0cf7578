"""`armylist collection show`: the models you own."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

import typer

from armylist.cli.collected import owned_in_use
from armylist.cli.collection import collection_app
from armylist.cli.exits import catalog_or_exit, fail
from armylist.cli.options import CollectionOption, DataOption, ViewOption
from armylist.cli.stream import terminal
from armylist.collection.where import place
from armylist.reporters import ViewFormat
from armylist.reporters import collection as reporter_collection
from armylist.text.i18n import _


@dataclass(frozen=True)
class ShowAsk:
    """`collection show` as asked."""

    collection: Path | None
    output: ViewFormat
    data: Path | None


@collection_app.command("show")
def show(
    collection: CollectionOption = None,
    output: ViewOption = ViewFormat.TEXT,
    data: DataOption = None,
) -> None:
    """Show the models you own per unit (boxes counted in) and the boxes.

    A box whose contents are guessed is marked (provisional).

    Exit codes: 0 shown; 2 no collection, or one that cannot be read (each problem
    at its line).

    Examples: `armylist collection show`, `armylist collection show --format json`.
    """
    shown(ShowAsk(collection, output, data))


def shown(ask: ShowAsk) -> None:
    """Print the collection in use, or exit 2 when there is none."""
    catalog = catalog_or_exit(ask.data)
    found = owned_in_use(ask.collection, catalog)
    if found is None:
        fail(
            _(
                "no collection at {file}: start one with `armylist collection init`"
            ).format(file=place(ask.collection).path)
        )
    sys.stdout.write(reporter_collection.render(found, catalog, ask.output, terminal()))
    typer.echo(reporter_collection.summary(found), err=True)

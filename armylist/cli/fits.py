"""`armylist fits`: everything the list can still add, as it is."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

import typer

from armylist.cli.collected import owned_in_use
from armylist.cli.exits import catalog_or_exit, fail
from armylist.cli.frame import app
from armylist.cli.options import (
    CollectionOption,
    DataOption,
    ListFile,
    ViewOption,
    choice,
)
from armylist.cli.stream import terminal
from armylist.collection.where import place
from armylist.findings import Refused
from armylist.fits.answer import FitKind, FitsRequest, fits_file
from armylist.reporters import ViewFormat, oneline
from armylist.reporters import fits as reporter_fits
from armylist.text.i18n import N_, _


@dataclass(frozen=True)
class FitsAsk:
    """`fits` as asked on the command line."""

    file: Path
    kind: FitKind | None
    owned: bool
    collection: Path | None
    output: ViewFormat
    data: Path | None


@app.command()
def fits(
    file: ListFile,
    kind: Annotated[
        FitKind | None,
        typer.Option(
            "--kind",
            help=N_("Only units, upgrades or cards: unit, upgrade or card."),
            metavar="KIND",
            **choice(FitKind, N_("a kind of thing to add")),
        ),
    ] = None,
    owned: Annotated[
        bool,
        typer.Option(
            "--owned",
            help=N_("Leave out the units you do not own the models for."),
        ),
    ] = False,
    collection: CollectionOption = None,
    output: ViewOption = ViewFormat.TEXT,
    data: DataOption = None,
) -> None:
    """Show everything the list can still add without a new error.

    Every unit at every composition, every upgrade on every unit of the list and every
    Tactical (and Creep) Card that fits as the list is: on the Faction Card's tags, not
    a Unique already taken, within the Minerals and Vespene Gas left and the free Army
    Slots (a card that grants slots counts them). Each group lists first what uses the
    most of what is left. Only additions: what would fit after removing something is
    not shown. With --owned, a unit fits only when your collection holds its models
    beside those the list already takes.

    Exit codes: 0 the answer is printed (an illegal list too, with a note on stderr);
    1 the file holds no readable list; 2 usage error (no such file, unknown kind,
    --owned without a collection, a collection that cannot be read).

    Examples: `armylist fits mylist.yaml`, `armylist fits mylist.yaml --kind card`,
    `armylist fits mylist.yaml --owned`, `armylist fits mylist.yaml --format json`.
    """
    answer(
        FitsAsk(
            file=file,
            kind=kind,
            owned=owned,
            collection=collection,
            output=output,
            data=data,
        )
    )


def answer(ask: FitsAsk) -> None:
    """Answer `fits`: the report on stdout, the one-line summary on stderr."""
    catalog = catalog_or_exit(ask.data)
    kinds = frozenset(FitKind) if ask.kind is None else frozenset({ask.kind})
    owned = None
    if ask.owned:
        collection = owned_in_use(ask.collection, catalog)
        if collection is None:
            fail(
                _(
                    "--owned needs your collection: none at {path}; start one with "
                    "`armylist collection init`"
                ).format(path=place(ask.collection).path)
            )
        owned = collection.models
    try:
        found = fits_file(ask.file, catalog, FitsRequest(kinds=kinds, owned=owned))
    except Refused as refused:
        fail(refused.message, refused.exit_code)
    sys.stdout.write(reporter_fits.render(found, ask.output, terminal()))
    if found.errors:
        typer.echo(oneline.not_legal_note(ask.file, len(found.errors)), err=True)
    typer.echo(reporter_fits.summary(found), err=True)

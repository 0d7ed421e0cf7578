"""`armylist collection init`: start a collection file."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

import typer

from armylist.cli.collection import collection_app
from armylist.cli.exits import fail
from armylist.cli.options import CollectionOption
from armylist.collection.edits import init_collection
from armylist.collection.where import place
from armylist.files.safewrite import TargetExists
from armylist.text.i18n import N_, _, os_reason


@dataclass(frozen=True)
class InitAsk:
    """`collection init` as asked."""

    collection: Path | None
    force: bool


@collection_app.command("init")
def init(
    collection: CollectionOption = None,
    force: Annotated[
        bool,
        typer.Option("--force", help=N_("Replace a collection file that exists.")),
    ] = False,
) -> None:
    """Start your collection file, with its two keys empty and comments on filling them.

    Written at --collection FILE, else $ARMYLIST_COLLECTION, else collection.yaml in
    your data folder; never over a file that exists unless --force.

    Exit codes: 0 written; 2 the file exists (without --force) or cannot be written.

    Examples: `armylist collection init`,
    `armylist collection init --collection mine.collection.yaml`.
    """
    start(InitAsk(collection, force))


def start(ask: InitAsk) -> None:
    """Write the new collection file and say where."""
    path = place(ask.collection).path
    try:
        init_collection(path, force=ask.force)
    except TargetExists:
        fail(
            _(
                "{file} exists: add to it with `armylist collection add`, or --force"
            ).format(file=path)
        )
    except OSError as error:
        fail(
            _("cannot write {file}: {reason}").format(
                file=path, reason=os_reason(error)
            )
        )
    typer.echo(_("wrote {file}").format(file=path), err=True)

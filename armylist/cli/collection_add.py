"""`armylist collection add`: models (or boxes) you own, added to your collection."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

import typer

from armylist.cli.collection import collection_app
from armylist.cli.exits import catalog_or_exit, fail
from armylist.cli.options import CollectionOption, DataOption, whole_number
from armylist.collection.edits import CollectionRefused, What, change
from armylist.collection.where import place
from armylist.files.safewrite import FileChanged
from armylist.text.i18n import N_, _, ngettext, os_reason
from armylist.text.numbers import people

BoxFlag = Annotated[
    bool,
    typer.Option(
        "--box",
        help=N_(
            "NAME is a box (Starter Set, or a unit's name for its unit box), not a "
            "unit."
        ),
    ),
]
NameArgument = Annotated[
    str, typer.Argument(help=N_("A unit's printed name or id (or a box, with --box)."))
]


@dataclass(frozen=True)
class ChangeAsk:
    """`collection add` or `collection remove` as asked: ``by`` None removes."""

    name: str
    by: int | None
    box: bool
    collection: Path | None
    data: Path | None


@collection_app.command("add")
def add(
    name: NameArgument,
    count: Annotated[
        int,
        typer.Argument(
            help=N_("How many models (or boxes) to add."),
            **whole_number(minimum=1),
        ),
    ] = 1,
    box: BoxFlag = False,
    collection: CollectionOption = None,
    data: DataOption = None,
) -> None:
    """Add models of a unit (or boxes, with --box) to your collection.

    The collection file is created when there is none; its comments and layout stay as
    you wrote them.

    Exit codes: 0 written; 2 unknown unit or box, or the file cannot be read or
    written.

    Examples: `armylist collection add Zergling 12`,
    `armylist collection add "Starter Set" --box`.
    """
    changed(ChangeAsk(name, count, box, collection, data))


def changed(ask: ChangeAsk) -> None:
    """Make the change and say what the collection holds now."""
    catalog = catalog_or_exit(ask.data)
    path = place(ask.collection).path
    what: What = "box" if ask.box else "unit"
    try:
        done = change(path, catalog, what, ask.name, ask.by)
    except CollectionRefused as refused:
        fail(str(refused))
    except FileChanged:
        fail(_("{file} changed while it was being edited: try again").format(file=path))
    except OSError as error:
        fail(
            _("cannot write {file}: {reason}").format(
                file=path, reason=os_reason(error)
            )
        )
    if ask.box:
        sentence = ngettext(
            "{file}: {count} {name} box", "{file}: {count} {name} boxes", done.count
        )
    else:
        sentence = ngettext(
            "{file}: {count} {name} model", "{file}: {count} {name} models", done.count
        )
    typer.echo(sentence.format(file=path, count=people(done.count), name=done.name))

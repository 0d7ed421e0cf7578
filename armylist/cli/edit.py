"""Editing a list in place: `add`, `remove` and `set`."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from armylist.cli.building import minerals_option
from armylist.cli.exits import catalog_or_exit, fail
from armylist.cli.frame import app
from armylist.cli.options import DataOption, ListFile, choice, whole_number
from armylist.editing import edits
from armylist.editing.edits import Edit
from armylist.editing.errors import refused_lines
from armylist.editing.kinds import EditKind
from armylist.reporters import ledger
from armylist.text.i18n import N_, _, os_reason

KindArgument = Annotated[
    EditKind,
    typer.Argument(
        help=N_("card, unit, upgrade, mission or deployment."),
        metavar="KIND",
        **choice(EditKind, N_("something a list holds")),
    ),
]
UnitOption = Annotated[
    str | None,
    typer.Option(
        "--unit",
        help=N_(
            "For an upgrade: the unit's position (1, 2 ... as `show` numbers them) "
            "or its name when the list has one of it."
        ),
    ),
]


def _edit(file: Path, edit: Edit, data: Path | None) -> None:
    """Make one edit, then print the ledger and the findings it added."""
    catalog = catalog_or_exit(data)
    try:
        outcome = edits.edit_file(file, catalog, edit)
    except edits.EditError as error:
        fail(
            refused_lines(error)
            + "\n  "
            + _("({file} is unchanged)").format(file=file),
            error.exit_code,
        )
    except OSError as error:
        fail(
            _("cannot write {file}: {reason} ({file} is unchanged)").format(
                file=file, reason=os_reason(error)
            )
        )
    typer.echo(
        ledger.edit_report(file, outcome.done, outcome.after, outcome.new_findings)
    )


ModelsOption = Annotated[
    int | None,
    typer.Option(
        "--models",
        "-m",
        help=N_("A unit's composition: number of models."),
        **whole_number(minimum=1),
    ),
]
UpgradeOption = Annotated[
    list[str] | None,
    typer.Option("--upgrade", "-u", help=N_("An upgrade for the unit (repeatable).")),
]
AtOption = Annotated[
    int | None,
    typer.Option(
        "--at",
        help=N_(
            "Where it goes in its list: 1 is first (as `show` numbers units). "
            "Default: after the last."
        ),
        **whole_number(minimum=1),
    ),
]


@app.command()
def add(
    file: ListFile,
    kind: KindArgument,
    name: Annotated[str, typer.Argument(help=N_("Its printed name or id."))],
    models: ModelsOption = None,
    upgrade: UpgradeOption = None,
    unit: UnitOption = None,
    at: AtOption = None,
    data: DataOption = None,
) -> None:
    """Add a Tactical Card, a unit (with upgrades), an upgrade, a Mission or Deployment Card.

    Refuses what is impossible (unknown name, a card the tag rule excludes, a Unique
    taken twice, a composition not printed on the card, an upgrade not on the unit's
    card, a second upgrade FOR a weapon another already replaces) and leaves the file
    untouched; otherwise writes it, keeping its comments, and
    prints the Minerals, Vespene Gas and Army Slots ledger and any new findings. Going
    over budget is allowed and reported.

    Exit codes: 0 written (the list may still be illegal: see the findings); 1 the
    file is not a readable list; 2 refused or usage error.

    Examples: `armylist add my.yaml card Barracks`,
    `armylist add my.yaml unit Marine --models 9 --upgrade "Combat Shield"`,
    `armylist add my.yaml upgrade AGG-12 --unit 1`.
    """
    if (models is not None or upgrade) and kind is not EditKind.UNIT:
        fail(_("--models and --upgrade go with `add FILE unit NAME`"))
    if unit is not None and kind is not EditKind.UPGRADE:
        fail(_("--unit goes with `add FILE upgrade NAME`"))
    edit = Edit(
        action="add",
        kind=kind.value,
        name=name,
        models=models,
        upgrades=tuple(upgrade or ()),
        unit=unit,
        at=at,
    )
    _edit(file, edit, data)


NameArgument = Annotated[
    str,
    typer.Argument(help=N_("Its name; a unit also by position (1, 2 ...).")),
]


@app.command()
def remove(
    file: ListFile,
    kind: KindArgument,
    name: NameArgument,
    unit: UnitOption = None,
    data: DataOption = None,
) -> None:
    """Remove a card, a unit (by position or name), an upgrade, a Mission/Deployment Card.

    Full-line comments stay in the file; only the removed entry's own end-of-line
    comments go with it. Exit codes as for `add`.

    Examples: `armylist remove my.yaml unit 3`, `armylist remove my.yaml card Barracks`,
    `armylist remove my.yaml upgrade AGG-12 --unit 1`.
    """
    if unit is not None and kind is not EditKind.UPGRADE:
        fail(_("--unit goes with `remove FILE upgrade NAME`"))
    _edit(file, Edit(action="remove", kind=kind.value, name=name, unit=unit), data)


KeyArgument = Annotated[
    str,
    typer.Argument(help=N_("name, player, scale, minerals, faction or data_version.")),
]
MineralsOption = Annotated[
    int | None,
    minerals_option(
        N_("With `scale grand-offensive`: the agreed Mineral limit (2,001+).")
    ),
]


@app.command("set")
def set_command(
    file: ListFile,
    key: KeyArgument,
    value: Annotated[str, typer.Argument(help=N_("The new value."))],
    minerals: MineralsOption = None,
    data: DataOption = None,
) -> None:
    """Set one of the list's keys: `armylist set my.yaml scale skirmish`.

    A scale or faction is checked against the game data (did you mean); setting a fixed
    scale also updates a `minerals:` line to match. Grand Offensive's limit is agreed,
    so it comes along: `armylist set my.yaml scale grand-offensive --minerals 3000`.
    Exit codes as for `add`.
    """
    _edit(file, Edit(action="set", kind=key, name=value, minerals=minerals), data)

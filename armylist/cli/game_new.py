"""`game new`: a game record ready to fill, for `game play` or by hand."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from armylist.cli.exits import catalog_or_exit, fail, scale_or_exit
from armylist.cli.game import game_app
from armylist.cli.options import AllowOutsideOption, DataOption
from armylist.files import paths, safewrite
from armylist.findings import Refused
from armylist.gamedata.catalog import Catalog
from armylist.scoring.newgame import GameRequest
from armylist.scoring.newrecord import NewRecord, new_record, record_lists
from armylist.text.i18n import N_, _, os_reason

NameOption = Annotated[
    str | None,
    typer.Option(
        metavar="NAME",
        help=N_("The player's name. Default: the `player:` of their list."),
    ),
]


MissionOption = Annotated[
    str,
    typer.Option(
        "--mission",
        "-m",
        metavar="MISSION",
        help=N_(
            "The Mission Card, by name or id: 'Supply Drop', hold-position-standard."
        ),
    ),
]
ScaleOption = Annotated[
    str | None,
    typer.Option(
        "--scale",
        metavar="SCALE",
        help=N_(
            "skirmish, standard or grand-offensive. Default: the lists' scale; "
            "without lists, the scale of a mission given by id, else standard."
        ),
    ),
]
ListsOption = Annotated[
    list[Path] | None,
    typer.Option(
        "--list",
        metavar="LIST.yaml",
        help=N_(
            "A player's army list: give it twice (Red's, then Blue's) or not "
            "at all. With both, units lost are entered as Marine:3."
        ),
        dir_okay=False,
    ),
]
DeploymentOption = Annotated[
    str | None,
    typer.Option(
        "--deployment",
        metavar="CARD",
        help=N_("The Deployment Card, by name or id: 'Dirt Side', gauntlet."),
    ),
]
OutputOption = Annotated[
    str | None,
    typer.Option(
        "--output",
        "-o",
        metavar="FILE",
        help=N_(
            "The game file to write (never overwritten). Default (or `-`): "
            "print the record."
        ),
    ),
]


@game_app.command("new")
def new_command(
    mission: MissionOption,
    scale: ScaleOption = None,
    lists: ListsOption = None,
    red_name: NameOption = None,
    blue_name: NameOption = None,
    deployment: DeploymentOption = None,
    output: OutputOption = None,
    data: DataOption = None,
    allow_outside: AllowOutsideOption = False,
) -> None:
    """Write a game record ready to fill, for `game play` or by hand.

    With both lists the game takes their scale (lists of two scales, or a --scale or
    a mission of another scale, are refused) and their `player:` names, else the
    file names, as `draft` names the players (--red-name/--blue-name win). List paths are written relative to the game
    file's folder (with no -o, to the current folder), as `game score` reads them.
    Red holds the First Player Marker in round 1 unless the file says otherwise.

    Exit codes: 0 written; 1 a list cannot be read; 2 usage error (unknown mission,
    scale or deployment, lists of two scales, a scale or a card that contradicts
    them, one list only, the file exists).

    Examples: `armylist game new -m "Supply Drop" --scale skirmish -o game.yaml`,
    `armylist game new -m "Hold Position" --list alice.yaml --list bob.yaml
    --deployment Gauntlet -o game.yaml`.
    """
    catalog = catalog_or_exit(data)
    try:
        given = record_lists(lists or [])
    except Refused as refused:
        fail(refused.message, refused.exit_code)
    target = None if output in (None, "-") else Path(output)
    request = GameRequest(
        mission=mission,
        scale=None if scale is None else scale_or_exit(catalog, scale).id,
        lists=given,
        folder=paths.resolved(target.parent if target is not None else Path()),
        allow_outside=allow_outside,
        red_name=red_name,
        blue_name=blue_name,
        deployment=deployment,
    )
    try:
        record = new_record(request, catalog)
    except Refused as refused:
        fail(refused.message, refused.exit_code)
    what = _new_game(record, catalog)
    if target is None:
        sys.stdout.write(record.text)
        typer.echo(what, err=True)
        return
    _write_new(target, record.text, what)


def _new_game(record: NewRecord, catalog: Catalog) -> str:
    """What game a new record sets up, in a sentence."""
    facts = {
        "mission": record.mission.name,
        "scale": catalog.scale_name(record.scale),
        "rounds": record.mission.game_length,
        "deployment": record.deployment,
    }
    return (
        _("a game of {mission} ({scale}), {rounds} rounds, on {deployment}")
        if record.deployment
        else _("a game of {mission} ({scale}), {rounds} rounds")
    ).format(**facts)


def _write_new(target: Path, text: str, what: str) -> None:
    """Write a new game file, never over another: exit 2 when it exists."""
    try:
        safewrite.write_text(target, text, overwrite=False)
    except safewrite.TargetExists:
        fail(
            _(
                "{target} exists; `game new` never overwrites a file: choose another "
                "name"
            ).format(target=target)
        )
    except OSError as error:
        fail(
            _("cannot write {target}: {reason}").format(
                target=target, reason=os_reason(error)
            )
        )
    typer.echo(
        _(
            "wrote {target}: {what}; `armylist game play {target}` asks each round's "
            "questions"
        ).format(target=target, what=what),
        err=True,
    )

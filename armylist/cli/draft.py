"""`draft`: the mission and deployment draft between two lists (§9.2)."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, NoReturn

import typer

from armylist.cli.eventoptions import list_options
from armylist.cli.exits import catalog_or_exit, fail, stdin_once
from armylist.cli.frame import app
from armylist.cli.options import (
    AllowOutsideOption,
    DataOption,
    ViewOption,
    choice,
    whole_number,
)
from armylist.cli.stream import terminal
from armylist.files import paths, safewrite
from armylist.files.paths import UnusablePath, inside
from armylist.findings import Refused
from armylist.gameday.draft import WORDS
from armylist.gameday.drafting import DraftRequest, draft_lists
from armylist.gameday.priority import PriorityRule
from armylist.reporters import ViewFormat, oneline
from armylist.reporters import draft as reporter_draft
from armylist.scoring.files import game_of
from armylist.scoring.play import new_game
from armylist.scoring.record import RecordError
from armylist.text.i18n import N_, _, os_reason
from armylist.text.visible import visible
from armylist.tui.answers import read_answer

if TYPE_CHECKING:
    from armylist.gamedata.catalog import Catalog
    from armylist.gameday.draftrecord import Choice, DraftResult, Move


def _ask(choice: Choice) -> str:
    """Ask a draft choice of the right player at the terminal (stderr, stdin)."""

    # A colour or a draft is shown, and may be answered, in the language in use;
    # the English word is an answer too.
    shown = [_(WORDS[o]) if o in WORDS else o for o in choice.options]
    typer.echo(f"\n{choice.prompt}:", err=True)
    for i, option in enumerate(shown, 1):
        typer.echo(f"  {i}. {option}", err=True)

    while True:
        try:
            answer = str(typer.prompt(_("Number or name"), err=True))
        except typer.Abort as ended:  # Ctrl-D (or Ctrl-C) at the prompt
            raise EOFError from ended
        read = read_answer(answer, shown, prefix=True)
        if read.index is None and shown != choice.options:
            english = read_answer(answer, choice.options, prefix=True)
            if english.index is not None:
                read = english
        if read.index is not None:
            return choice.options[read.index]
        # A card two players brought, by its name alone: either copy is that card.
        names = [choice.cards.get(option, option) for option in choice.options]
        cards = list(dict.fromkeys(names))
        by_card = read_answer(answer, cards, prefix=True)
        if by_card.index is not None:
            return choice.options[names.index(cards[by_card.index])]
        typer.echo(
            _("{problem}; answer with 1 to {last} or a name.").format(
                problem=read.problem, last=len(choice.options)
            ),
            err=True,
        )


SeedOption = Annotated[
    int | None,
    typer.Option(
        "--seed",
        help=N_(
            "Seed for every die: a seed always gives the same draft. Default: "
            "a random seed, printed so the draft can be replayed."
        ),
        **whole_number(),
    ),
]
AutoOption = Annotated[
    bool,
    typer.Option(
        "--auto",
        help=N_(
            "Make every choice by the documented policy instead of asking "
            "(also the default without a terminal)."
        ),
    ),
]
PriorityOption = Annotated[
    PriorityRule | None,
    typer.Option(
        "--priority",
        metavar="RULE",
        help=N_(
            "roll-off (the rulebook's, §9.2) or op (the Organised Play guide's: "
            "less Vespene Gas spent, then fewer Minerals, then a roll-off). "
            "Default: op with --event, else roll-off."
        ),
        **choice(PriorityRule, "a priority rule"),
    ),
]
EventOption = Annotated[
    Path | None,
    typer.Option(
        "--event",
        metavar="EVENT.yaml",
        help=N_(
            "An event file: the lists are checked by its rules, and priority "
            "follows the Organised Play guide."
        ),
        dir_okay=False,
    ),
]
RecordOption = Annotated[
    Path | None,
    typer.Option(
        "--output",
        "-o",
        metavar="GAME.yaml",
        help=N_(
            "Write a game record of the drafted game, ready for `armylist game "
            "play` (never over an existing file without --force)."
        ),
        dir_okay=False,
    ),
]
ForceOption = Annotated[
    bool, typer.Option("--force", help=N_("Let -o replace an existing file."))
]


@app.command()
def draft(
    first: Annotated[Path, typer.Argument(help=N_("The first player's list."))],
    second: Annotated[Path, typer.Argument(help=N_("The second player's list."))],
    seed: SeedOption = None,
    auto: AutoOption = False,
    priority: PriorityOption = None,
    event: EventOption = None,
    record: RecordOption = None,
    force: ForceOption = False,
    output: ViewOption = ViewFormat.TEXT,
    data: DataOption = None,
    allow_outside: AllowOutsideOption = False,
) -> None:
    """Play the mission and deployment draft (§9.2) between two lists, and set up (§9.3).

    Each list brings 2 Mission and 2 Deployment Cards. Priority goes to the roll-off
    winner, or with --priority op (the default with --event) to the player who spent
    less Vespene Gas, then fewer Minerals, then the roll-off winner; under op the player
    without priority chooses the side the Deployment is oriented from. In a terminal
    each choice is asked of the right player; with --auto or without a terminal the
    policy decides: the player without priority orients from their own side; the
    player with priority takes Red and the mission draft; bans remove the controller's
    own cards first; the controller picks a card they brought too, else the first left.

    Exit codes: 0 drafted (an illegal list still drafts, with a note on stderr, as
    `supply` plans one); 1 a list cannot take part (scenario cards missing or invalid,
    lists of different scales), or the input ended before the draft did; 2 usage
    error (no such file, an unknown --priority, an event file that cannot be used,
    -o over an existing file, `-o -`, a list -o cannot name).

    Examples: `armylist draft alice.yaml bob.yaml --seed 7 --auto`,
    `armylist draft alice.yaml bob.yaml --event event.yaml -o game.yaml`.
    """
    stdin_once(first, second)
    catalog = catalog_or_exit(data)
    options = list_options(event, catalog)
    if record is not None:
        # Refused before the draft, not after the players made every choice.
        _check_record_target(record, (first, second), force, allow_outside)
    interactive = not auto and sys.stdin.isatty()
    request = DraftRequest(
        first, second, seed, priority, by_event=event is not None, options=options
    )
    asked = (_ask, _announce) if interactive else (None, None)
    try:
        result = draft_lists(request, catalog, *asked)
    except Refused as refused:
        fail(refused.message, refused.exit_code)
    _report_draft(result, output, interactive)
    if record is not None:
        _write_record(record, result, catalog, force, allow_outside)


def _announce(move: Move) -> None:
    """A move of the draft, told at the terminal as it is made."""

    typer.echo(reporter_draft.move_line(move), err=True)


def _report_draft(result: DraftResult, output: ViewFormat, interactive: bool) -> None:
    """The draft on stdout; on stderr, each list's errors and what was drafted."""

    sys.stdout.write(reporter_draft.render(result, output, terminal()))
    for side in result.sides:
        if side.errors:
            typer.echo(oneline.not_legal_note(side.file, side.errors), err=True)
    drafted = (
        _("drafted {mission} on {deployment} (seed {seed}; asked at the terminal)")
        if interactive
        else _("drafted {mission} on {deployment} (seed {seed}; auto policy)")
    )
    typer.echo(
        drafted.format(
            mission=result.mission.name,
            deployment=result.deployment.name,
            seed=result.seed,
        ),
        err=True,
    )


def _check_record_target(
    target: Path, lists: tuple[Path, Path], force: bool, allow_outside: bool
) -> None:
    """Exit 2 when -o cannot be written as asked: the file exists (without --force),
    or a list is one the record cannot name (standard input, a pipe, outside the
    record's folder without --allow-outside)."""

    if str(target) == "-":
        # stdout carries the draft itself
        fail(_("-o -: the draft is printed already; give the game record a file name"))
    if not paths.is_dir(target.parent):
        fail(
            _("-o {file}: there is no folder {folder}").format(
                file=target, folder=target.parent
            )
        )
    if paths.exists(target) and not force:
        _exists(target)
    folder = paths.resolved(target.parent)
    for path in lists:
        if str(path) == "-" or paths.is_fifo(path):
            fail(
                _(
                    "-o {file}: a game record names its lists by file and reads them "
                    "again every round; {list} is not a file: give a list file"
                ).format(file=target, list=path)
            )
        try:
            inside(folder, _relative(path, folder), allow_outside=allow_outside)
        except UnusablePath as outside:
            fail(
                _("-o {file}: the list {problem}").format(
                    file=target, problem=outside.message
                )
            )


def _exists(target: Path) -> NoReturn:
    fail(
        _(
            "{file} exists: not overwriting it (--force replaces it, -o writes "
            "another file)"
        ).format(file=target)
    )


def _relative(path: Path, folder: Path) -> str:
    """A list's path as a record in ``folder`` names it."""
    return os.path.relpath(paths.resolved(path), folder)


def _write_record(
    target: Path,
    result: DraftResult,
    catalog: Catalog,
    force: bool,
    allow_outside: bool,
) -> None:
    """Write the drafted game's record (checked as `game play` reads it), or exit."""

    mission = catalog.mission(result.mission.id, result.scale)
    assert mission is not None  # the draft found it in this catalog
    folder = paths.resolved(target.parent)
    red, blue = sorted(result.sides, key=lambda side: side.colour != "Red")
    first = red if red.player == result.winner else blue
    lines = [
        _("Drafted by `armylist draft` (seed {seed}): {reason}.").format(
            seed=result.seed, reason=result.priority.reason
        )
    ]
    if result.orientation is not None:
        lines.append(
            _("The Deployment is oriented from {player}'s side of the table.").format(
                player=result.orientation.side
            )
        )
    # A player's name is data: a line break in it must not end the comment.
    head = "".join("# " + visible(line).replace("\n", "\\n") + "\n" for line in lines)
    text = head + new_game(
        mission,
        scale=result.scale,
        lists=[_relative(Path(side.file), folder) for side in (red, blue)],
        names=[red.player, blue.player],
        deployment=result.deployment.name,
        first_player="red" if first is red else "blue",
    )
    try:
        game_of(text, folder, catalog, allow_outside=allow_outside)
    except RecordError as error:
        fail(error.message)
    except Refused as refused:
        fail(refused.message, refused.exit_code)
    try:
        safewrite.write_text(target, text, overwrite=force)
    except safewrite.TargetExists:
        _exists(target)
    except OSError as error:
        fail(
            _("cannot write {file}: {reason}").format(
                file=target, reason=os_reason(error)
            )
        )
    typer.echo(
        _(
            "wrote {file}: `armylist game play {file}` asks each round's questions"
        ).format(file=target),
        err=True,
    )

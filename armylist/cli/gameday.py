"""Game day: `supply` (the Supply plan) and `draft` (missions and deployment)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from armylist.cli.app import (
    DataOption,
    ViewOption,
    app,
    catalog_or_exit,
    fail,
    stdin_once,
    terminal,
    whole_number,
)
from armylist.plain import plural
from armylist.reporters import ViewFormat

if TYPE_CHECKING:
    from armylist.gameday.draft import Choice


@app.command()
def supply(
    file: Annotated[Path, typer.Argument(help="An army list file.")],
    mission: Annotated[
        str | None,
        typer.Option(
            "--mission",
            "-m",
            help="The Mission Card, by name or id. Default: every mission the list "
            "brings.",
        ),
    ] = None,
    order: Annotated[
        list[str] | None,
        typer.Option(
            "--order",
            help="Deployment order by unit name (repeat or comma-separate); the "
            "units not named follow in list order.",
        ),
    ] = None,
    losses: Annotated[
        list[str] | None,
        typer.Option(
            "--losses",
            help="What-if losses: UNIT:MODELS_LOST, optionally @ROUND; UNIT#N:... for the Nth "
            "unit of that name, e.g. Marine:3. Default round: the one it enters.",
        ),
    ] = None,
    output: ViewOption = ViewFormat.TEXT,
    data: DataOption = None,
) -> None:
    """Plan the Supply Pool round by round and when each unit enters (§6, §8.3).

    Exit codes: 0 plan printed (warnings included); 1 the list's units cannot be read
    (unknown unit, bad composition, broken file); 2 usage error (no such file, unknown
    mission, bad --order or --losses).

    Examples: `armylist supply mylist.yaml --mission "Hold Position"`,
    `armylist supply mylist.yaml -m "Hold Position" --losses Marine:3 --format json`.
    """
    from armylist.findings import Refused
    from armylist.gameday.planner import plan_file
    from armylist.reporters import oneline
    from armylist.reporters import supply as reporter_supply

    catalog = catalog_or_exit(data)
    try:
        planned = plan_file(
            file, catalog, mission=mission, order=order or (), losses=losses or ()
        )
    except Refused as refused:
        fail(refused.message, refused.exit_code)
    sys.stdout.write(
        reporter_supply.render(str(file), planned.plans, output, terminal())
    )
    if planned.errors:
        typer.echo(oneline.not_legal_note(file, planned.errors), err=True)
    warnings = sum(len(p.warnings) for p in planned.plans)
    typer.echo(
        f"Supply plan for {file}: {', '.join(p.mission for p in planned.plans)}; "
        f"{plural(warnings, 'warning')}",
        err=True,
    )


def _ask(choice: Choice) -> str:
    """Ask a draft choice of the right player at the terminal (stderr, stdin)."""
    typer.echo(f"\n{choice.prompt}:", err=True)
    for i, option in enumerate(choice.options, 1):
        typer.echo(f"  {i}. {option}", err=True)
    from armylist.cli.answers import read_answer

    while True:
        try:
            answer = str(typer.prompt("Number or name", err=True))
        except typer.Abort as ended:  # Ctrl-D (or Ctrl-C) at the prompt
            raise EOFError from ended
        read = read_answer(answer, choice.options, prefix=True)
        if read.index is not None:
            return choice.options[read.index]
        # A card two players brought, by its name alone: either copy is that card.
        names = [choice.cards.get(option, option) for option in choice.options]
        cards = list(dict.fromkeys(names))
        by_card = read_answer(answer, cards, prefix=True)
        if by_card.index is not None:
            return choice.options[names.index(cards[by_card.index])]
        typer.echo(
            f"{read.problem}; answer with 1 to {len(choice.options)} or a name.",
            err=True,
        )


@app.command()
def draft(
    first: Annotated[Path, typer.Argument(help="The first player's list.")],
    second: Annotated[Path, typer.Argument(help="The second player's list.")],
    seed: Annotated[
        int | None,
        typer.Option(
            "--seed",
            help="Seed for every die: a seed always gives the same draft. Default: "
            "a random seed, printed so the draft can be replayed.",
            **whole_number(),
        ),
    ] = None,
    auto: Annotated[
        bool,
        typer.Option(
            "--auto",
            help="Make every choice by the documented policy instead of asking "
            "(also the default without a terminal).",
        ),
    ] = False,
    output: ViewOption = ViewFormat.TEXT,
    data: DataOption = None,
) -> None:
    """Play the mission and deployment draft (§9.2) between two lists, and set up (§9.3).

    Each list brings 2 Mission and 2 Deployment Cards. In a terminal each choice is
    asked of the right player; with --auto or without a terminal the policy decides:
    the roll-off winner takes Red and the mission draft; bans remove the controller's
    own cards first; the controller picks a card they brought too, else the first left.

    Exit codes: 0 drafted (an illegal list still drafts, with a note on stderr, as
    `supply` plans one); 1 a list cannot take part (scenario cards missing or invalid,
    lists of different scales), or the input ended before the draft did; 2 usage
    error (no such file).

    Examples: `armylist draft alice.yaml bob.yaml --seed 7 --auto`.
    """
    import random

    from armylist.findings import Refused
    from armylist.gameday.draft import auto_chooser, draft_files
    from armylist.reporters import draft as reporter_draft
    from armylist.reporters import oneline

    stdin_once(first, second)
    catalog = catalog_or_exit(data)
    if seed is None:
        seed = random.SystemRandom().randrange(1, 1_000_000)
    interactive = not auto and sys.stdin.isatty()
    try:
        result = draft_files(
            first,
            second,
            catalog,
            seed=seed,
            chooser=_ask if interactive else auto_chooser,
            announce=(
                (lambda move: typer.echo(reporter_draft.move_line(move), err=True))
                if interactive
                else None
            ),
        )
    except Refused as refused:
        fail(refused.message, refused.exit_code)
    except EOFError:
        fail(
            f"the input ended before the draft was finished; nothing was drafted "
            f"(start again with --seed {seed} for the same dice)",
            1,
        )
    sys.stdout.write(reporter_draft.render(result, output, terminal()))
    for side in result.sides:
        if side.errors:
            typer.echo(oneline.not_legal_note(side.file, side.errors), err=True)
    typer.echo(
        f"drafted {result.mission.name} on {result.deployment.name} (seed {seed}; "
        f"{'asked at the terminal' if interactive else 'auto policy'})",
        err=True,
    )

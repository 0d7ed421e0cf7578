"""`new`: write a starter list for a Faction Card."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from armylist.cli import building
from armylist.cli.building import (
    TerminalPrompter,
    build_plain,
    check_minerals,
    minerals_option,
)
from armylist.cli.exits import catalog_or_exit, faction_or_exit, fail, scale_or_exit
from armylist.cli.frame import app
from armylist.cli.options import DataOption
from armylist.editing import starter
from armylist.editing.newlist import StarterRequest, new_list
from armylist.editing.words import needs_minerals
from armylist.findings import Refused
from armylist.gamedata.catalog import Catalog
from armylist.gamedata.models import FactionCard, Scale
from armylist.text.i18n import N_, _
from armylist.text.numbers import people
from armylist.tui import prompts

FactionOption = Annotated[
    str | None,
    typer.Option(
        "--faction", "-f", help=N_("The Faction Card. Asked for in a terminal.")
    ),
]
ScaleOption = Annotated[
    str | None,
    typer.Option(
        "--scale", help=N_("skirmish, standard (the default) or grand-offensive.")
    ),
]
MineralsOption = Annotated[
    int | None,
    minerals_option(N_("The agreed Mineral limit (Grand Offensive: 2,001+).")),
]
OutputOption = Annotated[
    str | None,
    typer.Option(
        "--output",
        "-o",
        help=N_(
            "The file (or folder) to write; `-` prints the list. Default: "
            "named after the faction, e.g. raynors-raiders.yaml."
        ),
    ),
]
ForceOption = Annotated[
    bool, typer.Option("--force", help=N_("Overwrite an existing file."))
]
InteractiveOption = Annotated[
    bool,
    typer.Option(
        "--interactive",
        "-i",
        help=N_("Ask for what is missing, then open the builder (`armylist build`)."),
    ),
]
NameOption = Annotated[str | None, typer.Option("--name", help=N_("The list's name."))]


@app.command()
def new(
    faction: FactionOption = None,
    scale: ScaleOption = None,
    minerals: MineralsOption = None,
    output: OutputOption = None,
    force: ForceOption = False,
    interactive: InteractiveOption = False,
    name: NameOption = None,
    data: DataOption = None,
) -> None:
    """Write a starter list: header, empty cards and units, and what the faction may take.

    The comments list the faction's Tactical Cards (gas, slots) and units (compositions,
    costs). It never overwrites a file without --force. In a terminal, a missing
    --faction is asked for (race, Faction Card, scale).

    Exit codes: 0 written; 2 usage error (unknown faction or scale, the file exists, no
    --faction and no terminal to ask, cannot write).

    Examples: `armylist new --faction "Raynor's Raiders"`,
    `armylist new -f zerg-swarm --scale skirmish -o lists/`, `armylist new -f khalai -o -`.
    """
    catalog = catalog_or_exit(data)
    chosen, chosen_scale, chosen_minerals = _starter_choices(
        catalog, faction, scale, minerals, interactive
    )
    check_minerals(chosen_scale, chosen_minerals)
    if output == "-" and interactive:
        fail(_("--interactive needs a file to build in, not `-o -`"))
    request = StarterRequest(
        chosen, chosen_scale, chosen_minerals, name=name, output=output, force=force
    )
    try:
        made = new_list(request, catalog)
    except Refused as refused:
        fail(refused.message, refused.exit_code)
    if made.path is None:
        sys.stdout.write(made.text)
        return
    typer.echo(
        _(
            "Wrote {path}: {faction} ({race}), {scale}, {minerals} Minerals and "
            "{gas} Vespene Gas."
        ).format(
            path=made.path,
            faction=chosen.name,
            race=chosen.race.value,
            scale=chosen_scale.name,
            minerals=people(made.minerals),
            gas=people(made.gas),
        )
    )
    if interactive:
        build_plain(made.path, catalog)
        return
    typer.echo(_("Next steps:"))
    for step in starter.next_steps(catalog, made.path, chosen.id):
        typer.echo(f"  {step}")


def _starter_choices(
    catalog: Catalog,
    faction: str | None,
    scale: str | None,
    minerals: int | None,
    interactive: bool,
) -> tuple[FactionCard, Scale, int | None]:
    """The faction, scale and Minerals given, what is missing asked in a terminal;
    exit 2 when it cannot be asked or the input ends."""
    asking = interactive or building.stdin_is_terminal()
    prompter = TerminalPrompter()
    try:
        if faction is None:
            if not asking:
                fail(
                    _(
                        "no --faction given, and no terminal to ask for it: pass "
                        "--faction NAME (`armylist factions` lists them)"
                    )
                )
            chosen = prompts.choose_faction(catalog, prompter)
            chosen_scale = (
                prompts.choose_scale(catalog, prompter)
                if scale is None
                else scale_or_exit(catalog, scale)
            )
        else:
            chosen = faction_or_exit(catalog, faction)
            chosen_scale = scale_or_exit(catalog, scale or "standard")
        if chosen_scale.minerals_problem(minerals) == "missing":
            if not asking:
                fail(needs_minerals(chosen_scale))
            minerals = prompts.ask_minerals(chosen_scale, prompter)
    except EOFError:
        fail(_("the input ended before the list was set up; nothing was written"))
    return chosen, chosen_scale, minerals

"""The command line's frame: the typer app, `--version`, `main`, and what every
command group shares (options, errors, the terminal's width and colour).

A command function parses its flags, calls one function below the CLI, picks a
renderer and returns an exit code; the command groups are the modules beside this one.
"""

from __future__ import annotations

import os
import sys
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any, NoReturn, TypeVar

import typer

from armylist import __version__
from armylist.findings import EXIT_USAGE
from armylist.gamedata.catalog import Catalog, DataError, Index, load_catalog
from armylist.gamedata.models import Card, FactionCard, Scale
from armylist.reporters import Terminal, ViewFormat

C = TypeVar("C", bound=Card)

app = typer.Typer(
    name="armylist",
    help="Army builder and list validator for StarCraft: The Miniatures Game.\n\n"
    "Examples:\n\n"
    "  armylist validate mylist.yaml\n\n"
    "  armylist validate lists/ --format json\n\n"
    '  armylist units --faction "Raynor\'s Raiders"',
    no_args_is_help=True,
    pretty_exceptions_show_locals=False,
    add_completion=False,
)
data_app = typer.Typer(help="Inspect and lint the game data.", no_args_is_help=True)
app.add_typer(data_app, name="data")


E = TypeVar("E", bound=StrEnum)


def choice(kind: type[E], what: str) -> dict[str, Any]:
    """Options of a choice: a plain message naming every choice, and completion.

    typer's own message for a bad choice reads "Value error, 'csv' is not one of ...".
    """
    choices = [member.value for member in kind]

    def parse(value: str) -> E:
        try:
            return kind(str(value).strip().casefold())
        except ValueError:
            raise typer.BadParameter(
                f"{value!r} is not {what}; use one of {', '.join(choices)}"
            ) from None

    def complete(incomplete: str) -> list[str]:
        return [c for c in choices if c.startswith(incomplete.casefold())]

    return {"parser": parse, "autocompletion": complete}


DataOption = Annotated[
    Path | None,
    typer.Option(
        "--data",
        help="A game data folder to use instead of the bundled one.",
        file_okay=False,
    ),
]
FactionOption = Annotated[
    str, typer.Option("--faction", "-f", help="A Faction Card, by name or id.")
]
ViewOption = Annotated[
    ViewFormat,
    typer.Option(
        "--format",
        help="text or json.",
        metavar="FORMAT",
        **choice(ViewFormat, "an output format here"),
    ),
]
ListFile = Annotated[Path, typer.Argument(help="The army list file.", dir_okay=False)]


def fail(message: str, code: int = EXIT_USAGE) -> NoReturn:
    """Print an error on stderr and exit."""
    typer.echo(f"armylist: error: {message}", err=True)
    raise typer.Exit(code)


def catalog_or_exit(data: Path | None) -> Catalog:
    """Load the game data once, or exit 2 with every problem."""
    try:
        return load_catalog(data)
    except DataError as error:
        fail("the game data cannot be loaded:\n" + str(error))


def card_or_exit(cards: Index[C], name: str, unknown: str, hint: str) -> C:
    """A card by printed name or id, or exit 2: ``unknown`` and the name, a
    did-you-mean, then the ``hint`` (the command that lists the cards)."""
    from armylist.names import did_you_mean

    found = cards.get(name)
    if found is None:
        fail(f"{unknown} {name!r}{did_you_mean(name, cards.names())}; {hint}")
    return found


def faction_or_exit(catalog: Catalog, name: str) -> FactionCard:
    """A Faction Card by name or id, or exit 2 with a did-you-mean (a race's name
    suggests its Faction Cards)."""
    from armylist.names import meant

    faction = catalog.factions.get(name)
    if faction is None:
        fail(
            f"unknown Faction Card {name!r}{meant(catalog.suggest_faction(name))}; "
            "`armylist factions` lists them"
        )
    return faction


def scale_or_exit(catalog: Catalog, name: str) -> Scale:
    """A scale by id or name, or exit 2 naming the scales."""
    from armylist.names import did_you_mean

    found = catalog.scale(name)
    if found is None:
        ids = [s.id for s in catalog.game.scales]
        fail(
            f"unknown scale {name!r}{did_you_mean(name, ids)}; one of {', '.join(ids)}"
        )
    return found


def _width() -> int:
    """The width to render for: `COLUMNS`, else the terminal's, else 100.

    Piped output (`armylist factions | less`) still has a terminal on stderr or stdin;
    below 40 columns no table is readable, and past 140 lines are too long to read.
    """
    columns = os.environ.get("COLUMNS", "").strip()
    if columns.isdigit() and int(columns) > 0:
        return max(40, min(int(columns), 140))
    for stream in (sys.stdout, sys.stderr, sys.stdin):
        try:
            return max(40, min(os.get_terminal_size(stream.fileno()).columns, 140))
        except (AttributeError, OSError, ValueError):
            continue
    return 100


def terminal() -> Terminal:
    """How stdout looks: its width, and whether it takes colour and pretty JSON."""
    tty = sys.stdout.isatty()
    return Terminal(width=_width(), color=tty and "NO_COLOR" not in os.environ, tty=tty)


def _version(value: bool) -> None:
    if value:
        try:
            data_version = load_catalog().data_version
        except DataError:
            data_version = "unavailable"
        typer.echo(f"armylist {__version__} (game data {data_version})")
        raise typer.Exit()


@app.callback()
def main_options(
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            callback=_version,
            is_eager=True,
            help="Print armylist's and the game data's versions.",
        ),
    ] = False,
) -> None:
    """Army builder and list validator for StarCraft: The Miniatures Game."""


def _single_command_app(name: str) -> typer.Typer | None:
    """An app holding just the command asked for, with the same options and help.

    Typer inspects every registered command's signature before it runs one; with twenty
    commands that is a noticeable share of a `validate` run. The console script builds
    only the command it is asked for; `armylist --help` and unknown words still get the
    full app.
    """
    for info in app.registered_commands:
        callback = info.callback
        command = info.name or (callback.__name__.replace("_", "-") if callback else "")
        if command == name and callback is not None:
            single = typer.Typer(
                name="armylist",
                pretty_exceptions_show_locals=False,
                add_completion=False,
            )
            single.callback()(main_options)
            single.command(name, help=info.help)(callback)
            return single
    return None


def main() -> None:
    """Entry point of the `armylist` console script and `python -m armylist`."""
    argv = sys.argv[1:]
    single = (
        _single_command_app(argv[0]) if argv and not argv[0].startswith("-") else None
    )
    (single or app)(prog_name="armylist")

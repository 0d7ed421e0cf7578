"""`build`: the full-screen builder in a terminal, the numbered menus otherwise."""

from __future__ import annotations

import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

import typer

from armylist.cli.building import build_plain, check_minerals, minerals_option
from armylist.cli.collected import owned_in_use
from armylist.cli.exits import catalog_or_exit, faction_or_exit, fail, scale_or_exit
from armylist.cli.frame import app
from armylist.cli.lasting import lasting
from armylist.cli.options import CollectionOption, DataOption, ListFile
from armylist.editing import starter
from armylist.editing.errors import EditError, refused_lines
from armylist.editing.words import needs_minerals, session_ended
from armylist.files import paths
from armylist.findings import EXIT_INVALID
from armylist.gamedata.catalog import Catalog
from armylist.text.i18n import N_, _
from armylist.tui.session import Session

PlainOption = Annotated[
    bool,
    typer.Option(
        "--plain",
        help=N_("The numbered menus, one question at a time (as in a pipe)."),
    ),
]
FactionOption = Annotated[
    str | None,
    typer.Option("--faction", "-f", help=N_("Start a new list of this Faction Card.")),
]
ScaleOption = Annotated[
    str | None,
    typer.Option("--scale", help=N_("A new list's scale (default: standard).")),
]
MineralsOption = Annotated[
    int | None,
    minerals_option(N_("A new list's agreed Mineral limit (Grand Offensive: 2,001+).")),
]


@app.command()
def build(
    file: ListFile,
    plain: PlainOption = False,
    faction: FactionOption = None,
    scale: ScaleOption = None,
    minerals: MineralsOption = None,
    collection: CollectionOption = None,
    data: DataOption = None,
) -> None:
    """Build a list: full screen in a terminal, numbered menus otherwise.

    In a terminal it opens the full-screen builder: the catalogue of what the Faction
    Card may take, the list, the Minerals, Vespene Gas and Army Slots ledger and the
    findings, all re-checked after every change (`?` shows the keys). A FILE that does
    not exist yet starts a new list: give --faction (and --scale, --minerals), or
    choose them on the first screen. With a collection (--collection, or as `armylist
    collection` finds it) the catalogue shows the models you own, and Ctrl+O shows
    only the units you own. With --plain, or when input or output is not a terminal,
    it asks one numbered question at a time. Nothing is written until you save.

    Exit codes: 0 quit (saved or not); 1 the input ended before quitting, the file is
    not a readable list, or the builder stopped on an internal error; 2 usage error (no
    such file, no known Faction Card, --faction for a file that exists).

    Examples: `armylist build my.yaml`, `armylist build new.yaml --faction khalai`,
    `armylist build my.yaml --plain`.
    """
    catalog = catalog_or_exit(data)
    new_list = faction is not None or scale is not None or minerals is not None
    if new_list and paths.exists(file):
        fail(
            _(
                "{file} already exists: --faction, --scale and --minerals start a new "
                "list (build {file} without them, or name a new file)"
            ).format(file=file)
        )
    if plain or not _terminal():
        if new_list:
            fail(
                _(
                    "--faction starts a new list in the full-screen builder; here, "
                    "write it first: armylist new --faction NAME -o {file} --interactive"
                ).format(file=file)
            )
        build_plain(file, catalog)
        return
    found = owned_in_use(collection, catalog)
    owned = None if found is None else found.models
    _build_full_screen(file, catalog, NewListOptions(faction, scale, minerals, owned))


def _terminal() -> bool:
    return sys.stdin.isatty() and sys.stdout.isatty()


@dataclass(frozen=True)
class NewListOptions:
    """`build NEW.yaml --faction NAME [--scale S] [--minerals N]`."""

    faction: str | None
    scale: str | None
    minerals: int | None
    # The models owned per unit id, when a collection is in use.
    owned: Mapping[str, int] | None = None


def _session_to_build(
    path: Path, catalog: Catalog, new: NewListOptions
) -> Session | None:
    """The list to build on, opened and checked before the builder starts, so that
    its first screen shows it at once (opened after a first screen of empty panes,
    the screen was laid out and drawn twice over); what cannot be opened ends the run
    here, with its reason and exit code, before the screen is taken over. None for a
    new file without --faction: the builder asks for the Faction Card."""
    if paths.exists(path):
        starting = None
    elif new.faction is None:
        return None
    else:
        chosen = faction_or_exit(catalog, new.faction)
        chosen_scale = scale_or_exit(catalog, new.scale or "standard")
        if chosen_scale.minerals_problem(new.minerals) == "missing":
            fail(needs_minerals(chosen_scale))
        check_minerals(chosen_scale, new.minerals)
        starting = (chosen, chosen_scale)
    try:
        with lasting():  # the list as opened
            if starting is None:
                return Session.open(path, catalog, new.owned)
            text = starter.starter_text(catalog, *starting, minerals=new.minerals)
            return Session.new(path, catalog, text, new.owned)
    except EditError as error:
        fail(refused_lines(error), error.exit_code)


def _build_full_screen(path: Path, catalog: Catalog, new: NewListOptions) -> None:
    session = _session_to_build(path, catalog, new)
    # Textual loads only when the full-screen builder opens (not for `build --help`
    # or the numbered menus), and its modules and tables last.
    with lasting():
        from armylist.tui.app import BuildApp

    builder = BuildApp(catalog, path, session, owned=new.owned)
    builder.run()
    if builder.return_code:
        fail(
            _(
                "the builder stopped on an internal error: changes since the last "
                "save are not written ({path} holds the last saved list)"
            ).format(path=path),
            EXIT_INVALID,
        )
    built = builder.session  # also when the run ended without an outcome
    typer.echo(
        session_ended(
            path,
            written=built is not None and built.written,
            discarded=built is not None and built.changed,
            held=None if built is None else built.held(),
        )
    )

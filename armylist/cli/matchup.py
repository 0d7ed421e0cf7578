"""`matchup`: both ways, both phases, the expected Supply removed per activation."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import Progress

from armylist.cli.combat import (
    ExactOption,
    check_exact,
    print_either,
    unit_or_exit,
    with_facts,
)
from armylist.cli.exits import catalog_or_exit, fail, stdin_once
from armylist.cli.frame import app
from armylist.cli.options import DataOption, ViewOption
from armylist.combat import Combatant, CombatError
from armylist.combat.lists import read_combatants
from armylist.combat.squads import activations, squad_matchup
from armylist.files.paths import exists, is_dir, is_file, unreachable
from armylist.findings import Refused
from armylist.gamedata.catalog import Catalog
from armylist.reporters import ViewFormat
from armylist.reporters.combat_matchup import matchup_json, squads_view
from armylist.text.i18n import N_, _

DetailsOption = Annotated[
    bool,
    typer.Option(
        "--details",
        help=N_(
            "After the matrix, every activation: models and Supply removed, the "
            "chance of at least one model and of the whole unit, the weapons."
        ),
    ),
]


FirstArgument = Annotated[
    str,
    typer.Argument(help=N_("A unit (name or id), or a list file."), metavar="FIRST"),
]
SecondArgument = Annotated[
    str,
    typer.Argument(help=N_("A unit (name or id), or a list file."), metavar="SECOND"),
]


@app.command()
@with_facts("range", "charge", "stationary")
def matchup(
    first: FirstArgument,
    second: SecondArgument,
    output: ViewOption = ViewFormat.TEXT,
    details: DetailsOption = False,
    exact: ExactOption = False,
    data: DataOption = None,
    **facts: Any,
) -> None:
    """Both ways, both phases: expected Supply removed per activation, as a matrix.

    Each side is a unit or a list file (every different squad of it once). Rows are
    the attacking side's squads, columns the other's; * marks each row's best
    target. --details adds every activation's numbers and weapons.

    Exit codes: 0 odds printed; 1 a list file is not a readable list, names a unit
    or upgrade the data does not know, or fields a unit of no models; 2 an unknown
    unit, a missing file, a folder, or more work than one matchup does (10,000
    activations, about 50 different squads a side).

    Examples: `armylist matchup Marine Zealot`,
    `armylist matchup mine.yaml theirs.yaml --details`,
    `armylist matchup Zealot theirs.yaml --format json`.
    """

    check_exact(exact, output)
    stdin_once(first, second)
    catalog = catalog_or_exit(data)
    side_a, side_b = _side_of(first, catalog), _side_of(second, catalog)
    chosen = {
        "range_inches": facts["range"],
        "charge": facts["charge"],
        "stationary": facts["stationary"],
    }
    try:
        with _progress(activations(side_a, side_b)) as progress:
            squads = squad_matchup(side_a, side_b, progress=progress, **chosen)
    except CombatError as error:
        fail(str(error))
    print_either(
        output,
        lambda: squads_view(squads, details=details),
        lambda: matchup_json(squads.entries, exact=exact, squads=squads),
    )


# Fewer activations than this finish before a bar would be worth drawing.
PROGRESS_FROM = 400


@contextmanager
def _progress(planned: int) -> Iterator[Callable[[int, int], None] | None]:
    """A progress bar on stderr, for long work on a terminal only (else None)."""
    if planned < PROGRESS_FROM or not sys.stderr.isatty():
        yield None
        return

    with Progress(console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(_("Working out the matchup"), total=None)

        def advance(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        yield advance


def _side_of(given: str, catalog: Catalog) -> list[Combatant]:
    """A matchup's side: every different squad of a list file, or one unit."""

    path = Path(given)
    if _is_list_source(path):
        try:
            return list(read_combatants(path, catalog))
        except Refused as refused:
            fail(refused.message, refused.exit_code)
    if catalog.units.get(given) is None:
        if is_dir(path):
            fail(
                _("{path} is a folder: give a list file or a unit name").format(
                    path=path
                )
            )
        # A list's name that cannot be read (a symlink loop, too long a name).
        if path.suffix in (".yaml", ".yml") and (why := unreachable(path)):
            fail(_("cannot read {file}: {reason}").format(file=path, reason=why))
        if path.suffix in (".yaml", ".yml") and not exists(path):
            fail(_("no such list file: {path}").format(path=path))
    return [Combatant(unit=unit_or_exit(catalog, given))]


def _is_list_source(path: Path) -> bool:
    """A list file, a pipe (`<(cat list.yaml)`) or - (standard input)."""

    try:
        return str(path) == "-" or is_file(path) or path.is_fifo()
    except OSError:  # a unit name longer than a file name may be
        return False

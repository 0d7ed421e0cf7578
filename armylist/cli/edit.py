"""Building lists: `new`, `add`, `remove`, `set` and the guided `build` menu."""

from __future__ import annotations

import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from armylist.cli.app import app
from armylist.cli.collected import CollectionOption, owned_in_use
from armylist.cli.exits import catalog_or_exit, faction_or_exit, fail, scale_or_exit
from armylist.cli.lasting import lasting
from armylist.cli.options import DataOption, ListFile, choice, whole_number
from armylist.editing import starter
from armylist.editing.errors import EditError, refused_lines
from armylist.editing.kinds import EditKind
from armylist.editing.newlist import StarterRequest, new_list
from armylist.editing.words import needs_minerals, session_ended
from armylist.files import paths
from armylist.findings import EXIT_INVALID, Refused
from armylist.text.i18n import N_, _, os_reason
from armylist.text.numbers import people

if TYPE_CHECKING:
    from armylist.editing.edits import Edit
    from armylist.gamedata.catalog import Catalog
    from armylist.gamedata.models import FactionCard, Scale
    from armylist.tui.session import Session

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


def _minerals_option(help_text: str) -> Any:
    """`--minerals N`: an agreed Mineral limit, a whole number of 1 or more."""
    return typer.Option("--minerals", help=help_text, **whole_number(minimum=1))


class _TerminalPrompter:
    """The builder's and `new`'s questions at the terminal; EOF ends the session."""

    def say(self, text: str = "") -> None:
        typer.echo(text)

    def ask(self, question: str) -> str:
        try:
            answer = str(typer.prompt(question, default="", show_default=False))
        except typer.Abort:
            raise EOFError from None
        if not _stdin_is_terminal():
            # A piped answer is not echoed by the terminal: print it after its
            # prompt, so the transcript reads as the session did.
            typer.echo(answer)
        return answer


def _stdin_is_terminal() -> bool:
    return sys.stdin.isatty()


def _edit(file: Path, edit: Edit, data: Path | None) -> None:
    """Make one edit, then print the ledger and the findings it added."""
    from armylist.editing import edits
    from armylist.reporters import ledger

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


def _build(path: Path, catalog: Catalog) -> None:
    from armylist.editing import edits
    from armylist.tui import prompts

    try:
        session = prompts.Builder(path, catalog, _TerminalPrompter())
        outcome = session.run()
    except edits.EditError as error:
        fail(refused_lines(error), error.exit_code)
    except EOFError:
        fail(
            _(
                "the input ended: changes since the last save are not written "
                "({path} holds the last saved list)"
            ).format(path=path),
            EXIT_INVALID,
        )
    except OSError as error:
        fail(
            _("cannot write {path}: {reason}").format(
                path=path, reason=os_reason(error)
            )
        )
    if outcome.overtaken and outcome.changed:
        fail(
            _(
                "{path} changed while it was being built: the changes of this "
                "session were not written"
            ).format(path=path),
            EXIT_INVALID,
        )
    typer.echo(
        session_ended(
            path, written=outcome.written, discarded=outcome.changed, held=outcome.held
        )
    )


def _check_minerals(scale: Scale, minerals: int | None) -> None:
    """Exit 2 when `--minerals` does not go with the scale (the `scale` rule's test)."""
    match scale.minerals_problem(minerals):
        case "too-low":
            fail(
                _("{scale} is {least} Minerals or more, not {agreed}").format(
                    scale=scale.name,
                    least=people(scale.minerals_min),
                    agreed=people(minerals or 0),
                )
            )
        case "mismatch":
            fail(
                _(
                    "{scale} is {minerals} Minerals: leave --minerals out, or use "
                    "--scale grand-offensive"
                ).format(scale=scale.name, minerals=people(scale.minerals or 0))
            )
        case "missing" | None:
            # `missing` was asked for, or refused, before: nothing more to say.
            pass


@app.command()
def new(
    faction: Annotated[
        str | None,
        typer.Option(
            "--faction", "-f", help=N_("The Faction Card. Asked for in a terminal.")
        ),
    ] = None,
    scale: Annotated[
        str | None,
        typer.Option(
            "--scale", help=N_("skirmish, standard (the default) or grand-offensive.")
        ),
    ] = None,
    minerals: Annotated[
        int | None,
        _minerals_option(N_("The agreed Mineral limit (Grand Offensive: 2,001+).")),
    ] = None,
    output: Annotated[
        str | None,
        typer.Option(
            "--output",
            "-o",
            help=N_(
                "The file (or folder) to write; `-` prints the list. Default: "
                "named after the faction, e.g. raynors-raiders.yaml."
            ),
        ),
    ] = None,
    force: Annotated[
        bool, typer.Option("--force", help=N_("Overwrite an existing file."))
    ] = False,
    interactive: Annotated[
        bool,
        typer.Option(
            "--interactive",
            "-i",
            help=N_(
                "Ask for what is missing, then open the builder (`armylist build`)."
            ),
        ),
    ] = False,
    name: Annotated[
        str | None, typer.Option("--name", help=N_("The list's name."))
    ] = None,
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
    _check_minerals(chosen_scale, chosen_minerals)
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
        _build(made.path, catalog)
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
    # Lazy: the prompts load only when `new` runs, not for the other edits.
    from armylist.tui import prompts

    asking = interactive or _stdin_is_terminal()
    prompter = _TerminalPrompter()
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


@app.command()
def add(
    file: ListFile,
    kind: KindArgument,
    name: Annotated[str, typer.Argument(help=N_("Its printed name or id."))],
    models: Annotated[
        int | None,
        typer.Option(
            "--models",
            "-m",
            help=N_("A unit's composition: number of models."),
            **whole_number(minimum=1),
        ),
    ] = None,
    upgrade: Annotated[
        list[str] | None,
        typer.Option(
            "--upgrade", "-u", help=N_("An upgrade for the unit (repeatable).")
        ),
    ] = None,
    unit: UnitOption = None,
    at: Annotated[
        int | None,
        typer.Option(
            "--at",
            help=N_(
                "Where it goes in its list: 1 is first (as `show` numbers units). "
                "Default: after the last."
            ),
            **whole_number(minimum=1),
        ),
    ] = None,
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
    from armylist.editing.edits import Edit

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


@app.command()
def remove(
    file: ListFile,
    kind: KindArgument,
    name: Annotated[
        str,
        typer.Argument(help=N_("Its name; a unit also by position (1, 2 ...).")),
    ],
    unit: UnitOption = None,
    data: DataOption = None,
) -> None:
    """Remove a card, a unit (by position or name), an upgrade, a Mission/Deployment Card.

    Full-line comments stay in the file; only the removed entry's own end-of-line
    comments go with it. Exit codes as for `add`.

    Examples: `armylist remove my.yaml unit 3`, `armylist remove my.yaml card Barracks`,
    `armylist remove my.yaml upgrade AGG-12 --unit 1`.
    """
    from armylist.editing.edits import Edit

    if unit is not None and kind is not EditKind.UPGRADE:
        fail(_("--unit goes with `remove FILE upgrade NAME`"))
    _edit(file, Edit(action="remove", kind=kind.value, name=name, unit=unit), data)


@app.command("set")
def set_command(
    file: ListFile,
    key: Annotated[
        str,
        typer.Argument(
            help=N_("name, player, scale, minerals, faction or data_version.")
        ),
    ],
    value: Annotated[str, typer.Argument(help=N_("The new value."))],
    minerals: Annotated[
        int | None,
        _minerals_option(
            N_("With `scale grand-offensive`: the agreed Mineral limit (2,001+).")
        ),
    ] = None,
    data: DataOption = None,
) -> None:
    """Set one of the list's keys: `armylist set my.yaml scale skirmish`.

    A scale or faction is checked against the game data (did you mean); setting a fixed
    scale also updates a `minerals:` line to match. Grand Offensive's limit is agreed,
    so it comes along: `armylist set my.yaml scale grand-offensive --minerals 3000`.
    Exit codes as for `add`.
    """
    from armylist.editing.edits import Edit

    _edit(file, Edit(action="set", kind=key, name=value, minerals=minerals), data)


@app.command()
def build(
    file: ListFile,
    plain: Annotated[
        bool,
        typer.Option(
            "--plain",
            help=N_("The numbered menus, one question at a time (as in a pipe)."),
        ),
    ] = False,
    faction: Annotated[
        str | None,
        typer.Option(
            "--faction", "-f", help=N_("Start a new list of this Faction Card.")
        ),
    ] = None,
    scale: Annotated[
        str | None,
        typer.Option("--scale", help=N_("A new list's scale (default: standard).")),
    ] = None,
    minerals: Annotated[
        int | None,
        _minerals_option(
            N_("A new list's agreed Mineral limit (Grand Offensive: 2,001+).")
        ),
    ] = None,
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
        _build(file, catalog)
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
        _check_minerals(chosen_scale, new.minerals)
        starting = (chosen, chosen_scale)
    try:
        with lasting():  # the engine's modules, and the list as opened
            from armylist.tui.session import Session

            if starting is None:
                return Session.open(path, catalog, new.owned)
            from armylist.editing import starter

            text = starter.starter_text(catalog, *starting, minerals=new.minerals)
            return Session.new(path, catalog, text, new.owned)
    except EditError as error:
        fail(refused_lines(error), error.exit_code)


def _build_full_screen(path: Path, catalog: Catalog, new: NewListOptions) -> None:
    session = _session_to_build(path, catalog, new)
    with lasting():  # Textual's modules and tables, which last
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

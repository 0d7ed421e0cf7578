"""The command line's frame: the typer app, `--version`, `main`, and what every
command group shares (options, errors, the terminal's width and colour).

A command function parses its flags, calls one function below the CLI, picks a
renderer and returns an exit code; the command groups are the modules beside this one.
"""

from __future__ import annotations

import contextlib
import functools
import gc
import importlib
import os
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any, NoReturn, TextIO, TypeVar

import typer
from typer.core import TyperArgument, TyperCommand, TyperGroup, TyperOption

from armylist import __version__, i18n
from armylist.findings import EXIT_USAGE
from armylist.gamedata.catalog import Catalog, DataError, Index, load_catalog
from armylist.gamedata.models import Card, FactionCard, Scale
from armylist.i18n import N_, _, joined, paragraphs
from armylist.names import read_word
from armylist.numbers import NotAWholeNumber, parse_whole, people, plain_digits
from armylist.reporters import Terminal, ViewFormat
from armylist.visible import visible, visible_keeping_colour

C = TypeVar("C", bound=Card)

# -- help in words: `--data DIR`, not `<dir>`; no `<bool>`, no `<list[Path]>` -------------

_METAVARS = {
    "dir": "DIR",
    "file": "FILE",
    "path": "PATH",
    "int": "N",
    "int range": "N",  # an int with min= (--jobs)
}


class _WordArgument(TyperArgument):
    """An argument whose help shows its name only, not its Python type."""

    def display_type_rich(self, ctx: Any) -> str | None:
        """No type column: the argument's name and help say what it is."""
        return None


def _words(params: list[Any], ctx: Any) -> list[Any]:
    """Parameters whose help names their values in words (FILE, N), flags in none,
    in the language of the run (ARCHIVO)."""
    from armylist.cli.translated import metavar

    for param in params:
        if isinstance(param, TyperOption) and param.metavar is None:
            if param.is_flag:
                param.metavar = ""
            else:
                label = param.display_type(ctx).strip("<>").removeprefix("list[")
                param.metavar = _METAVARS.get(label.rstrip("]").casefold(), "TEXT")
        elif isinstance(param, TyperArgument) and not isinstance(param, _WordArgument):
            # typer has no setting for an argument's type label: the class says it.
            param.__class__ = _WordArgument
            if param.metavar is None and param.name:
                param.metavar = param.name.upper()
        if param.metavar:
            metavar(param)
    return params


# -- every text printed goes through `visible`: data is never a terminal code --------


class _VisibleStream:
    """A text stream (stdout, stderr) that writes through `visible.visible`; on a
    colour terminal the colour codes Rich writes still pass."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream
        forced = any(os.environ.get(v) for v in ("FORCE_COLOR", "PY_COLORS"))
        colour = forced or "GITHUB_ACTIONS" in os.environ or _isatty(stream)
        self._clean = visible_keeping_colour if colour else visible

    def write(self, text: str) -> int:
        """Write the text with its control characters made visible."""
        if not isinstance(text, str):
            # click tells text streams from binary ones by writing b"" to them.
            raise TypeError(f"write() argument must be str, not {type(text).__name__}")
        self._stream.write(self._clean(text))
        return len(text)

    def writelines(self, lines: Iterable[str]) -> None:
        """Write each line."""
        for line in lines:
            self.write(line)

    def __getattr__(self, name: str) -> Any:
        # flush, isatty, fileno, encoding, errors: the stream's own.
        return getattr(self._stream, name)


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


@contextlib.contextmanager
def visible_output() -> Iterator[None]:
    """stdout and stderr written through `visible` while a command runs: its report,
    its messages, its prompts, and typer's own usage errors."""
    if isinstance(sys.stdout, _VisibleStream):
        yield
        return
    saved = sys.stdout, sys.stderr
    sys.stdout = _VisibleStream(sys.stdout)
    sys.stderr = _VisibleStream(sys.stderr)
    try:
        yield
    finally:
        sys.stdout, sys.stderr = saved


# -- `--lang es|en` on every command -----------------------------------------------


def _speak_language(value: str | None) -> None:
    """`--lang`: speak the language asked for from now on, or refuse one armylist
    does not speak (exit 2)."""
    if value is None:
        return
    language = i18n.language_named(value)
    if language is None:
        raise typer.BadParameter(
            _(
                "{value!r} is not a language armylist speaks; use one of {languages}"
            ).format(value=value, languages=", ".join(i18n.LANGUAGES))
        )
    from armylist.cli.translated import speak

    i18n.use(language)
    speak()


def _complete_language(incomplete: str) -> list[str]:
    """The languages for shell completion."""
    return completions(list(i18n.LANGUAGES), incomplete)


@functools.cache
def language_option() -> Any:
    """The `--lang` option every command and group takes (`get_params`): no command
    declares it, and none receives its value.

    typer builds it from a declaration, as it builds every option; it is eager, so
    it is read before the other options are checked and their errors are worded.
    """
    holder = typer.Typer(add_completion=False)

    @holder.command()
    def hold(
        lang: Annotated[
            str | None,
            typer.Option(
                "--lang",
                metavar="LANG",
                is_eager=True,
                callback=_speak_language,
                autocompletion=_complete_language,
                help=N_("The language to speak: en (English) or es (español)."),
            ),
        ] = None,
    ) -> None:
        pass

    option = next(p for p in typer.main.get_command(holder).params if p.name == "lang")
    option.expose_value = False
    return option


def _with_language(params: list[Any]) -> list[Any]:
    """The parameters with `--lang`, just before `--help`."""
    help_at = next((i for i, p in enumerate(params) if p.name == "help"), len(params))
    return [*params[:help_at], language_option(), *params[help_at:]]


def _language_warning() -> None:
    """A warning on stderr when `ARMYLIST_LANG` names a language armylist does not
    speak: it is ignored (the locale, else English, decides), so a misspelt setting
    does not stop every command."""
    asked = os.environ.get("ARMYLIST_LANG", "")
    if asked and i18n.language_named(asked) is None:
        sys.stderr.write(
            visible(
                _(
                    "armylist: warning: ARMYLIST_LANG={value} is not a language "
                    "armylist speaks ({languages}); it is ignored"
                ).format(value=asked, languages=", ".join(i18n.LANGUAGES))
            )
            + "\n"
        )


class _VisibleMain:
    """A click command whose whole run (parsing included) prints through `visible`."""

    def main(self, args: Sequence[str] | None = None, *rest: Any, **kwargs: Any) -> Any:
        """Run the command with visible output, in the language of the run."""
        for name in ("COLUMNS", "LINES"):
            # Rich reads these with int() after str.isdigit(): "²" or 5,000 digits
            # would raise in every console; a size that is no number is no size.
            if name in os.environ and plain_digits(os.environ[name]) is None:
                del os.environ[name]
        from armylist.cli.translated import speak

        # `--lang` is read here already, before click parses anything: `--help` and
        # a usage error met before it (`validate --nope --lang es`) speak it too.
        asked = i18n.language_asked(sys.argv[1:] if args is None else args)
        named = i18n.language_named(asked) if asked else None
        if named is not None:
            i18n.use(named)
        speak()
        _language_warning()
        with visible_output():
            return super().main(args, *rest, **kwargs)  # type: ignore[misc]

    # click's and typer's words: their usage errors (raised while the arguments are
    # parsed, or a subcommand is looked up and run) and the usage line.

    def make_context(self, *args: Any, **kwargs: Any) -> Any:
        """The context, its usage errors worded in the language of the run."""
        from armylist.cli.translated import reworded_errors

        # Parsing makes typer's converters of the command's parameters, which last.
        with reworded_errors(), lasting():
            return super().make_context(*args, **kwargs)  # type: ignore[misc]

    def invoke(self, ctx: Any) -> Any:
        """Run the command, its usage errors worded in the language of the run."""
        from armylist.cli.translated import reworded_errors

        with reworded_errors():
            return super().invoke(ctx)  # type: ignore[misc]

    def format_usage(self, ctx: Any, formatter: Any) -> None:
        """The usage line in the language of the run."""
        from armylist.cli.translated import USAGE, usage_pieces

        pieces = usage_pieces(self.collect_usage_pieces(ctx))  # type: ignore[attr-defined]
        formatter.write_usage(ctx.command_path, " ".join(pieces), prefix=_(USAGE))


class WordsCommand(_VisibleMain, TyperCommand):
    """A command whose --help names values in words (FILE, N) instead of types."""

    def get_params(self, ctx: Any) -> list[Any]:
        """The parameters, with `--lang` and word metavars."""
        return _words(_with_language(super().get_params(ctx)), ctx)

    def format_help(self, ctx: Any, formatter: Any) -> None:
        """The help, fitted to the terminal (`helptext`)."""
        from armylist.cli.helptext import print_help
        from armylist.cli.translated import translate_help

        translate_help(self, self.get_params(ctx))
        print_help(lambda: super(WordsCommand, self).format_help(ctx, formatter))


class WordsGroup(_VisibleMain, TyperGroup):
    """A command group whose --help names values in words instead of types."""

    def list_commands(self, ctx: Any) -> list[str]:
        """The commands; armylist's own in the order of `COMMANDS` (typer lists the
        command groups after the commands), so its panels come in their order."""
        names = super().list_commands(ctx)
        if ctx.parent is None:
            place = {name: at for at, name in enumerate(COMMANDS)}
            names.sort(key=lambda name: place.get(name, len(place)))
        return names

    def get_params(self, ctx: Any) -> list[Any]:
        """The parameters, with `--lang` and word metavars."""
        return _words(_with_language(super().get_params(ctx)), ctx)

    def format_help(self, ctx: Any, formatter: Any) -> None:
        """The help, fitted to the terminal (`helptext`)."""
        from armylist.cli.helptext import print_help
        from armylist.cli.translated import translate_help

        translate_help(self, self.get_params(ctx))
        print_help(lambda: super(WordsGroup, self).format_help(ctx, formatter))


F = TypeVar("F", bound=Callable[..., Any])


class App(typer.Typer):
    """typer.Typer with help in words, `-h` as `--help`, docstrings as paragraphs."""

    def __init__(self, **options: Any) -> None:
        options.setdefault("cls", WordsGroup)
        options.setdefault("context_settings", {"help_option_names": ["-h", "--help"]})
        options.setdefault("pretty_exceptions_show_locals", False)
        super().__init__(**options)

    def command(self, *args: Any, **options: Any) -> Callable[[F], F]:
        """Register a command (a `WordsCommand` unless told otherwise)."""
        options.setdefault("cls", WordsCommand)
        register = super().command

        def decorator(function: F) -> F:
            if "help" not in options and function.__doc__:
                options["help"] = paragraphs(function.__doc__)
            register(*args, **options)(function)
            return function

        return decorator


app = App(
    name="armylist",
    help=N_(
        "Army builder and list validator for StarCraft: The Miniatures Game.\n\n"
        "Examples:\n\n"
        '  armylist new mylist.yaml --faction "Raynor\'s Raiders"\n\n'
        "  armylist build mylist.yaml\n\n"
        "  armylist validate mylist.yaml"
    ),
    no_args_is_help=True,
)
data_app = App(help=N_("Inspect and lint the game data."), no_args_is_help=True)
app.add_typer(data_app, name="data")


E = TypeVar("E", bound=StrEnum)


def completions(choices: list[str], incomplete: str) -> list[str]:
    """The choices that start with what was typed, in any case, each spelt with the
    typed part as typed: typer drops a completion that does not start with it
    exactly, and names are read in any case (`--faction Ray` -> `Raynors-raiders`)."""
    n = len(incomplete)
    return [
        incomplete + c[n:]
        for c in choices
        if c.casefold().startswith(incomplete.casefold())
    ]


def choice(kind: type[E], what: str) -> dict[str, Any]:
    """Options of a choice: a plain message naming every choice, and completion.

    typer's own message for a bad choice reads "Value error, 'csv' is not one of ...".
    ``what`` names the choice in the message ("a report format"): mark it with `N_`
    where it is written; it is translated when the message is made.
    """
    choices = [member.value for member in kind]

    def parse(value: str) -> E:
        try:
            return kind(str(value).strip().casefold())
        except ValueError:
            raise typer.BadParameter(
                _("{value!r} is not {what}; use one of {choices}").format(
                    value=value, what=_(what), choices=", ".join(choices)
                )
            ) from None

    def complete(incomplete: str) -> list[str]:
        return completions(choices, incomplete)

    return {"parser": parse, "autocompletion": complete}


def word_choice(words: Mapping[str, str], what: str) -> dict[str, Any]:
    """Options of a choice typed in words (`--phase combate`): each value with a
    message listing its words (`names.read_word`), read in either language; a word
    none of them has is refused naming them. ``what`` is marked with `N_`."""

    def parse(value: str) -> str:
        found = read_word(str(value), words)
        if found is None:
            said = joined(
                [_(message).split(",")[0].strip() for message in words.values()], "or"
            )
            raise typer.BadParameter(
                _("{value!r} is not {what}; use {choices}").format(
                    value=value, what=_(what), choices=said
                )
            )
        return found

    def complete(incomplete: str) -> list[str]:
        return completions(list(words), incomplete)

    return {"parser": parse, "autocompletion": complete}


def whole_number(
    *, minimum: int | None = None, maximum: int | None = None
) -> dict[str, Any]:
    """Options of a whole-number option or argument: read as people type them.

    As the language of the run writes them: `3,000` is 3000 in English and `3.000` in
    Spanish, and the other one, or `3.5`, is refused with what to write
    (`armylist.numbers.parse_whole`); below ``minimum`` or above ``maximum`` is refused
    in words. Every `int` parameter of the command line takes these (a test checks).
    """

    def parse(value: str | int) -> int:
        if isinstance(value, int):  # a default
            return value
        try:
            number = parse_whole(str(value), signed=True)
        except NotAWholeNumber as problem:
            raise typer.BadParameter(
                _("{message}; {hint}").format(
                    message=problem.message, hint=problem.hint
                )
            ) from None
        if minimum is not None and number < minimum:
            raise typer.BadParameter(
                _("write {minimum} or more, not {value}").format(
                    minimum=minimum, value=value.strip()
                )
            )
        if maximum is not None and number > maximum:
            raise typer.BadParameter(
                _("write {maximum} or less, not {value}").format(
                    maximum=people(maximum), value=value.strip()
                )
            )
        return number

    parse.reads_whole_numbers = True  # type: ignore[attr-defined]
    return {"parser": parse, "min": minimum, "max": maximum}


DataOption = Annotated[
    Path | None,
    typer.Option(
        "--data",
        help=N_("A game data folder to use instead of the bundled one."),
        file_okay=False,
    ),
]


def _complete_faction(incomplete: str) -> list[str]:
    """Faction Card ids for shell completion."""
    try:
        ids = [f.id for f in load_catalog().factions.all]
    except DataError:
        return []
    return completions(ids, incomplete)


FactionOption = Annotated[
    str,
    typer.Option(
        "--faction",
        "-f",
        help=N_("A Faction Card, by name or id."),
        metavar="NAME",
        autocompletion=_complete_faction,
    ),
]
ViewOption = Annotated[
    ViewFormat,
    typer.Option(
        "--format",
        help=N_("text or json."),
        metavar="FORMAT",
        **choice(ViewFormat, N_("an output format here")),
    ),
]
AllowOutsideOption = Annotated[
    bool,
    typer.Option(
        "--allow-outside",
        help=N_(
            "Read list files named in the file (a team's `players:`, a game's "
            "`list:`) even outside its folder (absolute, `..`)."
        ),
    ),
]
ListFile = Annotated[
    Path, typer.Argument(help=N_("The army list file."), dir_okay=False)
]


def fail(message: str, code: int = EXIT_USAGE) -> NoReturn:
    """Print an error on stderr and exit."""
    # Made visible here already: off a terminal click would drop an ESC [ sequence
    # (a file name's) without a trace.
    typer.echo(
        visible(_("armylist: error: {message}").format(message=message)), err=True
    )
    raise typer.Exit(code)


def stdin_once(*sources: Path | str) -> None:
    """Exit 2 when standard input (`-`) is named for more than one list: it can be
    read only once, and the second list would read as empty."""
    if sum(str(source) == "-" for source in sources) > 1:
        fail(
            _(
                "standard input (-) can give only one of the lists: save the other to "
                "a file, or pass it as a pipe (`<(armylist import roster.json)`)"
            )
        )


def catalog_or_exit(data: Path | None) -> Catalog:
    """Load the game data once, or exit 2 with every problem."""
    # The game data lives as long as the process: out of the cyclic GC's reach, its
    # thousands of objects are not rescanned by every collection of a batch.
    try:
        with lasting():
            catalog = load_catalog(data)
    except DataError as error:
        fail(_("the game data cannot be loaded:\n{problems}").format(problems=error))
    return catalog


def card_or_exit(cards: Index[C], name: str, unknown: str, hint: str) -> C:
    """A card by printed name or id, or exit 2: ``unknown`` and the name, a
    did-you-mean, then the ``hint`` (the command that lists the cards); both marked
    for translation (`N_`) where they are written, and translated here."""
    from armylist.names import did_you_mean

    found = cards.get(name)
    if found is None:
        fail(
            _("{unknown} {name!r}{suggestion}; {hint}").format(
                unknown=_(unknown),
                name=name,
                suggestion=did_you_mean(name, cards.names()),
                hint=_(hint),
            )
        )
    return found


def faction_or_exit(catalog: Catalog, name: str) -> FactionCard:
    """A Faction Card by name or id, or exit 2 with a did-you-mean (a race's name
    suggests its Faction Cards)."""
    from armylist.names import meant

    faction = catalog.factions.get(name)
    if faction is None:
        fail(
            _(
                "unknown Faction Card {name!r}{suggestion}; `armylist factions` lists "
                "them"
            ).format(name=name, suggestion=meant(catalog.suggest_faction(name)))
        )
    return faction


def scale_or_exit(catalog: Catalog, name: str) -> Scale:
    """A scale by id or name, or exit 2 naming the scales."""
    from armylist.names import did_you_mean

    found = catalog.scale(name)
    if found is None:
        ids = [s.id for s in catalog.game.scales]
        fail(
            _("unknown scale {name!r}{suggestion}; one of {scales}").format(
                name=name, suggestion=did_you_mean(name, ids), scales=", ".join(ids)
            )
        )
    return found


def _width() -> int:
    """The width to render for: `COLUMNS`, else the terminal's, else 100.

    Piped output (`armylist factions | less`) still has a terminal on stderr or stdin;
    below 40 columns no table is readable, and past 140 lines are too long to read.
    """
    columns = plain_digits(os.environ.get("COLUMNS", ""))
    if columns is not None and columns > 0:
        return max(40, min(columns, 140))
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
            data_version = _("unavailable")
        typer.echo(
            _("armylist {version} (game data {data}, language: {language})").format(
                version=__version__,
                data=data_version,
                language=i18n.LANGUAGE_NAMES[i18n.current()],
            )
        )
        raise typer.Exit()


@app.callback()
def main_options(
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            callback=_version,
            is_eager=True,
            help=N_("Print armylist's and the game data's versions."),
        ),
    ] = False,
) -> None:
    """Army builder and list validator for StarCraft: The Miniatures Game."""


# The panels of `armylist --help`, in order, each a task with its commands and command
# groups in order: building a list first.
PANELS: dict[str, tuple[str, ...]] = {
    N_("Build a list"): (
        "new",
        "build",
        "add",
        "remove",
        "set",
        "import",
        "show",
        "export",
    ),
    N_("Check"): ("validate", "diff", "fingerprint", "rules"),
    N_("Game day"): ("supply", "draft", "game"),
    N_("Combat"): ("attack", "matchup", "compare"),
    N_("Organised play"): ("event",),
    N_("Game data"): ("factions", "cards", "units", "info", "schema", "data"),
}
PANEL = {name: title for title, names in PANELS.items() for name in names}

# Every command and command group of `armylist`, in the order of `armylist --help` (the
# panels'), and the module beside this one that registers it (a group's: the one of its
# commands). The console script imports only the module of the command it runs; a test
# checks this table against the full app, so a command added without a line here fails
# CI.
COMMANDS: dict[str, str] = {
    "new": "edit",
    "build": "edit",
    "add": "edit",
    "remove": "edit",
    "set": "edit",
    "import": "importer",
    "show": "sheet",
    "export": "sheet",
    "validate": "check",
    "diff": "check",
    "fingerprint": "check",
    "rules": "check",
    "supply": "gameday",
    "draft": "gameday",
    "game": "game",
    "attack": "combat",
    "matchup": "combat",
    "compare": "combat",
    "event": "event",
    "factions": "browse",
    "cards": "browse",
    "units": "browse",
    "info": "browse",
    "schema": "browse",
    "data": "data",
}


@contextlib.contextmanager
def lasting() -> Iterator[None]:
    """Make objects that live until exit (modules, classes, typer's and pydantic's
    tables, the game data): the cyclic collector's passes over them while they are
    made are wasted work, so it pauses, and what was made is then frozen out of its
    reach."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        if collecting:
            gc.enable()


def import_commands(modules: Iterable[str]) -> None:
    """Import command modules of `armylist.cli` (by name), registering their commands
    (`lasting`)."""
    with lasting():
        for module in modules:
            importlib.import_module(f"armylist.cli.{module}")


def command_name(info: Any) -> str:
    """The word a registered command (a typer `CommandInfo`) is called by."""
    callback = info.callback
    return info.name or (callback.__name__.replace("_", "-") if callback else "")


def full_app() -> typer.Typer:
    """The app with every command and group registered, in the order of `COMMANDS`.

    The order is the table's, not the order the modules happened to be imported in.
    """
    import_commands(dict.fromkeys(COMMANDS.values()))
    order = {name: place for place, name in enumerate(COMMANDS)}
    # A command missing from the table goes last: the app still runs, the test fails.
    app.registered_commands.sort(key=lambda info: order.get(command_name(info), 99))
    app.registered_groups.sort(key=lambda info: order.get(info.name or "", 99))
    # Each in the panel of its task; `translated` says the title in the language of
    # the run.
    for command in app.registered_commands:
        command.rich_help_panel = PANEL.get(command_name(command))
    for group in app.registered_groups:
        group.rich_help_panel = PANEL.get(group.name or "")
    return app


def _single_command_app(name: str) -> typer.Typer | None:
    """An app holding just the command or group asked for, with the same options and
    help, after importing only the module that registers it (None: no such command).

    Importing every command module and inspecting every command's signature is a
    noticeable share of a `validate` run; `armylist --help` and unknown words still get
    the full app.
    """
    module = COMMANDS.get(name)
    if module is None:
        return None
    import_commands([module])
    single = App(name="armylist", add_completion=False)
    single.callback()(main_options)
    for info in app.registered_commands:
        if command_name(info) == name:
            single.registered_commands.append(info)
            return single
    for group in app.registered_groups:
        if group.name == name:
            single.registered_groups.append(group)
            return single
    return None


def app_for(argv: Sequence[str]) -> typer.Typer:
    """The app the console script runs for these arguments: the one command named
    first, or the full app for options (`--help`), no arguments, an unknown word and
    shell completion (which calls the script with no arguments and its words in the
    environment)."""
    completing = "_ARMYLIST_COMPLETE" in os.environ
    single = _single_command_app(argv[0]) if argv and not completing else None
    return single or full_app()


def main() -> None:
    """Entry point of the `armylist` console script and `python -m armylist`.

    Ctrl-C before a command takes it over (while its modules load) exits 130 without
    a traceback, as a command interrupted does.
    """
    from armylist.cli import interrupted, release_ctrl_c

    try:
        release_ctrl_c()
        app_for(sys.argv[1:])(prog_name="armylist")
    except KeyboardInterrupt:
        interrupted()

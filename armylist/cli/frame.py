"""The command line's frame: the typer app and its command classes (help in words
and in the language of the run, output through `visible`), `--version`, and
`app_for`, the app of the one command asked for (`launch.main` runs it).

What the command groups share is beside this module: the options (`options`), the
exits on bad input (`exits`), the terminal they write to (`stream`), the table of
commands (`registry`). A command function parses its flags, calls one function
below the CLI, picks a renderer and returns an exit code; the command groups are the
other modules of this package.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from typing import Annotated, Any, TypeVar

import typer
from typer.core import TyperCommand, TyperGroup

from armylist import __version__
from armylist.cli.lasting import lasting
from armylist.cli.options import in_words, with_language
from armylist.cli.registry import (
    COMMANDS,
    PANEL,
    command_name,
    every_module,
    import_commands,
    modules_of,
)
from armylist.cli.stream import forget_bad_sizes, language_warning, visible_output
from armylist.cli.translated import (
    USAGE,
    reworded_errors,
    speak,
    translate_help,
    usage_pieces,
)
from armylist.gamedata.loading import DataError, load_catalog
from armylist.text import i18n
from armylist.text.i18n import N_, _, paragraphs


class _VisibleMain:
    """A click command whose whole run (parsing included) prints through `visible`."""

    def main(self, args: Sequence[str] | None = None, *rest: Any, **kwargs: Any) -> Any:
        """Run the command with visible output, in the language of the run."""
        forget_bad_sizes()
        # `--lang` is read here already, before click parses anything: `--help` and
        # a usage error met before it (`validate --nope --lang es`) speak it too.
        asked = i18n.language_asked(sys.argv[1:] if args is None else args)
        named = i18n.language_named(asked) if asked else None
        if named is not None:
            i18n.use(named)
        speak()
        language_warning()
        with visible_output():
            return super().main(args, *rest, **kwargs)  # type: ignore[misc]

    # click's and typer's words: their usage errors (raised while the arguments are
    # parsed, or a subcommand is looked up and run) and the usage line.

    def make_context(self, *args: Any, **kwargs: Any) -> Any:
        """The context, its usage errors worded in the language of the run."""
        # Parsing makes typer's converters of the command's parameters, which last.
        with reworded_errors(), lasting():
            return super().make_context(*args, **kwargs)  # type: ignore[misc]

    def invoke(self, ctx: Any) -> Any:
        """Run the command, its usage errors worded in the language of the run."""
        with reworded_errors():
            return super().invoke(ctx)  # type: ignore[misc]

    def format_usage(self, ctx: Any, formatter: Any) -> None:
        """The usage line in the language of the run."""
        pieces = usage_pieces(self.collect_usage_pieces(ctx))  # type: ignore[attr-defined]
        formatter.write_usage(ctx.command_path, " ".join(pieces), prefix=_(USAGE))


def _help(command: Any, ctx: Any, write: Callable[[], None]) -> None:
    """A command's or group's help in the language of the run, fitted to the
    terminal."""
    # Lazy: the help's Rich tables load for --help only, never for a command's run.
    from armylist.cli.helptext import print_help

    translate_help(command, command.get_params(ctx))
    print_help(write)


class WordsCommand(_VisibleMain, TyperCommand):
    """A command whose --help names values in words (FILE, N) instead of types."""

    def get_params(self, ctx: Any) -> list[Any]:
        """The parameters, with `--lang` and word metavars."""
        return in_words(with_language(super().get_params(ctx)), ctx)

    def format_help(self, ctx: Any, formatter: Any) -> None:
        """The help, fitted to the terminal (`helptext`)."""
        _help(self, ctx, lambda: super(WordsCommand, self).format_help(ctx, formatter))


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
        return in_words(with_language(super().get_params(ctx)), ctx)

    def format_help(self, ctx: Any, formatter: Any) -> None:
        """The help, fitted to the terminal (`helptext`)."""
        _help(self, ctx, lambda: super(WordsGroup, self).format_help(ctx, formatter))


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
        '  armylist new --faction "Raynor\'s Raiders" -o mylist.yaml\n\n'
        "  armylist build mylist.yaml\n\n"
        "  armylist validate mylist.yaml"
    ),
    no_args_is_help=True,
)
data_app = App(help=N_("Inspect and lint the game data."), no_args_is_help=True)
app.add_typer(data_app, name="data")


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


def full_app() -> typer.Typer:
    """The app with every command and group registered, in the order of `COMMANDS`.

    The order is the table's, not the order the modules happened to be imported in.
    """
    import_commands(every_module())
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


def _single_command_app(name: str, rest: Sequence[str] = ()) -> typer.Typer | None:
    """An app holding just the command or group asked for, with the same options and
    help, after importing only the module that registers it (None: no such command).

    Importing every command module and inspecting every command's signature is a
    noticeable share of a `validate` run; `armylist --help` and unknown words still get
    the full app.
    """
    if name not in COMMANDS:
        return None
    import_commands(modules_of(name, rest))
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
    single = _single_command_app(argv[0], argv[1:]) if argv and not completing else None
    return single or full_app()

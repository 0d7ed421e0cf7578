"""The options the commands share (`--data`, `--faction`, `--format`, a list file,
`--lang`), how a choice or a whole number is read, and how options read in `--help`
(in words: `--data DIR`, not `<dir>`)."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer
from typer.core import TyperArgument, TyperOption

from armylist.cli.translated import metavar, speak
from armylist.gamedata.loading import DataError, load_catalog
from armylist.reporters import ViewFormat
from armylist.text import i18n
from armylist.text.i18n import N_, _, joined
from armylist.text.names import read_word
from armylist.text.numbers import NotAWholeNumber, parse_whole, people

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


def in_words(params: list[Any], ctx: Any) -> list[Any]:
    """Parameters whose help names their values in words (FILE, N), flags in none,
    in the language of the run (ARCHIVO)."""
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


def with_language(params: list[Any]) -> list[Any]:
    """The parameters with `--lang`, just before `--help`."""
    help_at = next((i for i, p in enumerate(params) if p.name == "help"), len(params))
    return [*params[:help_at], language_option(), *params[help_at:]]


# -- a choice, a word, a whole number: read as people type them ----------------------

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
    (`armylist.text.numbers.parse_whole`); below ``minimum`` or above ``maximum`` is refused
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


# -- the options the commands share ------------------------------------------------

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


ExcludeOption = Annotated[
    list[str] | None,
    typer.Option(
        "--exclude",
        metavar="GLOB",
        help=N_(
            "Leave out the files whose path or name matches (e.g. 'old/*', "
            "'*.draft.yaml'); may be given several times."
        ),
        show_default=False,
    ),
]

CollectionOption = Annotated[
    Path | None,
    typer.Option(
        "--collection",
        metavar="FILE",
        help=N_(
            "Your collection file (the models you own). Default: "
            "$ARMYLIST_COLLECTION, else collection.yaml in your data folder."
        ),
        dir_okay=False,
        show_default=False,
    ),
]

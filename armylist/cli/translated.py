"""The command line in the language of the run: help texts, and click's and typer's
own words ("Usage", "Options", "Missing argument"...).

Help texts are written in English where the commands are defined (docstrings,
`help=N_("...")`) and translated when they are shown, so that one process may show
them in either language (`i18n.use`). `speak` is called before every command runs.

typer's bundled click words most of its messages in English without gettext
("No such option: --nope", "Usage: "): the usage line is written here
(`USAGE`, `usage_pieces`), and a usage error is said again in the language of the run
when it is shown, from the English templates of `CLICK_MESSAGES` (`reworded_errors`).
A typer upgrade that words a message otherwise leaves it in English, and the Spanish
documentation pages' test (tests/i18n/test_readme_es.py) shows it.
"""

from __future__ import annotations

import contextlib
import functools
import gettext
import re
import sys
from collections.abc import Iterable, Iterator
from typing import Any

import typer._click as click

from armylist.text.i18n import N_, _, ngettext

# English originals of translated help, by object: a help is translated from its
# original each time, never from a translation.
_ORIGINAL = "_armylist_english"

# typer words its panels when it is imported; these are set again in the language of
# the run before every command.
TYPER_WORDS = {
    "ARGUMENTS_PANEL_TITLE": N_("Arguments"),
    "OPTIONS_PANEL_TITLE": N_("Options"),
    "COMMANDS_PANEL_TITLE": N_("Commands"),
    "ERRORS_PANEL_TITLE": N_("Error"),
    "ABORTED_TEXT": N_("Aborted."),
    "RICH_HELP": N_("Try [blue]'{command_path} {help_option}'[/] for help."),
    "DEFAULT_STRING": N_("[default: {}]"),
    "REQUIRED_LONG_STRING": N_("[required]"),
    "DEPRECATED_STRING": N_("(deprecated) "),
    "ENVVAR_STRING": N_("[env var: {}]"),
}


# click's and typer's words that they translate themselves through `_` (ours, see
# `speak`) or that `translate_help` translates as a help text: listed here so that the
# catalogue holds them.
CLICK_WORDS = (
    N_("Show this message and exit."),
    N_("Install completion for the current shell."),
    N_(
        "Show completion for the current shell, to copy it or customize the installation."
    ),
    N_("Install completion for the specified shell."),
    N_(
        "Show completion for the specified shell, to copy it or customize the installation."
    ),
    N_("Aborted!"),
    N_("(dynamic)"),
    N_("default: {default}"),
    N_("required"),
    N_("env var: {var}"),
    N_("Missing command."),
    N_("No such command {name!r}."),
)
# The usage line's words (`format_usage`).
USAGE = N_("Usage: ")
USAGE_PIECES = (N_("[OPTIONS]"), N_("COMMAND [ARGS]..."))

# The messages of click's and typer's usage errors, as they write them in English (no
# gettext there): a message that reads as one of these is said again in the language
# of the run, its parts (names, values, an inner message) kept or reworded in turn.
# The first that reads the whole message wins: the ones that wrap another come first.
CLICK_MESSAGES = (
    N_("{message}. Did you mean {suggestions}?"),
    N_("{message} (Possible options: {possibilities})"),
    N_("No such option: {name}"),
    N_("Got unexpected extra argument(s) ({arguments})"),
    N_("Missing argument {name}. {message}"),
    N_("Missing option {name}. {message}"),
    N_("Missing parameter {name}. {message}"),
    N_("Missing argument {name}."),
    N_("Missing option {name}."),
    N_("Missing parameter {name}."),
    N_("Missing parameter: {name}"),
    N_("Invalid value for {name}: {message}"),
    N_("Invalid value: {message}"),
    N_("Option {name} requires an argument."),
    N_("Option {name} requires {count} arguments."),
    N_("Option {name} does not take a value."),
    N_("Argument {name} takes {count} values."),
    N_("{value} is not one of {choices}."),
    N_("Value {value} is not a valid {kind}."),
    N_("Value must be an iterable."),
    N_("Could not open file {name}: {message}"),
    N_("file {name} does not exist."),
    N_("dir {name} does not exist."),
    N_("path {name} does not exist."),
    N_("file {name} is a directory."),
    N_("path {name} is a directory."),
    N_("dir {name} is a file."),
    N_("path {name} is a file."),
    N_("file {name} is not readable."),
    N_("dir {name} is not readable."),
    N_("path {name} is not readable."),
    N_("file {name} is not writable."),
    N_("dir {name} is not writable."),
    N_("path {name} is not writable."),
)


@functools.cache
def _message_patterns() -> tuple[tuple[re.Pattern[str], str], ...]:
    """Each English message of `CLICK_MESSAGES` as a pattern naming its parts."""
    patterns = []
    for template in CLICK_MESSAGES:
        parts = re.split(r"\{(\w+)\}", template)
        pattern = "".join(
            re.escape(part) if i % 2 == 0 else f"(?P<{part}>.+?)"
            for i, part in enumerate(parts)
        )
        patterns.append((re.compile(pattern + r"\Z", re.DOTALL), template))
    return tuple(patterns)


def reworded(message: str) -> str:
    """One of click's or typer's English messages in the language of the run (any
    other text unchanged)."""
    # pydantic's words before a validator's message (typer reads a Literal option's
    # value through one): "Value error, 'x' is not one of ...".
    message = message.removeprefix("Value error, ")
    for pattern, template in _message_patterns():
        match = pattern.match(message)
        if match:
            parts = {name: reworded(part) for name, part in match.groupdict().items()}
            return _(template).format(**parts)
    return message


@contextlib.contextmanager
def reworded_errors() -> Iterator[None]:
    """click's and typer's usage errors raised inside, worded in the language of the
    run when they are shown (their message is made when it is shown)."""
    try:
        yield
    except click.ClickException as error:
        english = error.format_message
        if not getattr(english, "reworded", False):

            def in_language() -> str:
                return reworded(english())

            in_language.reworded = True  # type: ignore[attr-defined]
            error.format_message = in_language  # type: ignore[method-assign]
        raise


# What the options and arguments take, as `--help` and the usage line name it
# (`--format FORMAT`, `FILE`): the metavars the commands give, and the names of the
# arguments that give none (upper-cased by `options.in_words`). Said in the language of the
# run (`metavar`), like the help texts that mention them ("`armylist set FILE ...`").
METAVARS = (
    N_("ATTACKER"),
    N_("CARD"),
    N_("CODE"),
    N_("DATE"),
    N_("DIR"),
    N_("EVENT.yaml"),
    N_("FILE"),
    N_("FILE|DIR"),
    N_("FIRST"),
    N_("FORMAT"),
    N_("GAME.yaml"),
    N_("GLOB"),
    N_("INCHES"),
    N_("KEY"),
    N_("KIND"),
    N_("LANG"),
    N_("LIST.yaml"),
    N_("MISSION"),
    N_("NAME"),
    N_("NAME[:N]"),
    N_("NEW"),
    N_("OLD"),
    N_("PATH"),
    N_("PATHS"),
    N_("PHASE"),
    N_("RULE"),
    N_("SCALE"),
    N_("SECOND"),
    N_("SOURCE..."),
    N_("TARGET"),
    N_("TEXT"),
    N_("UNIT"),
    N_("UPGRADE[,UPGRADE]"),
    N_("VALUE"),
)


def metavar(param: Any) -> None:
    """What a parameter takes (its metavar), in the language of the run."""
    _translate(param, "metavar")


def usage_pieces(pieces: Iterable[str]) -> list[str]:
    """The pieces of a usage line (`[OPTIONS]`, `COMMAND [ARGS]...`) in the language
    of the run; the parameters' names are translated with them (`metavar`)."""
    return [_(piece) if piece in USAGE_PIECES else piece for piece in pieces]


_STDLIB = (gettext.gettext, gettext.ngettext)


def _own_words(module: Any) -> None:
    """Have a click or typer module word its messages through our catalogue."""
    if getattr(module, "_", None) in _STDLIB:
        module._ = _
    if getattr(module, "ngettext", None) in _STDLIB:
        module.ngettext = ngettext


def speak() -> None:
    """click and typer in the language of the run (call before a command runs).

    click and typer take `gettext.gettext` as `_` when each of their modules is
    imported, and typer imports its help and error module (`rich_utils`) only when
    it shows one: so the modules already imported are given our `_`, and `gettext`'s
    own functions are ours for the modules imported later. typer's words computed at
    its import are set again here when it is already imported (it is not imported for
    a command that shows neither help nor an error: Rich stays out of `validate`)."""
    gettext.gettext, gettext.ngettext = _, ngettext  # type: ignore[assignment]
    for name, module in list(sys.modules.items()):
        if module is not None and name.split(".")[0] in ("click", "typer"):
            _own_words(module)
    rich_utils = sys.modules.get("typer.rich_utils")
    if rich_utils is not None:
        for name, english in TYPER_WORDS.items():
            setattr(rich_utils, name, _(english))


def _translate(thing: Any, attribute: str) -> None:
    english = getattr(thing, f"{_ORIGINAL}_{attribute}", None)
    if english is None:
        english = getattr(thing, attribute, None)
        if not english:
            return
        setattr(thing, f"{_ORIGINAL}_{attribute}", english)
    setattr(thing, attribute, _(english))


def translate_help(command: Any, params: Iterable[Any] | None = None) -> None:
    """The help of a command (and of its parameters and subcommands) in the language
    of the run; ``params`` are the parameters it shows (its own, `--lang`, `--help`)
    when they are not just its own."""
    for attribute in ("help", "short_help", "epilog"):
        _translate(command, attribute)
    for param in getattr(command, "params", ()) if params is None else params:
        _translate(param, "help")
        _translate(param, "rich_help_panel")  # the panel an option is shown in
    for sub in getattr(command, "commands", {}).values():
        for attribute in ("help", "short_help", "rich_help_panel"):
            _translate(sub, attribute)  # a panel: the task it is listed under

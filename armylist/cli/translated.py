"""The command line in the language of the run: help texts, and click's and typer's
own words ("Usage", "Options", "Missing argument"...).

Help texts are written in English where the commands are defined (docstrings,
`help=N_("...")`) and translated when they are shown, so that one process may show
them in either language (`i18n.use`). `speak` is called before every command runs.
"""

from __future__ import annotations

import gettext
import sys
from collections.abc import Iterable
from typing import Any

from armylist.i18n import N_, _, ngettext

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
    for sub in getattr(command, "commands", {}).values():
        for attribute in ("help", "short_help"):
            _translate(sub, attribute)

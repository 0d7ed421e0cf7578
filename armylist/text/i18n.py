"""The language armylist speaks: English, or Spanish for the players the rules guide
was written for.

Every text a person reads is written in English in the code, marked for translation:
`_("...")` where it is shown, `N_("...")` where it is defined long before it is
shown (a table of rule titles), `ngettext(singular, plural, n)` where a number
decides the form. The Spanish catalogue (`locale/es/LC_MESSAGES/armylist.po`) is
extracted from those marks with Babel; the build compiles it to `armylist.mo`.

Placeholders are named and filled after translation, `_("{n} units").format(n=n)`,
so that a translation may put them in its own order. Card, unit, upgrade, weapon and
keyword names, rule codes and rule names, JSON keys and file formats are never
translated.

The language is chosen once, before the command line is imported (`choose`): the
`--lang` option, then `ARMYLIST_LANG`, then the locale (`LC_ALL`, `LC_MESSAGES`,
`LANG`); English otherwise. `use` switches it (the tests do, between commands).
"""

from __future__ import annotations

import errno
import functools
import gettext
import inspect
import io
import json
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Literal, NamedTuple

DOMAIN = "armylist"
LOCALE_DIR = Path(__file__).parent / "locale"
ENGLISH = "en"
SPANISH = "es"
LANGUAGES = (ENGLISH, SPANISH)
LANGUAGE_NAMES = {ENGLISH: "English", SPANISH: "español"}
# A language as a person may name it to `--lang` or ARMYLIST_LANG besides its code,
# in either language, accents or none (the catalogue is not loaded yet to say them).
LANGUAGE_WORDS = {
    ENGLISH: ("english", "inglés", "ingles"),
    SPANISH: ("español", "espanol", "spanish", "castellano"),
}
LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")
# CLDR's number symbols of a language, written by the build beside its catalogue
# (`compile_language`), so that a Spanish start does not load Babel's locale data.
NUMBERS = "numbers.json"

_language = ENGLISH
_catalogue: gettext.NullTranslations = gettext.NullTranslations()
_loaded: dict[str, gettext.NullTranslations] = {}
_said: dict[str, str] = {}  # each message's translation in the language in use
_MOST_SAID = 10_000


def language_asked(argv: Sequence[str]) -> str | None:
    """The language named by `--lang X` or `--lang=X` on the command line, if any
    (the option itself is parsed, and checked, by the command line)."""
    for i, word in enumerate(argv):
        if word == "--":
            break
        if word.startswith("--lang="):
            return word.partition("=")[2]
        if word == "--lang" and i + 1 < len(argv):
            return argv[i + 1]
    return None


def language_named(text: str) -> str | None:
    """The language `text` names (`es`, `español`, `Spanish`), or None."""
    wanted = text.strip().casefold()
    for language in LANGUAGES:
        if wanted == language or wanted in LANGUAGE_WORDS[language]:
            return language
    return None


def language_from(argv: Sequence[str], environ: Mapping[str, str]) -> str:
    """The language of a run: `--lang`, `ARMYLIST_LANG`, the locale, else English.

    A locale counts when it starts with a language armylist speaks (`es_ES.UTF-8`).
    An unknown `--lang` or `ARMYLIST_LANG` falls through to the next source here; the
    command line refuses an unknown `--lang` (exit 2) and warns of an unknown
    `ARMYLIST_LANG` on stderr (a setting misspelt once must not stop every command)."""
    for asked in (language_asked(argv), environ.get("ARMYLIST_LANG")):
        named = language_named(asked) if asked else None
        if named is not None:
            return named
    for variable in LOCALE_VARIABLES:
        value = environ.get(variable, "")
        if value:
            # The first locale variable that is set decides, as for gettext itself.
            prefix = value[:2].casefold()
            return prefix if prefix in LANGUAGES else ENGLISH
    return ENGLISH


def _mo_bytes(po: Path, language: str) -> bytes:
    """The `.mo` that `po` compiles to, with Babel (the catalogue's own tool; its
    functions, not `pybabel compile`, whose %-format check misreads a "10 %" in the
    rules' documentation)."""
    # Lazy: only a source checkout whose catalogue changed since the build pays for
    # Babel; a run in Spanish reads the compiled `.mo`.
    from babel.messages import mofile, pofile

    with po.open("rb") as stream:
        catalogue = pofile.read_po(stream, locale=language, domain=po.stem)
    buffer = io.BytesIO()
    mofile.write_mo(buffer, catalogue)
    return buffer.getvalue()


def compile_language(po: Path, locale_dir: Path) -> list[Path]:
    """Compile the catalogue `po` (`LANG/LC_MESSAGES/DOMAIN.po`) into `locale_dir`:
    `LANG/LC_MESSAGES/DOMAIN.mo`, and CLDR's number symbols of the language in
    `LANG/numbers.json`. The files written, relative to `locale_dir`.

    The build runs it (hatch_build.py), for a wheel and for an editable install.
    """
    language = po.parent.parent.name
    mo = Path(language, "LC_MESSAGES", po.with_suffix(".mo").name)
    numbers = Path(language, NUMBERS)
    (locale_dir / mo).parent.mkdir(parents=True, exist_ok=True)
    (locale_dir / mo).write_bytes(_mo_bytes(po, language))
    symbols = cldr_number_symbols(language)._asdict()
    (locale_dir / numbers).write_text(json.dumps(symbols) + "\n", encoding="utf-8")
    return [mo, numbers]


def _compiled(language: str) -> gettext.NullTranslations:
    """The catalogue of `language`: the compiled `.mo` when it is at least as new as
    the `.po` (an installed package), else the `.po` compiled in memory (a source
    checkout whose catalogue changed since it was built)."""
    folder = LOCALE_DIR / language / "LC_MESSAGES"
    mo, po = folder / f"{DOMAIN}.mo", folder / f"{DOMAIN}.po"
    try:
        if mo.is_file() and (
            not po.is_file() or mo.stat().st_mtime >= po.stat().st_mtime
        ):
            with mo.open("rb") as stream:
                return gettext.GNUTranslations(stream)
        if po.is_file():
            return gettext.GNUTranslations(io.BytesIO(_mo_bytes(po, language)))
    except OSError:
        pass
    return gettext.NullTranslations()


class NumberSymbols(NamedTuple):
    """How a language writes -1,234.5 (CLDR): its decimal, group and minus signs, and
    the grouping of its decimal pattern (3, 3: every three digits)."""

    decimal: str
    group: str
    minus: str
    grouping: tuple[int, ...]


def cldr_number_symbols(language: str) -> NumberSymbols:
    """CLDR's number symbols of `language`, read from Babel's locale data."""
    # Lazy: a Spanish run reads the symbols the build wrote (`number_symbols`), and
    # Babel's locale data is the largest import of a run that loads it.
    from babel import Locale, numbers

    pattern = Locale.parse(language).decimal_formats[None]
    return NumberSymbols(
        decimal=numbers.get_decimal_symbol(language),
        group=numbers.get_group_symbol(language),
        minus=numbers.get_minus_sign_symbol(language),
        grouping=tuple(pattern.grouping),
    )


@functools.cache
def number_symbols(language: str) -> NumberSymbols:
    """CLDR's number symbols of `language`: as the build wrote them beside the
    catalogue (`compile_language`), else read from Babel now (a source checkout not
    built, a file that is not what the build writes)."""
    try:
        data = json.loads((LOCALE_DIR / language / NUMBERS).read_text("utf-8"))
        symbols = NumberSymbols(
            decimal=data["decimal"],
            group=data["group"],
            minus=data["minus"],
            grouping=tuple(data["grouping"]),
        )
    except (OSError, ValueError, TypeError, KeyError):
        return cldr_number_symbols(language)
    texts = (symbols.decimal, symbols.group, symbols.minus)
    if all(isinstance(text, str) for text in texts) and all(
        isinstance(size, int) for size in symbols.grouping
    ):
        return symbols
    return cldr_number_symbols(language)


def use(language: str) -> None:
    """Speak `language` from now on (English for one armylist does not speak)."""
    global _language, _catalogue
    language = language if language in LANGUAGES else ENGLISH
    if language == ENGLISH:
        catalogue: gettext.NullTranslations = gettext.NullTranslations()
    else:
        if language not in _loaded:
            _loaded[language] = _compiled(language)
        catalogue = _loaded[language]
    _language, _catalogue = language, catalogue
    _said.clear()


def choose(argv: Sequence[str], environ: Mapping[str, str]) -> str:
    """Choose the language of this run (see `language_from`) and return it."""
    use(language_from(argv, environ))
    return _language


def current() -> str:
    """The language in use: `en` or `es`."""
    return _language


def _(message: str) -> str:
    """`message` in the language in use."""
    try:
        return _said[message]
    except KeyError:
        pass
    # Remembered: a batch asks for the same few dozen sentences for every list, and
    # the Spanish catalogue's lookup is Python's (five times the cost of this one).
    if len(_said) >= _MOST_SAID:
        _said.clear()  # no sentence is asked for this often; some data may be
    said = _said[message] = _catalogue.gettext(message)
    return said


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message that `n` asks for, in the language in use."""
    return _catalogue.ngettext(singular, plural, n)


def N_(message: str) -> str:
    """`message` unchanged, marked for the catalogue: translate it with `_` where it
    is shown."""
    return message


gettext_ = _  # for modules where `_` already names something else


# The last link of a list, by its conjunction: "A, B and C", "A, B or C".
_LAST_LINK = {
    "and": N_("{items} and {last}"),
    "or": N_("{items} or {last}"),
}


def joined(items: Iterable[str], conjunction: Literal["and", "or"] = "and") -> str:
    """A list of names or phrases as the language in use writes it: commas, and the
    conjunction before the last (`Zerg Swarm y Kerrigan's Swarm`, `"Zergling",
    "Roachling" o "Raptor (Zergling)"`); one item alone, nothing for none."""
    shown = list(items)
    if len(shown) < 2:
        return "".join(shown)
    return _(_LAST_LINK[conjunction]).format(
        items=", ".join(shown[:-1]), last=shown[-1]
    )


def every_language(message: str) -> tuple[str, ...]:
    """`message` in every language armylist speaks, English first: the words a person
    may type for one thing, whatever the language of the run (`combate` in an English
    run too)."""
    said = [message]
    for language in LANGUAGES:
        if language != ENGLISH:
            if language not in _loaded:
                _loaded[language] = _compiled(language)
            said.append(_loaded[language].gettext(message))
    return tuple(dict.fromkeys(said))


def data_(text: str) -> str:
    """A text of the game data a person reads (a card's note or source, a scale's
    convention) in the language in use. `text.extract.extract_data` gives every such
    text of factions/*.yaml to the catalogue, so that it is translated like a message."""
    return _catalogue.gettext(text)


# The system's words for the errors a file meets, as the C library writes them in
# English, marked so that the catalogue gives them in the language in use.
_OS_REASONS = {
    errno.ENOENT: N_("No such file or directory"),
    errno.ENOTDIR: N_("Not a directory"),
    errno.EISDIR: N_("Is a directory"),
    errno.EACCES: N_("Permission denied"),
    errno.EPERM: N_("Operation not permitted"),
    errno.EROFS: N_("Read-only file system"),
    errno.ENOSPC: N_("No space left on device"),
    errno.EDQUOT: N_("Disk quota exceeded"),
    errno.ENAMETOOLONG: N_("File name too long"),
    errno.ELOOP: N_("Too many levels of symbolic links"),
    errno.EEXIST: N_("File exists"),
    errno.EIO: N_("Input/output error"),
    errno.EBUSY: N_("Device or resource busy"),
    errno.ETXTBSY: N_("Text file busy"),
    errno.EMFILE: N_("Too many open files"),
    errno.EFBIG: N_("File too large"),
    errno.ENXIO: N_("No such device or address"),
}


def os_reason(error: OSError) -> str:
    """Why the system refused a file, for a person: as the system words it in English,
    its common reasons translated in another language (`no se puede leer x: No es una
    carpeta`, not `... Not a directory`)."""
    said = error.strerror or str(error)
    known = _OS_REASONS.get(error.errno) if error.errno is not None else None
    if known is None or _language == ENGLISH:
        return said
    return _(known)


def paragraphs(doc: str) -> str:
    """A docstring as paragraphs of one line each, for the terminal to wrap: a
    command's help, and its message id in the catalogue (`text.extract`).

    typer keeps a docstring's line breaks, so at 80 columns a line of 88 breaks in two.
    """
    return "\n\n".join(
        " ".join(block.split()) for block in inspect.cleandoc(doc).split("\n\n")
    )

"""Whole numbers as people type them: `3000`, `3,000`, `+2`; never a guess.

One reader for every whole number a person types, at an option (`--minerals 3,000`)
or a prompt (`parse_whole`). Thousands may be grouped as the language in use groups
them (CLDR's symbols: `3,000` in English, `3.000` in Spanish) or with spaces; a form
another language reads otherwise (`3.000` is three thousand in Spanish and three in
English, `3,000` the other way round), or one that is no whole number (`3.5`), is
refused with what to write.

And numbers for people to read (`people`): grouped as the language in use groups
them.
"""

from __future__ import annotations

import functools
import re
from decimal import Decimal
from typing import NamedTuple

from armylist.text import i18n
from armylist.text.i18n import _

# Far above any count the game has, far below what int() refuses to read.
MAX_DIGITS = 15

# The longest whole number armylist reads anywhere (a file, another builder's export,
# an argument, an answer): far past any Mineral limit, and far short of the 4,300
# digits past which int() raises (a traceback, not a message).
MOST_DIGITS_READ = 100


# A named tuple, not a frozen dataclass: building one costs every start ~0.4 ms.
class Separators(NamedTuple):
    """How a locale writes 3,000.5: the thousands and the decimal separators."""

    thousands: str = ","
    decimal: str = "."


ENGLISH = Separators()


def _cldr_locale() -> str | None:
    """The CLDR locale of the language in use, or None for English (whose output is
    the code's own `f"{n:,}"`: no Babel at start-up for it)."""
    language = i18n.current()
    return None if language == i18n.ENGLISH else language


@functools.cache
def _separators_of(locale: str) -> Separators:
    symbols = i18n.number_symbols(locale)
    return Separators(thousands=symbols.group, decimal=symbols.decimal)


def current_separators() -> Separators:
    """How the language in use writes 3,000.5 (CLDR's symbols; Spanish: `3.000,5`)."""
    locale = _cldr_locale()
    return ENGLISH if locale is None else _separators_of(locale)


def _grouped(digits: str, grouping: tuple[int, ...], group: str) -> str:
    """`digits` grouped as CLDR's decimal pattern groups them: the last `grouping[0]`
    digits, then groups of `grouping[1]` (3, 3 in English and Spanish: 1,234,567)."""
    primary, secondary = (*grouping, 0, 0)[:2]
    if primary <= 0 or len(digits) <= primary:
        return digits
    groups, rest = [digits[-primary:]], digits[:-primary]
    size = secondary if secondary > 0 else primary
    while rest:
        groups.append(rest[-size:])
        rest = rest[:-size]
    return group.join(reversed(groups))


def people(number: int, *, signed: bool = False) -> str:
    """A whole number for people, grouped as the language in use groups it (CLDR):
    `3,000` in English, `3.000` in Spanish; with ``signed``, `+30` and `-30`."""
    # The language asked for here, not through `_cldr_locale`: a list's findings
    # write a few numbers each.
    language = i18n.current()
    if language == i18n.ENGLISH:
        return f"{number:+,}" if signed else f"{number:,}"
    # Another language's grouping is Python's work: a batch writes the same few
    # hundred numbers (limits, costs, what is left) list after list. Each is kept
    # with the symbols it was grouped by (the language's, or others a test gives).
    symbols = i18n.number_symbols(language)
    kept = _PEOPLE.get((number, signed))
    if kept is None or kept[0] is not symbols:
        if len(_PEOPLE) >= _MOST_PEOPLE:
            _PEOPLE.clear()
        text = _grouped(str(abs(number)), symbols.grouping, symbols.group)
        text = symbols.minus + text if number < 0 else text
        text = f"+{text}" if signed and number >= 0 else text
        kept = _PEOPLE[(number, signed)] = (symbols, text)
    return kept[1]


_PEOPLE: dict[tuple[int, bool], tuple[i18n.NumberSymbols, str]] = {}
_MOST_PEOPLE = 10_000


def people_decimal(number: float | Decimal, places: int) -> str:
    """A decimal number for people to ``places`` places, with the language's decimal
    separator (CLDR): `0.75` in English, `0,75` in Spanish. Not grouped: the game's
    decimals (odds, averages, tie-breakers) are small, and the English output is the
    code's own `f"{x:.2f}"`."""
    text = f"{number:.{places}f}"
    if _cldr_locale() is None:
        return text
    return text.replace(".", current_separators().decimal)


class NotAWholeNumber(ValueError):
    """Typed text that is not a whole number, or could be read two ways.

    ``message`` says what is wrong, ``hint`` what to write instead.
    """

    def __init__(self, message: str, hint: str) -> None:
        super().__init__(f"{message}: {hint}")
        self.message = message
        self.hint = hint


def parse_whole(
    typed: str, separators: Separators | None = None, *, signed: bool = False
) -> int:
    """The whole number ``typed`` says, or NotAWholeNumber saying what to write.

    Thousands are grouped as the language in use groups them (``separators``, by
    default `current_separators()`: `3,000` in English, `3.000` in Spanish) or with spaces
    (`3 000`, also a no-break or a narrow no-break space), which no language reads as
    anything else. Digits are ASCII only (`²` and `٣` are refused). A leading `+` is
    read; a `-` only with ``signed``.
    """
    separators = separators or current_separators()
    text = typed.strip()
    sign = ""
    if text[:1] in ("+", "-"):
        sign, text = text[0], text[1:].strip()
    digits = _digits(typed, text, separators)
    shown = typed.strip()
    if sign == "-" and not signed:
        raise NotAWholeNumber(
            _("{typed!r} is negative").format(typed=shown),
            _("write a number of 0 or more"),
        )
    if len(digits) > MAX_DIGITS:
        raise NotAWholeNumber(
            _("{typed!r}... has {count} digits").format(
                typed=shown[:20], count=grouped(len(digits), separators)
            ),
            _("write a number of at most {most} digits").format(most=MAX_DIGITS),
        )
    number = read_int(digits, most=MAX_DIGITS)
    return -number if sign == "-" else number


class TooManyDigits(NotAWholeNumber):
    """A number longer than armylist reads (`read_int`): ``count`` digits."""

    def __init__(self, count: int, most: int) -> None:
        super().__init__(
            _(
                "a number of {count} digits: armylist reads whole numbers of "
                "at most {most} digits"
            ).format(count=people(count), most=most),
            _("write the number as the card gives it (e.g. 2000)"),
        )
        self.count = count
        self.most = most


_INTEGER = re.compile(r"[+-]?[0-9]+")


def read_int(text: str, *, most: int = MOST_DIGITS_READ) -> int:
    """THE bounded reader: the whole number ``text`` writes as ASCII digits (after an
    optional sign), from any input (a list, an event or game file, another builder's
    JSON or XML, an SCT1 code, an argument, an answer).

    Raises `TooManyDigits` past ``most`` digits (int() raises past 4,300, and reads
    them slowly before that) and `NotAWholeNumber` for anything but digits: `²` passes
    `str.isdigit` and int() refuses it, `٣` int() reads as 3.
    """
    if not _INTEGER.fullmatch(text):
        shown = text if len(text) <= 20 else f"{text[:20]}..."
        raise NotAWholeNumber(
            _("{typed!r} is not a whole number").format(typed=shown),
            _("write digits, e.g. 3000"),
        )
    digits = text.lstrip("+-")
    if len(digits) > most:
        raise TooManyDigits(len(digits), most)
    return int(text)


def whole_or_none(value: object, *, most: int = MOST_DIGITS_READ) -> int | None:
    """A whole number given as a number or as digits in a string (another builder's
    JSON writes `"9"`), read by `read_int`; None for anything else (a bool, a
    fraction, words). Raises `TooManyDigits` for one too long to read."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if not isinstance(value, str):
        return None
    try:
        return read_int(value.strip(), most=most)
    except TooManyDigits:
        raise
    except NotAWholeNumber:
        return None


def plain_digits(text: str) -> int | None:
    """The number ``text`` is when it is ASCII digits only (a position, a terminal
    size), at most `MAX_DIGITS` of them; else None.

    `str.isdigit` passes "²" (which int() refuses) and "٣" (which it reads as 3).
    """
    text = text.strip()
    if not text.isdigit():
        return None
    try:
        return read_int(text, most=MAX_DIGITS)
    except NotAWholeNumber:
        return None


def other_reading(text: str, separators: Separators = ENGLISH) -> int | None:
    """The whole number ``text`` is where its decimal separator groups thousands
    (`3.000` is 3000 in Spanish), when it could be one: else None."""
    point = re.escape(separators.decimal)
    if re.fullmatch(rf"[0-9]{{1,3}}(?:{point}[0-9]{{3}})+", text.strip()):
        return read_int(text.strip().replace(separators.decimal, ""))
    return None


def grouped(number: int, separators: Separators = ENGLISH) -> str:
    """A number with its thousands grouped as the locale writes them: 3,000."""
    return f"{number:,}".replace(",", separators.thousands)


# Spaces that group thousands in every language: a space, a no-break space, a narrow
# no-break space (what CLDR and typesetters put between groups).
SPACES = " \u00a0\u202f"


def _digits(typed: str, text: str, separators: Separators) -> str:
    """The plain digits of ``text`` (no sign), or why it is no whole number."""
    shown = typed.strip()
    if not text:
        raise NotAWholeNumber(
            _("{typed!r} is not a number").format(typed=shown)
            if shown
            else _("no number given"),
            _("write a whole number, e.g. 3000"),
        )
    group, point = re.escape(separators.thousands), re.escape(separators.decimal)
    if re.fullmatch(r"[0-9]+", text):
        return text
    if re.fullmatch(rf"[0-9]{{1,3}}(?:{group}[0-9]{{3}})+", text):
        return text.replace(separators.thousands, "")
    if re.fullmatch(rf"[0-9]{{1,3}}(?:[{SPACES}][0-9]{{3}})+", text):
        return re.sub(f"[{SPACES}]", "", text)
    decimal = re.fullmatch(rf"([0-9]+){point}([0-9]+)", text)
    if decimal:
        integer, fraction = (read_int(part) for part in decimal.groups())
        other = other_reading(text, separators)
        if other is not None:
            # `2,500` in Spanish is 2,5: the language's decimal, whatever another
            # language's grouping makes of it (2500).
            places = decimal.group(2).rstrip("0")
            reads = f"{integer}{separators.decimal}{places}" if places else str(integer)
            raise NotAWholeNumber(
                _("{typed!r} reads as {reads} ({point} marks the decimals)").format(
                    typed=shown, reads=reads, point=repr(separators.decimal)
                ),
                _("for the whole number {other}, write {plain} or {other}").format(
                    plain=other, other=grouped(other, separators)
                ),
            )
        if fraction == 0:
            return _digits(typed, str(integer), separators)
        raise NotAWholeNumber(
            _("{typed!r} is not a whole number").format(typed=shown),
            _("write {lower} or {higher}").format(lower=integer, higher=integer + 1),
        )
    if re.fullmatch(rf"[0-9]+(?:{group}[0-9]*)+", text):
        plain = read_int(text.replace(separators.thousands, ""))
        if plain < 1000:
            # `3.5` in Spanish: too few digits to be grouped, so a decimal in another
            # language's writing, not a number with a misplaced group.
            raise NotAWholeNumber(
                _("{typed!r} is not a whole number").format(typed=shown),
                _("write digits, e.g. 3000"),
            )
        raise NotAWholeNumber(
            _("{typed!r} groups its digits oddly").format(typed=shown),
            _("write {plain}, or {grouped}").format(
                plain=plain, grouped=grouped(plain, separators)
            ),
        )
    raise NotAWholeNumber(
        _("{typed!r} is not a whole number").format(typed=shown),
        _("write digits, e.g. 3000"),
    )

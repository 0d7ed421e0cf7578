"""Plain words for players: counts, and what a YAML parser or a schema check means.

PyYAML and pydantic word their errors for programmers ("mapping values are not allowed
in this context", "Extra inputs are not permitted"). Every message that reaches a user
goes through here first: a plain sentence, and a hint that says what to write instead.
Pure: imports nothing else from the package.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from armylist.text.i18n import N_, _, joined
from armylist.text.numbers import other_reading, people, people_decimal

# Nouns whose plural is not the noun + "s".
_PLURALS = {"Vespene Gas": "Vespene Gas", "Supply": "Supply", "entry": "entries"}


def plural(count: int, noun: str) -> str:
    """'1 model', '2 models', '1,000 Minerals': the count and its noun, agreed."""
    if count == 1:
        return f"1 {noun}"
    return f"{count:,} {_PLURALS.get(noun, noun + 's')}"


def noun(count: int, singular: str) -> str:
    """The noun alone, agreed with ``count``: 'model' or 'models'."""
    return singular if count == 1 else _PLURALS.get(singular, singular + "s")


# -- YAML ---------------------------------------------------------------------------


# A named tuple, not a frozen dataclass: building one costs every start ~0.4 ms.
class YamlWords(NamedTuple):
    """A YAML mistake in plain words, and whether the context mark locates it better.

    ``column`` (0-based), when given, is where on the problem's line to point instead
    of the parser's mark: the start of a key that has to move.
    """

    message: str
    hint: str
    at_context: bool = False
    column: int | None = None


_KEY_VALUE = re.compile(r"^(\s*(?:-\s+)?)([^:#]+?):\s+(.*?)\s*$")


def _quote_value(line: str) -> str | None:
    """`name: Raiders: the return` -> `name: "Raiders: the return"`."""
    match = _KEY_VALUE.match(line)
    if match is None or not match.group(3):
        return None
    indent, key, value = match.groups()
    value = value.replace("\\", "\\\\").replace('"', '\\"')
    return f'{indent.strip() + " " if indent.strip() else ""}{key}: "{value}"'


# A `key:` line, with or without the `- ` of a list item before the key.
_KEY_LINE = re.compile(
    r"^( *)(-\s+)?([^\s#:'\"\[\]{}&*!|>%@`-][^:#]*?):(?:\s+(.*?))?\s*$"
)
# The parser's words when a line does not fit where it stands: a key that goes on a
# plain value's line ("mapping values"), or a line that starts no key nor item here.
_OUT_OF_PLACE = (
    "mapping values are not allowed",
    "did not find expected key",
    "did not find expected '-' indicator",
    "expected <block end>",
    "did not find expected <document start>",
    "expected '<document start>'",
)


def misaligned_key(lines: Sequence[str], at: int) -> YamlWords | None:
    """A `key:` line indented more or less than the key on the line above it.

    YAML reads a key indented deeper than its neighbour as more words of the value
    above (and then trips on its colon), and one indented less as the end of the
    mapping (or, at the left edge, as a key of the whole file): the fix is the
    indentation, not quotes nor a `- `. A key that the item above already has is a
    new item that lacks its `- `, not a misplaced key. ``at`` is 0-based.
    """
    line = _KEY_LINE.match(lines[at]) if at < len(lines) else None
    if line is None or line.group(2):
        return None
    key, indent = line.group(3), len(line.group(1))
    # The key above: past blank lines, comments and deeper lines that hold no key
    # (the `- item` lines of a list, the lines of a block text).
    above_at = at - 1
    while above_at >= 0 and (
        lines[above_at].strip()[:1] in ("", "#")
        or (_indent(lines[above_at]) > indent and not _KEY_LINE.match(lines[above_at]))
    ):
        above_at -= 1
    above = _KEY_LINE.match(lines[above_at]) if above_at >= 0 else None
    if above is None:
        return None
    column = len(above.group(1)) + len(above.group(2) or "")
    if indent > column:
        value = above.group(4) or ""
        # Deeper than a `key:` with no value, or than a block text, is where it goes.
        if not value or value.startswith(("|", ">")):
            return None
        message = _("`{key}:` is indented more than `{above}:` above it")
    elif indent < column:
        if key in _item_keys(lines, above_at, column):
            return None
        message = _("`{key}:` is indented less than `{above}:` above it")
    else:
        return None
    return YamlWords(
        message.format(key=key, above=above.group(3)),
        _(
            "line them up: start `{key}:` in the same column as `{above}:` "
            "(column {column})"
        ).format(key=key, above=above.group(3), column=column + 1),
        column=indent,
    )


def _item_keys(lines: Sequence[str], last: int, column: int) -> set[str]:
    """The keys at ``column`` of the mapping whose last key line is ``last``."""
    keys: set[str] = set()
    for at in range(last, -1, -1):
        line = _KEY_LINE.match(lines[at])
        if line is None:
            if lines[at].strip()[:1] in ("", "#") or _indent(lines[at]) > column:
                continue
            break
        start = len(line.group(1)) + len(line.group(2) or "")
        if start == column:
            keys.add(line.group(3))
        if start <= column and (line.group(2) or start < column):
            break
    return keys


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def yaml_words(problem: str, context: str, lines: Sequence[str], at: int) -> YamlWords:
    """What PyYAML's ``problem`` (in its ``context``) means, at line ``at`` (0-based)
    of a file's ``lines``."""
    line = lines[at] if at < len(lines) else ""
    if any(words in problem for words in _OUT_OF_PLACE) and (
        misaligned := misaligned_key(lines, at)
    ):
        return misaligned
    if "\t" in line and ("cannot start any token" in problem or "tab" in problem):
        return YamlWords(
            _("this line is indented with a tab"),
            _("YAML indents with spaces, never tabs: replace the tabs with spaces"),
        )
    if "sequence entries are not allowed" in problem or (
        "mapping values are not allowed" in problem
    ):
        match = _KEY_VALUE.match(line)
        if match is not None and match.group(3).startswith("- "):
            key, item = match.group(2), match.group(3)
            return YamlWords(
                _(
                    "a list item (`- ...`) cannot start on the same line as `{key}:`"
                ).format(key=key),
                _(
                    "start the list on the next line: `{key}:` alone, then "
                    "`  {item}` indented below it"
                ).format(key=key, item=item),
            )
        quoted = _quote_value(line)
        if "sequence entries" in problem:
            return YamlWords(
                _("a list item (`- ...`) stands where a value was expected"),
                _("put each `- item` on its own line, indented under its key"),
            )
        return YamlWords(
            _(
                "a colon followed by a space starts a new key, and this line has a "
                "second one inside its value"
            ),
            _("put the value in quotes: {quoted}").format(quoted=quoted)
            if quoted
            else _('put the value in quotes ("...") when it holds ": "'),
        )
    if "could not find expected ':'" in problem:
        return YamlWords(
            _("this line is not `key: value`: the colon after the key is missing"),
            _("write the key, a colon and a space, then the value (`scale: standard`)"),
            at_context=True,
        )
    if "expected ',' or ']'" in problem or "expected ',' or ']'" in context:
        return YamlWords(
            _("a list opened with `[` is not closed"),
            _(
                "close it with `]` on the same line, or write one item per line as "
                "`- item`"
            ),
            at_context=True,
        )
    if "expected ',' or '}'" in problem or "expected ',' or '}'" in context:
        return YamlWords(
            _("a mapping opened with `{` is not closed"),
            _("close it with `}`, or write one `key: value` per line"),
            at_context=True,
        )
    if "while scanning a quoted scalar" in context:
        return YamlWords(
            _("a quoted text is not closed"),
            _("end the text with the same quote mark it starts with"),
            at_context=True,
        )
    if "undefined alias" in problem:
        return YamlWords(
            _("`*` starts a reference to an anchor (`&name`) the file does not define"),
            _('put the text in quotes when the `*` is part of it: "*text"'),
        )
    if "did not find expected key" in problem or "expected <block end>" in problem:
        return YamlWords(
            _("this line is not indented like the lines of the same list or mapping"),
            _("line it up with the `- ` items or the keys above it (spaces only)"),
        )
    if "did not find expected '-' indicator" in problem:
        return YamlWords(
            _("a list item here does not start with `- `"),
            _("start every item of the list with `- `, lined up with the others"),
        )
    if "expected a single document" in problem or "another document" in problem:
        return YamlWords(
            _(
                "the file holds more than one YAML document (a `---` line in the middle)"
            ),
            _(
                "keep one list per file: remove the `---` line and what follows, or split "
                "the file"
            ),
        )
    if "unknown escape character" in problem:
        return YamlWords(
            _('a backslash inside "double quotes" starts an escape'),
            _("use 'single quotes' around text with a backslash, or write \\\\"),
        )
    if "cannot start any token" in problem:
        return YamlWords(
            _(
                "a value here starts with a character YAML keeps for itself (such as @ "
                "or `)"
            ),
            _("put the value in quotes"),
        )
    return YamlWords(
        _("the file cannot be read as YAML from here"),
        _("check the indentation (spaces only) and the quoting around this place"),
    )


# -- encodings ----------------------------------------------------------------------

_BOMS = (
    (b"\xff\xfe\x00\x00", "UTF-32"),
    (b"\x00\x00\xfe\xff", "UTF-32"),
    (b"\xff\xfe", "UTF-16"),
    (b"\xfe\xff", "UTF-16"),
)


def text_encoding(raw: bytes) -> str | None:
    """'UTF-16' or 'UTF-32' when the bytes are text saved that way, else None."""
    for bom, name in _BOMS:
        if raw.startswith(bom):
            return name
    sample = raw[:400]
    if len(sample) < 4 or len(sample) % 2:
        return None
    # Mostly-ASCII text in UTF-32 has three NULs per character; in UTF-16, one.
    if len(sample) % 4 == 0 and all(
        sample[i : i + 4].count(0) == 3 for i in range(0, len(sample), 4)
    ):
        return "UTF-32"
    evens, odds = sample[0::2], sample[1::2]
    half = len(sample) // 2
    if evens.count(0) >= half * 0.9 or odds.count(0) >= half * 0.9:
        return "UTF-16"
    return None


def resave_hint(encoding: str) -> str:
    """How to save a file again as UTF-8."""
    return _(
        "save it again as UTF-8: in Notepad, File > Save As, Encoding: UTF-8; in VS "
        "Code, click '{encoding}' in the status bar, Save with Encoding, UTF-8; or "
        "`iconv -f {encoding} -t UTF-8 old.yaml > new.yaml`"
    ).format(encoding=encoding)


# -- schema errors (pydantic) -------------------------------------------------------

_KINDS = {
    "string_type": N_("text"),
    "int_type": N_("a whole number"),
    "int_parsing": N_("a whole number"),
    "int_from_float": N_("a whole number"),
    "bool_type": N_("true or false"),
    "bool_parsing": N_("true or false"),
    "list_type": N_("a list"),
    "model_type": N_("a mapping of `key: value` lines"),
    "dict_type": N_("a mapping of `key: value` lines"),
}


def expected(kind: str) -> str:
    """What a value of this pydantic error ``kind`` should have been, in words."""
    return _(_KINDS.get(kind, N_("a value of another kind")))


def describe(value: Any) -> str:
    """A value as a player reads it: 'nothing', 'the text 'lots'', 'a list'."""
    if value is None:
        return _("nothing")
    if isinstance(value, bool):
        return _("{value} (a yes/no value)").format(value=str(value).lower())
    if isinstance(value, dict):
        return _("a mapping")
    if isinstance(value, list):
        return _("a list")
    if isinstance(value, str):
        shown = value if len(value) <= 40 else f"{value[:40]}..."
        return _("the text {value}").format(value=repr(shown))
    if isinstance(value, dt.datetime):
        # YAML reads `2026-12-06 10:00` as a moment and `2026-12-06` as a date.
        return _("the date and time {value} (YAML reads it as one)").format(
            value=value.isoformat(sep=" ")
        )
    if isinstance(value, dt.date):
        return _("the date {value} (YAML reads it as a date)").format(
            value=value.isoformat()
        )
    return repr(value)


def schema_words(
    item: Mapping[str, Any],
    *,
    what: str,
    examples: Mapping[str, str],
    suggest: Sequence[str] = (),
) -> tuple[str, str]:
    """One pydantic error about a file of kind ``what``, as (message, hint).

    ``examples`` maps every key the file may have to an example line for it
    (`minerals: 4000`); ``suggest`` are close key names for an unknown key.
    """
    loc = [str(p) for p in item.get("loc", ())]
    key = loc[0] if loc else ""
    kind = str(item.get("type", ""))
    example = examples.get(key, "")
    keys = ", ".join(examples)
    if kind == "extra_forbidden":
        close = joined((f"`{s}`" for s in suggest), "or")
        return (
            _("`{key}` is not a key of {what}").format(key=key, what=what)
            + (_(" (did you mean {names}?)").format(names=close) if close else ""),
            _("{what} has the keys {keys}").format(what=what, keys=keys),
        )
    if kind == "missing":
        return (
            _("{what} needs `{key}:`, and this one has none").format(
                what=what, key=key
            ),
            _("add the line `{example}`").format(example=example)
            if example
            else _("add `{key}:`").format(key=key),
        )
    where = (
        f"`{key}`"
        if len(loc) < 2
        else _("`{key}` (entry {entry})").format(key=key, entry=int(loc[1]) + 1)
    )
    if kind == "too_short":
        return (
            _("{where} is empty").format(where=where),
            _("give at least one, e.g. `{example}`").format(example=example)
            if example
            else _("give at least one"),
        )
    if kind in ("greater_than_equal", "greater_than"):
        limit = item.get("ctx", {}).get("ge", item.get("ctx", {}).get("gt"))
        return (
            _("{where} must be {limit} or more, not {found}").format(
                where=where, limit=limit, found=describe(item.get("input"))
            ),
            _("write e.g. `{example}`").format(example=example)
            if example
            else _("write a number over {limit}").format(limit=limit),
        )
    return (
        _("{where} must be {kind}, not {found}").format(
            where=where, kind=expected(kind), found=describe(item.get("input"))
        ),
        _("write e.g. `{example}`").format(example=example)
        if example
        else _("write {kind}").format(kind=expected(kind)),
    )


def decimal_words(
    written: str, value: float, where: str, key: str
) -> tuple[str, str] | None:
    """A whole number written with a decimal point, as (message, hint); None for a
    fraction (`3.5`), which is simply not a whole number.

    YAML reads `minerals: 3.000` as 3.0: the point is a decimal point there, though a
    person may have grouped 3,000 with it.
    """
    other = other_reading(written)
    if not value.is_integer():
        if other is None:
            return None
        # `minerals: 3.500`: the decimal 3.5 to YAML, 3500 to a Spanish reader.
        return (
            _("{where}: {written} reads as the decimal {reads}").format(
                where=where,
                written=written,
                reads=people_decimal(value, len(written.partition(".")[2].rstrip("0"))),
            ),
            _("write `{key}: {other}` for {grouped}").format(
                key=key, other=other, grouped=people(other)
            ),
        )
    reads = int(value)
    if other is None:
        return (
            _("{where}: {written} reads as {reads} (a decimal number)").format(
                where=where, written=written, reads=people(reads)
            ),
            _("write `{key}: {value}`").format(key=key, value=reads),
        )
    return (
        _(
            "{where}: {written} reads as {reads}: YAML takes the point for a decimal "
            "point"
        ).format(where=where, written=written, reads=people(reads)),
        _("write `{key}: {other}` for {grouped}, or `{key}: {reads}`").format(
            key=key, other=other, grouped=people(other), reads=reads
        ),
    )


def value_words(item: Mapping[str, Any]) -> str:
    """What is wrong with one value, from a pydantic error, in a few plain words."""
    kind = str(item.get("type", ""))
    found = describe(item.get("input"))
    if kind in _KINDS:
        return _("must be {kind}, not {found}").format(
            kind=_(_KINDS[kind]), found=found
        )
    if kind == "extra_forbidden":
        return _("is not a key of this file")
    if kind == "missing":
        return _("is missing")
    if kind == "literal_error":
        return _("must be {kind}, not {found}").format(
            kind=item.get("ctx", {}).get("expected", _("another value")), found=found
        )
    message = str(item.get("msg", _("is not valid")))
    # A validator's own message is already words: without pydantic's "Value error, ".
    return message.removeprefix("Value error, ")

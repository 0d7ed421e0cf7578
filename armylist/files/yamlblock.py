"""The quick path of `yamlsource.load`: a document of the plainest block YAML, read
by its lines.

A list as armylist writes it, and as most players write it, holds one key or one item
a line, each a plain word, a whole number or a line's `[A, B]` of words, maybe with
comments: no quote, anchor, tag, empty value or value continued on the next line.
libyaml calls Python for every node of such a text; read here line by line, with each
value's and key's place, it costs a fraction of that. Any line or shape this reader is not sure of gives None, and
libyaml reads the text as before (a test holds the two to the same values and places).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, NamedTuple

import yaml

from armylist.text.numbers import MOST_DIGITS_READ

# A line: its indentation, an item's `- `, then a key (a plain identifier) with its
# value after `: ` or on the lines below, or an item's value. A value is words of
# letters, digits and a few marks, one space between them, starting with a letter or
# a digit: nothing YAML reads as an indicator, a comment or a line break.
_WORD = r"[^\W_][\w'.()/+-]*(?: [\w'.()/+-]+)*"
# A comment, at the end of a line (after a space) or on a line of its own. Its text is
# then asked whether it is printable (`str.isprintable`: no control character, line
# break of its own, byte order mark or other format character), which libyaml allows
# in a comment, and more: a comment it is not sure of goes to libyaml. (A character
# class of what libyaml allows costs milliseconds to compile at every start.)
_COMMENT = r"(#.*)"
# A key's value may also be a sequence of words on its line, as armylist writes a
# unit's upgrades: `[A, B]`, one space after each comma, or `[]`.
_FLOW = rf"\[(?:{_WORD}(?:, {_WORD})*)?\]"
_LINE = re.compile(
    rf"( *)(?:(- )?(?:([A-Za-z_][A-Za-z0-9_]*):(?: ({_WORD}|{_FLOW}))?|({_WORD}))"
    rf"(?: +{_COMMENT})?|{_COMMENT})"
)
_STR = yaml.resolver.BaseResolver.DEFAULT_SCALAR_TAG
_INT = "tag:yaml.org,2002:int"
_RESOLVER = yaml.resolver.Resolver()  # the safe loader's
# The tags of plain scalars by their text, as the safe loader resolves them: a batch
# of lists spells the same keys and names again and again.
_RESOLVED: dict[str, str] = {}
_MOST_RESOLVED = 10_000


def plain_tag(text: str) -> str:
    """The tag of a plain scalar, told by its text alone, as the safe loader's (which
    has no path resolvers, so a scalar's place never changes its tag)."""
    try:
        return _RESOLVED[text]
    except KeyError:
        pass
    tag: str = _RESOLVER.resolve(yaml.ScalarNode, text, (True, False))  # type: ignore[no-untyped-call]
    if len(_RESOLVED) >= _MOST_RESOLVED:
        _RESOLVED.clear()
    _RESOLVED[text] = tag
    return tag


# A row: its line (1-based), its indentation (of its `- ` on an item's line), whether
# it is an item, its key (None on an item's line of a value alone), its value (None
# when the key's value is on the lines below), that value's column (1-based) and what
# it reads as (a text, a whole number or a `_Flow`; None for no value).
_Row = tuple[int, int, bool, str | None, str | None, int, Any]
Path = tuple[str | int, ...]
# After the last row, a row that ends every mapping and sequence (and is no value).
_END: _Row = (0, -1, False, None, None, 0, None)


class Read(NamedTuple):
    """A document read by its lines: its value, and the place of each value and of
    each key by its path (as `yamlsource.Document` keeps them)."""

    data: Any
    values: dict[Path, Any]
    keys: dict[Path, Any]


class _Unsure(Exception):
    """A line or a shape for libyaml to read."""


class _Reader:
    def __init__(
        self,
        rows: list[_Row],
        place: Callable[[tuple[int, int]], Any],
        most_depth: int,
        most_items: int | None,
    ) -> None:
        self.rows = rows
        self.at = 0
        self.place = place
        self.most_depth = most_depth
        self.most_items = most_items
        self.values: dict[Path, Any] = {}
        self.keys: dict[Path, Any] = {}

    def below(self, column: int, path: Path, depth: int) -> Any:
        """The value that starts on the next row, at ``column`` or deeper."""
        if depth >= self.most_depth:
            raise _Unsure
        _, indent, dash, _, _, _, _ = self.rows[self.at]
        if indent > column or (indent == column and dash):
            # (a sequence may stand at its key's column)
            if dash:
                return self.sequence(indent, path, depth)
            return self.mapping(indent, path, depth)
        raise _Unsure  # an empty value

    def mapping(self, column: int, path: Path, depth: int) -> dict[str, Any]:
        """The mapping whose keys are at ``column`` (the first one maybe after an
        item's `- `)."""
        rows, at, place, values, keys = (
            self.rows,
            self.at,
            self.place,
            self.values,
            self.keys,
        )
        result: dict[str, Any] = {}
        values[path] = place((rows[at][0], column + 1))
        item = rows[at][2]  # the first key follows an item's `- `
        while True:  # to the end row at least
            line, indent, dash, key, value, value_column, read = rows[at]
            if item:
                item = False
            elif indent != column or dash:
                break
            if key is None or key in result:  # (its text is a plain text: `_shape`)
                raise _Unsure
            child = (*path, key)
            keys[child] = place((line, column + 1))
            at += 1
            if value is None:
                self.at = at
                result[key] = self.below(column, child, depth + 1)
                at = self.at
            else:
                values[child] = place((line, value_column))
                if read.__class__ is tuple:  # a sequence `[A, B]`
                    result[key] = self.flow(read, line, value_column, child)
                else:
                    result[key] = read
        self.at = at
        return result

    def flow(self, items: _Flow, line: int, column: int, path: Path) -> list[Any]:
        """The sequence `[A, B]` whose `[` is at ``column``, as `_flow` read it."""
        if self.most_items is not None and len(items) > self.most_items:
            raise _Unsure
        result = []
        for i, (offset, item) in enumerate(items):
            self.values[(*path, i)] = self.place((line, column + offset))
            result.append(item)
        return result

    def sequence(self, column: int, path: Path, depth: int) -> list[Any]:
        """The sequence whose `- ` are at ``column``."""
        rows, place, values = self.rows, self.place, self.values
        result: list[Any] = []
        values[path] = place((rows[self.at][0], column + 1))
        while True:  # to the end row at least
            line, indent, dash, key, _, value_column, read = rows[self.at]
            if indent != column or not dash:
                break
            if key is None:
                assert read is not None  # an item's line holds a key or a value
                values[(*path, len(result))] = place((line, value_column))
                result.append(read)
                self.at += 1
            elif depth + 1 >= self.most_depth:
                raise _Unsure
            else:
                result.append(self.mapping(column + 2, (*path, len(result)), depth + 1))
        if self.most_items is not None and len(result) > self.most_items:
            raise _Unsure
        return result


# A sequence `[A, B]` as a line reads it: each item's value with its column past the
# `[`'s.
_Flow = tuple[tuple[int, str | int], ...]


def _flow(text: str) -> _Flow:
    # No word holds a comma: `, ` parts the items as YAML's flow sequence does.
    items = text[1:-1].split(", ") if text != "[]" else []
    read = []
    offset = 1  # past the `[`
    for item in items:
        read.append((offset, _plain(item)))
        offset += len(item) + 2
    return tuple(read)


def _scalar(text: str) -> str | int:
    """A plain scalar's value, when it is text or plain ASCII digits (as `yamlsource`
    reads them); anything else is libyaml's to read."""
    tag = plain_tag(text)
    if tag == _STR:
        return text
    if (
        tag == _INT
        and text.isdigit()
        and text.isascii()
        and len(text) <= MOST_DIGITS_READ
    ):
        return int(text)
    raise _Unsure


# A line's row but its number, or whether the reader skips it or refuses the text, by
# the line's text: a batch of lists writes the same lines again and again
# (`  - unit: Marine`), each read once.
_Shape = tuple[int, bool, str | None, str | None, int, Any]
_SKIP: _Shape = (-1, False, None, None, 0, None)  # a blank line or a comment
_REFUSE: _Shape = (-2, False, None, None, 0, None)  # a line for libyaml to read
_SHAPES: dict[str, _Shape] = {}
_MOST_SHAPES = 10_000
_LONGEST_KEPT = 200  # a longer line is no list's usual one


def _shape(line: str) -> _Shape:
    """The row of ``line`` but its number, `_SKIP` or `_REFUSE`."""
    match = _LINE.fullmatch(line)
    if match is None:
        return _REFUSE if line.strip(" ") else _SKIP  # not sure of it, or blank
    spaces, dash, key, value, item, after, alone = match.groups()
    comment = after or alone
    if comment is not None and not comment.isprintable():
        return _REFUSE
    indent = len(spaces)
    try:
        if key is None:
            if item is None:
                return _SKIP  # a comment
            if dash is None:
                return _REFUSE  # a value on a line of its own
            return (indent, True, None, item, indent + 3, _plain(item))
        # A key that reads as anything but text stops the document where it stands
        # (every row is read, or the document is libyaml's), so it stops it here.
        if plain_tag(key) != _STR:
            return _REFUSE
        if value is None:
            return (indent, dash is not None, key, None, 0, None)
        read = _flow(value) if value[0] == "[" else _plain(value)
        return (indent, dash is not None, key, value, match.start(4) + 1, read)
    except _Unsure:
        return _REFUSE


def _plain(text: str) -> str | int:
    """A plain scalar's value as `yamlsource` reads it (`_scalar`), its tag asked
    once."""
    return text if plain_tag(text) == _STR else _scalar(text)


def read(
    text: str,
    place: Callable[[tuple[int, int]], Any],
    most_nodes: int,
    most_depth: int,
    most_items: int | None,
) -> Read | None:
    """The document ``text`` when it is of the plainest block YAML, else None.

    ``place`` makes a position of a 1-based (line, column); a document near
    ``most_nodes`` values or ``most_depth`` levels, or with a sequence longer than
    ``most_items``, is None (libyaml's reading says what is wrong)."""
    if "\r" in text:
        return None
    rows: list[_Row] = []
    shapes = _SHAPES
    for number, line in enumerate(text.split("\n"), 1):
        shape = shapes.get(line)
        if shape is None:
            shape = _shape(line)
            if len(line) <= _LONGEST_KEPT:
                if len(shapes) >= _MOST_SHAPES:
                    shapes.clear()
                shapes[line] = shape
        if shape is _SKIP:
            continue
        if shape is _REFUSE:
            return None
        rows.append((number, *shape))
    # A row holds at most a key, a value and the mapping or sequence it starts.
    if not rows or rows[0][1] or 3 * len(rows) >= most_nodes:
        return None
    rows.append(_END)
    reader = _Reader(rows, place, most_depth, most_items)
    try:
        if rows[0][2]:
            data: Any = reader.sequence(0, (), 0)
        else:
            data = reader.mapping(0, (), 0)
    except _Unsure:
        return None
    # A row no mapping or sequence took (one deeper than the value before it, or a
    # `- ` after a key's value) stops every one around it, and the document too.
    if reader.at < len(rows) - 1:
        return None
    return Read(data, reader.values, reader.keys)

"""JSON parsing that remembers the line of every value (for findings at the entry's line).

The standard library's parser forgets positions; this small parser follows the same grammar
(RFC 8259, with the standard library's string and number scanners) and records the 1-based
line where each value starts, keyed by its path (``("state", "roster", 3)``).
"""

from __future__ import annotations

import bisect
import json
import re
from collections.abc import Callable
from json import decoder as _decoder
from typing import Any

from armylist.text.i18n import _
from armylist.text.numbers import (
    MOST_DIGITS_READ,
    NotAWholeNumber,
    TooManyDigits,
    read_int,
)

JsonPath = tuple[str | int, ...]
# the standard library's own string scanner (typeshed does not list it)
scanstring: Callable[[str, int, bool], tuple[str, int]] = _decoder.scanstring  # type: ignore[attr-defined]
MAX_DEPTH = 64

_WS = re.compile(r"[ \t\n\r]*")
# "\ud800" alone is valid JSON but no text: YAML (and a list file) cannot hold it
_SURROGATE = re.compile("[\ud800-\udfff]")
# ASCII digits: `\d` matches "٣" too.
_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?")
_LITERALS = {"true": True, "false": False, "null": None}


class JsonProblem(ValueError):
    """The text is not JSON; the message names the line and column."""

    def __init__(self, message: str, line: int) -> None:
        super().__init__(message)
        self.line = line


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.lines: dict[JsonPath, int] = {}
        # line starts, to turn an offset into a line number by bisection
        self.starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def line(self, offset: int) -> int:
        return bisect.bisect_right(self.starts, offset)

    def fail(self, message: str, offset: int) -> JsonProblem:
        # the standard library's messages end in "at" ("Unterminated string starting at")
        message = message.removesuffix(" at")
        message = message[:1].lower() + message[1:]
        line = self.line(offset)
        column = offset - self.starts[line - 1] + 1
        return JsonProblem(
            _("not valid JSON: {message} at line {line}, column {column}").format(
                message=message, line=line, column=column
            ),
            line,
        )

    def string(self, offset: int) -> tuple[str, int]:
        """The string starting after the quote at ``offset - 1``, and where it ends."""
        try:
            text, end = scanstring(self.text, offset, True)
        except json.JSONDecodeError as error:
            raise self.fail(error.msg, error.pos) from None
        lone = _SURROGATE.search(text)
        if lone is not None:
            raise self.fail(
                _("a lone UTF-16 surrogate (\\u{code}) in a string").format(
                    code=f"{ord(lone.group()):04x}"
                ),
                offset,
            )
        return text, end

    def skip(self, offset: int) -> int:
        match = _WS.match(self.text, offset)
        assert match is not None
        return match.end()

    def value(self, offset: int, path: JsonPath) -> tuple[Any, int]:
        if len(path) > MAX_DEPTH:
            raise self.fail(
                _("nested deeper than {count} levels").format(count=MAX_DEPTH), offset
            )
        offset = self.skip(offset)
        self.lines[path] = self.line(offset)
        char = self.text[offset : offset + 1]
        if char == "{":
            return self.object(offset + 1, path)
        if char == "[":
            return self.array(offset + 1, path)
        if char == '"':
            return self.string(offset + 1)
        for word, literal in _LITERALS.items():
            if self.text.startswith(word, offset):
                return literal, offset + len(word)
        number = _NUMBER.match(self.text, offset)
        if number is None or not number.group():
            raise self.fail(_("expected a value"), offset)
        text = number.group()
        try:
            if len(text) > MOST_DIGITS_READ:  # a fraction's digits too
                raise TooManyDigits(len(text), MOST_DIGITS_READ)
            if number.group(1) or number.group(2):
                return float(text), number.end()
            return read_int(text), number.end()
        except NotAWholeNumber as problem:
            raise self.fail(problem.message, offset) from None

    def object(self, offset: int, path: JsonPath) -> tuple[dict[str, Any], int]:
        result: dict[str, Any] = {}
        offset = self.skip(offset)
        if self.text.startswith("}", offset):
            return result, offset + 1
        while True:
            offset = self.skip(offset)
            if not self.text.startswith('"', offset):
                raise self.fail(_("expected a key in double quotes"), offset)
            name, offset = self.string(offset + 1)
            offset = self.skip(offset)
            if not self.text.startswith(":", offset):
                raise self.fail(_("expected ':'"), offset)
            result[name], offset = self.value(offset + 1, (*path, name))
            offset = self.skip(offset)
            if self.text.startswith(",", offset):
                offset += 1
                continue
            if self.text.startswith("}", offset):
                return result, offset + 1
            raise self.fail(_("expected ',' or '}'"), offset)

    def array(self, offset: int, path: JsonPath) -> tuple[list[Any], int]:
        result: list[Any] = []
        offset = self.skip(offset)
        if self.text.startswith("]", offset):
            return result, offset + 1
        while True:
            item, offset = self.value(offset, (*path, len(result)))
            result.append(item)
            offset = self.skip(offset)
            if self.text.startswith(",", offset):
                offset += 1
                continue
            if self.text.startswith("]", offset):
                return result, offset + 1
            raise self.fail(_("expected ',' or ']'"), offset)


def parse(text: str) -> tuple[Any, dict[JsonPath, int]]:
    """The JSON value of ``text`` and the line of each value by path."""
    parser = _Parser(text)
    data, offset = parser.value(0, ())
    offset = parser.skip(offset)
    if offset != len(text):
        raise parser.fail(_("extra data after the document"), offset)
    return data, parser.lines

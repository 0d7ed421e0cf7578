"""Safe YAML loading that remembers where every value stands in the file.

PyYAML's ``safe_load`` forgets positions and silently keeps the last of two duplicate keys.
Here the document is composed into nodes once, then built into plain Python values while a
map from each value's path (``("units", 3, "models")``) to its 1-based line and column is
recorded, duplicate keys are reported, and hard limits stop hostile input early.
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Sequence
from functools import cached_property, partial
from typing import TYPE_CHECKING, Any, NamedTuple, NoReturn

import yaml

from armylist.files import yamlblock, yamlnodes
from armylist.files.yamlblock import plain_tag
from armylist.text import numbers, wording
from armylist.text.i18n import _
from armylist.text.numbers import people

if TYPE_CHECKING:
    pass

try:  # libyaml's parser is several times faster; fall back to pure Python without it
    from yaml import CSafeLoader as _SafeLoader
except ImportError:  # pragma: no cover - depends on how PyYAML was built
    from yaml import SafeLoader as _SafeLoader  # type: ignore[assignment]

_ScalarNode = yaml.ScalarNode
_MappingNode = yaml.MappingNode
_MAP = _SafeLoader.DEFAULT_MAPPING_TAG
_SEQ = _SafeLoader.DEFAULT_SEQUENCE_TAG
_STR = _SafeLoader.DEFAULT_SCALAR_TAG


class _Loader(_SafeLoader):
    """The safe loader, which resolves each scalar text's tag once. The safe loader
    has no path resolvers, so a node's place never changes its tag."""

    def descend_resolver(self, current_node: Any, current_index: Any) -> None:
        """Nothing to do: no path resolvers."""

    def ascend_resolver(self) -> None:
        """Nothing to do: no path resolvers."""

    def resolve(self, kind: Any, value: Any, implicit: Any) -> Any:
        """The tag of a node, as the safe loader's (which has no path resolvers): a
        plain scalar's told by its text alone, a quoted one's text, a mapping's and a
        sequence's the default ones."""
        if kind is _ScalarNode:
            return plain_tag(value) if implicit[0] else _STR
        return _MAP if kind is _MappingNode else _SEQ


YamlPath = tuple[str | int, ...]

MAX_BYTES = 1024 * 1024
MAX_DEPTH = 64
MAX_NODES = 20_000  # a full Grand Offensive list has a few hundred
LARGE_TEXT = 64 * 1024  # above this, count the document's events before composing it
MAX_ALIASES = 1_000
MAX_DIGITS = numbers.MOST_DIGITS_READ
_DECIMAL = re.compile(r"[+-]?[0-9]+")
_INT = "tag:yaml.org,2002:int"
_PLAIN_TAGS = frozenset({_MAP, _SEQ})
# The keys `flatten_mapping` rewrites: `<<` merges, and `=` (YAML's value key).
_FLATTENED = frozenset({"tag:yaml.org,2002:merge", "tag:yaml.org,2002:value"})


class Position(NamedTuple):
    """A 1-based line and column in a file."""

    line: int
    column: int


START = Position(1, 1)


class YamlProblem(Exception):
    """The text is not a YAML document armylist can read."""

    def __init__(
        self, message: str, position: Position = START, hint: str = ""
    ) -> None:
        super().__init__(message)
        self.message = message
        self.position = position
        self.hint = hint


# A named tuple, not a dataclass: building one costs every start ~0.2 ms.
class Duplicate(NamedTuple):
    """A key given twice in one mapping; the first value is kept."""

    path: YamlPath
    key: str
    position: Position
    first: Position


class Document:
    """A loaded YAML document with the position of each value and each key.

    A plain document (`yamlnodes`) keeps its nodes and reads a position from them
    when one is asked for; any other has every position recorded as it was built.
    """

    def __init__(
        self,
        data: Any = None,
        root: yaml.Node | None = None,
        places: tuple[dict[YamlPath, Position], dict[YamlPath, Position]] | None = None,
    ) -> None:
        self.data = data
        self.duplicates: list[Duplicate] = []
        self.lengths: dict[YamlPath, int] = {}  # of cut sequences
        self._root = root
        # The place of each value and of each key, by its path: read from the nodes
        # of a plain document when one is asked for.
        values, keys = places or ({}, {})
        self._values: dict[YamlPath, Position] | None = None if root else values
        self._keys: dict[YamlPath, Position] | None = None if root else keys

    @property
    def values(self) -> dict[YamlPath, Position]:
        """The position of each value, by its path."""
        if self._values is None:
            self._read_places()
        assert self._values is not None
        return self._values

    @property
    def keys(self) -> dict[YamlPath, Position]:
        """The position of each key, by the path of its value."""
        if self._keys is None:
            self._read_places()
        assert self._keys is not None
        return self._keys

    def _read_places(self) -> None:
        assert self._root is not None
        self._values, self._keys = {}, {}
        for path, key, node in yamlnodes.walk(self._root):
            if key is not None:
                self._keys[path] = _mark(key)
            self._values[path] = _mark(node)

    def where(self, path: YamlPath) -> Position:
        """The position of the value at ``path``, or of its nearest known parent."""
        if self._root is not None and self._values is None:
            return _mark(yamlnodes.locate(self._root, path)[0])
        values = self.values
        while path:
            if path in values:
                return values[path]
            path = path[:-1]
        return values.get((), START)

    def where_key(self, path: YamlPath) -> Position:
        """The position of the key that holds ``path`` (the value's when unknown)."""
        if self._root is not None and self._keys is None:
            node, key = yamlnodes.locate(self._root, path)
            return _mark(key if key is not None else node)
        return self.keys.get(path) or self.where(path)


# A Position from a (line, column) pair without the Python-level `__new__` of a
# NamedTuple: a list's every value and key is given one.
_position = partial(tuple.__new__, Position)


def _mark(node: yaml.Node) -> Position:
    mark = node.start_mark
    return _position((mark.line + 1, mark.column + 1))


class _Builder:
    def __init__(self, max_items: int | None = None) -> None:
        self.max_items = max_items
        self.doc = Document()
        self.nodes = 0
        self.aliases = 0
        self.seen: set[int] = set()
        self.own_keys: dict[int, set[int] | None] = {}

    @cached_property
    def constructor(self) -> yaml.constructor.SafeConstructor:
        """PyYAML's constructor, for a scalar that is neither text nor digits."""
        return yaml.constructor.SafeConstructor()

    def _too_many(self, node: yaml.Node) -> NoReturn:
        raise YamlProblem(
            _("the document has more than {count} values").format(
                count=people(MAX_NODES)
            ),
            _mark(node),
            _(
                "an army list is far smaller: check for runaway aliases or generated text"
            ),
        )

    def build(self, node: yaml.Node, path: YamlPath, depth: int) -> Any:
        if depth > MAX_DEPTH:
            raise YamlProblem(
                _("the document is nested deeper than {count} levels").format(
                    count=MAX_DEPTH
                ),
                _mark(node),
                _("an army list needs only a few levels: flatten the file"),
            )
        self.nodes += 1
        if self.nodes > MAX_NODES:
            self._too_many(node)
        values = self.doc.values
        if path not in values:
            mark = node.start_mark
            values[path] = _position((mark.line + 1, mark.column + 1))
        if isinstance(node, yaml.ScalarNode):
            # Most values of a list: plain text and whole numbers need no constructor.
            return node.value if node.tag == _STR else self.scalar(node)
        # Only a mapping or a sequence can be an alias worth counting.
        if id(node) in self.seen:
            self.aliases += 1
            if self.aliases > MAX_ALIASES:
                raise YamlProblem(
                    _("the document reuses anchors more than {count} times").format(
                        count=people(MAX_ALIASES)
                    ),
                    _mark(node),
                    _("remove the anchors (&) and aliases (*)"),
                )
        self.seen.add(id(node))
        if node.tag not in _PLAIN_TAGS:
            raise YamlProblem(
                _("unsupported YAML tag {tag}").format(tag=repr(node.tag)),
                _mark(node),
                _("army lists use plain values only: remove the '!' tag"),
            )
        if isinstance(node, yaml.MappingNode):
            return self._mapping(node, path, depth)
        items = node.value
        if self.max_items is not None and len(items) > self.max_items:
            self.doc.lengths[path] = len(items)  # the rest is never built
            items = items[: self.max_items]
        return [self.build(item, (*path, i), depth + 1) for i, item in enumerate(items)]

    def scalar(self, node: yaml.ScalarNode) -> Any:
        """The value of a scalar that is not text."""
        if node.tag == _INT:
            value = node.value
            if value.isdigit() and value.isascii() and len(value) <= MAX_DIGITS:
                return int(value)  # as `numbers.read_int` reads plain digits
            # Decimal digits (`2000`, `-3`, `1_000`) through the one bounded reader;
            # `0x10` and `1:30` (YAML's too) to the constructor, within the same bound.
            digits = node.value.replace("_", "")
            if len(digits) > MAX_DIGITS or _DECIMAL.fullmatch(digits):
                try:
                    return numbers.read_int(digits, most=MAX_DIGITS)
                except numbers.NotAWholeNumber as problem:
                    raise YamlProblem(
                        problem.message, _mark(node), problem.hint
                    ) from None
        try:
            return self.constructor.construct_object(node, deep=True)
        except yaml.constructor.ConstructorError as error:
            raise YamlProblem(
                _("unsupported YAML tag {tag}").format(tag=repr(node.tag)),
                _mark(node),
                _("army lists use plain values only: remove the '!' tag"),
            ) from error
        except (ValueError, OverflowError) as error:
            raise YamlProblem(
                _(
                    "YAML reads {value} as a date or a number, and it is not a valid one"
                ).format(value=repr(node.value)),
                _mark(node),
                _("put it in quotes to keep it as text: '{value}'").format(
                    value=node.value
                ),
            ) from error

    def _mapping(
        self, node: yaml.MappingNode, path: YamlPath, depth: int
    ) -> dict[Any, Any]:
        result: dict[Any, Any] = {}
        if id(node) not in self.own_keys:
            if any(k.tag in _FLATTENED for k, _ in node.value):
                self.own_keys[id(node)] = {id(k) for k, _ in node.value}
                self.constructor.flatten_mapping(node)  # resolves '<<' merge keys
            else:
                self.own_keys[id(node)] = None  # every key its own, as most are
        own = self.own_keys[id(node)]
        keys = self.doc.keys
        merged: set[str] = set()
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                raise YamlProblem(
                    _("a key here is a list or a mapping, not a plain word"),
                    _mark(key_node),
                    _(
                        "write each key as a plain word followed by a colon, like `scale:`"
                    ),
                )
            if key_node.tag == _STR and depth < MAX_DEPTH:
                # A plain text key, the usual case: counted as build() would count it,
                # without the position bookkeeping of a value.
                self.nodes += 1
                if self.nodes > MAX_NODES:
                    self._too_many(key_node)
                key = key_node.value
            else:
                key = self.build(key_node, (*path, "<key>"), depth + 1)
                self.doc.values.pop((*path, "<key>"), None)
            label = key if isinstance(key, str) else str(key)
            child = (*path, label)
            mine = own is None or id(key_node) in own
            if label in result:
                if label in merged and mine:
                    merged.discard(label)  # an explicit key overrides a merged one
                elif label not in merged and mine:
                    self.doc.duplicates.append(
                        Duplicate(child, label, _mark(key_node), self.doc.keys[child])
                    )
                    continue
                else:
                    continue  # the first merged mapping wins over later ones
            elif not mine:
                merged.add(label)
            mark = key_node.start_mark
            keys[child] = _position((mark.line + 1, mark.column + 1))
            result[label] = self.build(value_node, child, depth + 1)
        return result


def decode(raw: bytes) -> str:
    """Bytes to text: UTF-8 (a BOM is allowed), at most 1 MiB, no NUL bytes."""
    if len(raw) > MAX_BYTES:
        raise YamlProblem(
            _(
                "the file is larger than {count} bytes (1 MiB), the most armylist "
                "reads for a list"
            ).format(count=people(MAX_BYTES)),
            hint=_("an army list is a few kilobytes: is this the right file?"),
        )
    # As the "utf-8-sig" codec reads them (a BOM dropped, then the rest: the error's
    # place is in the rest), without that codec's Python-level function.
    body = raw[3:] if raw.startswith(codecs.BOM_UTF8) else raw
    if b"\0" not in raw:
        # Nearly every file: UTF-8 without a NUL byte is no UTF-16 or UTF-32 text
        # (theirs holds NUL bytes, and their BOMs are no UTF-8): nothing below to say.
        try:
            return body.decode("utf-8")
        except UnicodeDecodeError:
            pass  # said below, in its turn
    encoding = wording.text_encoding(raw)
    if encoding is not None:
        raise YamlProblem(
            _(
                "the file is text saved as {encoding}, not as UTF-8, the encoding "
                "armylist reads"
            ).format(encoding=encoding),
            hint=wording.resave_hint(encoding),
        )
    if b"\0" in raw:
        raise YamlProblem(
            _("the file is binary (it contains NUL bytes), not a YAML text file"),
            hint=_("save the list as plain UTF-8 text"),
        )
    try:
        return body.decode("utf-8")
    except UnicodeDecodeError as error:
        line = raw[: error.start].count(b"\n") + 1
        column = error.start - (raw.rfind(b"\n", 0, error.start) + 1) + 1
        raise YamlProblem(
            _("the file is not UTF-8 text (byte 0x{byte})").format(
                byte=f"{raw[error.start]:02x}"
            ),
            Position(line, column),
            _("save the list as UTF-8 text"),
        ) from error


def _too_many_events(text: str) -> Position | None:
    # Composing keeps every node in memory at once; counting the parser's events first
    # stops a huge document (thousands of units) early, in little memory.
    count = 0
    for event in yaml.parse(text, Loader=_Loader):
        if isinstance(
            event,
            yaml.ScalarEvent
            | yaml.MappingStartEvent
            | yaml.SequenceStartEvent
            | yaml.AliasEvent,
        ):
            count += 1
            mark = event.start_mark
            if count > MAX_NODES and mark is not None:
                return Position(mark.line + 1, mark.column + 1)
    return None


def _plain_problem(error: yaml.MarkedYAMLError, text: str) -> YamlProblem:
    """PyYAML's error in plain words, at the line a player has to change."""
    mark = error.problem_mark or error.context_mark
    context = str(error.context or "")
    lines = text.splitlines()
    at = mark.line if mark else 0
    words = wording.yaml_words(str(error.problem or ""), context, lines, at)
    # An unclosed bracket or quote is found only at the end of the file: point at
    # where it was opened instead.
    if (
        error.context_mark is not None
        and words.column is None
        and (
            words.at_context
            or context.startswith(
                (
                    "while parsing a flow",
                    "while scanning a quoted",
                    "while scanning a block",
                )
            )
        )
    ):
        mark = error.context_mark
    if mark is None:
        position = START
    elif words.column is not None:
        position = Position(mark.line + 1, words.column + 1)
    else:
        position = Position(mark.line + 1, mark.column + 1)
    return YamlProblem(words.message, position, words.hint)


def load(text: str, *, max_items: int | None = None) -> Document:
    """Load one YAML document, with positions; raise YamlProblem when it cannot.

    With ``max_items``, a longer sequence is built only that far; ``Document.lengths``
    keeps its real length.
    """
    if len(text) <= LARGE_TEXT and (
        quick := yamlblock.read(text, _position, MAX_NODES, MAX_DEPTH, max_items)
    ):
        return Document(quick.data, places=(quick.values, quick.keys))
    try:
        if len(text) > LARGE_TEXT and (at := _too_many_events(text)) is not None:
            raise YamlProblem(
                _("the document has more than {count} values").format(
                    count=people(MAX_NODES)
                ),
                at,
                _("an army list is far smaller: is this the right file?"),
            )
        node = yaml.compose(text, Loader=_Loader)
    except yaml.MarkedYAMLError as error:
        raise _plain_problem(error, text) from error
    except yaml.YAMLError as error:
        raise YamlProblem(
            _("the file cannot be read as YAML"),
            hint=_("check the indentation (spaces only) and the quoting"),
        ) from error
    except RecursionError as error:
        raise YamlProblem(
            _("the document is nested too deeply to read"),
            hint=_("an army list needs only a few levels"),
        ) from error
    builder = _Builder(max_items)
    if node is None:
        return builder.doc
    if "&" not in text:  # no anchor, so no alias: maybe a plain document
        plain = yamlnodes.PlainBuilder(
            builder.scalar,
            most_nodes=MAX_NODES,
            most_depth=MAX_DEPTH,
            most_items=max_items,
        )
        try:
            return Document(plain.build(node), node)
        except (yamlnodes.Unusual, YamlProblem):
            # Built again from the start (a fresh constructor), which says what is wrong.
            builder = _Builder(max_items)
    try:
        builder.doc.data = builder.build(node, (), 0)
    except RecursionError as error:
        raise YamlProblem(_("the document is nested too deeply to read")) from error
    return builder.doc


def written(lines: Sequence[str], at: Position) -> str:
    """The text of the plain scalar at ``at`` as the file writes it (`3.000`, which
    YAML reads as the number 3.0)."""
    line = lines[at.line - 1] if 0 < at.line <= len(lines) else ""
    return re.split(r"[\s,#\]}]", line[at.column - 1 :], maxsplit=1)[0]

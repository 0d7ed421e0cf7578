"""Reading a list's text: the valid parts, and every problem at its place in the file.

Its bytes come through `files.reading` (every limit applied before any YAML is parsed).
A list is then read field by field, so one wrong value does not hide the rest of the
list from the rules: each problem is kept (with its place in the file) and the valid
parts go on.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import (
    Any,
    Literal,
    NamedTuple,
)

from armylist.files import yamlsource
from armylist.files.yamlsource import Position, YamlPath
from armylist.listfile import plain
from armylist.listfile.model import (
    ITEM_KINDS,
    KINDS,
    LIST_FIELDS,
    LIST_KEYS,
    MAX_ENTRIES,
    NULLABLE,
    REQUIRED,
    UNIT_FIELDS,
    ArmyList,
)
from armylist.text import wording
from armylist.text.i18n import N_, _
from armylist.text.names import did_you_mean
from armylist.text.numbers import people


# A named tuple, not a frozen dataclass: building one costs every start ~0.4 ms.
class Problem(NamedTuple):
    """Something wrong with the file itself, before any game rule looks at it."""

    kind: Literal["yaml-syntax", "duplicate-key", "list-schema"]
    message: str
    position: Position
    hint: str


@dataclass
class LoadedList:
    """A list as read: the valid parts as an ArmyList, plus where each value is."""

    army: ArmyList | None
    document: yamlsource.Document | None
    problems: list[Problem] = field(default_factory=list)
    # Per list key, the place in the file of each entry kept in ``army``: an entry
    # that is not readable is dropped, and those after it keep their own place. A key
    # not here dropped none: each entry is at its own place.
    places: dict[str, list[int]] = field(default_factory=dict)

    def place(self, list_key: str, index: int) -> int:
        """The 0-based place in the file of ``army``'s ``list_key[index]``."""
        kept = self.places.get(list_key)
        return kept[index] if kept is not None and index < len(kept) else index

    def where(self, path: YamlPath, *, key: bool = False) -> Position:
        """The line and column of a value (or of its key) in the file."""
        if self.document is None:
            return yamlsource.START
        return self.document.where_key(path) if key else self.document.where(path)


def _dotted(path: YamlPath) -> str:
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else part)
    return text


_EXPECT = {
    "string_type": N_("text"),
    "int_type": N_("a whole number"),
    "list_type": N_("a list"),
    "model_type": N_("a mapping (key: value)"),
}


class _Reader:
    def __init__(self, document: yamlsource.Document, text: str = "") -> None:
        self.document = document
        self.text = text
        self.problems: list[Problem] = []
        self.places: dict[str, list[int]] = {}

    def schema(
        self, message: str, path: YamlPath, hint: str, *, key: bool = False
    ) -> None:
        at = self.document.where_key(path) if key else self.document.where(path)
        self.problems.append(Problem("list-schema", message, at, hint))

    def errors(self, found: list[dict[str, Any]], base: YamlPath) -> None:
        for item in found:
            loc = item["loc"]
            path = (*base, *loc)
            kind = item["type"]
            if kind == "missing":
                self.schema(
                    _("{where}: the required key {key} is missing").format(
                        where=_dotted(base), key=repr(loc[-1])
                    ),
                    base,
                    _("a unit entry needs at least `unit: NAME`"),
                )
            elif (
                path[:1] == ("units",)
                and len(path) == 2
                and isinstance(item["input"], str)
            ):
                # `units: [Marine]`: a name where a unit entry goes.
                self.schema(
                    _(
                        "{where}: {name} is written as a bare name; a unit is an entry "
                        "with `unit:` (and `models:` when its card offers several "
                        "compositions)"
                    ).format(where=_dotted(path), name=repr(item["input"])),
                    path,
                    _("write each unit on its own line as `- unit: {name}`").format(
                        name=item["input"]
                    ),
                )
            elif isinstance(item["input"], float) and (
                words := wording.decimal_words(
                    self.written(path), item["input"], _dotted(path), str(path[-1])
                )
            ):
                # `minerals: 3.000`: YAML reads three, a person may mean 3,000.
                self.schema(*words[:1], path, words[1])
            else:
                expected = _(_EXPECT[kind])
                self.schema(
                    _("{where}: expected {kind}, got {found}").format(
                        where=_dotted(path),
                        kind=expected,
                        found=wording.describe(item["input"]),
                    ),
                    path,
                    _("write {where} as {kind}").format(
                        where=_dotted(path), kind=expected
                    ),
                )

    @cached_property
    def lines(self) -> list[str]:
        """The file's lines, split only when a problem quotes the file."""
        return self.text.splitlines()

    def misaligned(self, name: str) -> bool:
        """A unit's key (`models: 9`) written at the left edge under a unit: reported
        as a key to line up with the unit's, not as an unknown key of the list."""
        at = self.document.where_key((name,))
        words = wording.misaligned_key(self.lines, at.line - 1)
        if words is None:
            return False
        self.problems.append(Problem("list-schema", words.message, at, words.hint))
        return True

    def written(self, path: YamlPath) -> str:
        """The text of the plain scalar at ``path`` as the file writes it."""
        return yamlsource.written(self.lines, self.document.where(path))

    def known_unit_keys(self, entry: dict[str, Any], path: YamlPath) -> dict[str, Any]:
        # An unknown key is reported once and dropped, so the unit still counts.
        for name in entry:
            if name not in UNIT_FIELDS:
                self.schema(
                    _("unknown key {key} in a unit entry{close}").format(
                        key=repr(name), close=did_you_mean(name, UNIT_FIELDS)
                    ),
                    (*path, name),
                    _("a unit entry has the keys {keys}").format(
                        keys=", ".join(UNIT_FIELDS)
                    ),
                    key=True,
                )
        return {k: v for k, v in entry.items() if k in UNIT_FIELDS}

    def field(self, name: str, value: Any) -> Any:
        if name in ITEM_KINDS and isinstance(value, list):
            if len(value) > MAX_ENTRIES:
                total = self.document.lengths.get((name,), len(value))
                self.schema(
                    _(
                        "{key} has {total} entries; armylist checks at most {most} "
                        "(an army has a few dozen at the very most)"
                    ).format(key=name, total=people(total), most=MAX_ENTRIES),
                    (name, MAX_ENTRIES),
                    _(
                        "only the first {most} are checked: is this the right file?"
                    ).format(most=MAX_ENTRIES),
                )
                value = value[:MAX_ENTRIES]
            kept: list[Any] = []
            places = self.places.setdefault(name, [])
            for i, item in enumerate(value):
                if name == "units" and isinstance(item, dict):
                    item = self.known_unit_keys(item, (name, i))
                if found := plain.wrong(ITEM_KINDS[name], item):
                    self.errors(found, (name, i))
                    continue
                kept.append(plain.unit_entry(item) if name == "units" else item)
                places.append(i)
            return kept
        if value is None and name in NULLABLE:
            return None
        if found := plain.wrong(KINDS[name], value):
            self.errors(found, (name,))
            return None
        return list(value) if KINDS[name] == "texts" else value


_QUOTED = 40  # the longest top-level text quoted back in a finding


def read_list(text: str) -> LoadedList:
    """Read a list's text: every problem with its position, and the valid parts."""
    try:
        document = yamlsource.load(text, max_items=MAX_ENTRIES + 1)
    except yamlsource.YamlProblem as problem:
        hint = problem.hint or _("fix the YAML syntax at that place")
        return LoadedList(
            None,
            None,
            [Problem("yaml-syntax", problem.message, problem.position, hint)],
        )
    reader = _Reader(document, text)
    for duplicate in document.duplicates:
        reader.problems.append(
            Problem(
                "duplicate-key",
                _(
                    "the key {key} is given twice (first at line {line}); the second "
                    "is ignored"
                ).format(key=repr(duplicate.key), line=duplicate.first.line),
                duplicate.position,
                _("keep one {key}: merge the two or delete one").format(
                    key=repr(duplicate.key)
                ),
            )
        )
    data = document.data
    if not isinstance(data, dict):
        # A few words are quoted; the text of a file that is no list (a password
        # file named by a team file) is never quoted back.
        found = (
            _("an empty file")
            if data is None
            else _("text ({count} characters)").format(count=people(len(data)))
            if isinstance(data, str) and len(data) > _QUOTED
            else wording.describe(data)
        )
        reader.problems.append(
            Problem(
                "list-schema",
                _(
                    "an army list is a mapping of keys (faction, scale, units ...), "
                    "not {found}"
                ).format(found=found),
                document.where(()),
                _(
                    "start from `armylist new --faction NAME`, or see the list format "
                    "in docs/list-format.md"
                ),
            )
        )
        return LoadedList(None, document, reader.problems)
    if len(data) > 1 and not any(name in LIST_KEYS for name in data):
        # No key of a list at all: some other file. One finding, not one per line.
        reader.problems.append(
            Problem(
                "list-schema",
                _(
                    "this is not an army list: none of its {count} keys is a key of a "
                    "list ({keys}, units ...)"
                ).format(count=people(len(data)), keys=", ".join(REQUIRED)),
                document.where(()),
                _(
                    "is this the right file? `armylist new --faction NAME` starts a list"
                ),
            )
        )
        return LoadedList(None, document, reader.problems)
    # Read whole, every entry is kept at its own place (no `places` to record).
    army = _valid_whole(data)
    if army is None:
        army = _read_fields(reader, data)
    for name in REQUIRED:
        if name in data and data[name] is None:
            reader.schema(
                _("the required key {key} is empty").format(key=repr(name)),
                (name,),
                _("write the {key} after `{key}:`").format(key=name),
            )
        elif name not in data:
            reader.schema(
                _("the required key {key} is missing").format(key=repr(name)),
                (),
                _("add `{key}: ...` at the top of the list").format(key=name),
            )
    return LoadedList(army, document, reader.problems, reader.places)


def _valid_whole(data: dict[str, Any]) -> ArmyList | None:
    """The list validated in one go when nothing in it is wrong, as in most lists (a
    quarter of the cost of reading it key by key); None when something is, for
    `_read_fields` to report each problem at its place."""
    values: dict[str, Any] = {}
    for name, value in data.items():
        if name not in LIST_KEYS:
            return None
        if value is None and name in NULLABLE:
            continue  # as `_read_fields` leaves it: not set
        if name in ITEM_KINDS and isinstance(value, list) and len(value) > MAX_ENTRIES:
            return None
        values[name] = value
    # Every value of a list is plainly of its kind, or wrong (pydantic's strict
    # check agrees, a test holds): anything else is read key by key.
    return plain.plainly(values)


def _read_fields(reader: _Reader, data: dict[str, Any]) -> ArmyList:
    """The valid parts of a list with a problem, read key by key: each problem is
    kept at its place in the file and the rest goes on."""
    values: dict[str, Any] = {}
    for name, value in data.items():
        if name not in LIST_KEYS and name in UNIT_FIELDS and reader.misaligned(name):
            continue
        if name not in LIST_KEYS:
            reader.schema(
                _("unknown key {key}{close}").format(
                    key=repr(name), close=did_you_mean(str(name), LIST_FIELDS)
                ),
                (name,),
                _("a list has the keys {keys}").format(keys=", ".join(LIST_FIELDS)),
                key=True,
            )
            continue
        checked = reader.field(name, value)
        if checked is not None:
            values[name] = checked
    # Each value was validated above, key by key: validating them all again is waste.
    return ArmyList(**values)

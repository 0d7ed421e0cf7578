"""Round-trip editing of a list file: comments, key order and layout survive an edit.

Validation reads lists with PyYAML (positions, duplicate keys); edits go through
ruamel.yaml, which keeps what a person wrote around the values it changes. ruamel.yaml
hangs a comment on the entry *before* it, so inserting or deleting an entry would move
or drop the comment block that followed that entry; the helpers here put each block back
where a reader expects it: full-line comments are never deleted, only the end-of-line
comments of an entry that is removed go with it.
"""

from __future__ import annotations

import io
import itertools
import re
from collections.abc import Sequence
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import CommentMark, YAMLError
from ruamel.yaml.tokens import CommentToken

from armylist.text.i18n import _

# The order keys are written in when a list lacks one (the order `armylist new` uses).
KEY_ORDER = (
    "name",
    "player",
    "scale",
    "minerals",
    "faction",
    "tactical_cards",
    "units",
    "missions",
    "deployments",
    "data_version",
)

_KEY_LINE = re.compile(r"^( *)[^\s#-][^#]*:\s*(#.*)?$")
_DASH_LINE = re.compile(r"^( *)-( +)\S")

# A comment slot: the ``ca.items`` dict of a container, the key in it, the index in the
# slot list (2 after a mapping value, 0 after a sequence item).
Slot = tuple[dict[Any, Any], Any, int]


class ListFileError(Exception):
    """The text cannot be edited as a list: not YAML, or not a mapping of keys."""


def _indentation(text: str) -> tuple[int, int, int]:
    """(mapping, sequence, offset) indents as the file uses them; 2, 4, 2 by default."""
    mapping = sequence = offset = 0
    lines = [
        ln for ln in text.splitlines() if ln.strip() and not ln.lstrip().startswith("#")
    ]
    for before, line in itertools.pairwise(lines):
        parent = _KEY_LINE.match(before)
        if parent is None:
            continue
        base = len(parent.group(1))
        dash = _DASH_LINE.match(line)
        if dash and not offset and not sequence:
            offset = len(dash.group(1)) - base
            sequence = offset + 1 + len(dash.group(2))
            if offset < 0:
                offset = sequence = 0
        child = _KEY_LINE.match(line)
        if child and not mapping and len(child.group(1)) > base:
            mapping = len(child.group(1)) - base
    if not sequence:
        offset, sequence = 2, 4
    return mapping or 2, max(sequence, offset + 2), offset


def _yaml(text: str) -> YAML:
    mapping, sequence, offset = _indentation(text)
    yaml = YAML(typ="rt")
    yaml.preserve_quotes = True
    yaml.width = 4096  # never re-wrap a person's long lines
    # `units: [{unit: Medic}]` stays as written, not `[unit: Medic]`.
    yaml.brace_single_entry_mapping_in_flow_sequence = True
    yaml.indent(mapping=mapping, sequence=sequence, offset=offset)
    return yaml


def _is_block(value: Any) -> bool:
    return (
        isinstance(value, (CommentedMap, CommentedSeq))
        and len(value) > 0
        and value.fa.flow_style() is not True
    )


def _last_key(container: CommentedMap | CommentedSeq) -> Any:
    if isinstance(container, CommentedSeq):
        return len(container) - 1
    return list(container)[-1]


def _tail_slot(container: CommentedMap | CommentedSeq, key: Any) -> Slot:
    """The slot of the comments after the last line of ``container[key]``."""
    value = container[key]
    if _is_block(value):
        return _tail_slot(value, _last_key(value))
    return container.ca.items, key, 2 if isinstance(container, CommentedMap) else 0


def _token(slot: Slot) -> CommentToken | None:
    items, key, index = slot
    entry = items.get(key)
    if not entry or len(entry) <= index:
        return None
    token = entry[index]
    return token if isinstance(token, CommentToken) else None


def _split(value: str) -> tuple[str, str]:
    """A comment token's text: the end-of-line comment, then the lines after it."""
    eol, _, rest = value.partition("\n")
    return eol, rest


def _take_rest(slot: Slot) -> str:
    """Detach the full-line comments after a slot's entry, keeping its own comment."""
    token = _token(slot)
    if token is None:
        return ""
    eol, rest = _split(token.value)
    if rest:
        token.value = eol + "\n"
    return rest


def _give_rest(slot: Slot, rest: str) -> None:
    """Put full-line comments after a slot's entry (after any already there)."""
    if not rest:
        return
    token = _token(slot)
    if token is not None:
        value = token.value
        token.value = (value if value.endswith("\n") else value + "\n") + rest
        return
    items, key, index = slot
    entry = items.setdefault(key, [None, None, None, None])
    while len(entry) <= index:
        entry.append(None)
    entry[index] = CommentToken("\n" + rest, CommentMark(0))


def _item_slot(seq: CommentedSeq, index: int) -> Slot:
    return _tail_slot(seq, index)


class ListDocument:
    """A list file loaded for editing; ``text()`` writes it back with its comments."""

    def __init__(self, text: str) -> None:
        self._yaml = _yaml(text)
        try:
            data = self._yaml.load(text)
        except YAMLError as error:
            problem = getattr(error, "problem", None) or _("invalid YAML")
            raise ListFileError(
                _("the file is not valid YAML ({problem})").format(problem=problem)
            ) from None
        except Exception as error:  # ruamel.yaml raises a few non-YAMLError types
            raise ListFileError(
                _("the file cannot be read as YAML ({error})").format(error=error)
            ) from None
        self._preamble = ""
        # An empty file (or comments only) holds no list yet: `set` may start one.
        self.empty = data is None
        if data is None:
            # Only comments (or nothing): ruamel.yaml has no node to keep them on.
            kept = [
                line
                for line in text.splitlines()
                if not line.strip() or line.lstrip().startswith("#")
            ]
            self._preamble = "\n".join(kept).strip("\n")
            self._preamble += "\n" if self._preamble else ""
            data = CommentedMap()
        if not isinstance(data, CommentedMap):
            raise ListFileError(
                _("an army list is a mapping of keys (faction, scale, ...)")
            )
        self.data: CommentedMap = data

    def text(self) -> str:
        """The document as YAML text."""
        buffer = io.StringIO()
        self._yaml.dump(self.data, buffer)
        return self._preamble + buffer.getvalue()

    def set_value(self, key: str, value: Any, order: Sequence[str] = KEY_ORDER) -> None:
        """Set a top-level key; a new key goes where ``order`` puts it."""
        if key in self.data:
            self.data[key] = value
            return
        insert_key(self.data, key, value, order)

    def sequence(self, owner: CommentedMap, key: str) -> CommentedSeq:
        """The sequence at ``owner[key]``, created (empty) when missing or null."""
        value = owner.get(key)
        if isinstance(value, CommentedSeq):
            return value
        if value is not None and key in owner:
            raise ListFileError(
                _("{key} is not a list in the file").format(key=repr(key))
            )
        fresh = CommentedSeq()
        fresh.fa.set_flow_style()
        if key in owner:
            owner[key] = fresh
        else:
            order = KEY_ORDER if owner is self.data else ("unit", "models", "upgrades")
            insert_key(owner, key, fresh, order)
        return fresh


def insert_key(owner: CommentedMap, key: str, value: Any, order: Sequence[str]) -> None:
    """Insert a key after the last key that ``order`` puts before it.

    The comment block that followed the entry before the new key now follows the new
    key, so a section header written above the next key stays above it.
    """
    rank = {name: i for i, name in enumerate(order)}
    wanted = rank.get(key, len(order))
    keys = list(owner)
    position = len(keys)
    for i, existing in enumerate(keys):
        if rank.get(existing, len(order)) > wanted:
            position = i
            break
    rest = _take_rest(_tail_slot(owner, keys[position - 1])) if position else ""
    owner.insert(position, key, value)
    _give_rest(_tail_slot(owner, key), rest)


def append_item(
    owner: CommentedMap, key: str, item: Any, *, block: bool = True
) -> None:
    """Append to the sequence ``owner[key]``; comments after it stay after it.

    An empty ``[]`` becomes a block sequence unless ``block`` is False.
    """
    seq = owner[key]
    if not isinstance(seq, CommentedSeq):
        raise ListFileError(_("{key} is not a list in the file").format(key=repr(key)))
    if len(seq) == 0:
        if not block or owner.fa.flow_style() is True:
            seq.append(item)
            return
        # `units: []` becomes a block sequence; the comments after it follow the item.
        rest = _take_rest((owner.ca.items, key, 2))
        seq.fa.set_block_style()
        seq.append(item)
        _give_rest(_tail_slot(owner, key), rest)
        return
    if not _is_block(seq):
        seq.append(item)
        return
    rest = _take_rest(_item_slot(seq, len(seq) - 1))
    seq.append(item)
    _give_rest(_item_slot(seq, len(seq) - 1), rest)


def _comment_lines(tokens: list[CommentToken] | None) -> str:
    """Comment tokens as text lines, each at the column it was written at."""
    return "".join(
        (" " * token.column if token.value.startswith("#") else "") + token.value
        for token in tokens or []
    )


def insert_item(
    owner: CommentedMap, key: str, index: int, item: Any, *, block: bool = True
) -> None:
    """Insert ``item`` at ``owner[key][index]``: after the entry before it, ahead of
    the comments that lead the entry now at ``index`` (they stay with that entry).
    An index at the end appends.
    """
    seq = owner[key]
    if not isinstance(seq, CommentedSeq):
        raise ListFileError(_("{key} is not a list in the file").format(key=repr(key)))
    if index >= len(seq):
        append_item(owner, key, item, block=block)
        return
    if not _is_block(seq):
        seq.insert(index, item)
        return
    if index > 0:
        rest = _take_rest(_item_slot(seq, index - 1))
    else:
        before = (
            seq.ca.comment[1] if seq.ca.comment and len(seq.ca.comment) > 1 else None
        )
        rest = _comment_lines(before)
        if before:
            before.clear()
    seq.insert(index, item)
    _give_rest(_item_slot(seq, index), rest)


def delete_key(owner: CommentedMap, key: str, comments: str | None = None) -> None:
    """Delete ``owner[key]``; the full-line comments after it stay where they were.

    ``comments`` are the full-line comments to keep in its place (by default those
    after its value); the key's own end-of-line comment goes with it.
    """
    keys = list(owner)
    position = keys.index(key)
    if comments is None:
        comments = _take_rest(_tail_slot(owner, key))
    del owner[key]
    owner.ca.items.pop(key, None)
    if not comments:
        return
    if position > 0:
        _give_rest(_tail_slot(owner, keys[position - 1]), comments)
        return
    # The first key: its comments now stand before the new first key.
    if not owner.ca.comment:
        owner.ca.comment = [None, []]
    while len(owner.ca.comment) < 2:
        owner.ca.comment.append([])
    if owner.ca.comment[1] is None:
        owner.ca.comment[1] = []
    owner.ca.comment[1].append(CommentToken(comments, CommentMark(0)))


def remove_item(
    owner: CommentedMap, key: str, index: int, *, drop_empty: bool = False
) -> None:
    """Delete ``owner[key][index]``; only that entry's own comments go with it.

    With ``drop_empty``, removing the last entry removes the key too (for an optional
    key, an empty list is not the same as no list), keeping the comments around it.
    """
    seq = owner[key]
    if not isinstance(seq, CommentedSeq) or not 0 <= index < len(seq):
        raise ListFileError(
            _("no item {position} in {key}").format(position=index + 1, key=repr(key))
        )
    if not _is_block(seq):
        del seq[index]
        if drop_empty and not seq:
            delete_key(owner, key)
        return
    token = _token(_item_slot(seq, index))
    rest = _split(token.value)[1] if token is not None else ""
    del seq[index]
    if index > 0:
        _give_rest(_item_slot(seq, index - 1), rest)
        return
    before = seq.ca.comment[1] if seq.ca.comment and len(seq.ca.comment) > 1 else None
    if len(seq):
        # The comments that stood before the removed first item stay before the list;
        # those after it now stand before the new first item.
        if rest:
            if before is None:
                before = []
                seq.ca.comment = [seq.ca.comment[0] if seq.ca.comment else None, before]
                entry = owner.ca.items.setdefault(key, [None, None, None, None])
                entry[3] = before
            before.append(CommentToken(rest, CommentMark(0)))
        return
    above = _comment_lines(before)
    if drop_empty:
        delete_key(owner, key, above + rest)
        return
    # The list is now empty: `key: []`, and every comment around it follows that line.
    seq.ca.comment = None
    if key in owner.ca.items and len(owner.ca.items[key]) > 3:
        owner.ca.items[key][3] = None
    seq.fa.set_flow_style()
    _give_rest((owner.ca.items, key, 2), above + rest)

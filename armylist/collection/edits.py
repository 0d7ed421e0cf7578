"""Writing the collection file: `collection init`, `add` and `remove`.

The same round-trip YAML and the same one writer as a list's edits: comments, key
order and layout stay as the player wrote them, the write is atomic, and a file that
changed since it was read is never overwritten.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from ruamel.yaml.comments import CommentedMap

from armylist.collection.boxes import box_names, find_box
from armylist.collection.model import COLLECTION_KEYS
from armylist.editing.yamldoc import ListDocument, ListFileError, delete_key, insert_key
from armylist.files import safewrite
from armylist.files.reading import UnusableFile, read_list_file
from armylist.gamedata.catalog import Catalog
from armylist.text.i18n import _
from armylist.text.names import did_you_mean, key

What = Literal["unit", "box"]
# The section of the file each kind of count is written under.
SECTION: dict[What, str] = {"unit": "units", "box": "boxes"}


class CollectionRefused(Exception):
    """An edit of the collection that cannot be made, and why."""


def starter_text() -> str:
    """A new collection file: its two keys, empty, with comments saying how to fill
    them."""
    return (
        _(
            "# My collection: the models I own (armylist collection).\n"
            "# units: models owned per unit, by its printed name or id.\n"
            "# boxes: boxes owned (Starter Set, or a unit's name for its unit box);\n"
            "#   each adds the models it holds (contents guessed: `armylist collection "
            "show` marks them).\n"
        )
        + "units: {}\nboxes: {}\n"
    )


def init_collection(path: Path, *, force: bool = False) -> None:
    """Write a new collection file; never over one that exists unless ``force``.
    Raises ``safewrite.TargetExists`` or ``OSError``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    safewrite.write_text(path, starter_text(), overwrite=force)


@dataclass(frozen=True)
class Changed:
    """An edit written: the name as printed and its count now (0: removed)."""

    name: str
    count: int


def _printed_name(catalog: Catalog, what: What, name: str) -> str:
    if what == "unit":
        unit = catalog.units.get(name)
        if unit is None or unit.summoned:
            raise CollectionRefused(
                _("no unit {name}{did_you_mean}").format(
                    name=repr(name),
                    did_you_mean=did_you_mean(name, catalog.units.names()),
                )
            )
        return unit.name
    box = find_box(catalog, name)
    if box is None:
        raise CollectionRefused(
            _("no box {name}{did_you_mean}").format(
                name=repr(name), did_you_mean=did_you_mean(name, box_names(catalog))
            )
        )
    return box.name


def change(
    path: Path, catalog: Catalog, what: What, name: str, by: int | None
) -> Changed:
    """Add ``by`` models (or boxes) of ``name`` to the collection; a negative ``by``
    takes them away, None removes the name. The file is created when missing.
    Raises `CollectionRefused`, ``safewrite.FileChanged`` or ``OSError``."""
    printed = _printed_name(catalog, what, name)
    try:
        read = read_list_file(path)
        text, expected = read.text, read.digest or None
    except UnusableFile as error:
        if error.kind != "missing":
            raise CollectionRefused(error.reason) from None
        text, expected = starter_text(), None
    try:
        document = ListDocument(text)
    except ListFileError as error:
        raise CollectionRefused(str(error)) from None
    section = _section(document, SECTION[what])
    found = next((k for k in section if key(str(k)) == key(printed)), None)
    if found is None:
        # The same unit written by its id or a plural counts as the same entry.
        found = next(
            (k for k in section if _same(catalog, what, str(k), printed)), None
        )
    count = int(section[found]) if found is not None else 0
    count = 0 if by is None else max(count + by, 0)
    if count == 0 and found is not None:
        delete_key(section, found)
    elif count and found is not None:
        section[found] = count
    elif count:
        insert_key(section, printed, count, ())
    if found is None and count == 0:
        raise CollectionRefused(
            _("the collection holds no {name}").format(name=printed)
        )
    new_text = document.text()
    if expected is None:
        path.parent.mkdir(parents=True, exist_ok=True)
        safewrite.write_text(path, new_text, overwrite=False)
    else:
        safewrite.write_text(path, new_text, expected=expected)
    return Changed(printed, count)


def _same(catalog: Catalog, what: What, written: str, printed: str) -> bool:
    if what == "unit":
        unit = catalog.units.get(written)
        return unit is not None and unit.name == printed
    box = find_box(catalog, written)
    return box is not None and box.name == printed


def _section(document: ListDocument, name: str) -> CommentedMap:
    section = document.data.get(name)
    if isinstance(section, CommentedMap):
        return section
    if section is not None and name in document.data:
        raise CollectionRefused(
            _("{key} is not a mapping of names and counts in the file").format(
                key=repr(name)
            )
        )
    fresh = CommentedMap()
    document.set_value(name, fresh, COLLECTION_KEYS)
    return fresh

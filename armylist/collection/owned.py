"""Reading a collection file into the models owned per unit.

A unit's count is the models written under `units:` plus those of every box owned
that holds it. A name that is no unit (or no box) is a problem at its line, with
"did you mean", as every other small file armylist reads.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from armylist.collection.boxes import Box, box_names, find_box
from armylist.collection.errors import CollectionError
from armylist.collection.model import COLLECTION_KEYS, CollectionFile
from armylist.files import smallfile, yamlsource
from armylist.files.reading import UnusableFile, read_list_file
from armylist.gamedata.catalog import Catalog
from armylist.text import wording
from armylist.text.i18n import _
from armylist.text.names import did_you_mean


@dataclass(frozen=True)
class Owned:
    """A collection read: the models owned per unit id (units written and boxes
    together), and the boxes it names with how many of each."""

    file: str
    models: dict[str, int]
    written: dict[str, int]
    boxes: tuple[tuple[Box, int], ...]

    def of(self, unit_id: str) -> int:
        """Models owned of a unit (0 when the collection does not name it)."""
        return self.models.get(unit_id, 0)


def _describe(item: Any, document: yamlsource.Document) -> smallfile.Located:
    at = smallfile.located(item, document)
    where = ".".join(str(part) for part in item["loc"])
    if item["type"] == "extra_forbidden":
        return smallfile.Located(
            at,
            _(
                "{key}: unknown key{did_you_mean}; a collection file has the keys {keys}"
            ).format(
                key=where,
                did_you_mean=did_you_mean(where, COLLECTION_KEYS),
                keys=", ".join(COLLECTION_KEYS),
            ),
        )
    return smallfile.Located(
        at,
        _("{key}: {value!r} is not {expected}").format(
            key=where,
            value=item["input"],
            expected=_("a whole number of 0 or more")
            if item["type"].startswith(("int", "greater"))
            else wording.expected(item["type"]),
        ),
    )


def read_collection(path: Path, catalog: Catalog) -> Owned:
    """Read a collection file; raises `CollectionError` naming each problem at its
    line (`file:line:column: message`)."""
    file = str(path)
    try:
        text = read_list_file(path).text
    except UnusableFile as error:
        raise CollectionError(
            _("cannot read the collection {file}: {reason}").format(
                file=file, reason=error.reason
            )
        ) from None
    try:
        written, document = smallfile.read_model(
            text,
            CollectionFile,
            file=file,
            shape=_(
                "a collection file is a mapping of keys ({keys}), e.g. "
                "`units: {{Zergling: 12}}`"
            ).format(keys=", ".join(COLLECTION_KEYS)),
            describe=_describe,
            empty=True,
        )
    except smallfile.FileProblem as problem:
        raise CollectionError(str(problem)) from None
    return _owned(file, written, document, catalog)


def _owned(
    file: str,
    written: CollectionFile,
    document: yamlsource.Document,
    catalog: Catalog,
) -> Owned:
    problems: list[str] = []
    models: Counter[str] = Counter()
    by_unit: dict[str, int] = {}
    for name, count in written.units.items():
        unit = catalog.units.get(name)
        if unit is None:
            at = document.where_key(("units", name))
            problems.append(
                _("{file}:{line}:{column}: units: no unit {name}{did_you_mean}").format(
                    file=file,
                    line=at.line,
                    column=at.column,
                    name=repr(name),
                    did_you_mean=did_you_mean(name, catalog.units.names()),
                )
            )
            continue
        models[unit.id] += count
        by_unit[unit.id] = by_unit.get(unit.id, 0) + count
    boxes: list[tuple[Box, int]] = []
    for name, count in written.boxes.items():
        box = find_box(catalog, name)
        if box is None:
            at = document.where_key(("boxes", name))
            problems.append(
                _("{file}:{line}:{column}: boxes: no box {name}{did_you_mean}").format(
                    file=file,
                    line=at.line,
                    column=at.column,
                    name=repr(name),
                    did_you_mean=did_you_mean(name, box_names(catalog)),
                )
            )
            continue
        boxes.append((box, count))
        for unit_id, held in box.models:
            models[unit_id] += held * count
    if problems:
        raise CollectionError("\n".join(problems))
    return Owned(file, dict(models), by_unit, tuple(boxes))

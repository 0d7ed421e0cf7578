"""A plain document reads its positions from its nodes: the very positions the full
build records, for every path asked, there or not."""

from __future__ import annotations

from typing import Any

import pytest
from projectpaths import ROOT

from armylist.files import yamlsource
from armylist.files.yamlsource import YamlPath

PLAIN = [
    *sorted((ROOT / "lists").glob("*.yaml")),
    "",
    "just text",
    "- a\n- [b, {c: 1}]\n-\n- {}\n",
    "name: x\nunits:\n  - unit: Marine\n    models: 0x10\n    upgrades: []\n"
    "missions: null\nminerals: 1_000\n'quoted': yes\n",
    "a:\n  b:\n    c:\n      - - 1\n        - 2\n",
]


def _full(text: str) -> yamlsource.Document:
    # The document as the full build records it, every position as it goes.
    builder = yamlsource._Builder(201)
    node = yamlsource.yaml.compose(text, Loader=yamlsource._Loader)
    if node is not None:
        builder.doc.data = builder.build(node, (), 0)
    return builder.doc


def _asked(document: yamlsource.Document) -> set[YamlPath]:
    paths: set[YamlPath] = {(), ("nothing",), (0,), (-1,), ("units", -1)}
    for path in [*document.values, *document.keys]:
        paths |= {path, (*path, "nothing"), (*path, 0), (*path, 99), (*path, -1)}
    return paths


@pytest.mark.parametrize("source", PLAIN, ids=str)
def test_plain_positions_are_the_full_builds(source: Any) -> None:
    text = source if isinstance(source, str) else source.read_text(encoding="utf-8")
    plain, full = yamlsource.load(text, max_items=201), _full(text)
    assert plain.data == full.data
    asked = _asked(full)
    # Asked one at a time (from the nodes), then from the maps read at once.
    where = {p: (plain.where(p), plain.where_key(p)) for p in asked}
    assert where == {p: (full.where(p), full.where_key(p)) for p in asked}
    assert plain.values == full.values
    assert plain.keys == full.keys
    assert list(plain.values) == list(full.values)


@pytest.mark.parametrize(
    "text",
    [
        "a: &x {b: 1}\nc: *x\n",  # an anchor and an alias
        "a: 1\na: 2\n",  # a duplicate key
        "base: {b: 1}\n<<: {c: 2}\n",  # a merge key
        "1: one\ntrue: yes\n",  # keys that are not text
        "a: !!binary aGk=\n",  # a tag of no plain value
    ],
)
def test_documents_off_the_plain_path_are_built_in_full(text: str) -> None:
    document = yamlsource.load(text)
    full = _full(text)
    assert (document.data, document.values, document.keys) == (
        full.data,
        full.values,
        full.keys,
    )
    assert [d.position for d in document.duplicates] == [
        d.position for d in full.duplicates
    ]

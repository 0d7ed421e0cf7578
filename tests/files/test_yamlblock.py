"""A document of the plainest block YAML is read by its lines (`yamlblock`): it must
be the very document libyaml's reading gives (values, their kinds, every place, in
order), and anything the line reader is not sure of is left to libyaml."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from projectpaths import LISTS
from test_mix_report import write_mix

from armylist.files import yamlblock, yamlsource

MOST_ITEMS = 100


def _by_libyaml(text: str, monkeypatch: pytest.MonkeyPatch) -> yamlsource.Document:
    with monkeypatch.context() as patch:
        patch.setattr(yamlblock, "read", lambda *args: None)
        return yamlsource.load(text, max_items=MOST_ITEMS)


def _quick(text: str) -> yamlblock.Read | None:
    return yamlblock.read(
        text,
        yamlsource._position,
        yamlsource.MAX_NODES,
        yamlsource.MAX_DEPTH,
        MOST_ITEMS,
    )


def _same(text: str, monkeypatch: pytest.MonkeyPatch) -> bool:
    """Whether the line reader read ``text`` (and then exactly as libyaml does)."""
    quick = _quick(text)
    if quick is None:
        return False
    full = _by_libyaml(text, monkeypatch)
    # repr: `1` is not `True`, nor `"1"`.
    assert repr(quick.data) == repr(full.data), text
    assert list(quick.values.items()) == list(full.values.items()), text
    assert list(quick.keys.items()) == list(full.keys.items()), text
    assert not full.duplicates and not full.lengths
    loaded = yamlsource.load(text, max_items=MOST_ITEMS)
    assert (loaded.data, loaded.values, loaded.keys) == quick
    return True


def test_every_generated_and_bundled_list_is_read_by_its_lines(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_mix(tmp_path)
    files = sorted(tmp_path.rglob("*.yaml")) + sorted(LISTS.glob("*.yaml"))
    read = [_same(f.read_text(encoding="utf-8"), monkeypatch) for f in files]
    # The generated lists are of the plainest kind but the few spoilt on purpose
    # (a `units: [` left open); the bundled ones have comments, left to libyaml.
    assert sum(read) >= 70


@pytest.mark.parametrize(
    "text",
    [
        "name: x\n",
        "- a\n- b c\n",
        "units:\n- unit: Marine\n  models: 2\n  upgrades:\n  - Stim\n- unit: X\n",
        "units:\n  - unit: Marine\n    upgrades:\n      - Stim\n",
        "a:\n  b:\n    c: 1\n  d: e\n",
        "- x: 1\n  y:\n  - z\n  w: v\n",
        "name: Ñandú 2\nplayer: O'Neil\n\n  \nscale: skirmish\n",
        "minerals: 0123\n",
        "name: yes-man\n",
        "# a list\nname: x # its name\n  # said\nunits: # below\n# none\n- a  #\n",
        "# § 9.1 — é 😀\nname: x # § — 😀\n",
        "units:\n- unit: A\n  upgrades: [B, C d, 007]\n  models: 2\nmissions: []\n",
        "a: [O'Neil (x), b-c]  # two\nb: [x]\n",
        "units:\n- unit: A # ok\n  # upgrades\n  upgrades: # for A\n  - B #\n#\n",
    ],
)
def test_plain_block_yaml_is_read_by_its_lines(
    text: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert _same(text, monkeypatch)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "just text\n",
        "a: x#c\n",  # no comment: a value with a '#'
        "a: x # \x07\n",  # a character libyaml refuses, even in a comment
        "a: x # \x85 b: c\n",  # a line break of YAML's own
        "a: x # \u2028b: c\n",
        "a: x # \xa0\n",  # allowed in a comment, not printable: libyaml's to judge
        "a: x #\tb\n",
        "# \u200b\na: x\n",
        "a: [b,c]\n",
        "a: [ b ]\n",
        "a: [b, c] x\n",
        "- [a]\n",
        "a: [b, 1.5]\n",
        "a: [b, yes]\n",
        "a: [b, [c]]\n",
        "a: [b, c: d]\n",
        "a: [b, 'c']\n",
        "name: 'quoted'\n",
        "name:\n",  # an empty value
        "name:\nscale: x\n",
        "name: a\n  b\n",  # a value continued on the next line
        "name:\n  a\n",
        "a: 1\na: 2\n",  # a duplicate key
        "yes: 1\n",  # a key that is no text
        "on: x\n",
        "a: yes\n",  # a value that is no text or digits
        "a: null\n",
        "a: 1.5\n",
        "a: 2026-05-01\n",
        "a: 1_000\n",
        "a: 0x1F\n",
        "a: -3\n",
        "a: " + "9" * 200 + "\n",
        "a: x\r\nb: y\r\n",
        "a: x \n",  # a trailing space
        "a:  x\n",
        "a:\tx\n",
        "--- \na: x\n",
        "a: x\n...\n",
        "  a: x\n",  # an indented document
        "a: x\n- b\n",
        "a:\n- b\nc\n",
        "- - a\n",
        "-  a\n",
        "- a\n  - b\n",
        "a:\n  b: 1\n c: 2\n",
        "- a: 1\n   b: 2\n",
        "a: b: c\n",
        "a: x\u2028y\n",
        "a: x\x85y\n",
    ],
)
def test_anything_else_is_left_to_libyaml(text: str) -> None:
    assert _quick(text) is None


def test_a_sequence_longer_than_asked_is_left_to_libyaml() -> None:
    text = "".join(f"- x{i}\n" for i in range(MOST_ITEMS + 1))
    assert _quick(text) is None
    document = yamlsource.load(text, max_items=MOST_ITEMS)
    assert document.lengths == {(): MOST_ITEMS + 1}
    flow = "a: [" + ", ".join(f"x{i}" for i in range(MOST_ITEMS + 1)) + "]\n"
    assert _quick(flow) is None
    assert yamlsource.load(flow, max_items=MOST_ITEMS).lengths == {
        ("a",): MOST_ITEMS + 1
    }


# What the line reader reads, and what it must leave to libyaml.
_PLAIN_KEYS = st.sampled_from(["a", "b", "units", "x_1", "A"])
_PLAIN_VALUES = st.sampled_from(
    ["x", "Zealot", "Power Field", "a b", "1", "0", "007", "é", "O'Neil", "(a)"]
)
_ODD_KEYS = _PLAIN_KEYS | st.sampled_from(["yes", "null", "on"])
_ODD_VALUES = _PLAIN_VALUES | st.sampled_from(
    [
        "1_0",
        "1.5",
        "yes",
        "No",
        "null",
        "a-b",
        "a/b",
        "+1",
        "2026-01-01",
        "1e3",
        ".5",
        "x:y",
        "x #y",
        "'q'",
        "~",
        "",
    ]
)


def _block(value: object, indent: int, step: int, style: str) -> list[str]:
    """``value`` (a mapping or a sequence of them, of scalars' texts) in block YAML,
    each level ``step`` deeper; a sequence under its key's column (``style`` flush),
    a key's sequence of scalars written `[a, b]` (flow) or each line commented."""
    pad = " " * indent
    lines = []
    if isinstance(value, dict):
        for key, child in value.items():
            if style == "flow" and isinstance(child, list) and _all_scalars(child):
                lines.append(f"{pad}{key}: [{', '.join(map(str, child))}]")
            elif isinstance(child, dict | list) and child:
                lines.append(f"{pad}{key}:")
                flush = style == "flush" and isinstance(child, list)
                lines += _block(child, indent if flush else indent + step, step, style)
            else:
                lines.append(f"{pad}{key}: {child}")
    else:
        assert isinstance(value, list)
        for item in value:
            if isinstance(item, dict | list) and item:
                inner = _block(item, indent + 2, step, style)
                lines += [f"{pad}- {inner[0][indent + 2 :]}", *inner[1:]]
            else:
                lines.append(f"{pad}- {item}")
    if style == "comments":
        return [f"{line} # {i}" for i, line in enumerate(lines)] + [" # end"]
    return lines


def _all_scalars(items: list[object]) -> bool:
    return not any(isinstance(item, dict | list) for item in items)


def _trees(keys: st.SearchStrategy[str], values: st.SearchStrategy[str]) -> Any:
    tree = st.recursive(
        values,
        lambda children: (
            st.lists(children, min_size=1, max_size=4)
            | st.dictionaries(keys, children, min_size=1, max_size=4)
        ),
        max_leaves=12,
    )
    return st.dictionaries(keys, tree, min_size=1, max_size=4) | st.lists(
        tree, min_size=1
    )


@settings(max_examples=400, deadline=None)
@given(
    _trees(_PLAIN_KEYS, _PLAIN_VALUES) | _trees(_ODD_KEYS, _ODD_VALUES),
    st.integers(1, 4),
    st.sampled_from(["indented", "flush", "flow", "comments"]),
)
def test_any_text_the_line_reader_reads_is_read_as_libyaml_reads_it(
    tree: dict[str, object] | list[object], step: int, style: str
) -> None:
    text = "\n".join(_block(tree, 0, step, style)) + "\n"
    quick = _quick(text)
    if quick is None:
        return
    # No monkeypatch in a property: the full build is yamlsource's own.
    full = yamlsource._Builder(MOST_ITEMS)
    node = yamlsource.yaml.compose(text, Loader=yamlsource._Loader)
    full.doc.data = full.build(node, (), 0)
    assert repr(quick.data) == repr(full.doc.data), text
    assert list(quick.values.items()) == list(full.doc.values.items()), text
    assert list(quick.keys.items()) == list(full.doc.keys.items()), text

"""Round-trip editing keeps a person's comments, key order and layout."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from projectpaths import LISTS
from ruamel.yaml.comments import CommentedMap

from armylist.editing.yamldoc import (
    ListDocument,
    ListFileError,
    append_item,
    insert_key,
    remove_item,
)

COMMENTED = """\
# My list for Saturday
name: Saturday   # the club night
scale: standard
faction: Raynor's Raiders
tactical_cards:
# cards for Core
- Barracks  # cheap
# the big one
- Barracks (Proxy)
- Academy   # medics
# end of cards

# the army
units:
# anvil
- unit: Marine   # front line
  models: 9

# second squad
- unit: Marine
  models: 6
  upgrades: [Combat Shield] # keep
# hero
- unit: Jim Raynor  # Jim
missions: []  # none yet

# Deployments
deployments: [Gauntlet]
"""


def full_line_comments(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip().startswith("#")]


def data(text: str) -> object:
    return yaml.safe_load(text)


@pytest.mark.parametrize("path", sorted(LISTS.glob("*.yaml")), ids=lambda p: p.name)
def test_every_example_list_round_trips_byte_for_byte(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert ListDocument(text).text() == text


def test_unchanged_commented_list_round_trips() -> None:
    assert ListDocument(COMMENTED).text() == COMMENTED


@pytest.mark.parametrize("index", [0, 1, 2])
def test_removing_a_unit_keeps_every_full_line_comment(index: int) -> None:
    doc = ListDocument(COMMENTED)
    remove_item(doc.data, "units", index)
    text = doc.text()
    expected = data(COMMENTED)
    assert isinstance(expected, dict)
    del expected["units"][index]
    assert data(text) == expected
    assert full_line_comments(text) == full_line_comments(COMMENTED)
    assert "# my list" not in text  # no comment invented
    assert "name: Saturday   # the club night" in text


def test_removing_a_unit_takes_only_its_own_end_of_line_comment() -> None:
    doc = ListDocument(COMMENTED)
    remove_item(doc.data, "units", 0)
    text = doc.text()
    assert "# front line" not in text
    assert "- unit: Jim Raynor  # Jim" in text
    assert "upgrades: [Combat Shield] # keep" in text


@pytest.mark.parametrize("index", [0, 1, 2])
def test_removing_a_card_keeps_the_other_comments(index: int) -> None:
    doc = ListDocument(COMMENTED)
    remove_item(doc.data, "tactical_cards", index)
    text = doc.text()
    assert full_line_comments(text) == full_line_comments(COMMENTED)
    own = ["# cheap", "# the big one", "# medics"][index]
    others = [c for c in ("# cheap", "# medics") if c != own]
    for comment in others:
        assert comment in text


def test_emptying_a_list_writes_brackets_and_keeps_comments_after_it() -> None:
    doc = ListDocument(COMMENTED)
    for _ in range(3):
        remove_item(doc.data, "units", 0)
    text = doc.text()
    assert "units: []" in text
    assert data(text)["units"] == []  # type: ignore[index]
    assert full_line_comments(text) == full_line_comments(COMMENTED)
    assert text.index("units: []") < text.index("# Deployments")


def test_appending_goes_after_the_last_item_and_before_the_comments_that_follow() -> (
    None
):
    doc = ListDocument(COMMENTED)
    append_item(doc.data, "tactical_cards", "Factory")
    entry = CommentedMap()
    entry["unit"] = "Medic"
    append_item(doc.data, "units", entry)
    append_item(doc.data, "deployments", "Typhoon")
    text = doc.text()
    assert text.index("- Academy   # medics") < text.index("- Factory")
    assert text.index("- Factory") < text.index("# end of cards")
    assert text.index("- unit: Jim Raynor") < text.index("- unit: Medic")
    assert "deployments: [Gauntlet, Typhoon]" in text
    assert full_line_comments(text) == full_line_comments(COMMENTED)


def test_appending_to_empty_brackets_makes_a_block_list_under_its_header() -> None:
    text = "faction: Zerg Swarm\n\n# cards here\ntactical_cards: []\n\n# units\nunits: []\n"
    doc = ListDocument(text)
    append_item(doc.data, "tactical_cards", "Spawning Pool")
    entry = CommentedMap()
    entry["unit"] = "Zergling"
    entry["models"] = 8
    append_item(doc.data, "units", entry)
    assert doc.text() == (
        "faction: Zerg Swarm\n\n# cards here\ntactical_cards:\n  - Spawning Pool\n\n"
        "# units\nunits:\n  - unit: Zergling\n    models: 8\n"
    )


def test_a_new_key_goes_in_order_and_keeps_the_next_key_header_above_it() -> None:
    text = "name: x\nfaction: Zerg Swarm\n\n# the army\nunits: []\n"
    doc = ListDocument(text)
    insert_key(doc.data, "scale", "skirmish", ("name", "scale", "faction", "units"))
    insert_key(
        doc.data,
        "tactical_cards",
        [],
        ("name", "scale", "faction", "tactical_cards", "units"),
    )
    out = doc.text()
    assert out.splitlines()[:3] == ["name: x", "scale: skirmish", "faction: Zerg Swarm"]
    assert out.index("tactical_cards") < out.index("# the army") < out.index("units:")


@pytest.mark.parametrize(
    ("layout", "expected"),
    [
        ("units:\n- unit: Marine\n  models: 9\n", "- unit: Medic\n"),
        ("units:\n  - unit: Marine\n    models: 9\n", "  - unit: Medic\n"),
        ("units:\n    -   unit: Marine\n        models: 9\n", "    -   unit: Medic\n"),
    ],
)
def test_new_items_follow_the_file_indentation(layout: str, expected: str) -> None:
    doc = ListDocument(layout)
    entry = CommentedMap()
    entry["unit"] = "Medic"
    append_item(doc.data, "units", entry)
    assert doc.text() == layout + expected


@pytest.mark.parametrize(
    "text", ["- a\n- b\n", "just text\n", "a: [1\n", "a: 1\na: 2\n"]
)
def test_what_is_not_a_list_mapping_cannot_be_edited(text: str) -> None:
    with pytest.raises(ListFileError):
        ListDocument(text)


def test_long_lines_and_quotes_are_not_rewritten() -> None:
    long_name = "A " + "very " * 30 + "long name"
    text = f"name: '{long_name}'\nplayer: \"Jim\"\nunits: []\n"
    doc = ListDocument(text)
    append_item(doc.data, "units", CommentedMap(unit="Medic"))
    out = doc.text()
    assert out.startswith(f"name: '{long_name}'\nplayer: \"Jim\"\n")
    assert re.search(r"^  - unit: Medic$", out, re.M)


def test_flow_units_with_one_key_keep_their_braces() -> None:
    text = (
        "scale: standard\nfaction: Raynor's Raiders\n"
        "units: [{unit: Jim Raynor}, {unit: Medic, models: 3}]\n"
    )
    assert ListDocument(text).text() == text
    doc = ListDocument(text)
    append_item(doc.data, "units", CommentedMap(unit="Goliath"))
    assert "units: [{unit: Jim Raynor}, {unit: Medic, models: 3}, {unit: Goliath}]" in (
        doc.text()
    )


def test_a_list_of_comments_only_keeps_them_when_a_key_is_set() -> None:
    text = "# Notes for Saturday\n\n# bring the Goliath\n"
    doc = ListDocument(text)
    doc.set_value("faction", "Raynor's Raiders")
    written = doc.text()
    assert written.startswith(text)
    assert data(written) == {"faction": "Raynor's Raiders"}

"""A player reading a card's source, note or a data comment can look every source up.

Each name cited in `factions/*.yaml` must be one that docs/data-sources.md explains, and no
text may point at a document the package does not ship or at shorthand defined only there.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from armylist.gamedata.catalog import Catalog

ROOT = Path(__file__).resolve().parents[2]
SOURCES_DOC = ROOT / "docs" / "data-sources.md"
CONVENTIONS = ROOT / "docs" / "conventions.md"

# The shorthand of the maintainers' private source key: meaningless to a reader of the data.
PRIVATE_SHORTHAND = re.compile(r"\b(?:CS|MK|FN|AN|LG|SM|DJr?|AX|BC|PL)\b")
PRIVATE_REFERENCES = re.compile(
    r"DATA\.md|§\s*\d+\s+rows?\b|\brows? \d+\b|game-data brief"
)
FILE_NAME = re.compile(r"[\w./-]+\.(?:md|txt|json|ya?ml)\b")
# "<someone>'s catalog/fork/transcription": a third-party source named in prose.
THIRD_PARTY = re.compile(
    r"\b[\w-]+'s (?:card-sheet transcription|transcription|catalog|fork|"
    r"extraction|builder|data)\b"
)
TEXT_KEYS = ("source", "note", "convention")


def _cited_names() -> list[str]:
    """The first column of the doc's table: the names the data may cite."""
    text = SOURCES_DOC.read_text(encoding="utf-8")
    return re.findall(r"^\| `([^`]+)` \|", text, flags=re.MULTILINE)


def _texts(node: Any, path: str) -> Iterator[tuple[str, str, str]]:
    """Every (path, key, text) under a `source`, `note` or `convention` key."""
    if isinstance(node, dict):
        for key, value in node.items():
            where = f"{path}.{key}"
            if key in TEXT_KEYS and isinstance(value, str):
                yield where, str(key), value
            else:
                yield from _texts(value, where)
    elif isinstance(node, list):
        for index, item in enumerate(node):
            yield from _texts(item, f"{path}[{index}]")


def _comments(path: Path) -> Iterator[tuple[str, str]]:
    """Every comment with its line; a '#' inside a quoted note only adds text to check."""
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        match = re.search(r"(?:^|\s)#(.*)$", line)
        if match:
            yield f"{path.name}:{number}", match.group(1)


def _top_level_parts(source: str) -> list[str]:
    """Split a `source` at '; ' outside parentheses: one part per cited source."""
    parts, depth, start = [], 0, 0
    for index, char in enumerate(source):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if char == ";" and depth == 0:
            parts.append(source[start:index])
            start = index + 1
    return [part.strip() for part in [*parts, source[start:]]]


def _all_prose(data_dir: Path) -> Iterator[tuple[str, str, str]]:
    for path in sorted(data_dir.glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        yield from _texts(data, path.name)
        for where, comment in _comments(path):
            yield where, "comment", comment


def test_the_doc_names_the_sources_it_explains() -> None:
    names = _cited_names()
    assert {"rulebook v1.0", "card sheet"} <= set(names)
    text = SOURCES_DOC.read_text(encoding="utf-8")
    for name in names:
        # Each name in the table has its own section saying what it is and what we take.
        assert f"### `{name}`" in text, name


def test_no_text_in_the_data_points_at_a_document_the_package_lacks(
    data_dir: Path,
) -> None:
    bad = []
    for where, key, text in _all_prose(data_dir):
        for pattern in (PRIVATE_SHORTHAND, PRIVATE_REFERENCES):
            bad += [f"{where} ({key}): {m.group(0)!r}" for m in pattern.finditer(text)]
        bad += [
            f"{where} ({key}): {m.group(0)!r} is not in the project"
            for m in FILE_NAME.finditer(text)
            if not (ROOT / m.group(0)).is_file()
        ]
    assert bad == []


def test_every_third_party_named_in_the_data_is_explained(data_dir: Path) -> None:
    names = _cited_names()
    unknown = [
        f"{where} ({key}): {m.group(0)!r}"
        for where, key, text in _all_prose(data_dir)
        for m in THIRD_PARTY.finditer(text)
        if m.group(0) not in names
    ]
    assert unknown == []


def test_every_source_field_starts_with_an_explained_source(data_dir: Path) -> None:
    names = tuple(_cited_names())
    unexplained = [
        f"{where}: {part!r}"
        for where, key, text in _all_prose(data_dir)
        if key == "source"
        for part in _top_level_parts(text)
        if not part.startswith(names)
    ]
    assert unexplained == []


def test_grand_offensive_scenario_cards_and_terrain_are_marked_as_a_convention(
    catalog: Catalog,
) -> None:
    grand = catalog.scale("grand-offensive")
    assert grand is not None
    # The behaviour stays: Standard cards and a D6 for the pre-designed map.
    assert (grand.scenario_scale, grand.terrain_die) == ("standard", "D6")
    assert grand.convention is not None
    for words in ("Standard Mission and Deployment Cards", "D6", "official answer"):
        assert words in grand.convention
    # Standard and Skirmish print their own cards and die: nothing to mark there.
    others = [catalog.scale(s) for s in ("skirmish", "standard")]
    assert [s.convention for s in others if s] == [None, None]


@pytest.mark.parametrize("needle", ["Grand Offensive", "D6", "Standard Mission"])
def test_the_docs_list_the_grand_offensive_convention(needle: str) -> None:
    text = CONVENTIONS.read_text(encoding="utf-8")
    assert text.startswith("# Known conventions"), "docs/conventions.md has no title"
    assert needle in text


# The pages of each race's card-sheet PDF, as a PDF reader numbers them.
SHEET_PAGES = {"Terran": 14, "Zerg": 20, "Protoss": 14}
PAGE = re.compile(r"\b(Terran|Zerg|Protoss) (?:pp|p|pages )(\d+)(?:-(\d+))?")


def test_every_card_sheet_page_is_one_a_pdf_reader_can_open(data_dir: Path) -> None:
    """A citation names the page a player turns to: counted from 1, never 'p0'."""
    bad = []
    for where, key, text in _all_prose(data_dir):
        for match in PAGE.finditer(text):
            race, pages = match.group(1), [match.group(2), match.group(3)]
            for page in (int(p) for p in pages if p is not None):
                if not 1 <= page <= SHEET_PAGES[race]:
                    bad.append(f"{where} ({key}): {match.group(0)!r}")
    assert bad == []


def test_the_marine_cites_the_first_page_of_the_terran_sheet(
    catalog: Catalog,
) -> None:
    marine = catalog.units.get("Marine")
    assert marine is not None
    assert "card sheet Terran p1 " in marine.source

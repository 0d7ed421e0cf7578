"""The documentation a person reads: the README (the front door) and the site's pages.

In the order the tests run their commands: the README, then the pages in the order of
mkdocs.yml's `nav`. In Spanish, README.es.md, then each page's `.es.md` translation, or
the English page where the site shows it untranslated (the reference notes kept in
English). A page added to the site's `nav` later is picked up without touching a test.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import yaml
from projectpaths import ROOT

DOCS = ROOT / "docs"
MKDOCS = ROOT / "mkdocs.yml"
# The pages the site shows in English in both languages: notes for developers and
# translators, and the reference behind a page that is translated.
ENGLISH_ONLY = frozenset(
    {"combat.md", "data-format.md", "data-sources.md", "glossary-es.md"}
)


@dataclass(frozen=True)
class Page:
    """A documentation file: its path from the project's root, and its text."""

    name: str
    text: str


def _flatten(node: Any) -> list[str]:
    if isinstance(node, str):
        return [node]
    if isinstance(node, list):
        return [page for item in node for page in _flatten(item)]
    if isinstance(node, dict):
        return [page for value in node.values() for page in _flatten(value)]
    return []


@cache
def nav() -> tuple[str, ...]:
    """The site's pages (their paths under docs/), in the order of its navigation."""
    config = yaml.safe_load(MKDOCS.read_text(encoding="utf-8"))
    return tuple(_flatten(config["nav"]))


def spanish_name(page: str) -> str:
    """The Spanish translation's path under docs/ of an English page."""
    return page.removesuffix(".md") + ".es.md"


def _page(path: Path) -> Page:
    return Page(path.relative_to(ROOT).as_posix(), path.read_text(encoding="utf-8"))


@cache
def english() -> tuple[Page, ...]:
    return (_page(ROOT / "README.md"), *(_page(DOCS / page) for page in nav()))


@cache
def spanish() -> tuple[Page, ...]:
    pages = [_page(ROOT / "README.es.md")]
    for page in nav():
        translated = DOCS / spanish_name(page)
        pages.append(_page(translated if translated.exists() else DOCS / page))
    return tuple(pages)


def page(name: str) -> Page:
    """One file of the documentation by its path from the root (`docs/rules.md`)."""
    return _page(ROOT / name)

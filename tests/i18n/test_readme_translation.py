"""The Spanish docs keep in step with the English ones: README.es.md with README.md and each
page's `.es.md` with its page (tests/docpages.py) have the same sections, heading by heading
(their levels, in order), and the same `armylist` commands in their shell code blocks, in
the same order; every page of the site has its translation but the reference notes kept in
English; README.md links to README.es.md from its top; and the README's links lead to files
that exist."""

from __future__ import annotations

import re
from pathlib import Path

import docpages
import pytest
import test_readme
from projectpaths import ROOT

from armylist.rules.listing import markdown_table
from armylist.text import i18n

ENGLISH = ROOT / "README.md"
SPANISH = ROOT / "README.es.md"
HEADING = re.compile(r"^(#{1,6})\s+(.+?)\s*#*\s*$")
LANG = re.compile(r"\s--lang(?:=|\s+)es\b")
# A Markdown link to a file of the project: `[text](docs/page.md#anchor)`.
LINK = re.compile(r"\]\((?!https?://|#|mailto:)([^)#\s]+)(?:#[^)]*)?\)")


def headings(text: str) -> list[tuple[int, str]]:
    """(level, title) of every Markdown heading outside code blocks."""
    found, fenced = [], False
    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        match = None if fenced else HEADING.match(line)
        if match:
            found.append((len(match.group(1)), match.group(2)))
    return found


def commands(text: str) -> list[str]:
    """The `armylist` commands of the shell blocks, as written, without their comments
    (translated) and without a `--lang es` the translation may add."""
    found = []
    for block in test_readme.blocks(text):
        if block.language not in test_readme.SHELL_BLOCKS:
            continue
        for _, line in test_readme.command_lines(block):
            command, _ = test_readme.split_comment(line)
            if command.startswith("armylist "):
                found.append(" ".join(LANG.sub(" ", command).split()))
    return found


def pairs() -> list[tuple[docpages.Page, docpages.Page]]:
    """Each English file of the docs with its Spanish translation."""
    return [
        (en, es)
        for en, es in zip(docpages.english(), docpages.spanish(), strict=True)
        if en.name != es.name
    ]


def test_every_page_has_its_spanish_translation() -> None:
    missing = [
        page
        for page in docpages.nav()
        if page not in docpages.ENGLISH_ONLY
        and not (docpages.DOCS / docpages.spanish_name(page)).exists()
    ]
    assert missing == []
    assert len(pairs()) == 1 + len(docpages.nav()) - len(docpages.ENGLISH_ONLY)


@pytest.mark.parametrize("pair", pairs(), ids=lambda pair: pair[1].name)
def test_the_spanish_page_has_the_same_sections(
    pair: tuple[docpages.Page, docpages.Page],
) -> None:
    english, spanish = (headings(page.text) for page in pair)
    levels = [level for level, _ in english]
    assert [level for level, _ in spanish] == levels, "\n".join(
        f"{'#' * a[0]} {a[1]}  |  {'#' * b[0]} {b[1]}"
        for a, b in zip(english, spanish, strict=False)
        if a[0] != b[0]
    )


@pytest.mark.parametrize("pair", pairs(), ids=lambda pair: pair[1].name)
def test_the_spanish_page_shows_the_same_commands(
    pair: tuple[docpages.Page, docpages.Page],
) -> None:
    english, spanish = (commands(page.text) for page in pair)
    missing = [c for c in english if c not in spanish]
    extra = [c for c in spanish if c not in english]
    assert (missing, extra) == ([], []), "\n".join(
        [
            *(f"only in {pair[0].name}: {c}" for c in missing),
            *(f"only in {pair[1].name}: {c}" for c in extra),
        ]
    )
    assert spanish == english  # and in the same order


def test_the_spanish_docs_show_the_same_commands_in_the_same_order() -> None:
    english = [c for page in docpages.english() for c in commands(page.text)]
    spanish = [c for page in docpages.spanish() for c in commands(page.text)]
    assert spanish == english


def test_the_readme_links_to_its_spanish_translation() -> None:
    top = ENGLISH.read_text(encoding="utf-8").splitlines()[:5]
    assert "Leer en español: [README.es.md](README.es.md)" in top


@pytest.mark.parametrize("readme", [ENGLISH, SPANISH], ids=lambda path: path.name)
def test_the_readme_links_lead_to_files_that_exist(readme: Path) -> None:
    # GitHub shows the README and opens its links to the site's pages as they are.
    targets = LINK.findall(readme.read_text(encoding="utf-8"))
    assert any(target.startswith("docs/") for target in targets)
    assert [t for t in targets if not (ROOT / t).exists()] == []


def test_the_rule_tables_are_what_armylist_rules_prints() -> None:
    # `armylist rules --markdown` in each language, pasted: a rule's summary,
    # severity or reference changed in the code shows here until both are pasted again.
    assert markdown_table() in docpages.page("docs/rules.md").text
    i18n.use(i18n.SPANISH)
    assert markdown_table() in docpages.page("docs/rules.es.md").text


def test_the_spanish_add_example_prints_what_the_tool_prints(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    i18n.use(i18n.SPANISH)
    shown, printed = test_readme.add_example(
        docpages.spanish(), ": se añadió Marine", tmp_path, monkeypatch
    )
    for line in shown:
        assert " ".join(line.split()) in printed, (line, sorted(printed))

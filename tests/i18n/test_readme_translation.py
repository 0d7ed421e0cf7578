"""README.es.md keeps in step with README.md: the same sections, heading by heading (their
levels, in order), and the same `armylist` commands in its shell code blocks, in the
same order; and README.md links to it from its top."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import test_readme
from projectpaths import ROOT

from armylist.rules import markdown_table
from armylist.text import i18n

ENGLISH = ROOT / "README.md"
SPANISH = ROOT / "README.es.md"
HEADING = re.compile(r"^(#{1,6})\s+(.+?)\s*#*\s*$")
LANG = re.compile(r"\s--lang(?:=|\s+)es\b")


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


def test_the_spanish_readme_has_the_same_sections() -> None:
    english = headings(ENGLISH.read_text(encoding="utf-8"))
    spanish = headings(SPANISH.read_text(encoding="utf-8"))
    levels = [level for level, _ in english]
    assert [level for level, _ in spanish] == levels, "\n".join(
        f"{'#' * a[0]} {a[1]}  |  {'#' * b[0]} {b[1]}"
        for a, b in zip(english, spanish, strict=False)
        if a[0] != b[0]
    )


def test_the_spanish_readme_shows_the_same_commands() -> None:
    english = commands(ENGLISH.read_text(encoding="utf-8"))
    spanish = commands(SPANISH.read_text(encoding="utf-8"))
    missing = [c for c in english if c not in spanish]
    extra = [c for c in spanish if c not in english]
    assert (missing, extra) == ([], []), "\n".join(
        [
            *(f"only in README.md: {c}" for c in missing),
            *(f"only in README.es.md: {c}" for c in extra),
        ]
    )
    assert spanish == english  # and in the same order


def test_the_readme_links_to_its_spanish_translation() -> None:
    top = ENGLISH.read_text(encoding="utf-8").splitlines()[:5]
    assert "Leer en español: [README.es.md](README.es.md)" in top


def test_the_rule_tables_are_what_armylist_rules_prints() -> None:
    # `armylist rules --markdown` in each language, pasted: a rule's summary,
    # severity or reference changed in the code shows here until both are pasted again.
    assert markdown_table() in ENGLISH.read_text(encoding="utf-8")
    i18n.use(i18n.SPANISH)
    assert markdown_table() in SPANISH.read_text(encoding="utf-8")


def test_the_spanish_add_example_prints_what_the_tool_prints(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    i18n.use(i18n.SPANISH)
    text = SPANISH.read_text(encoding="utf-8")
    shown, printed = test_readme.add_example(
        text, ": se añadió Marine", tmp_path, monkeypatch
    )
    for line in shown:
        assert " ".join(line.split()) in printed, (line, sorted(printed))

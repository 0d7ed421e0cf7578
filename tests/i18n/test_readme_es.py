"""The docs in Spanish: every command of the documentation test (the README and the
site's pages), run with `--lang es`,
exits as in English and prints no English sentence.

Each language runs in a process of its own started with `ARMYLIST_LANG`
(`readme_runner.py`), as a user's shell would start armylist. A line of the Spanish
output is English when the English output has the very same line and it holds a word
of three letters or more that is no name: not a unit, card, upgrade, weapon, keyword or
faction name of the game data, not a rule code or name, a command, an option, a file
name or path, nor one of the game's terms the glossary keeps in English.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from functools import cache
from pathlib import Path
from typing import Any

import test_readme
import yaml
from projectpaths import ROOT

from armylist.cli.registry import COMMANDS
from armylist.rules.listing import RULES

RUNNER = Path(__file__).with_name("readme_runner.py")
GLOSSARY = ROOT / "docs" / "glossary-es.md"
SHOWN = 60  # English lines listed in full; the rest counted
# What is no sentence of its own: code, paths and file names, options, URLs.
NOT_WORDS = re.compile(
    r"`[^`]*`"
    r"|\S*[/\\]\S*"
    r"|\S+\.(?:ya?ml|json|csv|md|html|txt|xml|po)\b"
    r"|(?<![\w-])--?[A-Za-z][\w-]*"
    r"|https?://\S+"
    r"|::[a-z]+(?:\s[^:]*)?::"  # GitHub workflow commands (`::endgroup::`)
    r"|\b[0-9a-f]{4}(?:-[0-9a-f]{4}){3}\b"  # a fingerprint
    r"|^\s*armylist\s.*$"  # a command to run next
)
WORD = re.compile(r"[^\W\d_][^\W\d_'’]*(?:-[^\W\d_]+)*")
# Words of the frame that are names in both languages, and words Spanish spells as
# English does.
NAMES = {"armylist", "yaml", "json", "text", "github", "junit", "markdown", "discord"}
SAME_IN_SPANISH = {
    *("total", "error", "legal", "final", "normal", "plan", "base", "panel"),
    *("similar", "simple", "visible", "general", "ideal", "real", "local"),
    *("provisional", "español"),
}
HTML_STYLE = re.compile(r"<style>.*?</style>", re.DOTALL)
HTML_TAG = re.compile(r"<[^>]*>")
# The keys of JSON output whose values a person reads (the rest is machine output).
HUMAN_KEYS = {"message", "hint"}
# The YAML files printed on stdout (an imported list, a starter list, a game record):
# only their comments are text to read.
YAML_FILE_KEYS = {"faction", "units", "players", "rounds", "red", "blue"}


def _strings(node: Any, key: str = "") -> Iterator[tuple[str, str]]:
    """Every string of a loaded YAML or JSON document, with the key it is under."""
    if isinstance(node, dict):
        for k, value in node.items():
            yield from _strings(value, str(k))
    elif isinstance(node, list):
        for item in node:
            yield from _strings(item, key)
    elif isinstance(node, str):
        yield key, node


def _is_name(key: str, text: str) -> bool:
    """Whether a string of the game data is a name: a `name`/`id`-like value, a tag."""
    return (
        key in ("name", "id", "race", "unit", "weapon", "upgrade", "card", "for")
        or key.endswith(("tags", "keywords", "names"))
        or (len(text) <= 40 and text[:1].isupper())
    )


@cache
def allowed() -> frozenset[str]:
    """The words that may stay as they are (casefolded)."""
    words = {*NAMES, *SAME_IN_SPANISH}
    named = [*(ROOT / "factions").glob("*.yaml"), *(ROOT / "lists").rglob("*.yaml")]
    named += (ROOT / "docs" / "event-example").rglob("*.yaml")
    texts = [data.read_text(encoding="utf-8") for data in sorted(named)]
    # And the files the docs' yaml blocks write for their commands (players, events).
    written = test_readme.files_in(test_readme.DOCS)
    texts += written.values()
    # A player named after a list file (`draft alice.yaml bob.yaml`), a page named
    # after its folder (`export rosters/`): the names of the files and folders used.
    for command in test_readme.commands_in(test_readme.DOCS):
        for token in (*written, *command.args):
            if "/" in token or "." in token:
                words.update(WORD.findall(token.casefold()))
    # The names other builders' files give their lists (a New Recruit roster).
    for other in sorted((ROOT / "lists").rglob("*.json")):
        for key, value in _strings(json.loads(other.read_text(encoding="utf-8"))):
            if _is_name(key, value):
                words.update(w.casefold() for w in WORD.findall(value))
    for text in texts:
        try:
            document = yaml.safe_load(text)
        except yaml.YAMLError:
            continue
        for key, value in _strings(document):
            if _is_name(key, value):
                words.update(w.casefold() for w in WORD.findall(value))
    for rule in RULES:
        words.update(w.casefold() for w in WORD.findall(f"{rule.code} {rule.name}"))
    words.update(name.casefold() for name in COMMANDS)
    words.update(("standings", "pair", "lock", "play", "score", "check", "lint"))
    glossary = GLOSSARY.read_text(encoding="utf-8")
    kept = glossary.split("## Kept in English", 1)[1].split("## Translated", 1)[0]
    for row in re.findall(r"^\| ([^|]+) \|", kept, flags=re.MULTILINE):
        words.update(w.casefold() for w in WORD.findall(row) if w != "Term")
    return frozenset(words)


def english_words(line: str) -> list[str]:
    """The words of a line that are no name (nor code, path, option)."""
    return [
        word
        for word in WORD.findall(NOT_WORDS.sub(" ", line))
        if len(word.strip("'’")) >= 3
        and not word.removesuffix("s").isupper()
        and "-" not in word
        and word.casefold().strip("'’") not in allowed()
        and word.casefold().removesuffix("'s") not in allowed()
    ]


def text_lines(result: dict[str, Any]) -> list[str]:
    """The lines of a command's output that a person reads: all of stderr; of
    stdout, the messages of JSON output, the comments of a YAML file, else all."""
    stdout: str = result["stdout"]
    lines: list[str] = result["stderr"].splitlines()
    if "--format csv" in result["text"]:
        return lines  # a table for other programs: its keys and values stay
    if stdout.lstrip().startswith(("<!DOCTYPE html", "<?xml")):
        # A page or a JUnit report: its words, not its markup and style sheet.
        page = HTML_TAG.sub(" ", HTML_STYLE.sub(" ", stdout))
        return lines + [ln for ln in page.splitlines() if ln.strip()]
    try:
        messages = _strings(json.loads(stdout))
        return lines + [
            ln for k, t in messages if k in HUMAN_KEYS for ln in t.splitlines()
        ]
    except ValueError:
        pass
    try:
        document = yaml.safe_load(stdout)
    except yaml.YAMLError:
        document = None
    if isinstance(document, dict) and YAML_FILE_KEYS & set(document):
        return lines + [ln for ln in stdout.splitlines() if ln.lstrip().startswith("#")]
    return lines + stdout.splitlines()


def run(language: str, folder: Path) -> list[dict[str, Any]]:
    environ = {
        key: value
        for key, value in os.environ.items()
        if key not in ("GITHUB_ACTIONS", "LANG", "LC_ALL", "LC_MESSAGES")
    }
    environ.update(ARMYLIST_LANG=language, COLUMNS="100", NO_COLOR="1")
    ran = subprocess.run(
        [sys.executable, str(RUNNER), language, str(folder / language)],
        capture_output=True,
        text=True,
        env=environ,
        cwd=ROOT,
        check=False,
    )
    assert ran.returncode == 0, ran.stderr[-3000:]
    results: list[dict[str, Any]] = json.loads(ran.stdout)
    return results


def test_every_docs_command_speaks_spanish(tmp_path: Path) -> None:
    with ThreadPoolExecutor(2) as pool:
        english, spanish = pool.map(lambda lang: run(lang, tmp_path), ("en", "es"))
    assert [r["text"] for r in english] == [r["text"] for r in spanish]
    codes = [
        f"{es['where']}: `{es['text']}` exits {es['exit_code']} in Spanish, "
        f"{en['exit_code']} in English"
        for en, es in zip(english, spanish, strict=True)
        if es["exit_code"] != en["exit_code"]
    ]
    # Each English line once, where it is first met, with how often it is.
    left: dict[str, list[Any]] = {}
    for en, es in zip(english, spanish, strict=True):
        said = {line.strip() for line in text_lines(en)}
        for line in text_lines(es):
            words = english_words(line) if line.strip() in said else []
            if words:
                seen = left.setdefault(
                    line.strip(), [es["where"], es["text"], words, 0]
                )
                seen[3] += 1
    listed = [
        f"{where} `{text[:40]}`{f' (x{count})' if count > 1 else ''}: "
        f"{shown[:100]}  [{', '.join(dict.fromkeys(words))}]"
        for shown, (where, text, words, count) in left.items()
    ]
    report = "\n".join(listed[:SHOWN]) + (
        f"\n... and {len(listed) - SHOWN} more" if len(listed) > SHOWN else ""
    )
    assert not codes, "\n".join(codes)
    assert not left, f"{len(left)} English lines in the Spanish output:\n{report}"


def test_english_words_are_told_from_names() -> None:
    assert english_words("Errors (1)") == ["Errors"]
    assert english_words("  3:11 AL302 slots-exceeded Marine (9) in lists/a.yaml") == []
    assert english_words("Faction Card: Khalai   Minerals: 1,670 of 2,000") == [
        "of"
    ] or (english_words("Faction Card: Khalai   Minerals: 1,670 of 2,000") == [])
    assert english_words("usa `armylist factions --details`") == ["usa"]

"""The documentation and the tool agree (issue 11, item 11; issue 30).

The documentation is the README and the site's pages (tests/docpages.py), read in that
order. Every `armylist ...` line of their shell code blocks (```sh, ```bash, ```shell,
```console: its `$ ` lines; a line ending in `\\` goes on) is run, in README order, in
one folder, and must exit as documented: 0, unless the line's comment says otherwise
(`# exit 1`, or `# ...; exit 2 ...` after a semicolon). The folder holds a copy of `lists/`, `submissions/`
(another copy, with a Command Center export), `mylist.yaml`, `alice.yaml`, `mine.yaml`
(the official example), `bob.yaml` and `theirs.yaml` (a Zerg list), `event-example/` (a copy
of `docs/event-example/`), `TTPIBA.json` and
`roster.json` (a Command Center export), plus every file a ```yaml block of a page
names in its first line (`# event.yaml: ...`). A command whose comment says `(network)`,
or with an elided argument (`...`), is shown, not run; a `*` in an argument is expanded
as a shell would. A section or a page added to
the documentation later is picked up without touching this test.
"""

from __future__ import annotations

import glob
import re
import shlex
import shutil
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import docpages
import pytest
from docpages import Page
from importing import fixtures
from projectpaths import LISTS, OFFICIAL, ROOT
from typer.testing import CliRunner

from armylist.cli import app

SHELL_BLOCKS = {"sh", "bash", "shell", "console"}
FENCE = re.compile(r"^```\s*([\w-]*)\s*$")
FILE_BLOCK = re.compile(r"^#\s*([\w.-]+\.ya?ml)\b")
# `# exit 1` or `# what it does; exit 2 when ...`: the comment's start or after a `;`
# (an `exit 2` elsewhere in a comment tells of another case).
EXIT = re.compile(r"(?:^|;)\s*exit (\d)\b")
# Shown, not run: a command needing the network, or one with an elided argument.
NOT_RUN = re.compile(r"\(network\)")
# Where a command line stops being armylist's arguments.
SHELL_OPERATORS = {"|", "||", "&&", ";", ">", ">>", "<", "2>"}


@dataclass(frozen=True)
class Block:
    """A fenced code block: its language, first line number and lines."""

    language: str
    line: int
    lines: tuple[str, ...]


@dataclass(frozen=True)
class Command:
    """An `armylist` command line of the documentation and the exit code it documents."""

    line: int
    text: str
    args: tuple[str, ...]
    exit_code: int
    source: str = "README.md"  # the file that shows it

    @property
    def where(self) -> str:
        return f"{self.source}:{self.line}"


def blocks(text: str) -> list[Block]:
    found: list[Block] = []
    language: str | None = None
    start = 0
    lines: list[str] = []
    for number, line in enumerate(text.splitlines(), 1):
        match = FENCE.match(line.strip())
        if language is None and match:
            language, start, lines = match.group(1), number + 1, []
        elif language is not None and line.strip() == "```":
            found.append(Block(language, start, tuple(lines)))
            language = None
        elif language is not None:
            lines.append(line)
    return found


def split_comment(line: str) -> tuple[str, str]:
    """The command and its `# comment`, a `#` inside quotes being no comment."""
    quote = ""
    for i, char in enumerate(line):
        if quote:
            quote = "" if char == quote else quote
        elif char in "'\"":
            quote = char
        elif char == "#" and (i == 0 or line[i - 1].isspace()):
            return line[:i].rstrip(), line[i + 1 :].strip()
    return line.rstrip(), ""


def command_lines(block: Block) -> list[tuple[int, str]]:
    """A shell block's lines with their README line numbers, `\\` continuations
    joined; in a ```console block only the `$ ` lines (the rest is output)."""
    joined: list[tuple[int, str]] = []
    pending: tuple[int, str] | None = None
    for offset, raw in enumerate(block.lines):
        line = raw.strip()
        if pending is not None:
            line = f"{pending[1]} {line}"
            number = pending[0]
        else:
            if block.language == "console" and not line.startswith("$ "):
                continue
            line = line.removeprefix("$ ")
            number = block.line + offset
        if line.endswith("\\"):
            pending = (number, line[:-1].rstrip())
            continue
        pending = None
        joined.append((number, line))
    return joined


def commands(text: str, source: str = "README.md") -> list[Command]:
    found: list[Command] = []
    for block in blocks(text):
        if block.language not in SHELL_BLOCKS:
            continue
        for number, line in command_lines(block):
            if not line.startswith("armylist "):
                continue
            command, comment = split_comment(line)
            if NOT_RUN.search(comment) or "..." in command:
                continue
            args: list[str] = []
            for token in shlex.split(command)[1:]:
                if token in SHELL_OPERATORS:
                    break
                args.append(token)
            expected = EXIT.search(comment)
            found.append(
                Command(
                    line=number,
                    text=command,
                    args=tuple(args),
                    exit_code=int(expected.group(1)) if expected else 0,
                    source=source,
                )
            )
    return found


def commands_in(pages: Sequence[Page]) -> list[Command]:
    """The commands of every page, in the pages' order."""
    return [command for page in pages for command in commands(page.text, page.name)]


def files(text: str) -> dict[str, str]:
    """The files a page's ```yaml blocks name in their first line."""
    named: dict[str, str] = {}
    for block in blocks(text):
        if block.language in ("yaml", "yml") and block.lines:
            match = FILE_BLOCK.match(block.lines[0])
            if match:
                named[match.group(1)] = "\n".join(block.lines) + "\n"
    return named


def files_in(pages: Sequence[Page]) -> dict[str, str]:
    """The files the ```yaml blocks of every page name in their first line."""
    return {name: text for page in pages for name, text in files(page.text).items()}


def workspace(root: Path, pages: Sequence[Page]) -> Path:
    shutil.copytree(LISTS, root / "lists")
    shutil.copytree(LISTS, root / "submissions")
    # The 6-player event of "Running an event": its event files and rosters.
    shutil.copytree(ROOT / "docs" / "event-example", root / "event-example")
    for name in ("mylist.yaml", "alice.yaml", "mine.yaml"):
        shutil.copy(OFFICIAL, root / name)
    for name in ("bob.yaml", "theirs.yaml"):
        shutil.copy(LISTS / "zerg-swarm-roach-hydra.yaml", root / name)
    # Other builders' exports (Command Center): the shared roster TTPIBA, and a legal
    # one among the submissions.
    ttpiba = fixtures.dumps(fixtures.ttpiba_flattened())
    for name in ("TTPIBA.json", "roster.json"):
        (root / name).write_bytes(ttpiba)
    (root / "submissions" / "vniemu.json").write_bytes(
        fixtures.dumps(fixtures.vniemu_flattened())
    )
    for name, content in files_in(pages).items():
        (root / name).write_text(content, encoding="utf-8")
    return root


def run_all(
    found: list[Command], root: Path, monkeypatch: pytest.MonkeyPatch
) -> list[tuple[Command, int, str]]:
    """Run the commands in order in root: each with its exit code and output."""
    monkeypatch.chdir(root)
    monkeypatch.delenv("GITHUB_ACTIONS", raising=False)
    runner = CliRunner()
    ran = []
    for command in found:
        # As a shell would: a pattern names the files it matches (or itself).
        args = [
            arg
            for token in command.args
            for arg in (sorted(glob.glob(token)) if "*" in token else []) or [token]
        ]
        result = runner.invoke(app, args, prog_name="armylist")
        ran.append((command, result.exit_code, result.output))
    return ran


DOCS = docpages.english()
README_TEXT = DOCS[0].text


def test_the_docs_show_the_main_commands() -> None:
    shown = {c.args[0] for c in commands_in(DOCS) if c.args}
    for name in ("validate", "factions", "info", "add", "show", "supply", "draft"):
        assert name in shown, f"no `armylist {name}` found in the docs' sh blocks"


def test_the_readme_shows_your_first_list() -> None:
    # The front door: set up, then a first list from nothing (new, build, validate,
    # then show or export), before any tour.
    found = [c.args[0] for c in commands(README_TEXT) if c.args]
    assert found[:4] == ["new", "build", "validate", "show"], found


def test_every_docs_command_exits_as_documented(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    found = commands_in(DOCS)
    ran = run_all(found, workspace(tmp_path, DOCS), monkeypatch)
    wrong = [
        f"{command.where}: `{command.text}` exited {code}, the page says "
        f"{command.exit_code}\n{output}"
        for command, code, output in ran
        if code != command.exit_code
    ]
    assert not wrong, "\n".join(wrong)


def add_example(
    pages: Sequence[Page], marker: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> tuple[tuple[str, ...], set[str]]:
    """The lines of the docs' example output of `add` (the block whose first line
    holds ``marker``), and every line the steps of its page up to that `add` print
    (spacing folded)."""
    page, example = next(
        (page, b)
        for page in pages
        for b in blocks(page.text)
        if not b.language and b.lines and marker in b.lines[0]
    )
    found = commands(page.text, page.name)
    # The page's own steps, up to the `add ... unit Marine` the example shows.
    steps = []
    for command in found:
        if command.args[:1] in (("new",), ("add",)):
            steps.append(command)
        if command.args[:1] == ("add",) and command.args[2:4] == ("unit", "Marine"):
            break
    ran = run_all(steps, workspace(tmp_path, pages), monkeypatch)
    printed = {" ".join(line.split()) for _, _, out in ran for line in out.splitlines()}
    return example.lines, printed


def test_the_add_example_prints_what_the_tool_prints(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shown, printed = add_example(DOCS, ": added Marine", tmp_path, monkeypatch)
    for line in shown:
        assert " ".join(line.split()) in printed, (line, sorted(printed))


def test_the_rule_table_is_in_code_order() -> None:
    rules = docpages.page("docs/rules.md").text
    codes = re.findall(r"^\| (AL\d{3}) \|", rules, flags=re.MULTILINE)
    assert codes and codes == sorted(codes)

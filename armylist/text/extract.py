"""Babel's extraction of armylist's messages: the marked texts (`_`, `N_`,
`ngettext`, `gettext_`), the docstrings the command line shows as help, and the texts
of the game data a person reads (`extract_data`: a card's note and source, a scale's
convention), which `i18n.data_` looks up where they are shown.

A command's help is its function's docstring (`@app.command()` turns it into
paragraphs, `i18n.paragraphs`), which no keyword marks; this extractor gives it to the
catalogue as the text `--help` looks up. `tools/catalog` names it in its mapping.
"""

from __future__ import annotations

import ast
import inspect
import io
from collections.abc import Collection, Iterator
from typing import IO, Any

import yaml
from babel.messages.extract import extract_python

from armylist.text.i18n import paragraphs

KEYWORDS: dict[str, Any] = {
    "_": None,
    "N_": None,
    "gettext_": None,
    "ngettext": (1, 2),
}
# Decorators whose function's docstring becomes a help text: `@x.command(...)`.
HELP_DECORATORS = ("command",)


def _docstring_helps(source: str) -> Iterator[tuple[int, str]]:
    """(line, help) of every command function whose docstring is its help."""
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        for decorator in node.decorator_list:
            call = decorator if isinstance(decorator, ast.Call) else None
            target = call.func if call else decorator
            named = isinstance(target, ast.Attribute) and target.attr in HELP_DECORATORS
            has_help = call is not None and any(k.arg == "help" for k in call.keywords)
            doc = ast.get_docstring(node, clean=False)
            if named and not has_help and doc:
                yield node.lineno, paragraphs(doc)
                break


# Decorators whose function's docstring is a rule's documentation (`armylist rules`):
# `@rule(...)`, `@team_rule(...)`, `@submission_rule(...)`.
RULE_DECORATORS = ("rule", "team_rule", "submission_rule")


def _rule_docs(source: str) -> Iterator[tuple[int, str]]:
    """(line, documentation) of every rule: its docstring as `RuleInfo.doc` gives it."""
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.FunctionDef):
            continue
        for decorator in node.decorator_list:
            if not isinstance(decorator, ast.Call):
                continue
            target = decorator.func
            name = target.id if isinstance(target, ast.Name) else None
            doc = ast.get_docstring(node, clean=False)
            if name in RULE_DECORATORS and doc:
                yield node.lineno, inspect.cleandoc(doc)
                break


def extract(
    fileobj: IO[bytes],
    keywords: Any,
    comment_tags: Collection[str],
    options: Any,
) -> Iterator[Any]:
    """Babel extraction method: the marked messages and the commands' docstrings."""
    data = fileobj.read()
    yield from extract_python(io.BytesIO(data), keywords, comment_tags, options)
    for line, text in _docstring_helps(data.decode("utf-8")):
        yield line, None, text, []
    for line, text in _rule_docs(data.decode("utf-8")):
        yield line, None, text, []


# The fields of the game data (factions/*.yaml) whose text a person reads (`info`),
# looked up in the catalogue by `i18n.data_`: a card's source and note, a scale's
# convention.
DATA_FIELDS = ("source", "note", "convention")


def data_texts(data: object) -> Iterator[str]:
    """Every text under a `DATA_FIELDS` key in a loaded data file, in file order."""
    if isinstance(data, dict):
        for field, value in data.items():
            if field in DATA_FIELDS and isinstance(value, str):
                yield value
            else:
                yield from data_texts(value)
    elif isinstance(data, list):
        for item in data:
            yield from data_texts(item)


def extract_data(
    fileobj: IO[bytes],
    keywords: Any,
    comment_tags: Collection[str],
    options: Any,
) -> Iterator[Any]:
    """Babel extraction method for a game data file: its notes, sources, conventions."""
    for line, text in _data_lines(yaml.compose(fileobj.read().decode("utf-8"))):
        yield line, None, text, []


def _data_lines(node: Any) -> Iterator[tuple[int, str]]:
    """(line, text) of the data texts under `node`, a composed YAML node."""
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            if key.value in DATA_FIELDS and isinstance(value, yaml.ScalarNode):
                yield value.start_mark.line + 1, value.value
            else:
                yield from _data_lines(value)
    elif isinstance(node, yaml.SequenceNode):
        for item in node.value:
            yield from _data_lines(item)

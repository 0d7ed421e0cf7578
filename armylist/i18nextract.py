"""Babel's extraction of armylist's messages: the marked texts (`_`, `N_`,
`ngettext`, `gettext_`), and the docstrings the command line shows as help.

A command's help is its function's docstring (`@app.command()` turns it into
paragraphs, `i18n.paragraphs`), which no keyword marks; this extractor gives it to the
catalogue as the text `--help` looks up. `tools/catalog` names it in its mapping.
"""

from __future__ import annotations

import ast
import io
from collections.abc import Collection, Iterator
from typing import IO, Any

from armylist.i18n import paragraphs

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
    import inspect

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
    from babel.messages.extract import extract_python

    data = fileobj.read()
    yield from extract_python(io.BytesIO(data), keywords, comment_tags, options)
    for line, text in _docstring_helps(data.decode("utf-8")):
        yield line, None, text, []
    for line, text in _rule_docs(data.decode("utf-8")):
        yield line, None, text, []

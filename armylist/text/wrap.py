"""Documentation text wrapped to a width: the rules' docstrings as `armylist rules`
prints them, to the terminal's width or `COLUMNS`.

A docstring is written wrapped at the source's line length. Here each paragraph is
joined and wrapped again; a line that starts an example or a fix (`Bad:`, `Good:`,
`Example:`, `fix:`) starts its own item, and its next lines are indented under it.
"""

from __future__ import annotations

import re
import textwrap

# A line that starts its own item: an example, a fix (in English or Spanish).
_ITEM = re.compile(r"^(Bad|Good|Example|fix|Mal|Bien|Ejemplo|sugerencia)\b")


def _items(paragraph: list[str]) -> list[str]:
    items: list[str] = []
    for line in paragraph:
        if items and not _ITEM.match(line):
            items[-1] += " " + line
        else:
            items.append(line)
    return items


def reflow(text: str, width: int, indent: str = "") -> str:
    """``text`` wrapped to ``width`` columns, each line after ``indent``; no word is
    broken (a word longer than a line gets a line of its own)."""
    paragraphs: list[list[str]] = [[]]
    for line in text.splitlines():
        if line.strip():
            paragraphs[-1].append(line.strip())
        elif paragraphs[-1]:
            paragraphs.append([])
    blocks = []
    for paragraph in filter(None, paragraphs):
        lines = []
        for item in _items(paragraph):
            lines += textwrap.wrap(
                item,
                width=max(width, len(indent) + 20),
                initial_indent=indent,
                subsequent_indent=indent + ("  " if _ITEM.match(item) else ""),
                break_long_words=False,
                break_on_hyphens=False,
            )
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)

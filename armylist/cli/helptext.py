"""`--help` that fits the terminal: option names are never cut, and piped help has no
trailing spaces.

typer renders help as Rich tables of options. Narrowed, Rich shrinks the option-name
column with the help column and cuts a name (`--target-mo…`), which then cannot be
typed back; and every line is padded to the width with spaces. Here every column but
the help text keeps its cells on one line (only the help text wraps); when that leaves
the help text too narrow, each option is printed as a block (its names, then its help
below them); and help written to a pipe or file loses the padding.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from io import StringIO
from typing import Any

from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.padding import Padding
from rich.table import Table
from rich.text import Text
from typer import rich_utils

from armylist.reporters.fit import strip_trailing_spaces

# The narrowest help column worth a table; below it each option becomes a block.
HELP_WIDTH = 24


def _longest(cell: object) -> int:
    """The longest word of a help cell (typer's `Columns` of texts, or a text)."""
    parts = getattr(cell, "renderables", [cell])
    words = " ".join(getattr(p, "plain", str(p)) for p in parts).split()
    return max((len(word) for word in words), default=0)


class NamesWhole(Table):
    """typer's options and commands table: only the last column (help) wraps."""

    def add_row(self, *renderables: Any, **options: Any) -> None:
        """A row whose cells, but the help text's, stay on one line."""
        super().add_row(*renderables, **options)
        for column in self.columns[:-1]:
            column.no_wrap = True

    def __rich_console__(
        self, console: Console, options: ConsoleOptions
    ) -> RenderResult:
        names = self.columns[:-1]
        needed = self._extra_width + sum(
            self._get_padding_width(column._index)
            + max(
                (Measurement.get(console, options, c).maximum for c in column._cells),
                default=0,
            )
            for column in names
        )
        helps = self.columns[-1]._cells
        if options.max_width - needed >= max(HELP_WIDTH, *map(_longest, helps)):
            yield from super().__rich_console__(console, options)
            return
        for row in range(self.row_count):
            cells = [column._cells[row] for column in names]
            shown = [c if isinstance(c, Text) else Text(str(c)) for c in cells]
            yield Text("  ").join(c for c in shown if c.plain.strip())
            yield Padding(self.columns[-1]._cells[row], (0, 0, 0, 4))


def print_help(render: Callable[[], None]) -> None:
    """Run typer's help ``render`` with whole option names and, when stdout is not a
    terminal, without trailing spaces."""
    if not all(hasattr(rich_utils, name) for name in ("Table", "_get_rich_console")):
        render()  # a typer that renders help otherwise: its own output, unchanged
        return
    piped = not sys.stdout.isatty()
    buffer = StringIO()
    make_console = rich_utils._get_rich_console

    def console(stderr: bool = False) -> Console:
        made = make_console(stderr)
        if piped and not stderr:
            made.width = made.width  # the width asked for, before the file changes
            made.file = buffer
        return made

    table = rich_utils.Table  # type: ignore[attr-defined]
    rich_utils.Table = NamesWhole  # type: ignore[attr-defined]
    rich_utils._get_rich_console = console
    try:
        render()
    finally:
        rich_utils.Table = table  # type: ignore[attr-defined]
        rich_utils._get_rich_console = make_console
    if piped:
        sys.stdout.write(strip_trailing_spaces(buffer.getvalue()))

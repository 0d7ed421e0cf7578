"""Tables that fit the terminal without cutting a word.

Rich cuts a cell that does not fit with "…"; a player then cannot type back the id or
name the table showed. A `FitTable` folds instead of cutting, keeps the cells of its
`whole` columns (ids, names) unbroken, and drops its least important columns (`drop`,
first to go first) before a word would have to break. When even that does not fit, it
prints each row as a small block (its first cell, then one `Header: value` line per
column), which fits any width.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

# What tables append to a name: the name itself must stay whole, the mark may wrap.
NAME_MARKS = (" (provisional)", " (Unique)")
# The narrowest a `fold` column gets: a path folds over lines of this width.
FOLDED = 16
# Cells at most this wide share one line when a row is printed as a block.
SHORT = 12


def bare_name(text: str) -> str:
    """A name without the marks a table appends to it ("(Unique)", "(provisional)")."""
    changed = True
    while changed:
        changed = False
        for mark in NAME_MARKS:
            if text.endswith(mark):
                text, changed = text[: -len(mark)], True
    return text


class Items:
    """A cell of items joined by ", " that breaks only between items: `Stalker (1) 1`
    stays on one line (an item wider than the cell still folds)."""

    def __init__(self, items: Iterable[str], empty: str = "-") -> None:
        self.items = tuple(items)
        self.empty = empty

    def __str__(self) -> str:
        return ", ".join(self.items) or self.empty

    def _pieces(self) -> list[str]:
        last = len(self.items) - 1
        return [item + ("," if i < last else "") for i, item in enumerate(self.items)]

    def __rich_measure__(
        self, console: Console, options: ConsoleOptions
    ) -> Measurement:
        """At least the widest item, at most every item on one line."""
        pieces = self._pieces() or [self.empty]
        widest = max(cell_len(p) for p in pieces)
        return Measurement(widest, cell_len(str(self))).clamp(
            max_width=options.max_width
        )

    def __rich_console__(
        self, console: Console, options: ConsoleOptions
    ) -> RenderResult:
        """The items packed into lines of the cell's width."""
        lines: list[str] = []
        for piece in self._pieces() or [self.empty]:
            if lines and cell_len(lines[-1]) + 1 + cell_len(piece) <= options.max_width:
                lines[-1] += " " + piece
            else:
                lines.append(piece)
        yield Text("\n".join(lines), overflow="fold")


def _plain(cell: object) -> str:
    return cell.plain if isinstance(cell, Text) else str(cell)


def _items(label: str, value: Text) -> list[RenderableType]:
    """A cell of one item a line (a unit's upgrades) as a list under its label:
    an item that wraps goes on under itself, never where the next item starts."""
    items = Table.grid(padding=(0, 1))
    items.add_column(no_wrap=True)
    items.add_column(overflow="fold")
    for line in value.split("\n"):
        items.add_row("-", line)
    return [
        Padding(Text(f"{label}:", style="bold"), (0, 0, 0, 4)),
        Padding(items, (0, 0, 0, 4)),
    ]


def _text(cell: object, style: str = "") -> Text:
    text = cell.copy() if isinstance(cell, Text) else Text(str(cell))
    if style:
        text.stylize(style)
    return text


def _whole_width(cells: Iterable[object]) -> int:
    """The width the longest name (without its marks) of a column needs."""
    return max(
        (
            cell_len(bare_name(line))
            for cell in cells
            for line in _plain(cell).splitlines()
        ),
        default=1,
    )


class FitTable(Table):
    """A Rich table that fits the width it is given without cutting a word.

    ``whole``: headers of the columns whose cells must never break (ids, names).
    ``drop``: headers of the columns that may go when the table does not fit, the
    least important first.
    ``fold``: headers of the columns whose long words (file paths) may fold over
    lines rather than make the table too wide.
    """

    def __init__(
        self,
        *headers: str,
        whole: Iterable[str] = (),
        drop: Iterable[str] = (),
        fold: Iterable[str] = (),
        **options: object,
    ) -> None:
        super().__init__(*headers, **options)  # type: ignore[arg-type]
        self.whole = frozenset(whole)
        self.drop = tuple(drop)
        self.fold = frozenset(fold)

    def _table(self, dropped: set[str]) -> Table:
        """A plain copy of this table without the dropped columns."""
        table = Table.__new__(Table)
        table.__dict__.update(self.__dict__)
        kept = [c for c in self.columns if _plain(c.header) not in dropped]
        table.columns = [
            dataclasses.replace(
                column,
                overflow="fold",
                # Narrowed, a cell wraps between words (no_wrap would fold inside one).
                no_wrap=False,
                min_width=(
                    _whole_width(column._cells)
                    if _plain(column.header) in self.whole
                    else column.min_width
                ),
                _index=index,
            )
            for index, column in enumerate(kept)
        ]
        return table

    def fitted(self, console: Console, options: ConsoleOptions) -> RenderableType:
        """The table with the columns that fit ``options.max_width``, or row blocks."""
        dropped: set[str] = set()
        table = self._table(dropped)
        widths = _widths(table, console, options, self.fold)
        for header in self.drop:
            if widths is not None:
                break
            dropped.add(header)
            table = self._table(dropped)
            widths = _widths(table, console, options, self.fold)
        if widths is None:
            return self._blocks(options.max_width)
        for column, width in zip(table.columns, widths, strict=True):
            # Rich's own shrinking breaks words while a wider column has room.
            column.width = width - table._get_padding_width(column._index)
        return table

    def _blocks(self, width: int) -> RenderableType:
        """Each row as a block: its short cells on one line, long ones below it.

        For terminals too narrow for the table: nothing is dropped or cut.
        """
        parts: list[RenderableType] = []
        if self.title:
            parts += [Text(_plain(self.title), style="table.title"), Text("")]
        short = [
            _plain(c.header) in self.whole
            or max((cell_len(_plain(x)) for x in c._cells), default=0) <= SHORT
            for c in self.columns
        ]
        for row in range(self.row_count):
            if row and not all(short):
                parts.append(Text(""))
            # The row's number and names lead its block, its other short cells follow.
            heads: list[Text] = []
            rest: list[Text] = []
            named = False
            below: list[RenderableType] = []
            for column, inline in zip(self.columns, short, strict=True):
                label = _plain(column.header)
                cell = column._cells[row]
                value = _text(cell)
                if not value.plain.strip():
                    continue
                if not inline and isinstance(cell, Items) and label:
                    # Its items break between them, under the label's end.
                    grid = Table.grid(padding=(0, 1))
                    grid.add_column(no_wrap=True)
                    grid.add_column()
                    grid.add_row(Text(f"{label}:", style="bold"), cell)
                    below.append(Padding(grid, (0, 0, 0, 4)))
                elif not inline and "\n" in value.plain and label:
                    below += _items(label, value)
                elif not inline:
                    shown = Text.assemble((f"{label}: ", "bold"), value)
                    shown.overflow = "fold"
                    below.append(Padding(shown if label else value, (0, 0, 0, 4)))
                elif label == "#":
                    heads.insert(0, Text(f"{value.plain}."))
                elif label in self.whole:
                    # The first name in bold (the unit, the card), an id after it plain.
                    heads.append(_text(value, style="" if named else "bold"))
                    named = True
                else:
                    rest.append(Text.assemble((f"{label} ", "dim"), value))
            parts += _fill([*heads, *rest], width)
            parts += below
        return Group(*parts)

    def __rich_console__(
        self, console: Console, options: ConsoleOptions
    ) -> RenderResult:
        """Render the fitted table."""
        yield self.fitted(console, options)

    def __rich_measure__(
        self, console: Console, options: ConsoleOptions
    ) -> Measurement:
        """Measure the fitted table."""
        return Measurement.get(console, options, self.fitted(console, options))


def _fill(pieces: list[Text], width: int) -> list[Text]:
    """Pieces joined by two spaces into lines of at most ``width``; no piece split."""
    lines: list[Text] = []
    line = Text(overflow="fold")
    for piece in pieces:
        if line.plain.strip() and (
            cell_len(line.plain) + 2 + cell_len(piece.plain) > width
        ):
            lines.append(line)
            line = Text("    ", overflow="fold")  # a row's next line is indented
        if line.plain.strip():
            line.append("  ")
        line.append_text(piece)
    if line.plain:
        lines.append(line)
    return lines


def _widths(
    table: Table, console: Console, options: ConsoleOptions, fold: frozenset[str]
) -> list[int] | None:
    """Column widths (with padding) that fit, narrowing the widest first; or None.

    None when even every column at its narrowest (its longest word, a whole column's
    longest name) is too wide.
    """
    available = options.max_width - table._extra_width
    ranges = [
        table._measure_column(console, options.update_width(available), column)
        for column in table.columns
    ]
    narrowest = [
        min(r.minimum, FOLDED) if _plain(c.header) in fold else r.minimum
        for r, c in zip(ranges, table.columns, strict=True)
    ]
    if sum(narrowest) > available:
        return None
    widths = [r.maximum for r in ranges]
    excess = sum(widths) - available
    while excess > 0:
        widest = max(
            (i for i, w in enumerate(widths) if w > narrowest[i]),
            key=lambda i: widths[i],
        )
        widths[widest] -= 1
        excess -= 1
    return widths


def strip_trailing_spaces(text: str) -> str:
    """Text without the spaces Rich pads lines with (piped output, files)."""
    return "\n".join(line.rstrip() for line in text.split("\n"))

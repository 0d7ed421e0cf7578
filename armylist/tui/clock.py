"""`armylist event clock`: a full-screen round clock for the room's screen.

The round's time left in large digits, when it ends and when the next round starts,
and every table with the minutes a judge added to it (select a table, `+` adds a
minute, `-` takes one away). The state is `organiser.clock.RoundClock`; the time comes
from ``now``, so a test draws the clock at any moment it likes.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import ClassVar

from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center
from textual.widgets import DataTable, Footer, Static

from armylist.organiser.clock import RoundClock
from armylist.text.i18n import N_, _
from armylist.text.visible import visible
from armylist.tui.words import speak

CSS = """
Center { height: auto; }
#title { width: 100%; content-align: center middle; text-style: bold; height: 1; }
#time { width: auto; margin: 1 0 0 0; }
#time.last-call { color: $warning; }
#time.over { color: $error; }
#when { width: 100%; content-align: center middle; height: auto; margin: 1 0; }
#tables { height: 1fr; width: 100%; }
"""


def clock_text(left: dt.timedelta) -> str:
    """The time left as the digits show it: H:MM:SS."""
    seconds = int(left.total_seconds())
    return f"{seconds // 3600}:{seconds // 60 % 60:02d}:{seconds % 60:02d}"


# The digits drawn in blocks, 3 by 5 (the colon 1 by 5), scaled to the terminal: a
# room reads them from the back on a projector, and at 80x24 too.
GLYPHS = {
    "0": ("###", "# #", "# #", "# #", "###"),
    "1": ("  #", "  #", "  #", "  #", "  #"),
    "2": ("###", "  #", "###", "#  ", "###"),
    "3": ("###", "  #", "###", "  #", "###"),
    "4": ("# #", "# #", "###", "  #", "  #"),
    "5": ("###", "#  ", "###", "  #", "###"),
    "6": ("###", "#  ", "###", "# #", "###"),
    "7": ("###", "  #", "  #", "  #", "  #"),
    "8": ("###", "# #", "###", "# #", "###"),
    "9": ("###", "# #", "###", "  #", "###"),
    ":": (" ", "#", " ", "#", " "),
}
GLYPH_ROWS = 5
OTHER_ROWS = 12  # the title, the times, the table's head and a few rows, the keys


def big_text(text: str, width: int, height: int) -> str:
    """``text`` in block digits, as large as fits ``width`` x ``height`` cells (a
    cell is about twice as tall as wide: a block is twice as wide as tall)."""
    columns = sum(len(GLYPHS[c][0]) for c in text) + len(text) - 1
    most_across = max(1, width // columns)
    most_down = max(1, height // GLYPH_ROWS)
    down = min(most_down, max(1, most_across // 2))
    across = min(most_across, 2 * down)
    lines = []
    for row in range(GLYPH_ROWS):
        line = " ".join(GLYPHS[c][row] for c in text)
        drawn = "".join(("\u2588" if dot == "#" else " ") * across for dot in line)
        lines += [drawn.rstrip()] * down
    return "\n".join(lines)


class BigTime(Static):
    """The time left in block digits, redrawn to fit when the terminal changes."""

    def show(self, text: str) -> None:
        """Draw ``text`` as large as the screen allows."""
        size = self.app.size
        self.update(big_text(text, size.width - 2, size.height - OTHER_ROWS))


def _at(moment: dt.datetime) -> str:
    return moment.strftime("%H:%M")


class ClockApp(App[None]):
    """The round clock."""

    TITLE = "armylist event clock"
    CSS = CSS
    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("plus,equals_sign", "extend(1)", N_("+1 minute"), key_display="+"),
        Binding("minus", "extend(-1)", N_("-1 minute"), key_display="-"),
        Binding("q,escape", "quit", N_("Quit")),
    ]

    def __init__(
        self,
        clock: RoundClock,
        now: Callable[[], dt.datetime],
        *,
        ticking: bool = True,
    ) -> None:
        super().__init__()
        speak(self)
        self.clock = clock
        self.now = now
        self.ticking = ticking

    def compose(self) -> ComposeResult:
        """The title, the digits, the ends and the next start, the tables."""
        yield Static(
            _("{event}: round {round}").format(
                event=visible(self.clock.event), round=self.clock.round
            ),
            id="title",
        )
        with Center():
            yield BigTime(id="time")
        yield Static(id="when")
        table: DataTable[str] = DataTable(id="tables", cursor_type="row")
        table.add_columns(_("Table"), _("Red"), _("Blue"))
        table.add_column(_("Extension"), key="extension")
        table.add_column(_("Ends"), key="ends")
        for entry in self.clock.tables:
            table.add_row(
                str(entry.table),
                visible(entry.red),
                visible(entry.blue),
                *self._times(entry.table),
                key=str(entry.table),
            )
        yield table
        yield Footer()

    def on_mount(self) -> None:
        """Draw once, then every second while the clock ticks."""
        self.refresh_clock()
        self.query_one(DataTable).focus()
        if self.ticking:
            self.set_interval(1, self.refresh_clock)

    def on_resize(self) -> None:
        """Redraw the digits to fit the terminal's new size."""
        if self.query("#time"):  # not before the screen is made
            self.refresh_clock()

    def refresh_clock(self) -> None:
        """Draw the clock as it stands now."""
        now = self.now()
        clock = self.clock
        left = clock.remaining(now)
        digits = self.query_one("#time", BigTime)
        digits.show(clock_text(left))
        digits.set_class(clock.last_call(now), "last-call")
        digits.set_class(not left, "over")
        lines = [
            _("Ends at {end}; the next round starts at {next}.").format(
                end=_at(clock.end), next=_at(clock.next_start)
            )
        ]
        if clock.last_call(now):
            lines.append(_("Last minutes: no new Battle Round."))
        elif not left:
            lines.append(_("Time: finish the Battle Round being played."))
        self.query_one("#when", Static).update("\n".join(lines))
        self._fill_tables()

    def _times(self, table: int) -> tuple[str, str]:
        """A table's extension and when its time is up."""
        extra = self.clock.extensions.get(table, 0)
        return (f"+{extra}" if extra else "", _at(self.clock.table_end(table)))

    def _fill_tables(self) -> None:
        """Each table's extension and end, in place: the cursor and the scroll stay."""
        table: DataTable[str] = self.query_one(DataTable)
        for entry in self.clock.tables:
            extension, ends = self._times(entry.table)
            table.update_cell(str(entry.table), "extension", extension)
            table.update_cell(str(entry.table), "ends", ends)

    def action_extend(self, minutes: int) -> None:
        """Add a minute to the table under the cursor (or take one away)."""
        table: DataTable[str] = self.query_one(DataTable)
        if not self.clock.tables:
            return
        chosen = self.clock.tables[table.cursor_row].table
        self.clock = self.clock.extend(chosen, minutes)
        self.refresh_clock()

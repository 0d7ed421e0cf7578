"""The builder's board: its panes drawn from the session (only the ones that show
something else), and what is selected in them."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import App
from textual.content import Content
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option, OptionDoesNotExist

from armylist.reporters.cards import info_view
from armylist.text.i18n import _
from armylist.text.names import key
from armylist.tui import views
from armylist.tui.panes import ArmyList, Catalogue, Findings

if TYPE_CHECKING:
    from armylist.gamedata.catalog import Catalog
    from armylist.tui.session import AnyCard, Entry, Row, Session

# From this width on, the selected card is shown beside the list.
WIDE = 120


@dataclass(frozen=True)
class Outcome:
    """How the builder ended: ``saved``, this run wrote the list and left nothing
    unsaved."""

    saved: bool
    session: Session | None


class Board(App[Outcome]):
    """The builder's panes drawn from its session; the app (`app.BuildApp`) lays
    them out, and its keys (`actions.Actions`) change the session."""

    def __init__(self, catalog: Catalog, path: Path, session: Session | None) -> None:
        super().__init__()
        self.catalog = catalog
        self.path = path
        self.session = session
        self.entries: list[Entry] = []
        self.rows: list[Row] = []
        self.last_message = ""
        self._announced: str | None = None
        self._drawn: dict[str, object] = {}

    # -- drawing ------------------------------------------------------------------

    def _differs(self, pane: str, signature: object) -> bool:
        """Whether a pane shows something else now; a pane is redrawn only then (a
        redraw costs more than everything else a change does)."""
        if self._drawn.get(pane) == signature:
            return False
        self._drawn[pane] = signature
        return True

    def redraw(self) -> None:
        """Draw everything from the session: after every change."""
        session = self.session
        if session is None:
            return
        title = views.title(session)
        if self._differs("title", title.markup):
            self.query_one("#title", Static).update(title)
        file_title = views.file_title(session)
        # Set again, a title repaints its pane (and the list in it) even when equal.
        if self._differs("file", file_title):
            self.query_one("#list-pane").border_title = file_title
        self._draw_ledger()
        self._draw_catalogue()
        self._draw_list()
        self._draw_findings()
        self._draw_details()

    def _draw_ledger(self, width: int | None = None) -> None:
        assert self.session is not None
        # The cells of the line: the screen's, but for the padding of the top.
        room = (self.size.width if width is None else width) - 2
        ledger = views.ledger(self.session.result, room)
        if self._differs("ledger", ledger.markup):
            self.query_one("#ledger", Static).update(ledger)

    def _draw_catalogue(self) -> None:
        assert self.session is not None
        catalogue = self.query_one("#catalogue", Catalogue)
        wanted = key(self.query_one("#filter", Input).value)
        keep = self._highlighted_id(catalogue)
        # A name, or the heading of its section as shown ("Unidades" in Spanish), or
        # the kind's own word (`unit`) in any language.
        entries = [
            e
            for e in self.session.catalogue()
            if not wanted
            or wanted in key(e.name)
            or wanted in key(_section(e))
            or wanted in e.kind
        ]
        if not self._differs("catalogue", [(e.id, e.blocked) for e in entries]):
            return
        self.entries = entries
        lines: list[tuple[Text, str | None]] = []
        heading = ""
        for entry in self.entries:
            section = _section(entry)
            if section != heading:
                heading = section
                lines.append((Text(section, style="bold underline"), None))
            lines.append((views.entry_prompt(entry), entry.id))
        if not lines:
            lines = [
                (Text(_("nothing matches: Esc clears the filter"), style="dim"), None)
            ]
        _fill(catalogue, lines)
        if wanted and self.focused is self.query_one("#filter", Input):
            # While typing: the entry named so, else the first that starts so.
            keep = next(
                (e.id for e in self.entries if key(e.name) == wanted),
                next(
                    (e.id for e in self.entries if key(e.name).startswith(wanted)),
                    None,
                ),
            )
        self._highlight(catalogue, keep)

    def _draw_list(self) -> None:
        assert self.session is not None
        army = self.query_one("#army", ArmyList)
        keep = army.highlighted
        self.rows = self.session.rows()
        _fill(
            army,
            [
                (views.row_prompt(row), str(i) if row.entry else None)
                for i, row in enumerate(self.rows)
            ],
        )
        self._highlight_row(0 if keep is None else min(keep, len(self.rows) - 1))

    def _draw_findings(self) -> None:
        assert self.session is not None
        findings = self.query_one("#findings", Findings)
        if not self._differs("findings", self.session.findings):
            return
        keep = findings.highlighted
        _fill(
            findings,
            [
                (views.finding_prompt(f), str(i))
                for i, f in enumerate(self.session.findings)
            ]
            or [(Text(_("no findings: nothing to fix")), None)],
        )
        findings.border_title = _("Findings ({count})").format(
            count=len(self.session.findings)
        )
        if keep is not None and findings.option_count:
            findings.highlighted = min(keep, findings.option_count - 1)

    def _draw_details(self, width: int | None = None) -> None:
        card = self._selected_card()
        # While a resize is handled, the app's size may still be the old one.
        if (width or self.size.width) < WIDE or not self._differs(
            "details", card.id if card is not None else None
        ):
            return  # hidden in a narrow terminal (i shows it), or unchanged
        self.query_one("#details", Static).update(
            info_view(card)
            if card is not None
            else _("Select a card to see it in full.")
        )

    def _highlighted_id(self, options: OptionList) -> str | None:
        if options.highlighted is None:
            return None
        return options.get_option_at_index(options.highlighted).id

    def _highlight(self, options: OptionList, wanted: str | None) -> None:
        index = None
        if wanted is not None:
            try:
                index = options.get_option_index(wanted)
            except OptionDoesNotExist:  # it was filtered out
                index = None
        if index is None:
            index = next(
                (
                    i
                    for i in range(options.option_count)
                    if not options.get_option_at_index(i).disabled
                ),
                None,
            )
        options.highlighted = index

    def _highlight_row(self, index: int) -> None:
        army = self.query_one("#army", ArmyList)
        if not self.rows:
            return
        # A heading cannot be highlighted: the next entry (or the one before) is.
        order = list(range(index, len(self.rows))) + list(range(index - 1, -1, -1))
        for i in order:
            if self.rows[i].entry:
                army.highlighted = i
                return

    def say(self, text: str) -> None:
        """Show what a change did, or why it was refused."""
        self.last_message = views.safe(text)
        # One line as wide as the screen (build.tcss) whatever it says: its words
        # change no size, so the screen is not laid out again for them.
        self.query_one("#message", Static).update(Text(self.last_message), layout=False)

    # -- what is selected -----------------------------------------------------------

    def highlighted_entry(self) -> Entry | None:
        """The catalogue entry under the cursor."""
        catalogue = self.query_one("#catalogue", Catalogue)
        wanted = self._highlighted_id(catalogue)
        return next((e for e in self.entries if e.id == wanted), None)

    def _row(self) -> Row | None:
        army = self.query_one("#army", ArmyList)
        if army.highlighted is None or army.highlighted >= len(self.rows):
            return None
        row = self.rows[army.highlighted]
        return row if row.entry else None

    def _selected_card(self) -> AnyCard | None:
        focused = self.focused
        if isinstance(focused, ArmyList):
            row = self._row()
            return row.card if row else None
        entry = self.highlighted_entry()
        return entry.card if entry else None


def _fill(options: OptionList, lines: list[tuple[Text, str | None]]) -> None:
    """Show ``lines`` (a prompt, and an id or None for a line that cannot be chosen).

    When only some prompts changed, only they are replaced: replacing every option
    makes Textual render each one again, the most of what a change costs. Prompts go
    in as Textual's own Content, which renders several times faster than Rich Text.
    """
    contents = [Content.from_rich_text(prompt) for prompt, _ in lines]
    now = [(_markup(o.prompt), o.id, o.disabled) for o in options.options]
    wanted = [
        (content.markup, id_, id_ is None)
        for content, (_, id_) in zip(contents, lines, strict=True)
    ]
    if len(now) != len(wanted) or any(
        a[1:] != b[1:] for a, b in zip(now, wanted, strict=True)
    ):
        options.set_options(
            Option(content, id=id_, disabled=id_ is None)
            for content, (_, id_) in zip(contents, lines, strict=True)
        )
        return
    for index, (content, old, new) in enumerate(
        zip(contents, now, wanted, strict=True)
    ):
        if old != new:
            options.replace_option_prompt_at_index(index, content)


def _markup(prompt: object) -> str:
    # Content compares equal whatever its styles: its markup says them too.
    return prompt.markup if isinstance(prompt, Content) else str(prompt)


def _section(entry: Entry) -> str:
    if entry.kind == "unit":
        return _("Units")
    if entry.kind == "card":
        return (
            "Creep Cards"
            if getattr(entry.card, "kind", "") == "creep"
            else "Tactical Cards"
        )
    return "Mission Cards" if entry.kind == "mission" else "Deployment Cards"

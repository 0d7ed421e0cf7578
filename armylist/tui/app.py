"""The full-screen builder: the catalogue, the list, the findings and the ledger on
one screen, every change re-checked by the engine as it is made.

`BuildApp` lays the screen out and answers its events; what it draws is the board's
(`tui.board`), what its keys do the actions' (`tui.actions`), its panes are in
`tui.panes`."""

from __future__ import annotations

import gc
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import Key, Resize
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Input, OptionList, Static

from armylist.editing.starter import starter_text
from armylist.text.i18n import N_, _
from armylist.tui.actions import Actions
from armylist.tui.board import WIDE
from armylist.tui.keys import Keys
from armylist.tui.messages import Changed
from armylist.tui.panes import ArmyList, Catalogue, Findings, Main
from armylist.tui.screens import NewList, SetupScreen
from armylist.tui.session import Session
from armylist.tui.words import speak

if TYPE_CHECKING:
    from armylist.gamedata.catalog import Catalog


class BuildApp(Actions):
    """`armylist build` in a terminal."""

    CSS_PATH = "build.tcss"
    TITLE = "armylist build"
    ENABLE_COMMAND_PALETTE = False
    # Textual declares it without ClassVar, so it cannot be annotated as one here.
    HORIZONTAL_BREAKPOINTS = [  # noqa: RUF012
        (0, "-narrow"),
        (WIDE, "-wide"),
    ]
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "save", N_("Save"), priority=True),
        Binding("ctrl+z", "undo", N_("Undo"), priority=True),
        Binding("ctrl+y", "redo", N_("Redo"), priority=True),
        Binding("ctrl+q", "quit_build", N_("Quit"), priority=True),
        Binding("question_mark,f1", "help", N_("Help"), key_display="?", priority=True),
    ]

    # Whether a builder of this process froze what it had made (see ``_settled``).
    _frozen: ClassVar[bool] = False

    def __init__(
        self,
        catalog: Catalog,
        path: Path,
        session: Session | None = None,
        *,
        blink: bool = True,
    ) -> None:
        super().__init__(catalog, path, session)
        speak(self)
        self.blink = blink
        self._pane: Widget | None = None
        # Objects made until the first screen is drawn (Textual's, the catalogue's)
        # live until exit: the cyclic collector's passes over them while they are
        # made are wasted work, so it pauses, and they are then frozen out of its
        # reach, which also keeps its full passes out of the changes that follow.
        self._collecting = gc.isenabled()
        gc.disable()

    def _fatal_error(self) -> None:
        # Textual's own report of an internal error prints every local variable: a
        # player's whole list and the game data. The traceback alone is enough. Lazy:
        # only a crash pays for Rich's traceback (and Pygments) at start-up.
        from rich.traceback import Traceback

        self.bell()
        self._exit_renderables.append(Traceback(show_locals=False, width=None))
        self._close_messages_no_wait()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """No list yet (the first screen of a new one): nothing to save or undo."""
        return not (self.session is None and action in ("save", "undo", "redo"))

    # -- layout -------------------------------------------------------------------

    def get_default_screen(self) -> Screen[None]:
        """The builder's screen (see `Main`), with the class of its width already
        on: set at its first resize, it restyled the whole screen once more."""
        screen = Main(id="_default")
        width = screen._get_breakpoint_classes(
            self.size.width, self.HORIZONTAL_BREAKPOINTS
        )
        screen.add_class(*width, update=False)
        return screen

    def compose(self) -> ComposeResult:
        """The ledger on top, the catalogue and the list side by side, the findings
        below, the keys at the bottom."""
        with Vertical(id="top"):
            yield Static(id="title")
            yield Static(id="ledger")
        with Horizontal(id="body"):
            with Vertical(id="catalogue-pane"):
                # Not select_on_focus: the letter that started the filter would be replaced.
                yield Input(
                    placeholder=_("type to filter"), id="filter", select_on_focus=False
                )
                yield Catalogue(id="catalogue")
            with Vertical(id="list-pane"):
                yield ArmyList(id="army")
            # Scrolled with the mouse; not a stop of Tab (i shows the card in full).
            details = VerticalScroll(id="details-pane")
            details.can_focus = False
            with details:
                yield Static(id="details")
        yield Findings(id="findings")
        yield Static(id="message")
        yield Keys()

    def on_mount(self) -> None:
        """Draw the list, or ask for a Faction Card first when there is none."""
        self.query_one("#filter", Input).cursor_blink = self.blink
        for pane in (Catalogue, ArmyList, Findings):
            speak(self.query_one(pane))
        self.query_one("#catalogue-pane").border_title = _("Catalogue")
        self.query_one("#catalogue-pane").border_subtitle = _(
            "models: Minerals (Supply)"
        )
        self.query_one("#findings").border_title = _("Findings")
        self.query_one("#details-pane").border_title = _("Details")
        if self.session is None:
            self.push_screen(SetupScreen(self.catalog, self.path.name), self._start_new)
            self.call_after_refresh(self._settled)
            return
        self._show_list()

    def _show_list(self) -> None:
        self.redraw()
        self.query_one("#catalogue", Catalogue).focus()
        self.call_after_refresh(self._settled)

    def _settled(self) -> None:
        """The first screen is drawn: the collector resumes (see ``__init__``)."""
        if self._collecting:
            if not BuildApp._frozen:
                # Once a process: a later builder (the tests run many) would freeze
                # the garbage of the ones before it for good.
                BuildApp._frozen = True
                gc.freeze()
            gc.enable()
            self._collecting = False

    def on_unmount(self) -> None:
        """Closed before its first screen was drawn: the collector resumes."""
        self._settled()

    def _start_new(self, chosen: NewList | None) -> None:
        if chosen is None:
            return
        text = starter_text(
            self.catalog, chosen.faction, chosen.scale, minerals=chosen.minerals
        )
        self.session = Session.new(self.path, self.catalog, text)
        self.refresh_bindings()
        self.redraw()
        self.query_one("#catalogue", Catalogue).focus()

    # -- events -----------------------------------------------------------------------

    @on(OptionList.OptionHighlighted, "#catalogue")
    def _entry_highlighted(self) -> None:
        entry = self.highlighted_entry()
        # A redraw highlights the same entry again: keep what the change said.
        if entry is not None and entry.id != self._announced:
            if entry.blocked:
                self.say(
                    _("{name} cannot be added now: {why}").format(
                        name=entry.name, why=entry.blocked
                    )
                )
            else:
                self.say(_("Enter adds {name}").format(name=entry.name))
        self._announced = entry.id if entry is not None else None
        self._draw_details()

    def on_resize(self, event: Resize) -> None:
        """A terminal grown wide shows the details pane: fill it; the ledger's slots
        go on as many lines as the width needs."""
        self._drawn.pop("details", None)
        self._draw_details(event.size.width)
        if self.session is not None:
            self._draw_ledger(event.size.width)

    def on_descendant_focus(self) -> None:
        """Say what the pane that has the keys does (once: not again when a dialog
        gives the keys back)."""
        focused = self.focused
        if focused is self._pane or self.screen is not self.screen_stack[0]:
            return
        self._pane = focused
        if isinstance(focused, ArmyList):
            self.say(_("the list: Enter or u upgrades, m models, d removes, [ ] move"))
        elif isinstance(focused, Findings):
            self.say(_("the findings: Enter goes to the entry a finding points at"))
        elif isinstance(focused, Catalogue):
            self._announced = None
            self._entry_highlighted()

    @on(OptionList.OptionHighlighted, "#army")
    def _row_highlighted(self) -> None:
        self._draw_details()

    @on(OptionList.OptionSelected, "#catalogue")
    def _entry_chosen(self) -> None:
        self.action_add()

    @on(OptionList.OptionSelected, "#army")
    def _row_chosen(self) -> None:
        row = self._row()
        if row is not None and row.kind == "unit":
            self.action_upgrades()

    @on(OptionList.OptionSelected, "#findings")
    def _finding_chosen(self, event: OptionList.OptionSelected) -> None:
        assert self.session is not None
        finding = self.session.findings[int(event.option.id or "0")]
        row = self.session.row_for(finding)
        said = _("line {line}: {message}").format(
            line=finding.line, message=finding.message
        )
        if row is None:
            self.say(said)
            return
        index = next(i for i, r in enumerate(self.rows) if r.id == row.id)
        army = self.query_one("#army", ArmyList)
        army.focus()
        army.highlighted = index
        self.say(said)

    @on(Input.Changed, "#filter")
    def _filtered(self) -> None:
        if self.session is not None:
            self._draw_catalogue()

    @on(Input.Submitted, "#filter")
    def _filter_submitted(self) -> None:
        self.action_add()

    def on_key(self, event: Key) -> None:
        """In the filter: Esc clears it, Down goes to the catalogue."""
        box = self.query_one("#filter", Input)
        if self.focused is box and event.key in ("escape", "down"):
            if event.key == "escape":
                box.value = ""
            self.query_one("#catalogue", Catalogue).focus()
            event.stop()

    @on(Changed)
    def _changed(self, message: Changed) -> None:
        self.redraw()
        self.say(message.done)

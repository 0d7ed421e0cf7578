"""The full-screen builder: the catalogue, the list, the findings and the ledger on
one screen, every change re-checked by the engine as it is made."""

from __future__ import annotations

import gc
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar, cast

from rich.text import Text
from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.events import Click, Key, Resize
from textual.screen import Screen
from textual.visual import VisualType
from textual.widget import Widget
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option, OptionDoesNotExist

from armylist.editing.errors import EditError, could_not_save, refusal
from armylist.gamedata.models import Unit
from armylist.text.i18n import N_, _
from armylist.text.names import key
from armylist.tui import views
from armylist.tui.keys import Keys
from armylist.tui.messages import Changed
from armylist.tui.words import speak

if TYPE_CHECKING:
    # The command opens the list (the engine, the editing layer) before the builder
    # starts and hands it over: see `cli.edit._session_to_build`.
    from textual.css.styles import RulesMap

    from armylist.gamedata.catalog import Catalog
    from armylist.tui.screens import NewList
    from armylist.tui.session import AnyCard, Entry, Row, Session

# From this width on, the selected card is shown beside the list.
WIDE = 120


@dataclass(frozen=True)
class Outcome:
    """How the builder ended: ``saved``, this run wrote the list and left nothing
    unsaved."""

    saved: bool
    session: Session | None


class Options(OptionList):
    """Textual's list of options, where replacing one option's prompt renders only
    that option again: Textual's own forgets the rendering of every option (and
    where each line is), and a change that rewrites one line of the list drew all
    of them again."""

    def _replace_option_prompt(self, index: int, prompt: VisualType) -> None:
        option = self.get_option_at_index(index)
        option._set_prompt(prompt)
        cache = self._option_render_cache
        # Textual's LRUCache has keys() but cannot be iterated itself.
        for stale in [k for k in cache.keys() if k[0] is option]:  # noqa: SIM118
            cache.discard(stale)
        lines = self._line_cache
        if index in lines.heights:
            width = self.scrollable_content_region.width - self._get_left_gutter_width()
            padding = self.get_component_styles("option-list--option").padding
            height = (
                self._get_visual(option).get_height(
                    cast("RulesMap", self.styles), width - padding.width
                )
                + option._divider
            )
            if height != lines.heights[index]:
                lines.clear()  # the lines below it move: Textual finds them again
        self.refresh()


class ClickTwice(Options):
    """A list where a click moves the cursor and a click on the entry under it
    chooses: one click to look (at the reason it is dimmed, at its card), another to
    add it or open it. Textual's own list chooses at the first click."""

    async def _on_click(self, event: Click) -> None:
        clicked = event.style.meta.get("option")
        if (
            isinstance(clicked, int)
            and clicked != self.highlighted
            and not self.get_option_at_index(clicked).disabled
        ):
            self.highlighted = clicked
            # Textual runs the base class's handler too unless told not to.
            event.prevent_default()
            event.stop()


class Catalogue(ClickTwice):
    """What the Faction Card may take; letters typed here go to the filter."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "select", N_("Add")),
        # Not i: letters typed here filter (Immortal begins with one).
        Binding("right", "app.details", N_("Details"), key_display="→"),
        Binding("tab", "screen.next_pane(1)", N_("Next pane")),
    ]

    def on_key(self, event: Key) -> None:
        """Type to filter: a printable key starts the filter; Esc clears it here too
        (Tab or Down left the filter with letters in it)."""
        box = self.app.query_one("#filter", Input)
        if event.key == "escape" and box.value:
            box.value = ""
            event.stop()
            return
        if event.character and event.is_printable and event.character not in "?":
            box.focus()
            box.insert_text_at_cursor(event.character)
            event.stop()
            event.prevent_default()


class ArmyList(ClickTwice):
    """The list in file order; the keys that change an entry live here."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("m", "app.composition", N_("Models")),
        Binding("u", "app.upgrades", N_("Upgrades")),
        Binding("d,delete", "app.remove", N_("Remove")),
        Binding("left_square_bracket", "app.move(-1)", N_("Up"), key_display="["),
        Binding("right_square_bracket", "app.move(1)", N_("Down"), key_display="]"),
        Binding("i,right", "app.details", N_("Details"), key_display="i"),
        Binding("q", "app.quit_build", N_("Quit"), show=False),
        Binding("a,slash", "app.focus_catalogue", N_("Add"), show=False),
    ]


class Findings(Options):
    """The engine's findings; Enter goes to the entry a finding points at."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q", "app.quit_build", N_("Quit"), show=False),
        Binding("a,slash", "app.focus_catalogue", N_("Add"), show=False),
    ]


class Main(Screen[None]):
    """The builder's screen; the catalogue has the keys from the start (Textual's
    default gives them to the filter, and a second change of focus restyled the
    panes again)."""

    AUTO_FOCUS = "#catalogue"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("tab", "next_pane(1)", N_("Next pane"), show=False),
        Binding("shift+tab", "next_pane(-1)", N_("Previous pane"), show=False),
    ]

    def action_next_pane(self, step: int) -> None:
        """Tab and Shift+Tab go from pane to pane. The filter is part of the
        catalogue's pane, not a stop of its own: in Textual's order of focus it was
        one, and Tab from the filter went to the catalogue below it, in the same pane,
        so that the first Tab after typing seemed to do nothing and the next letters
        went back to the filter."""
        panes = [w for w in self.focus_chain if not isinstance(w, Input)]
        if not panes:
            return
        here = self.focused
        if isinstance(here, Input):
            here = self.query_one("#catalogue", Catalogue)
        index = panes.index(here) if here in panes else -step
        panes[(index + step) % len(panes)].focus()


class BuildApp(App[Outcome]):
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
        super().__init__()
        speak(self)
        self.catalog = catalog
        self.path = path
        self.session = session
        self.blink = blink
        self.entries: list[Entry] = []
        self.rows: list[Row] = []
        self.last_message = ""
        self._announced: str | None = None
        self._pane: Widget | None = None
        self._drawn: dict[str, object] = {}
        # Objects made until the first screen is drawn (Textual's, the catalogue's)
        # live until exit: the cyclic collector's passes over them while they are
        # made are wasted work, so it pauses, and they are then frozen out of its
        # reach, which also keeps its full passes out of the changes that follow.
        self._collecting = gc.isenabled()
        gc.disable()

    def _fatal_error(self) -> None:
        # Textual's own report of an internal error prints every local variable: a
        # player's whole list and the game data. The traceback alone is enough.
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
            from armylist.tui.screens import SetupScreen

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
        from armylist.editing.starter import starter_text
        from armylist.tui.session import Session

        text = starter_text(
            self.catalog, chosen.faction, chosen.scale, minerals=chosen.minerals
        )
        self.session = Session.new(self.path, self.catalog, text)
        self.refresh_bindings()
        self.redraw()
        self.query_one("#catalogue", Catalogue).focus()

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
        from armylist.reporters.cards import info_view

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

    # -- actions ----------------------------------------------------------------------

    def _do(self, change: str | None, nothing: str = "") -> None:
        if change is None:
            self.say(nothing)
            return
        self.redraw()
        self.say(change)

    def _refused(self, error: EditError) -> None:
        self.say(refusal(error))

    def action_add(self) -> None:
        """Add the highlighted catalogue entry (asking how many models)."""
        entry = self.highlighted_entry()
        if self.session is None or entry is None:
            return
        card = entry.card
        if isinstance(card, Unit) and len(card.compositions) > 1 and not entry.blocked:
            from armylist.tui.screens import CompositionScreen

            self.push_screen(
                CompositionScreen(self.session, card, None),
                lambda models: self._add(entry, models),
            )
            return
        self._add(entry, None)

    def _add(self, entry: Entry, models: int | None) -> None:
        assert self.session is not None
        if (
            isinstance(entry.card, Unit)
            and len(entry.card.compositions) > 1
            and models is None
        ):
            return  # the choice of models was cancelled
        try:
            self._do(self.session.add(entry, models))
        except EditError as error:
            self._refused(error)

    def action_composition(self) -> None:
        """Change the highlighted unit's composition."""
        row = self._row()
        if self.session is None or row is None or row.unit is None:
            self.say(_("choose a unit in the list to change its composition"))
            return
        unit = row.unit.unit
        if len(unit.compositions) < 2:
            self.say(_("{unit} comes in one composition only").format(unit=unit.name))
            return
        current = row.unit.composition.models if row.unit.composition else None
        position = row.position

        def chosen(models: int | None) -> None:
            if models is None or models == current or self.session is None:
                return
            try:
                self._do(self.session.set_models(position, models))
            except EditError as error:
                self._refused(error)

        from armylist.tui.screens import CompositionScreen

        self.push_screen(CompositionScreen(self.session, unit, current), chosen)

    def action_upgrades(self) -> None:
        """Buy or drop the highlighted unit's upgrades."""
        row = self._row()
        if self.session is None or row is None or row.unit is None:
            self.say(_("choose a unit in the list to buy its upgrades"))
            return
        if not row.unit.unit.upgrades:
            self.say(_("{unit} has no upgrades").format(unit=row.unit.unit.name))
            return
        if row.unit.composition is None:
            self.say(_("that unit has no valid composition: change it first (m)"))
            return
        from armylist.tui.screens import UpgradesScreen

        self.push_screen(UpgradesScreen(self.session, row.position))

    def action_remove(self) -> None:
        """Remove the highlighted entry of the list."""
        row = self._row()
        if self.session is None or row is None:
            return
        try:
            self._do(self.session.remove(row))
        except EditError as error:
            self._refused(error)

    def action_move(self, offset: int) -> None:
        """Move the highlighted unit up or down."""
        row = self._row()
        if self.session is None or row is None or row.kind != "unit":
            self.say(_("only units move: choose a unit in the list"))
            return
        try:
            done = self.session.move(row.position, offset)
        except EditError as error:
            self._refused(error)
            return
        army = self.query_one("#army", ArmyList)
        target = (army.highlighted or 0) + offset
        self._do(done)
        self._highlight_row(target)

    def action_undo(self) -> None:
        """Undo the last change."""
        if self.session is not None:
            done = self.session.undo()
            self._do(
                None if done is None else _("undone: {change}").format(change=done),
                _("nothing to undo"),
            )

    def action_redo(self) -> None:
        """Make again the change last undone."""
        if self.session is not None:
            done = self.session.redo()
            self._do(
                None if done is None else _("redone: {change}").format(change=done),
                _("nothing to redo"),
            )

    def action_save(self, force: bool = False, then_quit: bool = False) -> None:
        """Write the list; ask before overwriting a file changed on disk."""
        if self.session is None:
            return
        from armylist.tui.session import ChangedOnDisk

        try:
            self.session.save(force=force)
        except ChangedOnDisk:

            def answer(overwrite: bool | None) -> None:
                if overwrite:
                    self.action_save(force=True, then_quit=then_quit)
                else:
                    self.say(
                        _("not saved: {path} was left as it is on disk").format(
                            path=self.path
                        )
                    )

            from armylist.tui.screens import OverwriteScreen

            self.push_screen(OverwriteScreen(self.path.name), answer)
            return
        except OSError as error:
            self.say(could_not_save(self.path, error))
            return
        self.redraw()
        self.say(_("saved {path}").format(path=self.path))
        if then_quit:
            self.exit(Outcome(True, self.session))

    def action_quit_build(self) -> None:
        """Quit; with unsaved changes, ask: save, discard or cancel."""
        session = self.session
        if session is None or not session.changed:
            self.exit(Outcome(session is not None and session.written, session))
            return

        def answer(choice: str | None) -> None:
            if choice == "save":
                self.action_save(then_quit=True)
            elif choice == "discard":
                self.exit(Outcome(False, session))

        from armylist.tui.screens import QuitScreen

        self.push_screen(QuitScreen(), answer)

    def action_help(self) -> None:
        """Show every key."""
        from armylist.tui.screens import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    def action_details(self) -> None:
        """The selected card in full."""
        card = self._selected_card()
        if card is not None:
            from armylist.reporters.cards import info_view
            from armylist.tui.screens import DetailsScreen

            self.push_screen(DetailsScreen(info_view(card)))

    def action_focus_catalogue(self) -> None:
        """Go to the catalogue's filter."""
        self.query_one("#filter", Input).focus()


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

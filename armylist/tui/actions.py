"""What the builder's keys do: add, change, remove and move entries, undo and redo,
save and quit (a dialog asks where a choice is needed)."""

from __future__ import annotations

from textual.widgets import Input

from armylist.editing.errors import EditError, could_not_save, refusal
from armylist.gamedata.models import Unit
from armylist.reporters.cards import info_view
from armylist.text.i18n import _
from armylist.tui.board import Board, Outcome
from armylist.tui.panes import ArmyList
from armylist.tui.screens import (
    CompositionScreen,
    DetailsScreen,
    HelpScreen,
    OverwriteScreen,
    QuitScreen,
    UpgradesScreen,
)
from armylist.tui.session import ChangedOnDisk, Entry


class Actions(Board):
    """The builder's actions, named by its keys' bindings (``action_``)."""

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

        self.push_screen(QuitScreen(), answer)

    def action_help(self) -> None:
        """Show every key."""
        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    def action_details(self) -> None:
        """The selected card in full."""
        card = self._selected_card()
        if card is not None:
            self.push_screen(DetailsScreen(info_view(card)))

    def action_focus_catalogue(self) -> None:
        """Go to the catalogue's filter."""
        self.query_one("#filter", Input).focus()

"""The builder's panes: the catalogue, the list and the findings (each a list of
options with its own keys), and the screen that holds them."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, cast

from textual.binding import Binding, BindingType
from textual.events import Click, Key
from textual.screen import Screen
from textual.visual import VisualType
from textual.widgets import Input, OptionList

from armylist.text.i18n import N_

if TYPE_CHECKING:
    from textual.css.styles import RulesMap


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

"""The key line at the bottom of the builder's screens: the keys of the focused pane
and of the builder, each one clickable.

Textual's own footer makes a widget per key (styled, composed and mounted one by one)
and composes them only once the screen has been drawn, which lays the whole screen
out and draws it again: about 3% of the instructions to the builder's first screen.
This line is one widget, one line high, drawn again (never laid out again) when the
keys change.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, NamedTuple

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual.widget import Widget

if TYPE_CHECKING:
    from collections.abc import Iterable

    from textual.binding import Binding
    from textual.events import Click
    from textual.screen import Screen


class Key(NamedTuple):
    """A key as the line shows it."""

    display: str  # as the app displays it: ^s, ⏎, ?
    binding: Binding
    enabled: bool


class Keys(Widget):
    """The keys that work now, as Textual's footer shows them (`key Description`), the
    ones that cannot be used now dimmed; a click on one presses it (on a dimmed one,
    rings the bell)."""

    ALLOW_SELECT = False
    COMPONENT_CLASSES: ClassVar[set[str]] = {"keys--key", "keys--description"}
    DEFAULT_CSS = """
    Keys {
        dock: bottom;
        height: 1;
        width: 1fr;
        text-wrap: nowrap;
        text-overflow: ellipsis;
        color: $footer-foreground;
        background: $footer-background;
        .keys--key {
            color: $footer-key-foreground;
            background: $footer-key-background;
            text-style: bold;
        }
        .keys--description {
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
    }
    """

    def __init__(self) -> None:
        super().__init__()
        self.keys: list[Key] = []

    def on_mount(self) -> None:
        """Follow the keys of this screen: they change with the focus."""
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)
        self.show_keys()

    def on_unmount(self) -> None:
        """Stop following them."""
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, screen: Screen[object]) -> None:
        if screen is self.screen:
            self.show_keys()

    def show_keys(self) -> None:
        """Show the keys that work now, unless they are shown already."""
        keys = [
            Key(self.app.get_key_display(binding), binding, enabled)
            for binding, enabled in by_action(
                (active.binding, active.enabled)
                for active in self.screen.active_bindings.values()
            )
        ]
        if keys != self.keys:
            self.keys = keys
            self.refresh()  # one line as wide as the screen: no size changes

    def render(self) -> Text:
        """`` key Description `` for each key."""
        line = Text(no_wrap=True, overflow="ellipsis")
        key_style = self.get_component_rich_style("keys--key", partial=True)
        description_style = self.get_component_rich_style(
            "keys--description", partial=True
        )
        for key in self.keys:
            dim = Style(dim=not key.enabled)
            line.append(f" {key.display} ", key_style + dim)
            if key.binding.description:
                line.append(f"{key.binding.description} ", description_style + dim)
        return line

    def on_click(self, event: Click) -> None:
        """Press the key clicked on."""
        key = key_at(self.keys, event.x)
        if key is None:
            return
        if key.enabled:
            self.app.simulate_key(key.binding.key)
        else:
            self.app.bell()


def by_action(bindings: Iterable[tuple[Binding, bool]]) -> list[tuple[Binding, bool]]:
    """The keys shown, one per action (the first key bound to it), in order."""
    first: dict[str, tuple[Binding, bool]] = {}
    for binding, enabled in bindings:
        if binding.show:
            first.setdefault(binding.action, (binding, enabled))
    return list(first.values())


def key_at(keys: list[Key], x: int) -> Key | None:
    """The key drawn at column ``x`` of the line (see `Keys.render`)."""
    start = 0
    for key in keys:
        width = cell_len(f" {key.display} ")
        if key.binding.description:
            width += cell_len(f"{key.binding.description} ")
        if start <= x < start + width:
            return key
        start += width
    return None

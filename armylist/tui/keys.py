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
    from collections.abc import Iterable, Sequence

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
        """`` key Description `` for each key that fits (see `fitted`)."""
        line = Text(no_wrap=True, overflow="ellipsis")
        key_style = self.get_component_rich_style("keys--key", partial=True)
        description_style = self.get_component_rich_style(
            "keys--description", partial=True
        )
        for key in fitted(self.keys, self.size.width):
            if key is None:
                line.append(MORE, description_style)
                continue
            dim = Style(dim=not key.enabled)
            line.append(f" {key.display} ", key_style + dim)
            if key.binding.description:
                line.append(f"{key.binding.description} ", description_style + dim)
        return line

    def on_click(self, event: Click) -> None:
        """Press the key clicked on."""
        key = key_at(fitted(self.keys, self.size.width), event.x)
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


# Where keys were left out for want of room.
MORE = "… "


def width_of(key: Key) -> int:
    """The cells ``key`` takes on the line: `` key Description ``."""
    width = cell_len(f" {key.display} ")
    if key.binding.description:
        width += cell_len(f"{key.binding.description} ")
    return width


def fitted(keys: list[Key], width: int) -> list[Key | None]:
    """The keys drawn in ``width`` cells: all of them when they fit; else, in order, as
    many as fit before `…` (None) and the key that shows every key (`?`), kept last so
    that the way to the others stays on the line."""
    if sum(map(width_of, keys)) <= width:
        return list(keys)
    helps = [k for k in keys if k.binding.action.rpartition(".")[2] == "help"]
    room = width - sum(map(width_of, helps)) - cell_len(MORE)
    shown: list[Key | None] = []
    for key in keys:
        if key in helps:
            continue
        if width_of(key) > room:
            break
        shown.append(key)
        room -= width_of(key)
    return [*shown, None, *helps]


def key_at(keys: Sequence[Key | None], x: int) -> Key | None:
    """The key drawn at column ``x`` of the line (see `Keys.render`)."""
    start = 0
    for key in keys:
        width = cell_len(MORE) if key is None else width_of(key)
        if start <= x < start + width:
            return key
        start += width
    return None

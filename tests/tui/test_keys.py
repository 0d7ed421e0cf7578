"""The key line at the bottom of the builder: the keys that work now, each clickable."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import ClassVar

from rich.console import Console
from rich.segment import Segment
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.pilot import Pilot
from textual.widgets import Static

from armylist.gamedata.catalog import Catalog
from armylist.text import i18n
from armylist.tui.app import BuildApp
from armylist.tui.keys import Key, Keys, by_action, fitted, key_at, width_of
from armylist.tui.screens import HelpScreen

from .helpers import drive


def shown(app: BuildApp) -> str:
    """The key line as drawn."""
    return str(app.screen.query_one(Keys).render())


def column_of(app: BuildApp, word: str) -> int:
    """The column of the line where ``word`` is drawn."""
    line = shown(app)
    assert word in line, line
    return line.index(word)


def test_the_line_shows_the_keys_of_the_focused_pane_and_follows_the_focus(
    catalog: Catalog, example_list: Path
) -> None:
    lines: list[str] = []

    async def look(app: BuildApp, pilot: Pilot[object]) -> None:
        lines.append(shown(app))
        await pilot.press("tab")  # the catalogue to the list
        lines.append(shown(app))

    drive(catalog, example_list, look)
    catalogue, army = lines
    assert catalogue.startswith(" → Details  ⏎ Add  tab Next pane ")
    assert catalogue.endswith(" ^s Save  ^z Undo  ^y Redo  ? Help ")
    assert "m Models" not in catalogue
    # The list's keys: one per action (d and delete remove: d is shown).
    assert army.startswith(" i Details  m Models  u Upgrades  d Remove  [ Up  ] Down ")
    assert "delete" not in army and "Add" not in army


def test_a_click_on_a_key_presses_it(catalog: Catalog, example_list: Path) -> None:
    seen: list[object] = []

    async def click(app: BuildApp, pilot: Pilot[object]) -> None:
        await pilot.click(Keys, offset=(column_of(app, "Help"), 0))
        seen.append(type(app.screen))
        await pilot.press("escape")
        await pilot.click(Keys, offset=(column_of(app, "Next pane"), 0))
        seen.append(app.focused and app.focused.id)

    drive(catalog, example_list, click)
    assert seen == [HelpScreen, "army"]


class TwoKeys(App[None]):
    """Save works; Undo is shown but cannot be used now (dimmed)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "save", "Save"),
        Binding("ctrl+z", "undo", "Undo"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.done: list[str] = []

    def compose(self) -> ComposeResult:
        yield Keys()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return None if action == "undo" else True

    def action_save(self) -> None:
        self.done.append("save")

    def action_undo(self) -> None:
        self.done.append("undo")

    def bell(self) -> None:
        self.done.append("bell")


def test_a_key_that_cannot_be_used_now_is_dimmed_and_its_click_rings_the_bell() -> None:
    app = TwoKeys()
    drawn: list[list[Segment]] = []

    async def run() -> None:
        async with app.run_test(size=(40, 3)) as pilot:
            await pilot.pause()
            keys = app.query_one(Keys)
            drawn.append(list(keys.render().render(Console())))
            await pilot.click(Keys, offset=(1, 0))  # ^s
            await pilot.click(Keys, offset=(11, 0))  # ^z
            await pilot.pause()

    asyncio.run(run())
    assert app.done == ["save", "bell"]
    dim = {s.text.strip(): bool(s.style and s.style.dim) for s in drawn[0]}
    assert dim == {"^s": False, "Save": False, "^z": True, "Undo": True}


def test_the_keys_are_described_in_the_language_of_the_run(
    catalog: Catalog, example_list: Path
) -> None:
    i18n.use(i18n.SPANISH)
    lines: list[str] = []

    async def look(app: BuildApp, pilot: Pilot[object]) -> None:
        lines.append(shown(app))

    drive(catalog, example_list, look)
    # Infinitives, as Spanish menus and buttons name what they do.
    assert "^s Guardar " in lines[0] and "Save" not in lines[0]


def test_the_help_names_the_keys_as_a_spanish_keyboard_does(
    catalog: Catalog, example_list: Path
) -> None:
    i18n.use(i18n.SPANISH)
    texts: list[str] = []

    async def look(app: BuildApp, pilot: Pilot[object]) -> None:
        await pilot.press("question_mark")
        texts.extend(str(static.content) for static in app.screen.query(Static))

    drive(catalog, example_list, look)
    help_text = "\n".join(texts)
    assert "d / Supr" in help_text and "Delete" not in help_text


def test_each_action_shows_its_first_key_once() -> None:
    remove = [Binding("d", "remove", "Remove"), Binding("delete", "remove", "Remove")]
    hidden = Binding("q", "quit", "Quit", show=False)
    keys = by_action([(remove[0], True), (remove[1], True), (hidden, True)])
    assert keys == [(remove[0], True)]


def test_a_column_of_the_line_names_the_key_drawn_there() -> None:
    save = Key("^s", Binding("ctrl+s", "save", "Save"), True)
    undo = Key("^z", Binding("ctrl+z", "undo", "Undo"), False)
    # " ^s Save  ^z Undo ": columns 0-8 and 9-17
    assert [key_at([save, undo], x) for x in (0, 3, 8, 9, 17, 18)] == [
        save,
        save,
        save,
        undo,
        undo,
        None,
    ]


def test_keys_that_do_not_fit_give_way_and_help_stays_last() -> None:
    keys = [
        Key("m", Binding("m", "app.composition", "Models"), True),
        Key("u", Binding("u", "app.upgrades", "Upgrades"), True),
        Key("?", Binding("question_mark", "help", "Help"), True),
        Key("^s", Binding("ctrl+s", "save", "Save"), True),
    ]
    everything = sum(map(width_of, keys))  # " m Models  u Upgrades  ? Help  ^s Save "
    assert fitted(keys, everything) == keys
    # One cell short: Save goes first, then Upgrades; `…` marks the gap, Help stays.
    assert fitted(keys, everything - 1) == [keys[0], keys[1], None, keys[2]]
    assert fitted(keys, width_of(keys[0]) + width_of(keys[2]) + 2) == [
        keys[0],
        None,
        keys[2],
    ]
    # A click on the `…` presses nothing; on Help, Help.
    drawn = fitted(keys, everything - 1)
    gap = width_of(keys[0]) + width_of(keys[1])
    assert key_at(drawn, gap) is None
    assert key_at(drawn, gap + 2) == keys[2]


def test_in_a_narrow_terminal_the_list_keys_end_with_help(
    catalog: Catalog, example_list: Path
) -> None:
    lines: list[str] = []
    seen: list[object] = []

    async def look(app: BuildApp, pilot: Pilot[object]) -> None:
        await pilot.press("tab")  # the list: more keys than 80 columns hold
        lines.append(shown(app))
        await pilot.click(Keys, offset=(column_of(app, "Help"), 0))
        seen.append(type(app.screen))

    drive(catalog, example_list, look)
    assert lines[0].startswith(" i Details  m Models ")
    assert lines[0].endswith(" …  ? Help ")
    assert len(lines[0]) <= 80
    assert seen == [HelpScreen]

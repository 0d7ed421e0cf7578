"""The full-screen builder driven by key presses (Textual's Pilot)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
import yaml
from projectpaths import OFFICIAL
from rich.console import Console
from textual.geometry import Region
from textual.pilot import Pilot
from textual.widgets import Input, OptionList, Static

from armylist.gamedata.catalog import Catalog
from armylist.text import i18n
from armylist.tui.app import BuildApp
from armylist.tui.screens import (
    CompositionScreen,
    DetailsScreen,
    HelpScreen,
    OverwriteScreen,
    QuitScreen,
    UpgradesScreen,
)

from .helpers import cli, drive, message

OFFICIAL_DATA = yaml.safe_load(OFFICIAL.read_text(encoding="utf-8"))


async def add_by_name(
    app: BuildApp, pilot: Pilot[object], name: str, models: int | None
) -> None:
    """Type a name in the catalogue until it is the entry chosen, Enter, the number of
    models when asked, and Esc to clear the filter."""
    for letter in name:
        await pilot.press(letter)
        entry = app.highlighted_entry()
        if entry is not None and entry.name == name:
            break
    await pilot.press("enter")
    if models is not None:
        await pilot.press(*str(models))
    await pilot.press("escape")


def chosen(catalog: Catalog, entry: dict[str, object]) -> int | None:
    """The models of a unit of the example when its card offers a choice."""
    unit = catalog.units.get(str(entry["unit"]))
    assert unit is not None
    return None if len(unit.compositions) == 1 else int(str(entry["models"]))


def unit_names(path: Path) -> list[tuple[str, int | None]]:
    units = yaml.safe_load(path.read_text(encoding="utf-8"))["units"]
    return [(u["unit"], u.get("models")) for u in units]


def test_keys_alone_build_the_rulebook_example_as_add_commands_do(
    catalog: Catalog, empty_list: Path, tmp_path: Path
) -> None:
    by_commands = tmp_path / "by-commands.yaml"
    by_commands.write_bytes(empty_list.read_bytes())
    for card in OFFICIAL_DATA["tactical_cards"]:
        assert cli("add", str(by_commands), "card", card)[0] == 0
    # The builder asks for a number of models only when the card offers a choice.
    units = [(u["unit"], chosen(catalog, u)) for u in OFFICIAL_DATA["units"]]
    for unit, models in units:
        extra = [] if models is None else ["--models", str(models)]
        assert cli("add", str(by_commands), "unit", unit, *extra)[0] == 0
    for kind in ("missions", "deployments"):
        for name in OFFICIAL_DATA[kind]:
            assert cli("add", str(by_commands), kind[:-1], name)[0] == 0

    async def build(app: BuildApp, pilot: Pilot[object]) -> None:
        for card in OFFICIAL_DATA["tactical_cards"]:
            await add_by_name(app, pilot, card, None)
        for unit, models in units:
            await add_by_name(app, pilot, unit, models)
        for name in OFFICIAL_DATA["missions"] + OFFICIAL_DATA["deployments"]:
            await add_by_name(app, pilot, name, None)
        await pilot.press("ctrl+s")

    app = drive(catalog, empty_list, build)
    assert "saved" in message(app)
    assert app.session is not None and not app.session.changed
    assert app.session.result.valid
    assert app.session.result.minerals.used == 1670
    assert empty_list.read_bytes() == by_commands.read_bytes()


def test_a_second_jim_raynor_is_refused_with_the_reason_and_nothing_changes(
    catalog: Catalog, example_list: Path
) -> None:
    before = example_list.read_bytes()
    seen: list[str] = []

    async def again(app: BuildApp, pilot: Pilot[object]) -> None:
        await pilot.press(*"jim raynor")
        seen.append(message(app))  # selected: it says why before any key
        await pilot.press("enter")

    app = drive(catalog, example_list, again)
    assert seen == ["Jim Raynor cannot be added now: Unique: already in the list"]
    assert message(app) == (
        "refused: cannot add Jim Raynor: Unique: already in the list"
    )
    assert app.session is not None
    assert not app.session.changed and app.session.undo_stack == []
    assert example_list.read_bytes() == before


def test_every_key_of_the_list(catalog: Catalog, example_list: Path) -> None:
    states: dict[str, object] = {}

    async def keys(app: BuildApp, pilot: Pilot[object]) -> None:
        assert app.session is not None
        await pilot.press("tab")  # the catalogue to the list, on its first card
        assert app.focused is app.query_one("#army")
        await pilot.press("i")
        states["details"] = isinstance(app.screen, DetailsScreen)
        await pilot.press("escape")
        await pilot.press(*["down"] * 6)  # unit 1, Marine (9)
        await pilot.press("m")
        states["picker"] = isinstance(app.screen, CompositionScreen)
        await pilot.press("6")
        states["models"] = unit_names_now(app)[0]
        await pilot.press("u")
        states["upgrades"] = isinstance(app.screen, UpgradesScreen)
        await pilot.press("enter", "down", "space", "escape")  # AGG-12, Rocket Launcher
        placed = app.session.unit_at(1)
        assert placed is not None
        states["bought"] = [b.upgrade.name for b in placed.upgrades]
        await pilot.press("right_square_bracket")
        states["moved down"] = unit_names_now(app)[:2]
        await pilot.press("left_square_bracket")
        states["moved up"] = unit_names_now(app)[:2]
        await pilot.press("d")
        states["removed"] = len(unit_names_now(app))
        await pilot.press("delete")
        states["deleted"] = len(unit_names_now(app))
        await pilot.press("ctrl+z")
        states["undone"] = len(unit_names_now(app))
        await pilot.press("ctrl+y")
        states["redone"] = len(unit_names_now(app))
        await pilot.press("question_mark")
        states["help"] = isinstance(app.screen, HelpScreen)
        await pilot.press("escape", "f1")
        states["f1"] = isinstance(app.screen, HelpScreen)
        await pilot.press("escape", "ctrl+s")
        states["saved"] = message(app)
        await pilot.press("tab")
        states["findings"] = app.focused is app.query_one("#findings")
        await pilot.press("q")

    app = drive(catalog, example_list, keys)
    assert states == {
        "details": True,
        "picker": True,
        "models": ("Marine", 6),
        "upgrades": True,
        "bought": ["AGG-12", "Rocket Launcher"],
        "moved down": [("Marine", 9), ("Marine", 6)],
        "moved up": [("Marine", 6), ("Marine", 9)],
        "removed": 8,
        "deleted": 7,
        "undone": 8,
        "redone": 7,
        "help": True,
        "f1": True,
        "saved": f"saved {example_list}",
        "findings": True,
    }
    assert app.return_value is not None and app.return_value.saved
    assert len(unit_names(example_list)) == 7


def unit_names_now(app: BuildApp) -> list[tuple[str, int | None]]:
    assert app.session is not None
    return [(u.unit, u.models) for u in app.session.result.units]


def test_undo_and_redo_step_through_ten_changes(
    catalog: Catalog, example_list: Path
) -> None:
    texts: list[str] = []

    async def ten(app: BuildApp, pilot: Pilot[object]) -> None:
        assert app.session is not None
        await pilot.press("tab")  # the list, on its first card
        for _ in range(10):
            texts.append(app.session.text)
            await pilot.press("d")
        texts.append(app.session.text)
        for _ in range(10):
            await pilot.press("ctrl+z")
        texts.append(app.session.text)
        await pilot.press("ctrl+z")
        texts.append(message(app))
        for _ in range(10):
            await pilot.press("ctrl+y")
        texts.append(app.session.text)

    drive(catalog, example_list, ten)
    assert len(set(texts[:11])) == 11  # each press changed the list
    assert texts[11] == texts[0]
    assert texts[12] == "nothing to undo"
    assert texts[13] == texts[10]


@pytest.mark.parametrize(
    ("answer", "saved", "running"),
    [("s", True, False), ("d", False, False), ("c", False, True)],
)
def test_quitting_with_unsaved_changes_asks(
    catalog: Catalog, example_list: Path, answer: str, saved: bool, running: bool
) -> None:
    before = example_list.read_text(encoding="utf-8")
    seen: dict[str, object] = {}

    async def quit_(app: BuildApp, pilot: Pilot[object]) -> None:
        await pilot.press("tab", "d", "ctrl+q")
        seen["asked"] = isinstance(app.screen, QuitScreen)
        await pilot.press(answer)
        await pilot.pause()
        seen["running"] = app.is_running and app.return_value is None

    app = drive(catalog, example_list, quit_)
    assert seen == {"asked": True, "running": running}
    after = example_list.read_text(encoding="utf-8")
    assert (after != before) is saved
    if not running:
        assert app.return_value is not None and app.return_value.saved is saved


def test_a_file_changed_on_disk_is_not_overwritten_without_asking(
    catalog: Catalog, example_list: Path
) -> None:
    theirs = example_list.read_text(encoding="utf-8") + "# edited elsewhere\n"
    seen: list[object] = []

    async def save_twice(app: BuildApp, pilot: Pilot[object]) -> None:
        await pilot.press("tab", "d")
        example_list.write_text(theirs, encoding="utf-8")
        await pilot.press("ctrl+s")
        seen.append(isinstance(app.screen, OverwriteScreen))
        await pilot.press("c")
        seen.append(example_list.read_text(encoding="utf-8") == theirs)
        await pilot.press("ctrl+s", "o")
        seen.append(message(app))

    app = drive(catalog, example_list, save_twice)
    assert seen == [True, True, f"saved {example_list}"]
    assert app.session is not None
    assert example_list.read_text(encoding="utf-8") == app.session.text


def test_choosing_a_finding_goes_to_its_entry(
    catalog: Catalog, example_list: Path
) -> None:
    text = example_list.read_text(encoding="utf-8")
    example_list.write_text(
        text.replace(
            "  - unit: Goliath\n", "  - unit: Goliath\n  - unit: Jim Raynor\n"
        ),
        encoding="utf-8",
    )
    seen: list[object] = []

    async def go(app: BuildApp, pilot: Pilot[object]) -> None:
        assert app.session is not None
        findings = app.query_one("#findings", OptionList)
        codes = [f.rule for f in app.session.findings]
        findings.focus()
        findings.highlighted = codes.index("unique")
        await pilot.press("enter")
        army = app.query_one("#army", OptionList)
        seen.append(app.focused is army)
        assert army.highlighted is not None
        row = app.rows[army.highlighted]
        seen.append((row.kind, row.text, row.position))

    drive(catalog, example_list, go)
    assert seen == [True, ("unit", "Jim Raynor", 10)]


def test_a_new_list_starts_on_the_faction_and_scale_screen(
    catalog: Catalog, tmp_path: Path
) -> None:
    path = tmp_path / "brood.yaml"

    async def choose(app: BuildApp, pilot: Pilot[object]) -> None:
        choices = app.screen.query_one("#setup-choices", OptionList)
        ids = [choices.get_option_at_index(i).id for i in range(choices.option_count)]
        choices.highlighted = ids.index("zerg-swarm")
        await pilot.press("enter")  # the scales, Standard highlighted
        await pilot.press("enter", "ctrl+s")

    app = drive(catalog, path, choose)
    assert app.session is not None
    assert app.session.result.faction == "Zerg Swarm"
    assert app.session.result.minerals.limit == 2000
    assert path.read_text(encoding="utf-8") == app.session.text
    assert "scale: standard" in app.session.text


def test_tab_goes_from_the_list_to_the_findings_in_a_wide_terminal(
    catalog: Catalog, example_list: Path
) -> None:
    # The details pane beside the list (from 120 columns) is no stop of Tab.
    seen: list[object] = []

    async def tab(app: BuildApp, pilot: Pilot[object]) -> None:
        await pilot.press("tab", "tab")
        seen.append(app.focused.id if app.focused else None)

    drive(catalog, example_list, tab, size=(120, 40))
    assert seen == ["findings"]


def test_the_first_tab_after_typing_a_filter_goes_to_the_list(
    catalog: Catalog, example_list: Path
) -> None:
    # The filter is part of the catalogue's pane: Tab from it goes to the next pane,
    # and the letters typed then are the list's keys, not more of the filter.
    seen: list[object] = []

    async def filter_then_tab(app: BuildApp, pilot: Pilot[object]) -> None:
        await pilot.press("m", "e", "d")
        seen.append(app.focused.id if app.focused else None)
        await pilot.press("tab")
        seen.append(app.focused.id if app.focused else None)
        await pilot.press("m")  # the list's key: Models
        seen.append(app.query_one("#filter", Input).value)

    app = drive(catalog, example_list, filter_then_tab)
    assert seen == ["filter", "army", "med"]
    assert message(app) == "choose a unit in the list to change its composition"


def test_esc_in_the_catalogue_clears_the_filter_it_shows(
    catalog: Catalog, example_list: Path
) -> None:
    # "nothing matches: Esc clears the filter", read with the keys in the catalogue.
    seen: list[object] = []

    async def clear(app: BuildApp, pilot: Pilot[object]) -> None:
        await pilot.press("z", "z", "z", "down")
        seen.append((app.focused.id if app.focused else None, len(app.entries)))
        await pilot.press("escape")
        seen.append(app.query_one("#filter", Input).value)
        seen.append(app.focused.id if app.focused else None)

    app = drive(catalog, example_list, clear)
    assert seen == [("catalogue", 0), "", "catalogue"]
    assert app.entries


def test_shift_tab_goes_back_a_pane_and_never_stops_at_the_filter(
    catalog: Catalog, example_list: Path
) -> None:
    seen: list[object] = []

    async def back(app: BuildApp, pilot: Pilot[object]) -> None:
        for keys in (["shift+tab"], ["shift+tab"], ["shift+tab"], ["m", "shift+tab"]):
            await pilot.press(*keys)
            seen.append(app.focused.id if app.focused else None)

    drive(catalog, example_list, back)
    # The catalogue to the findings, the list, the catalogue; from the filter as from
    # its catalogue.
    assert seen == ["findings", "army", "catalogue", "findings"]


def test_a_click_shows_an_entry_and_a_second_click_chooses_it(
    catalog: Catalog, example_list: Path
) -> None:
    said: list[str] = []

    async def click(app: BuildApp, pilot: Pilot[object]) -> None:
        # Line 3 of the catalogue: Raynor's Raider (Marine), no free Core slot.
        await pilot.click("#catalogue", offset=(4, 3))
        said.append(message(app))
        await pilot.click("#catalogue", offset=(4, 3))
        said.append(message(app))

    app = drive(catalog, example_list, click)
    assert said == [
        "Raynor's Raider (Marine) cannot be added now: no free Core slot: needs 1, "
        "0 free",
        "refused: cannot add Raynor's Raider (Marine): no free Core slot: needs 1, "
        "0 free",
    ]
    assert app.session is not None and not app.session.changed


def test_the_catalogue_shows_a_card_in_full_with_the_right_arrow(
    catalog: Catalog, example_list: Path
) -> None:
    # i cannot: letters typed in the catalogue filter it.
    seen: list[object] = []

    async def look(app: BuildApp, pilot: Pilot[object]) -> None:
        await pilot.press("right")
        seen.append(isinstance(app.screen, DetailsScreen))
        await pilot.press("left", "i")
        seen.append(app.query_one("#filter", Input).value)

    drive(catalog, example_list, look)
    assert seen == [True, "i"]


def test_a_second_creep_card_is_dimmed_with_the_reason(
    catalog: Catalog, tmp_path: Path
) -> None:
    path = tmp_path / "swarm.yaml"
    assert cli("new", "-f", "kerrigans-swarm", "-o", str(path))[0] == 0
    said: list[str] = []

    async def look(app: BuildApp, pilot: Pilot[object]) -> None:
        await add_by_name(app, pilot, "Accelerating Creep", None)
        await pilot.press(*"malig")
        said.append(message(app))

    drive(catalog, path, look)
    assert said == [
        "Malignant Creep cannot be added now: a list takes exactly one Creep Card, "
        "and has Accelerating Creep"
    ]


def test_the_first_letter_typed_stays_in_the_filter(
    catalog: Catalog, example_list: Path
) -> None:
    typed: list[str] = []

    async def type_(app: BuildApp, pilot: Pilot[object]) -> None:
        await pilot.press(*"medic")
        typed.append(app.query_one("#filter", Input).value)

    drive(catalog, example_list, type_)
    assert typed == ["medic"]


def test_a_new_grand_offensive_list_asks_for_its_mineral_limit(
    catalog: Catalog, tmp_path: Path
) -> None:
    path = tmp_path / "big.yaml"
    said: list[str] = []

    async def choose(app: BuildApp, pilot: Pilot[object]) -> None:
        choices = app.screen.query_one("#setup-choices", OptionList)
        ids = [choices.get_option_at_index(i).id for i in range(choices.option_count)]
        choices.highlighted = ids.index("khalai")
        await pilot.press("enter")
        choices.highlighted = [s.id for s in catalog.game.scales].index(
            "grand-offensive"
        )
        await pilot.press("enter", "ctrl+u", *"1500", "enter")
        said.append(str(app.screen.query_one("#setup-message").render()))
        await pilot.press("ctrl+u", *"3000", "enter")

    app = drive(catalog, path, choose)
    assert said == ["a whole number of 2,001 or more"]
    assert app.session is not None
    assert app.session.result.minerals.limit == 3000
    assert "minerals: 3000" in app.session.text


@pytest.mark.parametrize(
    ("language", "title"),
    [
        (i18n.ENGLISH, "Upgrades of #3 Marine (6), 160 Minerals"),
        (i18n.SPANISH, "Mejoras de #3 Marine (6), 160 Minerals"),
    ],
)
def test_the_upgrades_dialog_names_the_unit_by_its_place(
    catalog: Catalog, example_list: Path, language: str, title: str
) -> None:
    # "Upgrades of 3 Marine (6)" read as three Marines: the place is #3, as the line
    # that says what a change did names it.
    titles: list[str] = []

    async def open_(app: BuildApp, pilot: Pilot[object]) -> None:
        await pilot.press("tab", *["down"] * 8, "u")  # unit 3, Marine (6)
        titles.append(str(app.screen.query_one("#upgrades-title", Static).content))

    i18n.use(language)
    drive(catalog, example_list, open_)
    assert titles[0].startswith(title + " (")


def test_the_details_pane_fills_when_the_terminal_grows_wide(
    catalog: Catalog, example_list: Path
) -> None:
    shown: list[str] = []

    async def grow(app: BuildApp, pilot: Pilot[object]) -> None:
        await pilot.resize_terminal(130, 30)
        await pilot.pause()
        console = Console(width=60, record=True, file=io.StringIO())
        console.print(app.query_one("#details", Static).content)
        shown.append(console.export_text())

    drive(catalog, example_list, grow)
    assert shown[0].startswith("Marine\n")  # the catalogue's first unit, in full


def drawn(app: BuildApp) -> dict[str, list[str]]:
    """The text each list pane shows, line by line."""
    panes: dict[str, list[str]] = {}
    for pane in ("#catalogue", "#army", "#findings"):
        widget = app.query_one(pane, OptionList)
        width, height = widget.size
        lines = widget.render_lines(Region(0, 0, width, height))
        panes[pane] = [line.text.rstrip() for line in lines]
    return panes


def test_a_list_drawn_after_changes_shows_what_it_shows_when_opened(
    catalog: Catalog, example_list: Path
) -> None:
    # A change draws again only the lines it rewrote: a unit that gains a line of
    # upgrades pushes the rows below it down, as a fresh start would draw them.
    seen: dict[str, dict[str, list[str]]] = {}

    async def changes(app: BuildApp, pilot: Pilot[object]) -> None:
        await pilot.press("tab", *["down"] * 6)  # unit 1, Marine (9)
        await pilot.press("u", "enter", "down", "space", "escape")  # 2 upgrades
        await pilot.press("m", "6")
        seen["changed"] = drawn(app)

    app = drive(catalog, example_list, changes, size=(120, 60))
    assert app.session is not None
    example_list.write_text(app.session.text, encoding="utf-8")

    async def look(app: BuildApp, pilot: Pilot[object]) -> None:
        seen["opened"] = drawn(app)

    drive(catalog, example_list, look, size=(120, 60))
    assert "     + AGG-12, Rocket Launcher" in seen["changed"]["#army"]
    assert seen["changed"] == seen["opened"]


@pytest.mark.parametrize(
    ("language", "typed", "kinds"),
    [
        ("en", "units", {"unit"}),
        ("es", "unidad", {"unit"}),
        ("es", "unit", {"unit"}),
        ("en", "tactical", {"card"}),
        ("es", "tactical", {"card"}),
    ],
)
def test_the_filter_matches_the_section_a_player_reads(
    catalog: Catalog, example_list: Path, language: str, typed: str, kinds: set[str]
) -> None:
    # The catalogue's headings are in the language of the run ("Unidades"): typing
    # the word a heading shows keeps that section.
    found: list[set[str]] = []

    async def type_(app: BuildApp, pilot: Pilot[object]) -> None:
        await pilot.press(*typed)
        found.append({entry.kind for entry in app.entries})

    i18n.use(language)
    drive(catalog, example_list, type_)
    assert found == [kinds]

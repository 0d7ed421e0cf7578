"""The builder's dialogs: help, unsaved changes, a file changed on disk, a unit's
composition and upgrades, a card in full, and the first screen of a new list."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from rich.console import RenderableType
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import Key
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Footer, Input, OptionList, Static
from textual.widgets.option_list import Option

from armylist.editing.errors import EditError
from armylist.gamedata.models import FactionCard, Race, Scale, Unit
from armylist.plain import noun
from armylist.tui.messages import Changed
from armylist.tui.views import upgrade_prompt

if TYPE_CHECKING:  # the first screen is drawn before the session's modules load
    from armylist.gamedata.catalog import Catalog
    from armylist.tui.session import Session

KEYS: tuple[tuple[str, str], ...] = (
    ("Tab / Shift+Tab", "move between the catalogue, the list and the findings"),
    ("type letters", "filter the catalogue (Esc clears the filter)"),
    ("Enter", "catalogue: add the entry; findings: go to its entry"),
    ("m", "list: change the unit's composition (models)"),
    ("u", "list: buy or drop the unit's upgrades"),
    ("d / Delete", "list: remove the entry"),
    ("[ / ]", "list: move the unit up / down"),
    ("i or →", "the selected card in full (in the catalogue: →)"),
    ("Ctrl+Z / Ctrl+Y", "undo / redo (every change)"),
    ("Ctrl+S", "save"),
    ("Ctrl+Q / q", "quit (asks when there are unsaved changes)"),
    ("? / F1", "this help"),
)


class HelpScreen(ModalScreen[None]):
    """Every key, in one table."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,question_mark,f1,enter", "dismiss", "Close"),
    ]

    def compose(self) -> ComposeResult:
        """The table of keys."""
        text = Text()
        width = max(len(k) for k, _ in KEYS)
        for keys, does in KEYS:
            text.append(f"{keys:<{width}}  ", style="bold")
            text.append(f"{does}\n")
        text.append("\nThe mouse works too: click an entry, double-click to add it.")
        with Vertical(id="dialog"):
            yield Static("Keys", classes="dialog-title")
            yield VerticalScroll(Static(text))
            yield Static("Esc closes", classes="dialog-hint")


class QuitScreen(ModalScreen[str]):
    """Unsaved changes: save, discard or cancel."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("s", "answer('save')", "Save"),
        Binding("d", "answer('discard')", "Discard"),
        Binding("c,escape", "answer('cancel')", "Cancel"),
    ]

    def compose(self) -> ComposeResult:
        """The question and its three answers."""
        with Vertical(id="dialog"):
            yield Static("The list has unsaved changes.", classes="dialog-title")
            with Horizontal(classes="buttons"):
                yield Button("Save and quit (s)", id="save", variant="primary")
                yield Button("Discard (d)", id="discard", variant="error")
                yield Button("Cancel (c)", id="cancel")

    def action_answer(self, answer: str) -> None:
        """Close with the answer."""
        self.dismiss(answer)

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id or "cancel")


class OverwriteScreen(ModalScreen[bool]):
    """The file changed on disk since it was opened: overwrite it or not."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("o", "answer(True)", "Overwrite"),
        Binding("c,escape", "answer(False)", "Cancel"),
    ]

    def __init__(self, file: str) -> None:
        super().__init__()
        self.file = file

    def compose(self) -> ComposeResult:
        """The warning and its two answers."""
        with Vertical(id="dialog"):
            yield Static(
                f"{self.file} was changed by something else since it was opened.\n"
                "Overwrite it with this list, or cancel and keep both as they are?",
                classes="dialog-title",
            )
            with Horizontal(classes="buttons"):
                yield Button("Overwrite (o)", id="overwrite", variant="error")
                yield Button("Cancel (c)", id="cancel")

    def action_answer(self, answer: bool) -> None:
        """Close with the answer."""
        self.dismiss(answer)

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "overwrite")


class DetailsScreen(ModalScreen[None]):
    """One card as `armylist info` shows it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,i,q,enter,left", "dismiss", "Close")
    ]

    def __init__(self, view: RenderableType) -> None:
        super().__init__()
        self.view = view

    def compose(self) -> ComposeResult:
        """The card in a scrolling box."""
        with Vertical(id="dialog", classes="tall"):
            yield VerticalScroll(Static(self.view))
            yield Static("Esc closes; arrows scroll", classes="dialog-hint")


class CompositionScreen(ModalScreen[int | None]):
    """How many models: each composition with its Minerals, Supply and fit."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss(None)", "Cancel")
    ]

    def __init__(self, session: Session, unit: Unit, current: int | None) -> None:
        super().__init__()
        self.unit = unit
        self.session = session
        self.current = current
        self.typed = ""

    def compose(self) -> ComposeResult:
        """A menu of the compositions."""
        options = []
        for c in self.unit.compositions:
            why = self.session.unit_fit(self.unit, c) if self.current is None else ""
            mark = "*" if c.models == self.current else " "
            text = Text(
                f"{mark} {c.models} {noun(c.models, 'model')}  {c.minerals:,} Minerals"
                f"  Supply {c.supply}"
            )
            if why:
                text.append(f"  ({why})")
                text.stylize("dim")
            options.append(Option(text, id=str(c.models)))
        with Vertical(id="dialog"):
            yield Static(f"{self.unit.name}: how many models?", classes="dialog-title")
            yield OptionList(*options, id="choices")
            yield Static(
                "Enter or the number of models chooses; Esc cancels",
                classes="dialog-hint",
            )

    def on_mount(self) -> None:
        """Start on the current composition."""
        choices = self.query_one(OptionList)
        if self.current is not None:
            choices.highlighted = next(
                (
                    i
                    for i, c in enumerate(self.unit.compositions)
                    if c.models == self.current
                ),
                0,
            )

    def on_key(self, event: Key) -> None:
        """A number of models picks that composition."""
        if event.character and event.character.isdigit():
            self.typed += event.character
            sizes = [str(c.models) for c in self.unit.compositions]
            if self.typed in sizes and not any(
                s.startswith(self.typed) and s != self.typed for s in sizes
            ):
                self.dismiss(int(self.typed))
            elif not any(s.startswith(self.typed) for s in sizes):
                self.typed = event.character if event.character in sizes else ""
            event.stop()

    @on(OptionList.OptionSelected)
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(int(event.option.id or "0"))


class UpgradesScreen(ModalScreen[None]):
    """A unit's upgrades: Enter or Space buys or drops one (each is a change)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,u,q", "dismiss", "Done"),
        Binding("space", "buy", "Buy / drop", show=False),
    ]

    def __init__(self, session: Session, position: int) -> None:
        super().__init__()
        self.session = session
        self.position = position

    def compose(self) -> ComposeResult:
        """The upgrades, with the cost at this composition."""
        with Vertical(id="dialog", classes="tall"):
            yield Static("", id="upgrades-title", classes="dialog-title")
            yield OptionList(id="choices")
            yield Static("", id="upgrades-message")
            yield Static(
                "Enter or Space buys or drops; Esc closes", classes="dialog-hint"
            )

    def on_mount(self) -> None:
        """Fill the menu."""
        self.refresh_upgrades()

    def refresh_upgrades(self) -> None:
        """Redraw the menu after a change, keeping the highlight."""
        placed = self.session.unit_at(self.position)
        found = self.query(OptionList)
        if not found:
            return  # closed before it was drawn (Esc pressed at once)
        choices = found.first()
        if placed is None or placed.composition is None:
            self.dismiss()
            return
        models = placed.composition.models
        bought = {b.upgrade.id for b in placed.upgrades}
        left = self.session.minerals_left()
        self.query_one("#upgrades-title", Static).update(
            f"Upgrades of {self.position} {placed.label}, {placed.minerals:,} Minerals"
            + ("" if left is None else f" ({left:,} left in the list)")
        )
        keep = choices.highlighted
        choices.set_options(
            Option(upgrade_prompt(u, models, u.id in bought), id=u.id)
            for u in placed.unit.upgrades
        )
        if choices.option_count:
            choices.highlighted = min(keep or 0, choices.option_count - 1)

    def action_buy(self) -> None:
        """Buy or drop the highlighted upgrade."""
        choices = self.query_one(OptionList)
        placed = self.session.unit_at(self.position)
        if choices.highlighted is None or placed is None:
            return
        upgrade = placed.unit.upgrades[choices.highlighted]
        try:
            done = self.session.toggle_upgrade(self.position, upgrade)
        except EditError as error:
            done = f"refused: {error.message}" + (
                f" ({error.hint})" if error.hint else ""
            )
        self.query_one("#upgrades-message", Static).update(done)
        self.app.post_message(Changed(done))
        self.refresh_upgrades()

    @on(OptionList.OptionSelected)
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        self.action_buy()


@dataclass
class NewList:
    """What the first screen of a new list chose."""

    faction: FactionCard
    scale: Scale
    minerals: int | None


class SetupScreen(Screen[NewList]):
    """A new list: the Faction Card, then the scale (and an agreed Mineral limit)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back"),
        Binding("ctrl+q", "app.quit", "Quit", priority=True),
    ]

    def __init__(self, catalog: Catalog, file: str) -> None:
        super().__init__()
        self.catalog = catalog
        self.file = file
        self.faction: FactionCard | None = None
        self.scale: Scale | None = None

    def compose(self) -> ComposeResult:
        """The Faction Cards by race; the scales and the Mineral limit come after."""
        yield Static(
            f"A new list: {self.file}. Choose its Faction Card (Enter).",
            id="setup-title",
        )
        yield OptionList(*self._faction_options(), id="setup-choices")
        yield Input(placeholder="Mineral limit", id="setup-minerals", type="integer")
        yield Static("", id="setup-message")
        yield Footer()

    def _faction_options(self) -> list[Option]:
        options = []
        for race in Race:
            factions = [f for f in self.catalog.factions.all if f.race is race]
            if not factions:
                continue
            options.append(Option(Text(race.value, style="bold"), disabled=True))
            for f in factions:
                flag = " (provisional)" if f.provisional else ""
                options.append(
                    Option(
                        f"  {f.name}{flag}  {f.slots.describe()}; tags "
                        + ", ".join(f.tags),
                        id=f.id,
                    )
                )
        return options

    def on_mount(self) -> None:
        """The minerals box waits until a scale needs it."""
        self.query_one(Input).display = False
        self.query_one(OptionList).focus()

    @on(OptionList.OptionSelected)
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        choices = self.query_one(OptionList)
        if self.faction is None:
            self.faction = self.catalog.factions.get(event.option.id or "")
            assert self.faction is not None
            self.query_one("#setup-title", Static).update(
                f"{self.faction.name}: choose the scale (Enter); Esc goes back."
            )
            choices.set_options(
                Option(
                    f"{s.name}  ({s.minerals:,} Minerals)"
                    if s.minerals is not None
                    else f"{s.name}  ({s.minerals_min:,} Minerals or more, agreed)",
                    id=s.id,
                )
                for s in self.catalog.game.scales
            )
            choices.highlighted = next(
                (
                    i
                    for i, s in enumerate(self.catalog.game.scales)
                    if s.id == "standard"
                ),
                0,
            )
            return
        self.scale = self.catalog.scale(event.option.id or "")
        assert self.scale is not None
        if self.scale.minerals is not None:
            self.dismiss(NewList(self.faction, self.scale, None))
            return
        box = self.query_one(Input)
        box.display = True
        box.value = str(self.scale.minerals_min)
        box.focus()
        self.query_one("#setup-title", Static).update(
            f"{self.scale.name}: the agreed Mineral limit "
            f"({self.scale.minerals_min:,} or more), then Enter."
        )

    @on(Input.Submitted)
    def _minerals(self, event: Input.Submitted) -> None:
        assert self.faction is not None and self.scale is not None
        text = event.value.replace(",", "").strip()
        if text.isdigit() and int(text) >= self.scale.minerals_min:
            self.dismiss(NewList(self.faction, self.scale, int(text)))
            return
        self.query_one("#setup-message", Static).update(
            f"a whole number of {self.scale.minerals_min:,} or more"
        )

    def action_back(self) -> None:
        """One step back: from the scale to the Faction Cards."""
        if self.faction is None:
            return
        self.faction = None
        self.query_one(Input).display = False
        choices = self.query_one(OptionList)
        choices.set_options(self._faction_options())
        choices.focus()
        self.query_one("#setup-title", Static).update(
            f"A new list: {self.file}. Choose its Faction Card (Enter)."
        )

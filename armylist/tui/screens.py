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
from textual.widgets import Button, Input, OptionList, Static
from textual.widgets.option_list import Option

from armylist.editing.errors import EditError, refusal
from armylist.editing.words import scale_label
from armylist.gamedata.models import FactionCard, Race, Scale, Unit
from armylist.text.i18n import N_, _, ngettext
from armylist.text.numbers import people, plain_digits
from armylist.tui.keys import Keys
from armylist.tui.messages import Changed
from armylist.tui.views import upgrade_prompt
from armylist.tui.words import speak

if TYPE_CHECKING:  # the first screen is drawn before the session's modules load
    from armylist.gamedata.catalog import Catalog
    from armylist.tui.session import Session

# Key names are English (as Textual names them) but for those with words, and Delete
# (Supr on a Spanish keyboard).
KEYS: tuple[tuple[str, str], ...] = (
    ("Tab / Shift+Tab", N_("move between the catalogue, the list and the findings")),
    (N_("type letters"), N_("filter the catalogue (Esc clears the filter)")),
    ("Enter", N_("catalogue: add the entry; findings: go to its entry")),
    ("m", N_("list: change the unit's composition (models)")),
    ("u", N_("list: buy or drop the unit's upgrades")),
    (N_("d / Delete"), N_("list: remove the entry")),
    ("[ / ]", N_("list: move the unit up / down")),
    (N_("i or →"), N_("the selected card in full (in the catalogue: →)")),
    ("Ctrl+Z / Ctrl+Y", N_("undo / redo (every change)")),
    ("Ctrl+S", N_("save")),
    ("Ctrl+O", N_("catalogue: only the units you own (with a collection)")),
    ("Ctrl+Q / q", N_("quit (asks when there are unsaved changes)")),
    ("? / F1", N_("this help")),
)


class HelpScreen(ModalScreen[None]):
    """Every key, in one table."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,question_mark,f1,enter", "dismiss", N_("Close")),
    ]

    def __init__(self) -> None:
        super().__init__()
        speak(self)

    def compose(self) -> ComposeResult:
        """The table of keys."""
        text = Text()
        keys = [(_(k), _(does)) for k, does in KEYS]
        width = max(len(k) for k, _does in keys)
        for named, does in keys:
            text.append(f"{named:<{width}}  ", style="bold")
            text.append(f"{does}\n")
        text.append(
            "\n" + _("The mouse works too: click an entry, double-click to add it.")
        )
        with Vertical(id="dialog"):
            yield Static(_("Keys"), classes="dialog-title")
            yield VerticalScroll(Static(text))
            yield Static(_("Esc closes"), classes="dialog-hint")


class QuitScreen(ModalScreen[str]):
    """Unsaved changes: save, discard or cancel."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("s", "answer('save')", N_("Save")),
        Binding("d", "answer('discard')", N_("Discard")),
        Binding("c,escape", "answer('cancel')", N_("Cancel")),
    ]

    def __init__(self) -> None:
        super().__init__()
        speak(self)

    def compose(self) -> ComposeResult:
        """The question and its three answers."""
        with Vertical(id="dialog"):
            yield Static(_("The list has unsaved changes."), classes="dialog-title")
            with Horizontal(classes="buttons"):
                yield Button(_("Save and quit (s)"), id="save", variant="primary")
                yield Button(_("Discard (d)"), id="discard", variant="error")
                yield Button(_("Cancel (c)"), id="cancel")

    def action_answer(self, answer: str) -> None:
        """Close with the answer."""
        self.dismiss(answer)

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id or "cancel")


class OverwriteScreen(ModalScreen[bool]):
    """The file changed on disk since it was opened: overwrite it or not."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("o", "answer(True)", N_("Overwrite")),
        Binding("c,escape", "answer(False)", N_("Cancel")),
    ]

    def __init__(self, file: str) -> None:
        super().__init__()
        speak(self)
        self.file = file

    def compose(self) -> ComposeResult:
        """The warning and its two answers."""
        with Vertical(id="dialog"):
            yield Static(
                _(
                    "{file} was changed by something else since it was opened.\n"
                    "Overwrite it with this list, or cancel and keep both as they are?"
                ).format(file=self.file),
                classes="dialog-title",
            )
            with Horizontal(classes="buttons"):
                yield Button(_("Overwrite (o)"), id="overwrite", variant="error")
                yield Button(_("Cancel (c)"), id="cancel")

    def action_answer(self, answer: bool) -> None:
        """Close with the answer."""
        self.dismiss(answer)

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "overwrite")


class DetailsScreen(ModalScreen[None]):
    """One card as `armylist info` shows it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,i,q,enter,left", "dismiss", N_("Close"))
    ]

    def __init__(self, view: RenderableType) -> None:
        super().__init__()
        speak(self)
        self.view = view

    def compose(self) -> ComposeResult:
        """The card in a scrolling box."""
        with Vertical(id="dialog", classes="tall"):
            yield VerticalScroll(Static(self.view))
            yield Static(_("Esc closes; arrows scroll"), classes="dialog-hint")


class CompositionScreen(ModalScreen[int | None]):
    """How many models: each composition with its Minerals, Supply and fit."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss(None)", N_("Cancel"))
    ]

    def __init__(self, session: Session, unit: Unit, current: int | None) -> None:
        super().__init__()
        speak(self)
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
                ngettext(
                    "{mark} {models} model  {minerals} Minerals  Supply {supply}",
                    "{mark} {models} models  {minerals} Minerals  Supply {supply}",
                    c.models,
                ).format(
                    mark=mark,
                    models=c.models,
                    minerals=people(c.minerals),
                    supply=c.supply,
                )
            )
            if why:
                text.append(f"  ({why})")
                text.stylize("dim")
            options.append(Option(text, id=str(c.models)))
        with Vertical(id="dialog"):
            yield Static(
                _("{unit}: how many models?").format(unit=self.unit.name),
                classes="dialog-title",
            )
            yield OptionList(*options, id="choices")
            yield Static(
                _("Enter or the number of models chooses; Esc cancels"),
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
        Binding("escape,u,q", "dismiss", N_("Done")),
        Binding("space", "buy", N_("Buy / drop"), show=False),
    ]

    def __init__(self, session: Session, position: int) -> None:
        super().__init__()
        speak(self)
        self.session = session
        self.position = position

    def compose(self) -> ComposeResult:
        """The upgrades, with the cost at this composition."""
        with Vertical(id="dialog", classes="tall"):
            yield Static("", id="upgrades-title", classes="dialog-title")
            yield OptionList(id="choices")
            yield Static("", id="upgrades-message")
            yield Static(
                _("Enter or Space buys or drops; Esc closes"), classes="dialog-hint"
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
        facts = {
            "position": self.position,
            "unit": placed.label,
            "minerals": people(placed.minerals),
        }
        self.query_one("#upgrades-title", Static).update(
            _("Upgrades of #{position} {unit}, {minerals} Minerals").format(**facts)
            if left is None
            else _(
                "Upgrades of #{position} {unit}, {minerals} Minerals ({left} left in "
                "the list)"
            ).format(left=people(left), **facts)
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
            done = refusal(error)
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
        Binding("escape", "back", N_("Back")),
        Binding("ctrl+q", "app.quit", N_("Quit"), priority=True),
    ]

    def __init__(self, catalog: Catalog, file: str) -> None:
        super().__init__()
        speak(self)
        self.catalog = catalog
        self.file = file
        self.faction: FactionCard | None = None
        self.scale: Scale | None = None

    def compose(self) -> ComposeResult:
        """The Faction Cards by race; the scales and the Mineral limit come after."""
        yield Static(self._first_title(), id="setup-title")
        yield OptionList(*self._faction_options(), id="setup-choices")
        yield Input(placeholder=_("Mineral limit"), id="setup-minerals", type="integer")
        yield Static("", id="setup-message")
        yield Keys()

    def _first_title(self) -> str:
        return _("A new list: {file}. Choose its Faction Card (Enter).").format(
            file=self.file
        )

    def _faction_options(self) -> list[Option]:
        options = []
        for race in Race:
            factions = [f for f in self.catalog.factions.all if f.race is race]
            if not factions:
                continue
            options.append(Option(Text(race.value, style="bold"), disabled=True))
            for f in factions:
                flag = " " + _("(provisional)") if f.provisional else ""
                options.append(
                    Option(
                        "  "
                        + _("{faction}{flag}  {slots}; tags {tags}").format(
                            faction=f.name,
                            flag=flag,
                            slots=f.slots.describe(),
                            tags=", ".join(f.tags),
                        ),
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
                _("{faction}: choose the scale (Enter); Esc goes back.").format(
                    faction=self.faction.name
                )
            )
            choices.set_options(
                Option(scale_label(s), id=s.id) for s in self.catalog.game.scales
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
            _(
                "{scale}: the agreed Mineral limit ({least} or more), then Enter."
            ).format(scale=self.scale.name, least=people(self.scale.minerals_min))
        )

    @on(Input.Submitted)
    def _minerals(self, event: Input.Submitted) -> None:
        assert self.faction is not None and self.scale is not None
        minerals = plain_digits(event.value.replace(",", ""))
        if minerals is not None and minerals >= self.scale.minerals_min:
            self.dismiss(NewList(self.faction, self.scale, minerals))
            return
        self.query_one("#setup-message", Static).update(
            _("a whole number of {least} or more").format(
                least=people(self.scale.minerals_min)
            )
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
        self.query_one("#setup-title", Static).update(self._first_title())

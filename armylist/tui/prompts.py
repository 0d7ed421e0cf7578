"""The interactive builder: numbered menus, keyboard only, one edit at a time.

It offers only what the tag rule lets the faction take, marks Unique and provisional
entries and what would go over budget or over the Army Slots (a Unique already taken
stays listed, so menu numbers never shift, and is refused), and makes every change
through the same edits as `armylist add` and `armylist remove`. Nothing is
written until the player saves. Input and output go through a ``Prompter``, so a test
can drive it with a script of answers.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from armylist.editing import edits
from armylist.editing.words import scale_label
from armylist.engine import check_text
from armylist.findings import ListResult
from armylist.gamedata.catalog import Catalog
from armylist.gamedata.models import FactionCard, Race, Scale
from armylist.reporters.ledger import finding_line
from armylist.text.i18n import _
from armylist.text.numbers import NotAWholeNumber, parse_whole, people
from armylist.tui.answers import means, read_answer
from armylist.tui.menuadd import AddMenus
from armylist.tui.menuchange import ChangeMenus
from armylist.tui.menus import Option, Prompter, choose, retry_hint


def choose_faction(catalog: Catalog, io: Prompter) -> FactionCard:
    """Ask for the race, then the Faction Card."""
    races = [r for r in Race if any(f.race is r for f in catalog.factions.all)]
    race_index = choose(
        io, _("Race:"), [Option(r.value, r.value) for r in races], back=False
    )
    assert race_index is not None
    race = races[race_index]
    factions = [f for f in catalog.factions.all if f.race is race]
    options = [
        Option(
            f.name,
            _("{faction}  ({slots}; tags {tags})").format(
                faction=f.name, slots=f.slots.describe(), tags=", ".join(f.tags)
            )
            + ("  " + _("(provisional)") if f.provisional else ""),
        )
        for f in factions
    ]
    index = choose(io, _("Faction Card:"), options, back=False)
    assert index is not None
    return factions[index]


def choose_scale(catalog: Catalog, io: Prompter) -> Scale:
    """Ask for the scale."""
    scales = list(catalog.game.scales)
    options = [Option(s.id, scale_label(s)) for s in scales]
    index = choose(io, _("Scale:"), options, back=False)
    assert index is not None
    return scales[index]


def ask_minerals(scale: Scale, io: Prompter) -> int:
    """Ask for the agreed Mineral limit of a scale without a fixed one."""
    least = people(scale.minerals_min)
    while True:
        answer = io.ask(_("Mineral limit ({least} or more)").format(least=least))
        try:
            number = parse_whole(answer)
        except NotAWholeNumber as problem:
            io.say(f"  {problem.message}: {problem.hint}")
            continue
        if number >= scale.minerals_min:
            return number
        io.say("  " + _("a whole number of {least} or more").format(least=least))


@dataclass
class BuildOutcome:
    """How a builder session ended."""

    # Whether this session wrote the file.
    written: bool
    # Whether changes were left unsaved (discarded at the quit).
    changed: bool
    # The check of what the file holds: the list as last saved, not the changes left.
    held: ListResult
    # A save was refused because another program changed the file meanwhile.
    overtaken: bool = False


class Builder(AddMenus, ChangeMenus):
    """The guided loop over one list file: the menu of actions until the player quits."""

    def run(self) -> BuildOutcome:
        """Show the list and the menu until the player quits.

        Raises EOFError when the input ends, ``edits.EditError`` when the list cannot be
        built on (it does not read, or names no known Faction Card).
        """
        edits.refuse_unbuildable(self.path, self.context)
        actions = [
            (_("add a Tactical Card"), self.add_card),
            (_("add a unit"), self.add_unit),
            (_("upgrades of a unit"), self.upgrades),
            (_("remove a Tactical Card"), self.remove_card),
            (_("remove a unit"), self.remove_unit),
            (_("show the findings"), self.show_findings),
            (_("save"), self.save),
        ]
        while True:
            self.status()
            options = [Option(label, label) for label, _action in actions]
            options.append(Option(_("save and quit"), _("save and quit")))
            index = self._menu(options)
            if index is None:
                if self.changed:
                    match self._save_first():
                        case "cancel":
                            continue
                        case "save" if not self.save():
                            continue
                return self._outcome()
            if index == len(actions):
                if self.save():
                    return self._outcome()
                continue
            actions[index][1]()

    def _outcome(self) -> BuildOutcome:
        held = (
            check_text(self.saved_text, str(self.path), self.catalog)[0]
            if self.changed
            else self.result
        )
        return BuildOutcome(self.written, self.changed, held, self.overtaken)

    def _menu(self, options: list[Option]) -> int | None:
        self.io.say(_("What next?"))
        for i, option in enumerate(options, 1):
            self.io.say(f"  {i}  {option.label}")
        self.io.say("  0  " + _("quit (or q)"))
        names = [o.name for o in options]
        while True:
            answer = self.io.ask(_("Choice")).strip()
            if answer == "0" or means(answer, "quit"):
                return None
            read = read_answer(answer, names)
            if read.index is not None:
                return read.index
            self.io.say("  " + retry_hint(read.problem, 0, len(options)))

    def _save_first(self) -> Literal["save", "discard", "cancel"]:
        """Quitting with unsaved changes: save them, drop them, or go back."""
        self.io.say(
            "  " + _("y: save and quit; n: quit without saving; c or Enter: back")
        )
        while True:
            answer = self.io.ask(_("Save the changes first? [y/n/c]"))
            if means(answer, "yes"):
                return "save"
            if means(answer, "no"):
                return "discard"
            if not answer.strip() or means(answer, "cancel"):
                return "cancel"

    def show_findings(self) -> None:
        """Every finding of the list as it stands."""
        if not self.result.findings:
            self.io.say("  " + _("no findings"))
        for finding in self.result.findings:
            self.io.say("  " + finding_line(finding).replace("\n", "\n  "))

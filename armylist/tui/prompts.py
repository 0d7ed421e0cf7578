"""The interactive builder: numbered menus, keyboard only, one edit at a time.

It offers only what the tag rule lets the faction take, marks Unique and provisional
entries and what would go over budget or over the Army Slots (a Unique already taken
stays listed, so menu numbers never shift, and is refused), and makes every change
through the same edits as `armylist add` and `armylist remove`. Nothing is
written until the player saves. Input and output go through a ``Prompter``, so a test
can drive it with a script of answers.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Literal

from armylist.editing import edits
from armylist.editing.kinds import EditKind
from armylist.editing.words import or_each, scale_label
from armylist.engine import check_text
from armylist.findings import ListResult
from armylist.gamedata.catalog import Catalog
from armylist.gamedata.models import (
    Composition,
    FactionCard,
    Race,
    Scale,
    SlotType,
    Unit,
)
from armylist.reporters.ledger import finding_line, ledger, verdict
from armylist.resolved import Context
from armylist.text.i18n import N_, _, ngettext
from armylist.text.numbers import NotAWholeNumber, parse_whole, people
from armylist.tui.answers import means, read_answer
from armylist.tui.menus import Option, Prompter, choose, entry_marks, retry_hint


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


class Builder:
    """The guided loop over one list file."""

    def __init__(self, path: Path, catalog: Catalog, io: Prompter) -> None:
        self.path = path
        self.catalog = catalog
        self.io = io
        self._read = edits.read_text(path)
        self.overtaken = False
        self.written = False
        self.text = self.saved_text = self._read.text
        self.result, self.context = self._check()

    def _check(self) -> tuple[ListResult, Context]:
        return check_text(self.text, str(self.path), self.catalog)

    @property
    def changed(self) -> bool:
        """Whether there are changes not saved yet."""
        return self.text != self.saved_text

    # -- the loop ------------------------------------------------------------------

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

    def status(self) -> None:
        """The ledger, the cards and the units."""
        result = self.result
        flag = "  " + _("(unsaved changes)") if self.changed else ""
        self.io.say("")
        scale = self.catalog.scale(result.scale) if result.scale else None
        scale_name = scale.name if scale else result.scale  # the name, not the id
        self.io.say(
            f"== {result.faction} ({result.race}), {scale_name}: {self.path}{flag}"
        )
        for line in ledger(result):
            self.io.say(line)
        self.io.say(
            _("Tactical Cards: {cards}").format(
                cards=", ".join(result.tactical_cards) or _("none")
            )
        )
        if not result.units:
            self.io.say(_("Units: none"))
        for i, unit in enumerate(result.units, 1):
            upgrades = f": {', '.join(unit.upgrades)}" if unit.upgrades else ""
            models = "?" if unit.models is None else unit.models
            supply = "?" if unit.supply is None else unit.supply
            self.io.say(
                "  "
                + _(
                    "{n}. {unit} ({models}), Supply {supply}, {minerals} Minerals"
                ).format(
                    n=i,
                    unit=unit.unit,
                    models=models,
                    supply=supply,
                    minerals=people(unit.minerals),
                )
                + upgrades
            )
        self.io.say(verdict(result))

    def apply(self, edit: edits.Edit) -> bool:
        """Make one edit in memory; print what changed or why not."""
        try:
            change = edits.apply(self.text, self.catalog, edit)
        except edits.EditError as error:
            self.io.say("  " + edits.refusal(error))
            return False
        before = self.result
        self.text = change.text
        self.result, self.context = self._check()
        self.io.say(f"  {change.done}")
        for finding in edits.new_findings(before, self.result):
            self.io.say("  " + finding_line(finding).replace("\n", "\n  "))
        return True

    # -- the actions -----------------------------------------------------------------

    def _faction(self) -> FactionCard:
        assert self.context.faction is not None
        return self.context.faction

    def _left(self, used: int, limit: int | None) -> int | None:
        return None if limit is None else limit - used

    def add_card(self) -> None:
        """Offer the cards the faction may take, marking those over the gas budget.

        A Unique card already taken stays in the menu (the numbers stay put) and is
        refused with the reason; the menu is offered again.
        """
        while self._add_card():
            pass

    def _add_card(self) -> bool:
        """One pass of the card menu: whether the choice was refused."""
        taken = {p.card.id for p in self.context.cards}
        cards = list(self.catalog.cards_for(self._faction()))
        left = self._left(self.result.gas.used, self.result.gas.limit)
        width = max((len(c.name) for c in cards), default=0)
        options = []
        for card in cards:
            granted = f"+{card.slots.describe()}" if card.slots.items() else "-"
            fits = (
                ""
                if left is None or card.gas <= left
                else "  " + _("OVER BUDGET by {gas} Gas").format(gas=card.gas - left)
            )
            marks = entry_marks(card.unique, card.provisional, taken=card.id in taken)
            options.append(
                Option(
                    card.name,
                    f"{card.name:<{width}}  {card.gas:>3} Gas  {granted}{fits}{marks}",
                )
            )
        title = _("Tactical Cards {faction} may take ({gas} Vespene Gas left):").format(
            faction=self._faction().name, gas="?" if left is None else people(left)
        )
        index = choose(self.io, title, options, question=N_("Card"))
        if index is None:
            return False
        return not self.apply(
            edits.Edit(action="add", kind=EditKind.CARD, name=cards[index].name)
        )

    def _fit(self, unit: Unit, composition: Composition) -> str:
        problems = []
        left = self._left(self.result.minerals.used, self.result.minerals.limit)
        if left is not None and composition.minerals > left:
            problems.append(
                _("{minerals} Minerals over").format(
                    minerals=people(composition.minerals - left)
                )
            )
        if unit.slot is not None:
            slot: SlotType = unit.slot
            free = self.context.available(slot) - self.context.used(slot)
            if composition.supply > free:
                problems.append(
                    ngettext(
                        "needs {supply} {slot}, {free} free",
                        "needs {supply} {slot}, {free} free",
                        max(free, 0),
                    ).format(
                        supply=composition.supply, slot=slot.label, free=max(free, 0)
                    )
                )
        if not problems:
            return ""
        return " " + _("OVER: {problems}").format(problems=", ".join(problems))

    def add_unit(self) -> None:
        """Offer the units the faction may take with each composition's fit; a taken
        Unique stays listed and is refused, as in `add_card`."""
        while self._add_unit():
            pass

    def _add_unit(self) -> bool:
        """One pass of the unit menu: whether the choice was refused."""
        taken = {p.unit.id for p in self.context.units}
        units = list(self.catalog.units_for(self._faction()))
        width = max((len(u.name) for u in units), default=0)
        options = []
        for unit in units:
            choices = "; ".join(
                _("{models}: {minerals} (Supply {supply})").format(
                    models=c.models, minerals=people(c.minerals), supply=c.supply
                )
                + self._fit(unit, c)
                for c in unit.compositions
            )
            slot = unit.slot.label if unit.slot else "-"
            marks = entry_marks(unit.unique, unit.provisional, taken=unit.id in taken)
            options.append(
                Option(unit.name, f"{unit.name:<{width}}  {slot:<7}  {choices}{marks}")
            )
        left = self._left(self.result.minerals.used, self.result.minerals.limit)
        index = choose(
            self.io,
            _(
                "Units ({minerals} Minerals left; models: Minerals (starting Supply = "
                "Army Slots)):"
            ).format(minerals="?" if left is None else people(left)),
            options,
            question=N_("Unit"),
        )
        if index is None:
            return False
        unit = units[index]
        composition = unit.compositions[0]
        if len(unit.compositions) > 1 and not (unit.unique and unit.id in taken):
            picked = self._composition(unit)
            if picked is None:
                return False
            composition = picked
        models = composition.models if len(unit.compositions) > 1 else None
        added = self.apply(
            edits.Edit(action="add", kind=EditKind.UNIT, name=unit.name, models=models)
        )
        if added and unit.upgrades:
            self.io.say("  " + _("(menu 3 buys its upgrades)"))
        return not added

    def _composition(self, unit: Unit) -> Composition | None:
        """Ask for a model count (not a menu index: '2' means 2 models)."""
        self.io.say(_("{unit}: how many models?").format(unit=unit.name))
        for c in unit.compositions:
            self.io.say(
                "  "
                + ngettext(
                    "{models} model, {minerals} Minerals, Supply {supply}",
                    "{models} models, {minerals} Minerals, Supply {supply}",
                    c.models,
                ).format(
                    models=f"{c.models:>2}",
                    minerals=people(c.minerals),
                    supply=c.supply,
                )
                + self._fit(unit, c)
            )
        counts = or_each([str(c.models) for c in unit.compositions])
        while True:
            answer = self.io.ask(_("Models ({counts}; 0 back)").format(counts=counts))
            answer = answer.strip()
            if answer in ("0", "") or means(answer, "back"):
                return None
            try:
                chosen = unit.composition(parse_whole(answer))
            except NotAWholeNumber:
                chosen = None
            if chosen is not None:
                return chosen
            self.io.say(
                "  "
                + _("{unit} comes as {counts} models").format(
                    unit=unit.name, counts=counts
                )
            )

    def upgrades(self) -> None:
        """Pick a unit, then buy or drop its upgrades one at a time."""
        placed = self.context.units
        if not placed:
            self.io.say("  " + _("the list has no units yet"))
            return
        options = [
            Option(
                p.unit.name,
                _("{unit}, {minerals} Minerals").format(
                    unit=p.label, minerals=people(p.minerals)
                ),
            )
            for p in placed
        ]
        index = choose(self.io, _("Which unit?"), options, question=N_("Unit"))
        if index is None:
            return
        position = placed[index].path[1]
        assert isinstance(position, int)
        while True:
            current = next(
                (p for p in self.context.units if p.path[1] == position), None
            )
            if current is None or current.composition is None:
                self.io.say(
                    "  " + _("that unit has no valid composition; fix it first")
                )
                return
            models = current.composition.models
            bought = {b.upgrade.id for b in current.upgrades}
            left = self._left(self.result.minerals.used, self.result.minerals.limit)
            rows = []
            for upgrade in current.unit.upgrades:
                cost = upgrade.cost_for(models)
                tags = " SPECIALIST" if upgrade.specialist else ""
                tags += f" FOR {upgrade.replaces}" if upgrade.replaces else ""
                mark = "[x]" if upgrade.id in bought else "[ ]"
                over = (
                    ""
                    if upgrade.id in bought
                    or cost is None
                    or left is None
                    or cost <= left
                    else "  "
                    + _("OVER BUDGET by {minerals}").format(minerals=cost - left)
                )
                price = _("n/a") if cost is None else str(cost)
                rows.append(
                    Option(
                        upgrade.name,
                        f"{mark} {upgrade.name}  "
                        + _("{price} Minerals").format(price=price)
                        + f"{tags}{over}",
                    )
                )
            if not rows:
                self.io.say(
                    "  " + _("{unit} has no upgrades").format(unit=current.unit.name)
                )
                return
            picked = choose(
                self.io,
                _(
                    "Upgrades of {unit} (number to buy or drop; {minerals} Minerals "
                    "left):"
                ).format(
                    unit=current.label,
                    minerals="?" if left is None else people(left),
                ),
                rows,
                question=N_("Upgrade"),
            )
            if picked is None:
                return
            upgrade = current.unit.upgrades[picked]
            action = "remove" if upgrade.id in bought else "add"
            self.apply(
                edits.Edit(
                    action=action,
                    kind=EditKind.UPGRADE,
                    name=upgrade.name,
                    unit=str(position + 1),
                )
            )

    def remove_card(self) -> None:
        """Offer the list's cards for removal."""
        placed = self.context.cards
        if not placed:
            self.io.say("  " + _("the list has no Tactical Cards"))
            return
        index = choose(
            self.io,
            _("Remove which card?"),
            [Option(p.card.name, p.card.name) for p in placed],
            question=N_("Card"),
        )
        if index is not None:
            # By its place in the file: of two Forges, the one chosen goes.
            position = placed[index].path[-1]
            assert isinstance(position, int)
            self.apply(
                edits.Edit(action="remove", kind=EditKind.CARD, name=str(position + 1))
            )

    def remove_unit(self) -> None:
        """Offer the list's units for removal."""
        placed = self.context.units
        if not placed:
            self.io.say("  " + _("the list has no units"))
            return
        options = [Option(p.unit.name, p.label) for p in placed]
        index = choose(self.io, _("Remove which unit?"), options, question=N_("Unit"))
        if index is not None:
            position = placed[index].path[1]
            assert isinstance(position, int)
            self.apply(
                edits.Edit(action="remove", kind=EditKind.UNIT, name=str(position + 1))
            )

    def show_findings(self) -> None:
        """Every finding of the list as it stands."""
        if not self.result.findings:
            self.io.say("  " + _("no findings"))
        for finding in self.result.findings:
            self.io.say("  " + finding_line(finding).replace("\n", "\n  "))

    def save(self) -> bool:
        """Write the list atomically; False (changes kept) when it cannot be written."""
        try:
            written = edits.write_list(self.path, self.text, self._read)
        except edits.Changed as changed:
            # Another program wrote the file: saving over it would lose its change.
            self.io.say(
                "  " + _("could not save: {reason}").format(reason=changed.message)
            )
            self.overtaken = True
            return False
        except OSError as error:
            # Keep the session: the player can fix the cause and save again.
            self.io.say("  " + edits.could_not_save(self.path, error))
            return False
        self.saved_text = self.text
        self.written = True
        self._read = replace(self._read, text=self.text, digest=written)
        self.io.say("  " + _("saved {path}").format(path=self.path))
        return True

"""The list a numbered-menu session builds: held in memory, checked after every edit,
shown as a ledger, and written only when the player saves (`prompts.Builder`)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from armylist.editing import edits
from armylist.engine import check_text
from armylist.findings import ListResult
from armylist.gamedata.catalog import Catalog
from armylist.gamedata.models import Composition, FactionCard, SlotType, Unit
from armylist.reporters.ledger import finding_line, ledger, verdict
from armylist.resolved import Context
from armylist.text.i18n import _, ngettext
from armylist.text.numbers import people
from armylist.tui.menus import Prompter


class MenuList:
    """One list file in memory, its check, its edits and its save."""

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

    def _faction(self) -> FactionCard:
        assert self.context.faction is not None
        return self.context.faction

    def _left(self, used: int, limit: int | None) -> int | None:
        return None if limit is None else limit - used

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

"""What the full-screen builder works on, without a screen: the list's text, its
check, the catalogue of what may be added, the rows of the list, undo and save.

Every change is an edit of the text through the editing layer (the same edits as
`add`, `remove` and `set`), followed by a check by the engine; undo and redo step
through the texts. The application only draws this and turns keys into calls, so the
benchmark and the tests drive the same code the screen does.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from armylist.editing import reading
from armylist.editing.errors import EditRefused
from armylist.editing.kinds import Edit, EditKind
from armylist.engine import check_text
from armylist.files.reading import UnusableFile, read_list_file
from armylist.findings import Finding, ListResult
from armylist.gamedata.catalog import Catalog
from armylist.gamedata.models import (
    Composition,
    Deployment,
    Mission,
    SlotType,
    TacticalCard,
    Unit,
    Upgrade,
)
from armylist.resolved import Context, PlacedUnit
from armylist.text.i18n import _
from armylist.text.names import key
from armylist.text.numbers import people

if TYPE_CHECKING:
    # The editing layer (ruamel.yaml's round trip) loads at the first change: a
    # list is opened, checked and drawn without it (tests/tui/test_startup.py).
    from armylist.editing.edits import EditedText

EntryKind = Literal["card", "unit", "mission", "deployment"]
AnyCard = TacticalCard | Unit | Mission | Deployment


class ChangedOnDisk(Exception):
    """The file was changed by something else since it was opened or last saved."""


@dataclass(frozen=True)
class Entry:
    """One line of the catalogue: a card the list may take, and why not now."""

    kind: EntryKind
    card: AnyCard
    # Empty when it can be added now; otherwise the reason, e.g. 'Unique: already
    # in the list'.
    blocked: str = ""

    @property
    def name(self) -> str:
        """The printed name."""
        return self.card.name

    @property
    def id(self) -> str:
        """A key that names the entry among all kinds."""
        return f"{self.kind}:{self.card.id}"


@dataclass(frozen=True)
class Row:
    """One line of the list: a section heading or an entry, with where it is."""

    kind: Literal["heading", "empty", "card", "unit", "mission", "deployment"]
    text: str
    # The 1-based position in its list (0 for a heading).
    position: int = 0
    line: int = 0
    unit: PlacedUnit | None = None
    card: AnyCard | None = None

    @property
    def entry(self) -> bool:
        """An entry of the list, not a heading or the line of an empty section."""
        return self.kind not in ("heading", "empty")

    @property
    def id(self) -> str:
        """A key that stays with the row while nothing before it changes."""
        return f"{self.kind}:{self.position}:{self.text}"


@dataclass(frozen=True)
class Change:
    """One step of the history: the text after it and what it did."""

    text: str
    done: str


@dataclass
class Session:
    """One list being built."""

    path: Path
    catalog: Catalog
    text: str
    # What the file held when opened or last saved (None: there is no file yet).
    disk_text: str | None
    bom: bool = False
    crlf: bool = False
    saved_text: str = ""
    undo_stack: list[Change] = field(default_factory=list)
    redo_stack: list[Change] = field(default_factory=list)
    # Whether this session wrote the file.
    written: bool = False
    result: ListResult = field(init=False)
    context: Context = field(init=False)

    def __post_init__(self) -> None:
        if not self.saved_text:
            self.saved_text = self.text if self.disk_text is not None else ""
        self.check()

    # -- opening ------------------------------------------------------------------

    @classmethod
    def open(cls, path: Path, catalog: Catalog) -> Session:
        """An existing list file; ``EditError`` when it cannot be built on."""
        read = reading.read_text(path)
        session = cls(path, catalog, read.text, _raw(path), read.bom, read.crlf)
        reading.refuse_unbuildable(path, session.context)
        return session

    @classmethod
    def new(cls, path: Path, catalog: Catalog, text: str) -> Session:
        """A list not written yet (a starter text)."""
        return cls(path, catalog, text, None)

    # -- state --------------------------------------------------------------------

    def check(self) -> None:
        """Run the engine on the text as it stands."""
        self.result, self.context = check_text(self.text, self.path.name, self.catalog)

    @property
    def changed(self) -> bool:
        """Whether there is anything not saved."""
        return self.text != self.saved_text

    def held(self) -> ListResult | None:
        """The check of what the file holds as this session last read or wrote it:
        the list on screen when nothing is unsaved; None when there is no file."""
        if self.disk_text is None:
            return None
        if not self.changed:
            return self.result
        return check_text(self.saved_text, self.path.name, self.catalog)[0]

    @property
    def findings(self) -> list[Finding]:
        """The engine's findings, as `validate` reports them."""
        return self.result.findings

    def minerals_left(self) -> int | None:
        """Minerals under the limit (negative when over), or None without a limit."""
        spent = self.result.minerals
        return None if spent.limit is None else spent.limit - spent.used

    def gas_left(self) -> int | None:
        """Vespene Gas under the limit, or None without a limit."""
        spent = self.result.gas
        return None if spent.limit is None else spent.limit - spent.used

    def free_slots(self, slot: SlotType) -> int:
        """Army Slots of a type not occupied yet."""
        return self.context.available(slot) - self.context.used(slot)

    # -- changes ------------------------------------------------------------------

    def change(self, make: Callable[[str], EditedText]) -> str:
        """Make one change; what it did. ``EditError`` leaves everything as it was."""
        edited = make(self.text)
        if edited.text == self.text:
            return edited.done
        self.undo_stack.append(Change(self.text, edited.done))
        self.redo_stack.clear()
        self.text = edited.text
        self.check()
        return edited.done

    def edit(self, edit: Edit) -> str:
        """Make one edit as `add`, `remove` or `set` would."""
        # Lazy: the first change loads the editing layer, not the first screen.
        from armylist.editing import edits

        return self.change(lambda text: edits.apply(text, self.catalog, edit))

    def undo(self) -> str | None:
        """Step back one change; what was undone, or None when there is nothing."""
        return self._step(self.undo_stack, self.redo_stack)

    def redo(self) -> str | None:
        """Make again the change last undone; None when there is nothing."""
        return self._step(self.redo_stack, self.undo_stack)

    def _step(self, back: list[Change], forth: list[Change]) -> str | None:
        """Go to the text on top of ``back``, keeping the one left on ``forth``."""
        if not back:
            return None
        step = back.pop()
        forth.append(Change(self.text, step.done))
        self.text = step.text
        self.check()
        return step.done

    # -- the changes the builder offers -------------------------------------------

    def add(self, entry: Entry, models: int | None = None) -> str:
        """Add a catalogue entry; refused (``EditRefused``) when it is blocked."""
        if entry.blocked:
            raise EditRefused(
                _("cannot add {name}: {why}").format(name=entry.name, why=entry.blocked)
            )
        if isinstance(entry.card, Unit):
            composition = entry.card.composition(models) if models is not None else None
            if composition is not None and (
                why := self.unit_fit(entry.card, composition)
            ):
                raise EditRefused(
                    _("cannot add {name} ({models}): {why}").format(
                        name=entry.name, models=models, why=why
                    )
                )
            written = models if len(entry.card.compositions) > 1 else None
            return self.edit(
                Edit(action="add", kind=EditKind.UNIT, name=entry.name, models=written)
            )
        return self.edit(Edit(action="add", kind=entry.kind, name=entry.name))

    def remove(self, row: Row) -> str:
        """Remove a card, unit, Mission or Deployment Card by its place."""
        if not row.entry:
            raise EditRefused(_("choose an entry of the list to remove"))
        return self.edit(Edit(action="remove", kind=row.kind, name=str(row.position)))

    def set_models(self, position: int, models: int) -> str:
        """Change the composition of unit ``position``."""
        # Lazy: the first change loads the editing layer, not the first screen.
        from armylist.editing import arrange

        return self.change(
            lambda text: arrange.set_models(text, self.catalog, position, models)
        )

    def move(self, position: int, offset: int) -> str:
        """Move unit ``position`` up (-1) or down (+1)."""
        # Lazy: the first change loads the editing layer, not the first screen.
        from armylist.editing import arrange

        return self.change(
            lambda text: arrange.move_unit(text, position, position + offset)
        )

    def toggle_upgrade(self, position: int, upgrade: Upgrade) -> str:
        """Buy an upgrade for unit ``position``, or drop it when bought."""
        placed = self.unit_at(position)
        bought = placed is not None and any(
            b.upgrade.id == upgrade.id for b in placed.upgrades
        )
        if not bought and placed is not None and placed.composition is not None:
            cost = upgrade.cost_for(placed.composition.models) or 0
            left = self.minerals_left()
            if left is not None and cost > left:
                raise EditRefused(
                    _("{upgrade} costs {cost} Minerals: {left} left").format(
                        upgrade=upgrade.name, cost=people(cost), left=people(left)
                    )
                )
        return self.edit(
            Edit(
                action="remove" if bought else "add",
                kind=EditKind.UPGRADE,
                name=upgrade.name,
                unit=str(position),
            )
        )

    def unit_at(self, position: int) -> PlacedUnit | None:
        """The resolved unit at a 1-based place in the file, if it resolved."""
        for placed in self.context.units:
            if placed.path[1] == position - 1:
                return placed
        return None

    # -- what may be added ----------------------------------------------------------

    def unit_fit(self, unit: Unit, composition: Composition) -> str:
        """Why a composition cannot be added now ('' when it can)."""
        left = self.minerals_left()
        if left is not None and composition.minerals > left:
            return _("over budget: {minerals} Minerals, {left} left").format(
                minerals=people(composition.minerals), left=people(max(left, 0))
            )
        if unit.slot is not None:
            free = self.free_slots(unit.slot)
            if composition.supply > free:
                return _("no free {slot} slot: needs {supply}, {free} free").format(
                    slot=unit.slot.label, supply=composition.supply, free=max(free, 0)
                )
        return ""

    def catalogue(self) -> list[Entry]:
        """Units, Tactical (and Creep) Cards the Faction Card may take, then the
        Mission and Deployment Cards of the list's scale; each with why it cannot be
        added now."""
        faction = self.context.faction
        if faction is None:
            return []
        entries: list[Entry] = []
        units_taken = {p.unit.id for p in self.context.units}
        for unit in self.catalog.units_for(faction):
            why = ""
            if unit.unique and unit.id in units_taken:
                why = _("Unique: already in the list")
            else:
                fits = [self.unit_fit(unit, c) for c in unit.compositions]
                if all(fits):
                    why = min(fits, key=len)
            entries.append(Entry("unit", unit, why))
        cards_taken = {p.card.id for p in self.context.cards}
        creep = next(
            (p.card for p in self.context.cards if p.card.kind == "creep"), None
        )
        gas = self.gas_left()
        for card in self.catalog.cards_for(faction):
            why = ""
            if card.unique and card.id in cards_taken:
                why = _("Unique: already in the list")
            elif card.kind == "creep" and creep is not None:
                why = _("a list takes exactly one Creep Card, and has {card}").format(
                    card=creep.name
                )
            elif gas is not None and card.gas > gas:
                why = _("over budget: {gas} Vespene Gas, {left} left").format(
                    gas=card.gas, left=max(gas, 0)
                )
            entries.append(Entry("card", card, why))
        scenario = (
            self.context.scale.scenario_scale if self.context.scale else "standard"
        )
        missions = {key(m.name) for m, _path in self.context.missions}
        for mission in self.catalog.missions:
            if mission.scale != scenario:
                continue
            why = _scenario_block(key(mission.name) in missions, len(missions))
            entries.append(Entry("mission", mission, why))
        deployments = {d.id for d, _path in self.context.deployments}
        for deployment in self.catalog.deployments.all:
            if deployment.scale != scenario:
                continue
            why = _scenario_block(deployment.id in deployments, len(deployments))
            entries.append(Entry("deployment", deployment, why))
        return entries

    # -- the list as rows -------------------------------------------------------------

    def rows(self) -> list[Row]:
        """The list in file order: cards, units, Mission and Deployment Cards."""
        context = self.context
        sections: list[tuple[str, list[Row]]] = [
            (
                "Tactical Cards",
                [
                    Row(
                        "card",
                        p.card.name,
                        _place(p.path, i),
                        self._line(p.path),
                        card=p.card,
                    )
                    for i, p in enumerate(context.cards)
                ],
            ),
            (
                _("Units"),
                [
                    Row(
                        "unit",
                        u.unit.name,
                        _place(u.path, i),
                        self._line(u.path),
                        unit=u,
                        card=u.unit,
                    )
                    for i, u in enumerate(context.units)
                ],
            ),
            (
                "Mission Cards",
                [
                    Row("mission", m.name, _place(path, i), self._line(path), card=m)
                    for i, (m, path) in enumerate(context.missions)
                ],
            ),
            (
                "Deployment Cards",
                [
                    Row("deployment", d.name, _place(path, i), self._line(path), card=d)
                    for i, (d, path) in enumerate(context.deployments)
                ],
            ),
        ]
        rows: list[Row] = []
        for heading, entries in sections:
            rows.append(Row("heading", heading))
            rows += entries or [Row("empty", _("none yet: add from the catalogue"))]
        return rows

    def _line(self, path: tuple[str | int, ...]) -> int:
        return self.context.loaded.where(path).line

    def row_for(self, finding: Finding) -> Row | None:
        """The entry a finding points at: the last row that starts on or before its
        line (a finding on a card's or unit's line, or inside a unit's entry)."""
        best: Row | None = None
        for row in self.rows():
            if (
                row.entry
                and row.line <= finding.line
                and (best is None or row.line >= best.line)
            ):
                best = row
        return (
            best
            if best is not None and finding.line >= _first_entry_line(self)
            else None
        )

    # -- saving -------------------------------------------------------------------------

    def save(self, *, force: bool = False) -> None:
        """Write the list atomically through the editing layer's writer.

        Raises ``ChangedOnDisk`` (nothing written) when the file changed since it was
        opened or last saved, unless ``force``; ``OSError`` when it cannot be written.
        """
        if not force and _raw(self.path) != self.disk_text:
            raise ChangedOnDisk(str(self.path))
        # Lazy: the first change loads the editing layer, not the first screen.
        from armylist.editing import edits

        edits.save_list(self.path, self.text, bom=self.bom, crlf=self.crlf)
        self.saved_text = self.text
        self.disk_text = _raw(self.path)
        self.written = True


def _scenario_block(taken: bool, held: int) -> str:
    if taken:
        return _("already in the list: no repeats (§9.2)")
    if held >= 2:
        return _("the list already holds 2 (§9.2): remove one first")
    return ""


def _place(path: tuple[str | int, ...], fallback: int) -> int:
    index = path[1] if len(path) > 1 else fallback
    return (index if isinstance(index, int) else fallback) + 1


def _first_entry_line(session: Session) -> int:
    lines = [r.line for r in session.rows() if r.entry]
    return min(lines, default=0)


def _raw(path: Path) -> str | None:
    """The file's text as it is now (None when there is none)."""
    try:
        return read_list_file(path).text
    except UnusableFile as error:
        # Gone, or no longer a readable list: not what was opened either way.
        return None if error.kind == "missing" else f"\0{error.kind}"

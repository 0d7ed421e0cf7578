"""The rule machinery: metadata attached by a decorator, and the context rules read."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from inspect import cleandoc
from typing import Any, Generic, TypeVar

from armylist.event import Event
from armylist.findings import Finding, Severity
from armylist.gamedata.catalog import Catalog
from armylist.gamedata.models import (
    Composition,
    Deployment,
    FactionCard,
    Mission,
    Scale,
    SlotType,
    TacticalCard,
    Unit,
    Upgrade,
)
from armylist.listfile import ArmyList, LoadedList, UnitEntry
from armylist.yamlsource import YamlPath


@dataclass(frozen=True)
class PlacedCard:
    """A Tactical or Creep Card the list takes, with where it is written."""

    card: TacticalCard
    path: YamlPath


@dataclass(frozen=True)
class PlacedUpgrade:
    """An upgrade bought for a unit, with where it is written."""

    upgrade: Upgrade
    path: YamlPath


@dataclass
class PlacedUnit:
    """A unit the list recruits: its card, chosen composition and upgrades."""

    entry: UnitEntry
    unit: Unit
    path: YamlPath
    composition: Composition | None
    upgrades: list[PlacedUpgrade]

    @property
    def supply(self) -> int | None:
        """Starting Supply: Army Slots occupied (§9.1.6)."""
        return self.composition.supply if self.composition else None

    @property
    def minerals(self) -> int:
        """The composition's cost plus its upgrades' (0 when no composition is valid)."""
        if self.composition is None:
            return 0
        total = self.composition.minerals
        for placed in self.upgrades:
            total += placed.upgrade.cost_for(self.composition.models) or 0
        return total

    @property
    def label(self) -> str:
        """E.g. 'Marine (9)'."""
        if self.composition is None:
            return self.unit.name
        return f"{self.unit.name} ({self.composition.models})"


@dataclass(frozen=True)
class Unresolved:
    """A name the catalog does not know."""

    name: str
    path: YamlPath
    suggestions: list[str]
    context: str = ""


@dataclass
class Context:
    """Everything the rules may look at for one list."""

    file: str
    catalog: Catalog
    loaded: LoadedList
    army: ArmyList | None = None
    faction: FactionCard | None = None
    scale: Scale | None = None
    mineral_limit: int | None = None
    cards: list[PlacedCard] = field(default_factory=list)
    units: list[PlacedUnit] = field(default_factory=list)
    missions: list[tuple[Mission, YamlPath]] = field(default_factory=list)
    deployments: list[tuple[Deployment, YamlPath]] = field(default_factory=list)
    unknown: dict[str, list[Unresolved]] = field(default_factory=dict)
    event: Event | None = None
    _granted: tuple[tuple[int, int], list[tuple[str, SlotType, int]]] | None = field(
        default=None, repr=False
    )

    @property
    def gas_limit(self) -> int | None:
        """Vespene Gas limit: a percentage of the Mineral limit (§9.1.1)."""
        return self.catalog.game.gas_limit(self.mineral_limit)

    @property
    def minerals_used(self) -> int:
        """Minerals spent on units and upgrades."""
        return sum(u.minerals for u in self.units)

    @property
    def gas_used(self) -> int:
        """Vespene Gas spent on Tactical and Creep Cards."""
        return sum(p.card.gas for p in self.cards)

    def granted(self) -> list[tuple[str, SlotType, int]]:
        """Who granted which Army Slots: the Faction Card, then each card."""
        # Every slot rule asks; the answer changes only when the cards do.
        stamp = (id(self.faction), len(self.cards))
        if self._granted is None or self._granted[0] != stamp:
            self._granted = (stamp, self._grant_rows())
        return self._granted[1]

    def _grant_rows(self) -> list[tuple[str, SlotType, int]]:
        rows: list[tuple[str, SlotType, int]] = []
        if self.faction is not None:
            rows += [(self.faction.name, s, n) for s, n in self.faction.slots.items()]
        for placed in self.cards:
            rows += [(placed.card.name, s, n) for s, n in placed.card.slots.items()]
        return rows

    def available(self, slot: SlotType) -> int:
        """Army Slots of a type granted in total."""
        return sum(n for _, s, n in self.granted() if s is slot)

    def used(self, slot: SlotType) -> int:
        """Army Slots of a type occupied by units."""
        return sum(
            u.supply or 0
            for u in self.units
            if u.unit.slot is slot and not u.unit.summoned
        )


Check = Callable[["Rule", Context], Iterable[Finding]]
C = TypeVar("C")


@dataclass(frozen=True)
class RuleInfo(Generic[C]):
    """What every rule has: stable code and name, severity, rulebook section, docs."""

    code: str
    name: str
    severity: Severity
    ref: str
    check: Callable[[Any, C], Iterable[Finding]]

    @property
    def doc(self) -> str:
        """The rule's user documentation (its docstring)."""
        return cleandoc(self.check.__doc__ or "")

    @property
    def summary(self) -> str:
        """The first line of the documentation."""
        return self.doc.splitlines()[0] if self.doc else ""

    def run(self, context: C) -> Iterator[Finding]:
        """The rule's findings for one list (or team)."""
        yield from self.check(self, context)


@dataclass(frozen=True)
class Rule(RuleInfo[Context]):
    """A registered check of one list."""

    def at(
        self,
        context: Context,
        path: YamlPath,
        message: str,
        hint: str,
        *,
        key: bool = False,
        line: int | None = None,
        column: int | None = None,
    ) -> Finding:
        """A finding of this rule at the value (or key) at ``path``."""
        position = context.loaded.where(path, key=key)
        return Finding(
            code=self.code,
            rule=self.name,
            severity=self.severity,
            message=message,
            rule_ref=self.ref,
            file=context.file,
            line=line or position.line,
            column=column or position.column,
            hint=hint,
        )


def rule(code: str, name: str, severity: Severity, ref: str) -> Callable[[Check], Rule]:
    """Attach a rule's metadata to its check function."""

    def wrap(check: Check) -> Rule:
        return Rule(code=code, name=name, severity=severity, ref=ref, check=check)

    return wrap


def minerals(amount: int) -> str:
    """1,670 Minerals style numbers."""
    return f"{amount:,}"

"""`armylist diff A B`: a semantic diff of two lists and what it does to the totals.

The diff names every change the list fingerprint covers (faction, scale, Mineral limit,
cards, units, missions, deployments), so an organiser chasing a fingerprint mismatch
finds the change; a list that cannot be read is refused, never shown as empty.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from pydantic import BaseModel, Field

from armylist.engine import open_list
from armylist.findings import ListResult, Severity, UnitLine, refuse_findings
from armylist.gamedata.catalog import Catalog
from armylist.text.i18n import _


class UnitChange(BaseModel):
    """A unit of list A that list B keeps but changed: its models or upgrades."""

    unit: str
    position: int = Field(description="1-based, in list B (as `show` numbers it)")
    models: tuple[int | None, int | None]
    upgrades_added: list[str] = []
    upgrades_removed: list[str] = []


class ListDiff(BaseModel):
    """What changed from list A to list B."""

    faction: tuple[str | None, str | None] | None = None
    scale: tuple[str | None, str | None] | None = None  # ids, as the JSON gives them
    # The same scales as printed, for text; not in the JSON.
    scale_names: tuple[str | None, str | None] | None = Field(
        default=None, exclude=True
    )
    mineral_limit: tuple[int | None, int | None] | None = None
    cards_added: list[str] = []
    cards_removed: list[str] = []
    units_added: list[str] = []
    units_removed: list[str] = []
    # The same units in the language in use, for text; not in the JSON.
    units_added_text: list[str] = Field(default=[], exclude=True)
    units_removed_text: list[str] = Field(default=[], exclude=True)
    units_changed: list[UnitChange] = []
    missions_added: list[str] = []
    missions_removed: list[str] = []
    deployments_added: list[str] = []
    deployments_removed: list[str] = []
    fingerprint: tuple[str | None, str | None]
    minerals: tuple[int, int]
    gas: tuple[int, int]
    slots: dict[str, tuple[int, int]] = {}
    supply: tuple[int, int]
    valid: tuple[bool, bool]

    @property
    def unchanged(self) -> bool:
        """No difference that plays: the two lists share a fingerprint."""
        return self.fingerprint[0] == self.fingerprint[1]

    @property
    def named(self) -> bool:
        """Some difference is named (faction, scale, limit, a card, unit or scenario)."""
        return bool(
            self.faction
            or self.scale
            or self.mineral_limit
            or self.cards_added
            or self.cards_removed
            or self.units_added
            or self.units_removed
            or self.units_changed
            or self.missions_added
            or self.missions_removed
            or self.deployments_added
            or self.deployments_removed
        )


def _unit_label(unit: str, models: int | None, upgrades: list[str]) -> str:
    label = f"{unit} ({models if models is not None else '?'})"
    if upgrades:
        # Also the JSON's `units_added`: data, in one language.
        label += " with " + ", ".join(sorted(upgrades))
    return label


def _unit_text(unit: str, models: int | None, upgrades: list[str]) -> str:
    """`_unit_label` in the language in use: `Marine (9) con Combat Shield`."""
    label = f"{unit} ({models if models is not None else '?'})"
    if not upgrades:
        return label
    return _("{unit} with {upgrades}").format(
        unit=label, upgrades=", ".join(sorted(upgrades))
    )


def _labelled(units: list[UnitLine]) -> tuple[list[str], list[str]]:
    """The units' labels as data (sorted), and the same in the language in use."""
    pairs = sorted(
        (
            _unit_label(u.unit, u.models, u.upgrades),
            _unit_text(u.unit, u.models, u.upgrades),
        )
        for u in units
    )
    return [data for data, _text in pairs], [text for _data, text in pairs]


def _signature(unit: UnitLine) -> tuple[str, int | None, tuple[str, ...]]:
    return unit.unit, unit.models, tuple(sorted(unit.upgrades))


def _pair_units(
    a: list[UnitLine], b: list[UnitLine]
) -> tuple[list[UnitLine], list[UnitLine], list[UnitChange]]:
    """Units only in A, units only in B, and the units B changed.

    The same unit in both is left out; of what remains, a unit of B pairs with a unit
    of A of the same card (at the same position if there is one, else the first in
    order), as a change. Only units of a card the other list lacks are added or
    removed.
    """
    left = dict(enumerate(a))
    unpaired: list[tuple[int, UnitLine]] = []
    for position, unit in enumerate(b):
        same = [i for i, old in left.items() if _signature(old) == _signature(unit)]
        if same:
            del left[position if position in same else same[0]]
        else:
            unpaired.append((position, unit))
    changed, added = [], []
    for position, unit in unpaired:
        kin = [i for i, old in left.items() if old.unit == unit.unit]
        if not kin:
            added.append(unit)
            continue
        old = left.pop(position if position in kin else kin[0])
        gained, lost = Counter(unit.upgrades), Counter(old.upgrades)
        changed.append(
            UnitChange(
                unit=unit.unit,
                position=unit.position or position + 1,
                models=(old.models, unit.models),
                upgrades_added=sorted((gained - lost).elements()),
                upgrades_removed=sorted((lost - gained).elements()),
            )
        )
    return list(left.values()), added, changed


def _multiset_diff(a: list[str], b: list[str]) -> tuple[list[str], list[str]]:
    before, after = Counter(a), Counter(b)
    return sorted((after - before).elements()), sorted((before - after).elements())


def diff_results(a: ListResult, b: ListResult) -> ListDiff:
    """Compare two validated lists."""
    added, removed = _multiset_diff(a.tactical_cards, b.tactical_cards)
    only_a, only_b, units_changed = _pair_units(a.units, b.units)
    units_added, units_added_text = _labelled(only_b)
    units_removed, units_removed_text = _labelled(only_a)
    missions_added, missions_removed = _multiset_diff(a.missions, b.missions)
    deployments_added, deployments_removed = _multiset_diff(
        a.deployments, b.deployments
    )
    limits = (a.minerals.limit, b.minerals.limit)
    slots = {
        name: (
            a.slots[name].used if name in a.slots else 0,
            b.slots[name].used if name in b.slots else 0,
        )
        for name in sorted(set(a.slots) | set(b.slots))
    }
    return ListDiff(
        faction=(a.faction, b.faction) if a.faction != b.faction else None,
        scale=(a.scale, b.scale) if a.scale != b.scale else None,
        scale_names=(a.scale_name, b.scale_name) if a.scale != b.scale else None,
        mineral_limit=limits if limits[0] != limits[1] else None,
        cards_added=added,
        cards_removed=removed,
        units_added=units_added,
        units_removed=units_removed,
        units_added_text=units_added_text,
        units_removed_text=units_removed_text,
        units_changed=units_changed,
        missions_added=missions_added,
        missions_removed=missions_removed,
        deployments_added=deployments_added,
        deployments_removed=deployments_removed,
        fingerprint=(a.fingerprint, b.fingerprint),
        minerals=(a.minerals.used, b.minerals.used),
        gas=(a.gas.used, b.gas.used),
        slots={k: v for k, v in slots.items() if v[0] != v[1]},
        supply=(
            sum(u.supply or 0 for u in a.units),
            sum(u.supply or 0 for u in b.units),
        ),
        valid=(a.valid, b.valid),
    )


def diff_files(old: Path, new: Path, catalog: Catalog) -> ListDiff:
    """`armylist diff`: validate two list files and compare them; refuses
    (`Refused`) a wrong path (exit 2), or a file that is not list text or cannot be
    read as a list (exit 1, quoting its findings)."""
    results = []
    for path in (old, new):
        result = open_list(path, catalog).result
        if result.fingerprint is None:  # no list was read: nothing to compare
            raise refuse_findings(
                _("{path} cannot be read as a list, so it cannot be compared").format(
                    path=path
                ),
                [f for f in result.findings if f.severity is Severity.ERROR],
            )
        results.append(result)
    return diff_results(results[0], results[1])

"""`armylist diff A B`: a semantic diff of two lists and what it does to the totals.

The diff names every change the list fingerprint covers (faction, scale, Mineral limit,
cards, units, missions, deployments), so an organiser chasing a fingerprint mismatch
finds the change; a list that cannot be read is refused, never shown as empty.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from pydantic import BaseModel

from armylist.engine import open_list
from armylist.findings import ListResult, Severity, refuse_findings
from armylist.gamedata.catalog import Catalog


class ListDiff(BaseModel):
    """What changed from list A to list B."""

    faction: tuple[str | None, str | None] | None = None
    scale: tuple[str | None, str | None] | None = None
    mineral_limit: tuple[int | None, int | None] | None = None
    cards_added: list[str] = []
    cards_removed: list[str] = []
    units_added: list[str] = []
    units_removed: list[str] = []
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
            or self.missions_added
            or self.missions_removed
            or self.deployments_added
            or self.deployments_removed
        )


def _unit_label(unit: str, models: int | None, upgrades: list[str]) -> str:
    label = f"{unit} ({models if models is not None else '?'})"
    if upgrades:
        label += " with " + ", ".join(sorted(upgrades))
    return label


def _multiset_diff(a: list[str], b: list[str]) -> tuple[list[str], list[str]]:
    before, after = Counter(a), Counter(b)
    return sorted((after - before).elements()), sorted((before - after).elements())


def diff_results(a: ListResult, b: ListResult) -> ListDiff:
    """Compare two validated lists."""
    added, removed = _multiset_diff(a.tactical_cards, b.tactical_cards)
    units_a = [_unit_label(u.unit, u.models, u.upgrades) for u in a.units]
    units_b = [_unit_label(u.unit, u.models, u.upgrades) for u in b.units]
    units_added, units_removed = _multiset_diff(units_a, units_b)
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
        mineral_limit=limits if limits[0] != limits[1] else None,
        cards_added=added,
        cards_removed=removed,
        units_added=units_added,
        units_removed=units_removed,
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
                f"{path} cannot be read as a list, so it cannot be compared",
                [f for f in result.findings if f.severity is Severity.ERROR],
            )
        results.append(result)
    return diff_results(results[0], results[1])

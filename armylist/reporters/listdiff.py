"""`armylist diff`: two lists' differences as text or JSON."""

from __future__ import annotations

from typing import assert_never

from armylist.findings import verdict
from armylist.organiser.listdiff import ListDiff, UnitChange
from armylist.reporters import ViewFormat
from armylist.reporters.json import to_json


def _delta(pair: tuple[int, int]) -> str:
    change = pair[1] - pair[0]
    return f"{pair[0]:,} -> {pair[1]:,} ({change:+,})"


def _changed(change: UnitChange) -> str:
    """`Marine (9) #2: + AGG-12`, `Marine (6 -> 9) #3`."""
    before, after = ("?" if n is None else str(n) for n in change.models)
    models = after if before == after else f"{before} -> {after}"
    upgrades = [f"+ {u}" for u in change.upgrades_added]
    upgrades += [f"- {u}" for u in change.upgrades_removed]
    label = f"{change.unit} ({models}) #{change.position}"
    return f"{label}: {', '.join(upgrades)}" if upgrades else label


def render(d: ListDiff, a_name: str, b_name: str, chosen: ViewFormat) -> str:
    """The diff as text, or as JSON."""
    match chosen:
        case ViewFormat.TEXT:
            return to_text(d, a_name, b_name)
        case ViewFormat.JSON:
            return to_json(d.model_dump(mode="json"))
        case _:
            assert_never(chosen)


def to_text(d: ListDiff, a_name: str, b_name: str) -> str:
    """The diff as text."""
    lines = [f"--- {a_name}", f"+++ {b_name}"]
    # An unknown or missing faction or scale is "?", as `show` writes it.
    if d.faction:
        before, after = (name or "?" for name in d.faction)
        lines.append(f"faction: {before} -> {after}")
    if d.scale_names:
        before, after = (name or "?" for name in d.scale_names)
        lines.append(f"scale: {before} -> {after}")
    if d.mineral_limit:
        before, after = (f"{n:,}" if n is not None else "?" for n in d.mineral_limit)
        lines.append(f"Mineral limit: {before} -> {after}")
    lines += [f"+ card {c}" for c in d.cards_added]
    lines += [f"- card {c}" for c in d.cards_removed]
    lines += [f"+ unit {u}" for u in d.units_added]
    lines += [f"- unit {u}" for u in d.units_removed]
    lines += [f"~ unit {_changed(u)}" for u in d.units_changed]
    lines += [f"+ mission {m}" for m in d.missions_added]
    lines += [f"- mission {m}" for m in d.missions_removed]
    lines += [f"+ deployment {m}" for m in d.deployments_added]
    lines += [f"- deployment {m}" for m in d.deployments_removed]
    if d.unchanged:
        lines.append(f"no difference that plays (same fingerprint {d.fingerprint[0]})")
    else:
        lines.append(f"fingerprint: {d.fingerprint[0]} -> {d.fingerprint[1]}")
        if not d.named:
            # Names armylist does not know still count: `validate` shows them.
            lines.append(
                "the change is in names armylist does not know: `armylist validate` "
                "both lists"
            )
    lines.append(f"Minerals: {_delta(d.minerals)}")
    lines.append(f"Vespene Gas: {_delta(d.gas)}")
    lines.append(f"Supply: {_delta(d.supply)}")
    for name, pair in d.slots.items():
        lines.append(f"{name.capitalize()} slots used: {_delta(pair)}")
    lines.append(f"verdict: {verdict(d.valid[0])} -> {verdict(d.valid[1])}")
    return "\n".join(lines) + "\n"

"""`armylist diff`: two lists' differences as text or JSON."""

from __future__ import annotations

from typing import assert_never

from armylist.findings import verdict
from armylist.organiser.listdiff import ListDiff, UnitChange
from armylist.reporters import ViewFormat
from armylist.reporters.json import to_json
from armylist.text.i18n import N_, _
from armylist.text.numbers import people

# verdict()'s words, translated where they are shown.
VERDICT_WORDS = (N_("legal"), N_("illegal"))


def _delta(pair: tuple[int, int]) -> str:
    change = pair[1] - pair[0]
    return f"{people(pair[0])} -> {people(pair[1])} ({people(change, signed=True)})"


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
        lines.append(
            _("faction: {before} -> {after}").format(before=before, after=after)
        )
    if d.scale_names:
        before, after = (name or "?" for name in d.scale_names)
        lines.append(_("scale: {before} -> {after}").format(before=before, after=after))
    if d.mineral_limit:
        before, after = (people(n) if n is not None else "?" for n in d.mineral_limit)
        lines.append(
            _("Mineral limit: {before} -> {after}").format(before=before, after=after)
        )
    lines += [_("+ card {name}").format(name=c) for c in d.cards_added]
    lines += [_("- card {name}").format(name=c) for c in d.cards_removed]
    lines += [_("+ unit {name}").format(name=u) for u in d.units_added_text]
    lines += [_("- unit {name}").format(name=u) for u in d.units_removed_text]
    lines += [_("~ unit {name}").format(name=_changed(u)) for u in d.units_changed]
    lines += [_("+ mission {name}").format(name=m) for m in d.missions_added]
    lines += [_("- mission {name}").format(name=m) for m in d.missions_removed]
    lines += [_("+ deployment {name}").format(name=m) for m in d.deployments_added]
    lines += [_("- deployment {name}").format(name=m) for m in d.deployments_removed]
    if d.unchanged:
        lines.append(
            _("no difference that plays (same fingerprint {fingerprint})").format(
                fingerprint=d.fingerprint[0]
            )
        )
    else:
        lines.append(
            _("fingerprint: {before} -> {after}").format(
                before=d.fingerprint[0], after=d.fingerprint[1]
            )
        )
        if not d.named:
            # Names armylist does not know still count: `validate` shows them.
            lines.append(
                _(
                    "the change is in names armylist does not know: `armylist "
                    "validate` both lists"
                )
            )
    lines.append(_("Minerals: {change}").format(change=_delta(d.minerals)))
    lines.append(_("Vespene Gas: {change}").format(change=_delta(d.gas)))
    lines.append(_("Supply: {change}").format(change=_delta(d.supply)))
    for name, pair in d.slots.items():
        lines.append(
            _("{slot} slots used: {change}").format(
                slot=name.capitalize(), change=_delta(pair)
            )
        )
    lines.append(
        _("verdict: {before} -> {after}").format(
            before=_(verdict(d.valid[0])), after=_(verdict(d.valid[1]))
        )
    )
    return "\n".join(lines) + "\n"

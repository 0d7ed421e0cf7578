"""Two army lists against each other: their units as fielded, every pair both ways."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from armylist.engine import open_list
from armylist.findings import EXIT_INVALID, Finding, Refused, blocking, refuse_findings
from armylist.gamedata.catalog import Catalog
from armylist.resolved import Context
from armylist.text.i18n import _

from .matchup import Combatant

# What leaves a squad, or its upgrade, out of the table: refused, never dropped.
BLOCKING_RULES = ("yaml-syntax", "list-schema", "unknown-unit", "unknown-upgrade")


def read_combatants(path: Path, catalog: Catalog) -> tuple[Combatant, ...]:
    """The units a list file fields (models, upgrades), each different one once, with
    how many identical squads of it the list fields (`count`).

    Refuses (`Refused`) a wrong path (exit 2), a file that is not a readable list and
    one naming a unit or upgrade the data does not know (exit 1); an otherwise illegal
    list is still compared, unit by unit.
    """
    return combatants(path, read_fielded(path, catalog))


def read_fielded(path: Path, catalog: Catalog) -> Context:
    """A list file resolved, refused as `read_combatants` says when no attack can be
    worked out from it."""
    checked = open_list(path, catalog)
    stopping = blocking(checked.result.findings, BLOCKING_RULES)
    if stopping:
        raise refuse_findings(
            _("{path}: cannot compare this list's units").format(path=path), stopping
        )
    context = checked.readable()
    _refuse_no_models(path, checked.result.findings, context)
    return context


def combatants(path: Path, context: Context) -> tuple[Combatant, ...]:
    """Each different squad of a resolved list once, with how many the list fields."""
    fielded: dict[tuple[str, int | None, tuple[str, ...]], Combatant] = {}
    for placed in context.units:
        side = Combatant(
            unit=placed.unit,
            # As written, even when no composition has that many (an illegal list).
            models=placed.composition.models
            if placed.composition
            else placed.entry.models,
            upgrades=tuple(u.upgrade.name for u in placed.upgrades),
        )
        # Two identical squads give identical rows: the table lists them once, with
        # how many the list fields.
        same = (side.unit.id, side.models, side.upgrades)
        first = fielded.setdefault(same, side)
        if first is not side:
            fielded[same] = first.model_copy(update={"count": first.count + 1})
    if not fielded:
        raise Refused(
            _("{path} has no unit the game data knows").format(path=path), EXIT_INVALID
        )
    return tuple(fielded.values())


def _refuse_no_models(
    path: Path, findings: Sequence[Finding], context: Context
) -> None:
    """No attack to roll with no models: refused with the composition findings of
    the units written with `models:` 0 or fewer, never a traceback."""
    empty = [
        p
        for p in context.units
        if p.composition is None and p.entry.models is not None and p.entry.models < 1
    ]
    if not empty:
        return
    lines = {context.loaded.where((*p.path, "models")).line for p in empty}
    first = empty[0]
    raise refuse_findings(
        _(
            "{path}: {unit} has `models: {models}`; a unit fields at least one model "
            "to attack or be attacked"
        ).format(path=path, unit=first.unit.name, models=first.entry.models),
        [f for f in blocking(findings, ("composition",)) if f.line in lines],
    )


def label(side: Combatant) -> str:
    """How a fielded unit reads in a table: 'Marine (9; Combat Shield)'."""
    models = side.models or side.unit.max_models
    upgrades = f"; {', '.join(side.upgrades)}" if side.upgrades else ""
    return f"{side.unit.name} ({models}{upgrades})"

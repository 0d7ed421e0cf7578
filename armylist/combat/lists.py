"""Two army lists against each other: their units as fielded, every pair both ways."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from armylist.checked import Refused, blocking, check_path, refuse_findings
from armylist.findings import EXIT_INVALID
from armylist.gamedata.catalog import Catalog

from .matchup import Combatant, MatchupEntry, matchup

# What leaves a squad, or its upgrade, out of the table: refused, never dropped.
BLOCKING_RULES = ("yaml-syntax", "list-schema", "unknown-unit", "unknown-upgrade")


def read_combatants(path: Path, catalog: Catalog) -> tuple[Combatant, ...]:
    """The units a list file fields (models, upgrades), each different one once.

    Refuses (`Refused`) a wrong path (exit 2), a file that is not a readable list and
    one naming a unit or upgrade the data does not know (exit 1); an otherwise illegal
    list is still compared, unit by unit.
    """
    checked = check_path(path, catalog, must_read=True)
    stopping = blocking(checked.result.findings, BLOCKING_RULES)
    if stopping:
        raise refuse_findings(f"{path}: cannot compare this list's units", stopping)
    context = checked.context
    if context is None or context.army is None:
        findings = checked.result.findings
        reason = findings[0].message if findings else "unreadable"
        raise Refused(f"{path} is not a readable list: {reason}", EXIT_INVALID)
    fielded: dict[tuple[str, int | None, tuple[str, ...]], Combatant] = {}
    for placed in context.units:
        written = placed.entry.models
        if placed.composition is None and written is not None and written < 1:
            # No attack to roll with no models: refused, never a traceback.
            raise Refused(
                f"{path}: {placed.unit.name} has `models: {written}`; a unit fields "
                "at least one model to attack or be attacked",
                EXIT_INVALID,
            )
        side = Combatant(
            unit=placed.unit,
            # As written, even when no composition has that many (an illegal list).
            models=placed.composition.models
            if placed.composition
            else placed.entry.models,
            upgrades=tuple(u.upgrade.name for u in placed.upgrades),
        )
        # Two identical squads give identical rows: the table lists them once.
        fielded.setdefault((side.unit.id, side.models, side.upgrades), side)
    if not fielded:
        raise Refused(f"{path} has no unit the game data knows", EXIT_INVALID)
    return tuple(fielded.values())


def label(side: Combatant) -> str:
    """How a fielded unit reads in a table: 'Marine (9; Combat Shield)'."""
    models = side.models or side.unit.max_models
    upgrades = f"; {', '.join(side.upgrades)}" if side.upgrades else ""
    return f"{side.unit.name} ({models}{upgrades})"


def list_file_matchup(
    list_a: Sequence[Combatant],
    list_b: Sequence[Combatant],
    *,
    range_inches: float | None = None,
    charge: bool = False,
    stationary: bool | None = None,
) -> tuple[MatchupEntry, ...]:
    """Every unit of one list against every unit of the other, named as fielded.

    A squad both lists field meets itself once: its mirror activation is the same
    attack, so it is not repeated.
    """
    entries: list[MatchupEntry] = []
    seen: set[tuple[str, str, str]] = set()
    for a in list_a:
        for b in list_b:
            pair = matchup(
                a, b, range_inches=range_inches, charge=charge, stationary=stationary
            )
            # `matchup` gives A's two activations (Assault, Combat), then B's.
            for index, entry in enumerate(pair):
                attacker, target = (a, b) if index < 2 else (b, a)
                named = replace(entry, attacker=label(attacker), target=label(target))
                key = (named.attacker, named.target, named.phase)
                if key not in seen:
                    seen.add(key)
                    entries.append(named)
    return tuple(entries)

"""The draft's players from two list files: who may take part (the list's scenario
cards are usable), at which scale, and `draft_files`, `armylist draft` itself."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from armylist.engine import CheckedList, ListOptions, open_list, player_names
from armylist.findings import (
    EXIT_INVALID,
    Finding,
    Refused,
    Severity,
    blocking,
    describe,
)
from armylist.gamedata.catalog import Catalog
from armylist.gamedata.models import Scale
from armylist.gameday.draft import run_draft
from armylist.gameday.draftpolicy import auto_chooser
from armylist.gameday.draftrecord import Chooser, DraftPlayer, DraftResult, Move
from armylist.gameday.priority import PriorityRule
from armylist.text.i18n import N_, _
from armylist.text.numbers import people

# The validator's findings that stop a draft: the list's scenario cards are not usable.
BLOCKING_RULES = (
    "yaml-syntax",
    "scale",
    "unknown-mission",
    "unknown-deployment",
    "scenario-cards",
)


def draft_player(checked: CheckedList, name: str) -> DraftPlayer:
    """A player's side from a validated list; refuses (exit 1) with the validator's
    findings when the list's scenario cards cannot be drafted."""
    file = checked.result.file
    stopping: list[Finding] = blocking(checked.result.findings, BLOCKING_RULES)
    context = checked.context
    army = context.army if context is not None else None
    problems: list[str] = []
    if army is None:
        stopping = [f for f in checked.result.findings if f.severity is Severity.ERROR]
    else:
        stopping += _scenario_schema_errors(checked)
        # Another builder's export has no place for the cards: the event file has.
        editable = context is not None and context.form == "yaml"
        for message, given in (
            (
                N_(
                    "{file}: brings no Mission Cards; add `missions:` with 2 "
                    "different Mission Cards [scenario-cards, §9.2]"
                )
                if editable
                else N_(
                    "{file}: brings no Mission Cards; give the player's 2 in the event "
                    "file given with `--event` (`mission_cards:` beside their "
                    "rosters) [scenario-cards, §9.2]"
                ),
                army.missions,
            ),
            (
                N_(
                    "{file}: brings no Deployment Cards; add `deployments:` with 2 "
                    "different Deployment Cards [scenario-cards, §9.2]"
                )
                if editable
                else N_(
                    "{file}: brings no Deployment Cards; give the player's 2 in the "
                    "event file given with `--event` (`deployment_cards:` beside "
                    "their rosters) [scenario-cards, §9.2]"
                ),
                army.deployments,
            ),
        ):
            if not given:
                problems.append("  " + _(message).format(file=file))
    if stopping or problems or context is None:
        detail = "\n".join(filter(None, [describe(stopping), *problems]))
        raise Refused(
            _("{file} cannot take part in the draft:").format(file=file)
            + "\n"
            + detail,
            EXIT_INVALID,
        )
    return DraftPlayer(
        name=name,
        file=file,
        missions=[m for m, _ in context.missions],
        deployments=[d for d, _ in context.deployments],
        errors=checked.result.count(Severity.ERROR),
        gas=context.gas_used,
        minerals=context.minerals_used,
    )


def _scenario_schema_errors(checked: CheckedList) -> list[Finding]:
    """`list-schema` errors in `missions:` or `deployments:` (e.g. `missions: A, B`,
    not a list): the loader drops such values, so the draft quotes why."""
    document = checked.context.loaded.document if checked.context else None
    if document is None:
        return []
    where = {
        (position.line, position.column)
        for places in (document.values, document.keys)
        for path, position in places.items()
        if path and path[0] in ("missions", "deployments")
    }
    return [
        f
        for f in blocking(checked.result.findings, ("list-schema",))
        if (f.line, f.column) in where
    ]


def common_scale(first: CheckedList, second: CheckedList) -> Scale:
    """The scale both lists play; refuses (exit 1) when they differ."""
    scales = [c.context.scale if c.context else None for c in (first, second)]
    a, b = scales
    if a is None or b is None:
        missing = first if a is None else second
        raise Refused(
            _("{file} has no known scale; the draft needs one").format(
                file=missing.result.file
            ),
            EXIT_INVALID,
        )
    limits = [c.context.mineral_limit if c.context else None for c in (first, second)]
    if a.id != b.id or limits[0] != limits[1]:
        raise Refused(
            _(
                "the lists are of different scales: {first} is {first_scale}, "
                "{second} is {second_scale}; the players agree one scale before "
                "building (§9.1.1)"
            ).format(
                first=first.result.file,
                first_scale=_scale(a, limits[0]),
                second=second.result.file,
                second_scale=_scale(b, limits[1]),
            ),
            EXIT_INVALID,
        )
    return a


def _scale(scale: Scale, limit: int | None) -> str:
    if not limit:
        return scale.name
    return _("{scale} ({limit} Minerals)").format(scale=scale.name, limit=people(limit))


def draft_files(
    first: Path,
    second: Path,
    catalog: Catalog,
    *,
    seed: int,
    chooser: Chooser = auto_chooser,
    announce: Callable[[Move], None] | None = None,
    priority: PriorityRule = PriorityRule.ROLL_OFF,
    options: ListOptions | None = None,
) -> DraftResult:
    """`armylist draft`: read two list files and play the draft between them;
    refuses (`Refused`) lists that cannot take part. ``options`` check the lists
    (an event's rules)."""
    checking = options or ListOptions()
    lists = (
        open_list(first, catalog, options=checking),
        open_list(second, catalog, options=checking),
    )
    names = player_names(lists)
    players = [draft_player(c, n) for c, n in zip(lists, names, strict=True)]
    return run_draft(
        players[0],
        players[1],
        scale=common_scale(*lists),
        seed=seed,
        chooser=chooser,
        announce=announce,
        priority=priority,
    )

"""`armylist supply` over a list file: the missions to plan for (the one named, or every
Mission Card the list brings), the deployment order and the what-ifs as given, and a
plan per mission."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from armylist.engine import open_list
from armylist.findings import Refused, Severity
from armylist.gamedata.catalog import Catalog
from armylist.gamedata.models import Mission
from armylist.gameday.planner import parse_losses, plan, plannable, recruits
from armylist.gameday.supplyplan import SupplyPlan
from armylist.resolved import Context
from armylist.text.i18n import _
from armylist.text.names import did_you_mean


def missions_to_plan(
    context: Context, catalog: Catalog, name: str | None
) -> list[Mission]:
    """The mission asked for, or else every Mission Card the list brings.

    A name is looked up for the list's scale (Standard when the scale is unknown).
    """
    scenario_scale = context.scale.scenario_scale if context.scale else "standard"
    if name is not None:
        mission = catalog.mission(name, scenario_scale)
        if mission is None:
            names = catalog.mission_names()
            raise Refused(
                _(
                    "unknown mission {name}{did_you_mean}; the missions are {names}"
                ).format(
                    name=repr(name),
                    did_you_mean=did_you_mean(name, names),
                    names=", ".join(names),
                )
            )
        # An id names one printed version; the list plays its own scale's (§9.2).
        if context.scale is not None and mission.scale != scenario_scale:
            own = catalog.mission(mission.name, scenario_scale)
            facts = {
                "name": repr(name),
                "card_scale": mission.scale.capitalize(),
                "mission": mission.name,
                "scale": scenario_scale.capitalize(),
                "give": repr(mission.name),
            }
            if own:
                raise Refused(
                    _(
                        "{name} is the {card_scale} card of {mission}; this list plays "
                        "with {scale} cards: give {give} or {id}"
                    ).format(id=repr(own.id), **facts)
                )
            raise Refused(
                _(
                    "{name} is the {card_scale} card of {mission}; this list plays "
                    "with {scale} cards: give {give}"
                ).format(**facts)
            )
        return [mission]
    if context.unknown.get("mission"):
        wrong = ", ".join(repr(u.name) for u in context.unknown["mission"])
        raise Refused(
            _(
                "{file}: unknown mission {names} in `missions:`; fix the list or "
                "give --mission NAME"
            ).format(file=context.file, names=wrong),
            1,
        )
    chosen: list[Mission] = []
    for mission, _where in context.missions:
        if mission not in chosen:
            chosen.append(mission)
    if not chosen:
        raise Refused(
            _(
                "{file} brings no Mission Cards: give --mission NAME (one of {names})"
            ).format(file=context.file, names=", ".join(catalog.mission_names()))
        )
    return chosen


def split_names(texts: Iterable[str]) -> list[str]:
    """Names given as repeated options and/or comma-separated."""
    return [p.strip() for text in texts for p in text.split(",") if p.strip()]


@dataclass(frozen=True)
class ListPlans:
    """A list file's Supply plans, one per mission, and its error count (a plan of an
    illegal list is still made, with a note)."""

    plans: list[SupplyPlan]
    errors: int


def plan_file(
    path: Path,
    catalog: Catalog,
    *,
    mission: str | None = None,
    order: Iterable[str] = (),
    losses: Iterable[str] = (),
) -> ListPlans:
    """`armylist supply`: read a list file and plan it for the mission named, or for
    every mission it brings; refuses (`Refused`) what cannot be planned."""
    checked = open_list(path, catalog)
    context = plannable(checked)
    missions = missions_to_plan(context, catalog, mission)
    what_ifs = parse_losses(losses)
    units = recruits(context)
    names = split_names(order)
    plans = [
        plan(units, chosen, order=names, losses=what_ifs, file=str(path))
        for chosen in missions
    ]
    return ListPlans(plans, checked.result.count(Severity.ERROR))

"""The rules of a list, in one explicit registry (`REGISTRY`, run by the engine on
each list): a missing import shows in review.

Every rule armylist checks, the team's and the submissions' too, is listed by
`rules.listing` (`RULES`, in the order `armylist rules` and the documentation's rules
page list them); a list's check does not load those.
"""

from __future__ import annotations

from armylist.rules import (
    army,
    budget,
    data,
    event,
    file,
    names,
    owned,
    scenario,
    submissions,
    upgrades,
)
from armylist.rules.base import Rule

__all__ = ["REGISTRY"]

REGISTRY: tuple[Rule, ...] = (
    file.yaml_syntax,
    file.list_schema,
    file.duplicate_key,
    names.unknown_faction,
    names.unknown_card,
    names.unknown_unit,
    names.unknown_upgrade,
    names.unknown_mission,
    names.unknown_deployment,
    budget.scale,
    budget.minerals_over_budget,
    budget.gas_over_budget,
    budget.minerals_unspent,
    budget.gas_unspent,
    army.faction_tag,
    army.slots_exceeded,
    army.unique,
    army.composition,
    army.summoned_unit,
    army.creep_card,
    army.slots_unused,
    upgrades.upgrade_duplicate,
    upgrades.specialist_limit,
    upgrades.replacement_conflict,
    scenario.scenario_cards,
    data.provisional_data,
    event.data_version,
    event.event,
    submissions.roster_incomplete,
    submissions.organised_play_scale,
    owned.models_not_owned,
)

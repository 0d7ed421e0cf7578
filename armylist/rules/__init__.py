"""The rules, in one explicit registry: a missing import shows in review.

`RULES` is every rule armylist checks, in the order `armylist rules` and the
documentation's rules page list them: the per-list rules (`REGISTRY`, run by the engine on each list) and then the team
rules (`TEAM_RULES`, run once per team file by `validate --team`).
"""

from __future__ import annotations

from armylist.findings import severity_word
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
from armylist.rules.submissions import SUBMISSION_RULES, SubmissionRule
from armylist.rules.team import TEAM_RULES, TeamRule
from armylist.text.i18n import _
from armylist.text.wrap import reflow

__all__ = [
    "REGISTRY",
    "RULES",
    "SUBMISSION_RULES",
    "TEAM_RULES",
    "SubmissionRule",
    "TeamRule",
]

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


# In code order, as the rules page's table and `armylist rules` list them: the team rule
# AL701 comes before the event rule AL702.
RULES: tuple[Rule | TeamRule | SubmissionRule, ...] = tuple(
    sorted((*REGISTRY, *TEAM_RULES, *SUBMISSION_RULES), key=lambda rule: rule.code)
)


def markdown_table() -> str:
    """The rule table of the rules page (docs/rules.md), generated from the registry."""
    lines = [
        _("| Code | Rule | Severity | Rulebook | What it checks |"),
        "|---|---|---|---|---|",
    ]
    for rule in RULES:
        summary = _(rule.doc).splitlines()[0] if rule.doc else ""
        lines.append(
            f"| {rule.code} | `{rule.name}` | {severity_word(rule.severity)} "
            f"| {_(rule.ref)} | {summary.replace('|', '/')} |"
        )
    return "\n".join(lines) + "\n"


def by_name(name: str) -> Rule | TeamRule | SubmissionRule | None:
    """A rule (of a list or a team) by its name or code, in any case (`al302`)."""
    wanted = name.strip().casefold()
    for candidate in RULES:
        if wanted in (candidate.name, candidate.code.casefold()):
            return candidate
    return None


def describe(
    rules: tuple[Rule | TeamRule | SubmissionRule, ...], width: int = 100
) -> str:
    """The rules' codes, names, severities and documentation, as `armylist rules`
    prints them, wrapped to ``width`` columns."""
    blocks = [
        f"{rule.code} {rule.name} ({severity_word(rule.severity)}, {_(rule.ref)})\n"
        + reflow(_(rule.doc), width, indent="  ")
        for rule in rules
    ]
    return "\n\n".join(blocks) + "\n"

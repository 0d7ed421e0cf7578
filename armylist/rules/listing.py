"""Every rule armylist checks, in code order, as the rules page's table and `armylist
rules` list them: the rules of a list (`REGISTRY`), of a team (`TEAM_RULES`, run once
per team file by `validate --team`) and of an event's submissions
(`SUBMISSION_RULES`)."""

from __future__ import annotations

from armylist.findings import severity_word
from armylist.rules import REGISTRY
from armylist.rules.base import Rule
from armylist.rules.submissions import SUBMISSION_RULES, SubmissionRule
from armylist.rules.team import TEAM_RULES, TeamRule
from armylist.text.i18n import _
from armylist.text.wrap import reflow

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

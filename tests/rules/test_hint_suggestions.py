"""Following a hint works: every card, unit or upgrade a finding suggests can be added
with the edit layer, the finding is gone afterwards, and no new error appears.

Generated lists are legal (tests/listgen.py), or lack their first card (a Zerg list its
Creep Card) or have one unit too many for their slots or budget, so AL302, AL306 and the
budget rules get their turn too.
"""

from __future__ import annotations

import os
from collections import Counter
from typing import Any

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from listgen import legal_lists
from projectpaths import LISTS

from armylist.editing.edits import Edit, apply
from armylist.engine import check_text
from armylist.findings import Finding, Severity, Suggestion
from armylist.gamedata.loading import load_catalog

CATALOG = load_catalog()
EXAMPLES = 400 if os.environ.get("ARMYLIST_HYPOTHESIS") == "long" else 30


@st.composite
def lists(draw: st.DrawFn) -> dict[str, Any]:
    """A legal list, sometimes without its first card or with one unit more than it
    has room for."""
    army: dict[str, Any] = draw(
        st.one_of(legal_lists(CATALOG), legal_lists(CATALOG, grand=True))
    )
    faction = CATALOG.factions.get(army["faction"])
    assert faction is not None
    if army["tactical_cards"] and draw(st.booleans()):
        # Without its first card: a Zerg list loses its Creep Card (AL306).
        army["tactical_cards"] = army["tactical_cards"][1:]
    if draw(st.booleans()):
        # Sometimes a unit the Faction Card's tags exclude (AL301).
        pool = CATALOG.units.all if draw(st.booleans()) else CATALOG.units_for(faction)
        unit = draw(st.sampled_from([u for u in pool if not u.summoned]))
        if not unit.unique:
            composition = draw(st.sampled_from(unit.compositions))
            army["units"].append({"unit": unit.name, "models": composition.models})
    return army


def _key(finding: Finding) -> tuple[str, str]:
    return (finding.code, finding.message)


def _edit(suggestion: Suggestion) -> Edit:
    if suggestion.kind == "faction":
        return Edit(action="set", kind="faction", name=suggestion.name)
    return Edit(
        action="add",
        kind=suggestion.kind,
        name=suggestion.name,
        models=suggestion.models,
        unit=None if suggestion.unit is None else str(suggestion.unit),
    )


def _errors(findings: list[Finding]) -> Counter[str]:
    return Counter(f.code for f in findings if f.severity is Severity.ERROR)


def _follow(text: str, finding: Finding) -> None:
    """Add each thing ``finding`` suggests; the finding goes, no error comes.

    An error that stays with other numbers (AL302 one slot less over) is not new:
    errors are counted by code.
    """
    before, _ = check_text(text, "gen.yaml", CATALOG)
    for suggestion in finding.suggestions:
        edited = apply(text, CATALOG, _edit(suggestion))
        after, _ = check_text(edited.text, "gen.yaml", CATALOG)
        assert _key(finding) not in {_key(f) for f in after.findings}, (
            suggestion,
            edited.text,
        )
        new = _errors(after.findings) - _errors(before.findings)
        assert not new, (finding.hint, suggestion, edited.text)


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(lists())
def test_every_suggestion_can_be_followed(army: dict[str, Any]) -> None:
    text = yaml.safe_dump(army, sort_keys=False)
    result, _ = check_text(text, "gen.yaml", CATALOG)
    for finding in result.findings:
        _follow(text, finding)


def test_the_example_lists_suggestions_can_be_followed() -> None:
    followed = 0
    for path in sorted(LISTS.glob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        result, _ = check_text(text, path.name, CATALOG)
        for finding in result.findings:
            _follow(text, finding)
            followed += len(finding.suggestions)
    assert followed, "some example list's hints suggest something to take"

"""Every rule, run on its cases in tests/rules/cases/<rule>.yaml.

A case is a list (a literal block) plus either `expect`: the exact (line, column) of every
finding of that rule, or `pass: true`: the rule finds nothing. A failing case may add `es`:
the `message` and `hint` of the rule's first finding when armylist speaks Spanish, and
`valid`: the list's verdict. `owned` gives the models owned per unit id (a collection).
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml

from armylist.engine import check_text
from armylist.event.model import Event
from armylist.gamedata.catalog import Catalog
from armylist.gamedata.loading import load_catalog
from armylist.resolved import SLOT_TYPES
from armylist.rules import REGISTRY, takeable
from armylist.rules.base import lacks
from armylist.text import i18n

CASES_DIR = Path(__file__).parent / "cases"


def _cases() -> list[Any]:
    params = []
    for path in sorted(CASES_DIR.glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        for case in data["cases"]:
            params.append(
                pytest.param(data["rule"], case, id=f"{data['rule']}: {case['name']}")
            )
    return params


def _patched(tmp_path: Path, data_dir: Path, patches: list[dict[str, str]]) -> Catalog:
    """A copy of the game data with text replaced, for rules no real card can break."""
    copy = tmp_path / "factions"
    shutil.copytree(data_dir, copy)
    for patch in patches:
        path = copy / patch["file"]
        text = path.read_text(encoding="utf-8")
        assert patch["old"] in text, patch
        path.write_text(text.replace(patch["old"], patch["new"]), encoding="utf-8")
    return load_catalog(copy)


@pytest.mark.parametrize(("rule", "case"), _cases())
def test_rule_case(
    catalog: Catalog, rule: str, case: dict[str, Any], tmp_path: Path, data_dir: Path
) -> None:
    if "data_patch" in case:
        catalog = _patched(tmp_path, data_dir, case["data_patch"])
    event = Event.model_validate(case["event"]) if "event" in case else None
    owned = case.get("owned")
    result, _ = check_text(case["list"], "case.yaml", catalog, event=event, owned=owned)
    found = sorted((f.line, f.column) for f in result.findings if f.rule == rule)
    if case.get("pass"):
        assert found == [], [f.message for f in result.findings if f.rule == rule]
    else:
        expected = sorted((e["line"], e["column"]) for e in case["expect"])
        assert found == expected, [f.message for f in result.findings]
        errors = any(
            f.rule == rule and f.severity.value == "error" for f in result.findings
        )
        assert result.valid is not errors
        if "valid" in case:  # the verdict a player reads, said outright
            assert result.valid is case["valid"]
    if "es" in case:
        # The same finding, in Spanish: its code, rule and place are the same.
        i18n.use(i18n.SPANISH)
        spanish, _ = check_text(
            case["list"], "case.yaml", catalog, event=event, owned=owned
        )
        (first,) = [f for f in spanish.findings if f.rule == rule][:1]
        assert (first.code, first.line, first.column) == next(
            (f.code, f.line, f.column) for f in result.findings if f.rule == rule
        )
        assert first.message == case["es"]["message"]
        assert first.hint == case["es"]["hint"]


def test_every_rule_has_a_failing_and_a_passing_case() -> None:
    kinds: dict[str, set[str]] = {}
    for path in CASES_DIR.glob("*.yaml"):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        assert path.stem == data["rule"]
        kinds[data["rule"]] = {
            "pass" if c.get("pass") else "fail" for c in data["cases"]
        }
    for rule in REGISTRY:
        assert kinds.get(rule.name) == {"pass", "fail"}, rule.name


def test_codes_and_names_are_unique_and_well_formed() -> None:
    codes = [r.code for r in REGISTRY]
    names = [r.name for r in REGISTRY]
    assert len(set(codes)) == len(codes)
    assert len(set(names)) == len(names)
    for rule in REGISTRY:
        assert (
            rule.code.startswith("AL")
            and len(rule.code) == 5
            and rule.code[2:].isdigit()
        )
        assert (rule.doc and "Bad" in rule.doc) or "Example" in rule.doc, rule.name


@pytest.mark.parametrize(("rule", "case"), _cases())
def test_a_rule_not_run_would_find_nothing(
    catalog: Catalog, rule: str, case: dict[str, Any], tmp_path: Path, data_dir: Path
) -> None:
    # The engine does not run a rule on a list that lacks what the rule needs (the
    # file's problems, unknown names, an event, a collection): run, it finds nothing.
    if "data_patch" in case:
        catalog = _patched(tmp_path, data_dir, case["data_patch"])
    event = Event.model_validate(case["event"]) if "event" in case else None
    _result, resolved = check_text(
        case["list"], "case.yaml", catalog, event=event, owned=case.get("owned")
    )
    lacking = lacks(resolved)
    skipped = [r for r in REGISTRY if r.needs in lacking]
    assert all(list(r.run(resolved)) == [] for r in skipped)
    if any(r.name == rule for r in skipped):
        assert case.get("pass")


@pytest.mark.parametrize(("rule", "case"), _cases())
def test_a_search_cut_short_had_nothing_to_find(
    catalog: Catalog, rule: str, case: dict[str, Any]
) -> None:
    # `takeable.units` answers at once when no unit can fit the free slots or the
    # Minerals left: then every unit that fits (`unit_fits`) neither costs Minerals
    # nor occupies a slot of the type asked.
    if "data_patch" in case:
        return
    _result, context = check_text(case["list"], "case.yaml", catalog)
    if context.faction is None:
        return
    left = takeable.minerals_left(context)
    fitting = takeable.unit_fits(context)
    for slot in (None, *SLOT_TYPES):
        if takeable._none_fits(context, context.faction, slot, left):
            assert not [
                (unit, c)
                for unit, c in fitting
                if (c.minerals > 0 if slot is None else unit.slot is slot and c.supply)
            ]

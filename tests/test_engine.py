"""The engine is the one place rules run: `engine.run` on a resolved list."""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest
from projectpaths import OFFICIAL

from armylist import engine
from armylist.findings import Finding, Severity, Suggestion, UnitLine, by_place
from armylist.gamedata.catalog import Catalog
from armylist.listfile import read_list
from armylist.organiser.team import validate_team
from armylist.resolved import resolve
from armylist.rules import REGISTRY

SHARE = """\
player: {player}
scale: standard
minerals: {minerals}
faction: Raynor's Raiders
tactical_cards: [Barracks]
units:
  - unit: Marine
    models: 9
"""


@pytest.fixture
def rule_runs(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """How many times each rule of the registry runs, by rule name."""
    runs: Counter[str] = Counter()

    def counted(rule: Any) -> Any:
        def check(self: Any, context: Any) -> Iterable[Any]:
            runs[self.name] += 1
            return rule.check(self, context)

        return dataclasses.replace(rule, check=check)

    monkeypatch.setattr(engine, "REGISTRY", tuple(counted(r) for r in REGISTRY))
    return runs


def test_a_team_player_with_minerals_is_checked_once(
    tmp_path: Path, catalog: Catalog, rule_runs: Counter[str]
) -> None:
    for player, minerals in (("Alice", 2500), ("Bob", 1500)):
        (tmp_path / f"{player}.yaml").write_text(
            SHARE.format(player=player, minerals=minerals), encoding="utf-8"
        )
    team = tmp_path / "team.yaml"
    team.write_text("minerals: 4000\nplayers: [Alice.yaml, Bob.yaml]\n", "utf-8")
    report = validate_team(team, catalog)
    # Each player's own `minerals:` is their limit, and the scale rule is waived...
    assert [r.minerals.limit for r in report.results] == [2500, 1500]
    assert report.team.valid
    # ...with every other rule run once per player, not twice.
    assert rule_runs["scale"] == 0
    assert rule_runs["minerals-over-budget"] == 2
    assert set(rule_runs.values()) == {2}


def test_run_on_a_resolved_list_matches_check_text(catalog: Catalog) -> None:
    text = OFFICIAL.read_text(encoding="utf-8")
    resolved = resolve(read_list(text), "official.yaml", catalog)
    assert engine.run(resolved) == engine.check_text(text, "official.yaml", catalog)[0]
    waived = engine.run(
        resolve(read_list(text), "official.yaml", catalog),
        engine.RunOptions(mineral_limit=1000, waive=frozenset({"scale"})),
    )
    assert waived.minerals.limit == 1000 and not waived.valid
    assert "minerals-over-budget" in {f.rule for f in waived.findings}


def test_a_results_findings_are_in_their_sort_key_order(catalog: Catalog) -> None:
    text = OFFICIAL.read_text(encoding="utf-8").replace("models: 6", "models: 7")
    findings = engine.check_text(text, "official.yaml", catalog)[0].findings
    assert len(findings) > 2
    assert findings == sorted(findings, key=lambda f: f.sort_key())
    assert [by_place(f) for f in findings] == [f.sort_key() for f in findings]


def test_made_findings_and_unit_lines_are_the_ones_the_class_makes() -> None:
    # `made` sets each field through its slot, in field order: the same object as
    # the dataclass's own __init__ makes, as frozen.
    values = ("AL204", "minerals-unspent", Severity.INFO, "330 of 2,000", "§9.1.3")
    place = ("list.yaml", 12, 3, "add a unit", (Suggestion("unit", "Marine", 9),))
    names = [f.name for f in dataclasses.fields(Finding)]
    made = Finding.made(*values, *place)
    assert made == Finding(**dict(zip(names, (*values, *place), strict=True)))
    line = ("Marine", 9, 9, 100, ["Combat Shield"], "core", 2)
    names = [f.name for f in dataclasses.fields(UnitLine)]
    assert UnitLine.made(*line) == UnitLine(**dict(zip(names, line, strict=True)))
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.line = 1  # type: ignore[misc]

"""Cumulative odds beside every distribution: P(at least k) and P(wiped out)."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import pytest
from typer.testing import CliRunner

from armylist.cli import app
from armylist.combat import AttackSetup, resolve
from armylist.combat.dist import at_least
from armylist.reporters.combat import attack_view, percent
from armylist.reporters.text import to_text


def test_at_least_adds_the_chances_from_k_up() -> None:
    pmf = {0: Fraction(1, 2), 2: Fraction(1, 3), 3: Fraction(1, 6)}
    assert at_least(pmf) == {
        0: Fraction(1),
        1: Fraction(1, 2),
        2: Fraction(1, 2),
        3: Fraction(1, 6),
    }


def test_marines_at_zealots_match_the_worked_example(unit: Any) -> None:
    # COMBAT.md worked example 4: thresholds 7, 11, 15 Damage for 1, 2, 3 Zealots;
    # P(2) ~ 0.179801, P(3) ~ 0.001720, so P(at least 2) ~ 0.181521 and the unit is
    # wiped out with P(3).
    total = resolve(AttackSetup(attacker=unit("Marine"), target=unit("Zealot"))).total
    cumulative = at_least(total.models_removed)
    assert float(cumulative[2]) == pytest.approx(0.181521, abs=2e-6)
    assert float(total.wiped_out) == pytest.approx(0.001720, abs=2e-6)
    assert total.wiped_out == total.models_removed[3]


def test_the_chart_prints_exactly_and_at_least_side_by_side(unit: Any) -> None:
    setup = AttackSetup(attacker=unit("Marine"), target=unit("Zealot"))
    result = resolve(setup)
    text = to_text(attack_view(setup, result), width=100)
    chart = text.split("Models removed (probability):\n")[1].splitlines()
    assert chart[0].split() == ["exactly", "at", "least"]
    removed = result.total.models_removed
    for k, row in enumerate(chart[1:5]):
        exactly, least = row.split("%")[0:2]
        assert exactly.split()[-1] + " %" == percent(removed[k])
        assert least.strip() + " %" == percent(at_least(removed)[k])
    assert f"the unit wiped out {percent(result.total.wiped_out)}" in text


def test_json_gives_at_least_and_wiped_out_for_each_batch_and_the_total() -> None:
    result = CliRunner().invoke(
        app, ["attack", "Zergling", "Marine", "--phase", "combat", "--charge",
              "--format", "json", "--exact"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    shapes = [*(b["distribution"] for b in data["batches"]), data["distribution"]]
    for shape in shapes:
        exactly = {int(k): Fraction(p) for k, p in shape["models_removed"].items()}
        least = {int(k): Fraction(p) for k, p in shape["at_least"].items()}
        assert least[0] == 1
        for k in exactly:
            assert least[k] == sum(p for j, p in exactly.items() if j >= k)
    # Wiped out is the state after the batch: the IMPACT batch's own nine, then the
    # whole activation's (the Claws finish what the IMPACT started).
    first, total = shapes[0], shapes[-1]
    assert Fraction(first["wiped_out"]) == Fraction(first["models_removed"].get("9", 0))
    assert shapes[1]["wiped_out"] == total["wiped_out"]
    assert Fraction(total["wiped_out"]) == Fraction(total["models_removed"]["9"])

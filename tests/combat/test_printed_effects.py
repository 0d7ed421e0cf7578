"""Effects printed on the v1.0 cards, worked by hand (COMBAT.md ability table)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from armylist.combat import AttackSetup, CombatError, resolve


def test_raptor_devastating_charge_is_impact_1_5_plus(unit: Any) -> None:
    # 12 Raptors charge 9 Marines: IMPACT (1) 5+ is 12 dice (not 24), each a success
    # on 5+ (1/3): 4 expected into Armour 5+, failing 2/3: 8/3 Damage (Marines 2 HP).
    result = resolve(
        AttackSetup(
            attacker=unit("Raptor (Zergling)"),
            target=unit("Marine"),
            phase="combat",
            charge=True,
            models=12,
        )
    )
    impact = result.batches[0]
    assert impact.weapon == "IMPACT (1) 5+"
    assert impact.pools.dice == 12
    assert impact.pools.expected["Hits"] == 4
    assert impact.outcome.damage == Fraction(8, 3)
    assert float(result.total.expected_models_removed) == pytest.approx(5.41, abs=5e-3)


def test_kerrigan_swarm_raptor_keeps_impact_2_5_plus(unit: Any) -> None:
    # 6 models x 2 dice = 12 IMPACT dice.
    result = resolve(
        AttackSetup(
            attacker=unit("Kerrigan Swarm Raptor (Zergling)"),
            target=unit("Marine"),
            phase="combat",
            charge=True,
        )
    )
    assert result.batches[0].weapon == "IMPACT (2) 5+"
    assert result.batches[0].pools.dice == 12

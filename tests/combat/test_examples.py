"""Every worked example of the combat brief (COMBAT.md), with its exact numbers."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from armylist.combat import AttackSetup, resolve


def test_example_1_nine_marines_at_zerglings(unit: Any) -> None:
    result = resolve(
        AttackSetup(attacker=unit("Marine"), target=unit("Zergling"), target_models=12)
    )
    batch = result.batches[0]
    steps = batch.pools.expected
    assert batch.pools.dice == 18
    assert steps["Hits"] == 12
    assert steps["Surge"] == 2 - Fraction(242, 3**18)
    assert steps["Unsaved"] == Fraction(31, 3) - Fraction(121, 1162261467)
    assert not batch.pools.evade  # Unengaged: no Evade
    assert float(batch.outcome.expected_models_removed) == pytest.approx(
        10.107948, abs=1e-6
    )


def test_example_2_nine_marines_at_four_marauders(unit: Any) -> None:
    setup = AttackSetup(attacker=unit("Marine"), target=unit("Marauder"))
    batch = resolve(setup).batches[0]
    assert batch.pools.expected["Surge"] == 0  # Armoured: C-14 surges on Light only
    assert batch.pools.expected["Unsaved"] == 6
    assert batch.outcome.damage == 6
    removed = batch.outcome.models_removed
    assert [round(float(removed[k]), 6) for k in (0, 1, 2)] == [
        0.231072,
        0.725580,
        0.043330,
    ]
    assert float(batch.outcome.expected_models_removed) == pytest.approx(
        0.812294, abs=1e-6
    )
    foam = resolve(setup.model_copy(update={"target_upgrades": ("Kinetic Foam",)}))
    assert float(foam.total.expected_models_removed) == pytest.approx(
        0.591677, abs=1e-6
    )


def test_example_3_pierce_quad_k12_at_roaches(unit: Any) -> None:
    batch = resolve(
        AttackSetup(attacker=unit("Marauder"), target=unit("Roach"), models=2)
    ).batches[0]
    assert batch.pools.expected["Hits"] == 4
    assert batch.pools.expected["Surge"] == Fraction(1424, 729)
    assert batch.pools.expected["Unsaved"] == Fraction(5764, 2187)
    assert batch.outcome.damage == Fraction(11528, 2187)  # PIERCE Armoured (2)


def test_example_4_shield_model_dies_first(unit: Any) -> None:
    batch = resolve(
        AttackSetup(attacker=unit("Marine"), target=unit("Zealot"))
    ).batches[0]
    assert batch.pools.expected["Unsaved"] == Fraction(26, 3) - Fraction(
        242, 1162261467
    )
    removed = batch.outcome.models_removed
    assert [round(float(removed[k]), 6) for k in range(4)] == [
        0.140910,
        0.677569,
        0.179801,
        0.001720,
    ]
    assert float(batch.outcome.expected_models_removed) == pytest.approx(
        1.042331, abs=1e-6
    )
    assert round(float(batch.outcome.shielded), 6) == 0.003296


def test_example_5_engaged_target_evades_the_surge_dice_too(unit: Any) -> None:
    setup = AttackSetup(
        attacker=unit("Marine"),
        target=unit("Zergling"),
        models=6,
        engaged=True,
        attacker_engaged=True,
    )
    batch = resolve(setup).batches[0]
    assert batch.pools.evade
    assert batch.pools.expected["Surge"] == 2 - Fraction(38, 177147)
    assert batch.pools.expected["Unsaved"] == Fraction(7, 2) - Fraction(19, 1062882)
    slug = resolve(setup.model_copy(update={"upgrades": ("Slugthrower",), "range": 6}))
    assert slug.batches[0].pools.expected["Unsaved"] == Fraction(14, 3) - Fraction(
        38, 1594323
    )


def test_example_5_pinpoint_revolver_into_a_melee(unit: Any) -> None:
    batch = resolve(
        AttackSetup(
            attacker=unit("Jim Raynor"),
            target=unit("Zergling"),
            weapons=('"Justice" Revolver',),
            engaged=True,
        )
    ).batches[0]
    assert batch.pools.expected["Unsaved"] == Fraction(25, 27)  # Evade 4+ -> 6+
    assert batch.outcome.damage == Fraction(50, 27)


def test_example_6_split_melee_surge_sent_to_the_marauders(unit: Any) -> None:
    at_marauders = AttackSetup(
        attacker=unit("Zergling"), target=unit("Marauder"), phase="combat", models=3
    )
    assert resolve(at_marauders).batches[0].pools.expected["Hits"] == 3
    assert resolve(at_marauders).batches[0].pools.expected["Unsaved"] == Fraction(3, 2)
    at_marines = AttackSetup(
        attacker=unit("Zergling"),
        target=unit("Marine"),
        phase="combat",
        models=2,
        surge=False,
    )
    assert resolve(at_marines).batches[0].pools.expected["Unsaved"] == Fraction(4, 3)
    shielded = at_marines.model_copy(update={"target_upgrades": ("Combat Shield",)})
    assert resolve(shielded).batches[0].pools.expected["Unsaved"] == Fraction(8, 9)
    shredding = at_marauders.model_copy(update={"upgrades": ("Shredding Claws",)})
    pools = resolve(shredding).batches[0].pools.expected
    assert pools["Surge"] == Fraction(115, 64)
    assert pools["Unsaved"] == Fraction(307, 128)
    surge_at_marines = at_marines.model_copy(update={"surge": True})
    pools = resolve(surge_at_marines).batches[0].pools.expected
    assert pools["Surge"] == Fraction(3, 2)
    assert pools["Unsaved"] == Fraction(11, 6)


def test_example_7_impact_after_a_charge(unit: Any) -> None:
    setup = AttackSetup(
        attacker=unit("Zergling"),
        target=unit("Marine"),
        phase="combat",
        models=5,
        charge=True,
    )
    impact = resolve(setup).batches[0]
    assert impact.weapon == "IMPACT (1) 5+"
    assert impact.pools.dice == 5
    assert impact.pools.expected["Hits"] == Fraction(5, 3)
    assert impact.pools.expected["Unsaved"] == Fraction(10, 9)
    shield = setup.model_copy(update={"target_upgrades": ("Combat Shield",)})
    assert resolve(shield).batches[0].pools.expected["Unsaved"] == Fraction(20, 27)
    no_charge = resolve(setup.model_copy(update={"charge": False}))
    assert [b.weapon for b in no_charge.batches] == ["Claws"]

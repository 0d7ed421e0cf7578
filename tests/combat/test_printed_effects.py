"""Effects printed on the v1.0 cards, worked by hand (COMBAT.md ability table)."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest

from armylist.combat import AttackResult, AttackSetup, CombatError, resolve
from armylist.gamedata.models import Unit

Attack = Callable[..., AttackResult]


@pytest.fixture
def attack(unit: Callable[[str], Unit]) -> Attack:
    """``attack("Marine", "Marauder", phase="combat")``: one unit card's attack at
    another, resolved; the rest of the setup as keywords."""

    def resolved(attacker: str, target: str, **setup: Any) -> AttackResult:
        return resolve(
            AttackSetup(attacker=unit(attacker), target=unit(target), **setup)
        )

    return resolved


def test_raptor_devastating_charge_is_impact_1_5_plus(attack: Attack) -> None:
    # 12 Raptors charge 9 Marines: IMPACT (1) 5+ is 12 dice (not 24), each a success
    # on 5+ (1/3): 4 expected into Armour 5+, failing 2/3: 8/3 Damage (Marines 2 HP).
    result = attack(
        "Raptor (Zergling)", "Marine", phase="combat", charge=True, models=12
    )
    impact = result.batches[0]
    assert impact.weapon == "IMPACT (1) 5+"
    assert impact.pools.dice == 12
    assert impact.pools.expected["Hits"] == 4
    assert impact.outcome.damage == Fraction(8, 3)
    assert float(result.total.expected_models_removed) == pytest.approx(5.41, abs=5e-3)


def test_kerrigan_swarm_raptor_keeps_impact_2_5_plus(attack: Attack) -> None:
    # 6 models x 2 dice = 12 IMPACT dice.
    result = attack(
        "Kerrigan Swarm Raptor (Zergling)", "Marine", phase="combat", charge=True
    )
    assert result.batches[0].weapon == "IMPACT (2) 5+"
    assert result.batches[0].pools.dice == 12


def test_titan_killers_doubles_close_combat_damage_at_size_3_not_impact(
    attack: Attack,
) -> None:
    # 3 Praetor Guards charge a Goliath (Size 3, Armour 4+, Evade "-", Armoured).
    # IMPACT (3) 4+: 9 dice at 1/2 = 9/2 successes into Armour 4+ (fail 1/2) = 9/4
    # unsaved, Damage 1: IMPACT is no Close Combat weapon, Titan Killers leaves it.
    # Psi Blades: 12 dice at 3+ = 8 hits, Surge Light misses the Armoured Goliath,
    # Armour 4+ leaves 4 unsaved, Damage 2 (Titan Killers): 8, not 4.
    result = attack("Praetor Guard (Zealot)", "Goliath", phase="combat", charge=True)
    impact, blades = result.batches
    assert impact.weapon == "IMPACT (3) 4+"
    assert impact.pools.expected["Unsaved"] == Fraction(9, 4)
    assert impact.outcome.damage == Fraction(9, 4)
    assert blades.pools.expected["Unsaved"] == 4
    assert blades.outcome.damage == 8


def test_titan_killers_leaves_a_size_2_target_at_damage_1(attack: Attack) -> None:
    # The same Psi Blades at 4 Marauders (Size 2, Armour 4+): 8 hits, 4 unsaved, 4.
    result = attack("Praetor Guard (Zealot)", "Marauder", phase="combat")
    assert result.batches[0].outcome.damage == 4


@pytest.mark.parametrize(
    ("attacker", "upgrade", "damage"),
    [
        # 4 Marauders, Quad K12 (RoA 3, 3+, 12"): at 14" LONG RANGE (16") makes it 4+:
        # 12 dice, 6 hits; Jim Raynor is neither Light nor Armoured (no Surge, no
        # PIERCE); Armour 4+ fails half: 3 unsaved, Damage 1: 3.
        ("Marauder", "Laser Targeting Systems", Fraction(3)),
        # 4 Hydralisks, Needle Spines (RoA 3, 3+, 12", Damage 2): the same 6 hits and
        # 3 unsaved at 14", Damage 2: 6.
        ("Hydralisk", "Grooved Spines", Fraction(6)),
    ],
)
def test_long_range_16_upgrades_reach_14_inches_at_minus_1_to_hit(
    unit: Any, attacker: str, upgrade: str, damage: Fraction
) -> None:
    setup = AttackSetup(attacker=unit(attacker), target=unit("Jim Raynor"), range=14)
    with pytest.raises(CombatError, match='reaches 12"'):
        resolve(setup)  # without the upgrade the weapon stops at 12"
    batch = resolve(setup.model_copy(update={"upgrades": (upgrade,)})).batches[0]
    assert batch.pools.dice == 12
    assert batch.pools.expected["Hits"] == 6
    assert batch.outcome.damage == damage


def test_stimpack_gives_precision_3_to_close_combat_weapons(attack: Attack) -> None:
    # 9 Marines Strike (RoA 1, 5+) at Marauders: H ~ Binomial(9, 1/3), E[H] = 3;
    # PRECISION (3) adds min(3, 9 - H): 3 unless H >= 7, so
    # E[H'] = 3 + 3 - (1 P(7) + 2 P(8) + 3 P(9)) = 6 - (144 + 36 + 3)/3^9 = 6 - 61/6561.
    result = attack(
        "Marine",
        "Marauder",
        phase="combat",
        abilities=("stimpack",),  # any case, as printed names go
    )
    assert result.batches[0].pools.expected["Hits"] == 6 - Fraction(61, 6561)


def test_orders_reach_another_biological_unit_and_its_first_weapon_only(
    unit: Any, catalog: Any
) -> None:
    # Jim Raynor's Orders: the Marine's first weapon used gains CRITICAL HIT (2).
    # 9 Marines at Marauders (Armoured: no Surge for the C-14): 18 dice, 12 hits, and
    # CRIT moves 2 of them past Armour 4+ whenever H >= 2: E[P] = 12/2 + E[min(H,2)]/2,
    # which is 6 + 1 - (2 P(0) + P(1))/2 with P(0) = 1/3^18, P(1) = 36/3^18.
    setup = AttackSetup(
        attacker=unit("Marine"),
        target=unit("Marauder"),
        abilities=("Orders",),
        friends=catalog.units.all,
    )
    assert resolve(setup).batches[0].pools.expected["Unsaved"] == 7 - Fraction(
        38, 2 * 3**18
    )
    with pytest.raises(CombatError, match="Jim Raynor has no ability 'Orders'"):
        resolve(setup.model_copy(update={"attacker": unit("Jim Raynor")}))

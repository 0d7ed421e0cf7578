"""Edge cases a player would notice: clamps, null Evade, caps, shields, clear errors."""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest

from armylist.combat import AttackSetup, CombatError, list_matchup, matchup, resolve
from armylist.files.checked import validate
from armylist.gamedata.catalog import Catalog
from armylist.gamedata.models import Keyword, Weapon


def _hits(setup: AttackSetup) -> Fraction:
    return resolve(setup).batches[0].pools.expected["Hits"]


def test_a_hit_modifier_beyond_2_plus_still_misses_on_a_natural_1(unit: Any) -> None:
    sentry = AttackSetup(attacker=unit("Sentry"), target=unit("Zergling"))  # 2+, 4 dice
    assert _hits(sentry) == Fraction(4 * 5, 6)
    assert _hits(sentry.model_copy(update={"hit": 3})) == Fraction(4 * 5, 6)


def test_a_hit_modifier_beyond_6_plus_still_hits_on_a_natural_6(unit: Any) -> None:
    marines = AttackSetup(attacker=unit("Marine"), target=unit("Marauder"), hit=-5)
    assert _hits(marines) == Fraction(18, 6)


def test_armour_modifier_is_clamped_both_ways(unit: Any) -> None:
    setup = AttackSetup(attacker=unit("Marine"), target=unit("Roach"), armour=5)
    fails = resolve(setup).batches[0].pools.expected["Armour fails"]
    assert fails == Fraction(12, 6)  # 3+ improved to "1+" still fails on a 1: 2+
    worse = resolve(setup.model_copy(update={"armour": -5})).batches[0]
    assert worse.pools.expected["Armour fails"] == Fraction(12 * 5, 6)  # 6+ at worst


def test_null_evade_never_evades_even_when_an_ability_grants_it(unit: Any) -> None:
    plain = AttackSetup(attacker=unit("Marine"), target=unit("Goliath"))
    granted = plain.model_copy(update={"evade": True, "high_ground": True})
    assert not resolve(granted).batches[0].pools.evade
    assert resolve(granted).total == resolve(plain).total


def test_anti_evade_keeps_the_6_plus_roll(unit: Any) -> None:
    # Raynor's revolver: ANTI-EVADE (2) on a Marine's 5+ Evade is 7+, rolled at 6+ (#29).
    setup = AttackSetup(
        attacker=unit("Jim Raynor"),
        target=unit("Marine"),
        weapons=('"Justice" Revolver',),
        evade=True,
    )
    pools = resolve(setup).batches[0].pools.expected
    assert pools["Unsaved"] == pools["Evade Pool"] * Fraction(5, 6)


def test_surge_greater_than_the_armour_pool_moves_only_the_hits(unit: Any) -> None:
    # One Corpser's Claws: 3 dice at 4+, Surge Light D3+1 = 2..4 at a Zergling.
    # E[moved] = E[min(H, S)] = 3/8*1 + 3/8*2 + 1/8*(2+3+3)/3 = 35/24, so only
    # 3/2 - 35/24 = 1/24 of a die is left to the Armour Pool.
    setup = AttackSetup(
        attacker=unit("Corpser (Roach)"),
        target=unit("Zergling"),
        phase="combat",
        models=1,
    )
    pools = resolve(setup).batches[0].pools.expected
    assert pools["Surge"] == Fraction(35, 24)
    assert pools["Armour Pool"] == Fraction(1, 24)


def test_damage_beyond_the_visible_models_is_discarded(unit: Any) -> None:
    setup = AttackSetup(attacker=unit("Marine"), target=unit("Zergling"), visible=2)
    result = resolve(setup)
    assert max(result.total.models_removed) == 2
    assert result.total.marker == 0  # the rest is discarded, not kept on a marker
    engaged = setup.model_copy(update={"engaged": True, "attacker_engaged": True})
    assert max(resolve(engaged).total.models_removed) > 2  # Engaged: no cap


def test_the_marker_carries_damage_but_kills_nothing_alone(unit: Any) -> None:
    # One Marine (2 dice) at Marauders (HP 5) already carrying 4 Damage: any unsaved
    # die removes one (two dice: 6 Damage, 1 left on the marker); no unsaved die
    # leaves the marker at 4 and removes nothing.
    setup = AttackSetup(
        attacker=unit("Marine"), target=unit("Marauder"), models=1, damage_marker=4
    )
    result = resolve(setup)
    no_damage = result.batches[0].pools.damage[0]
    assert result.total.models_removed == {0: no_damage, 1: 1 - no_damage}
    both = result.batches[0].pools.damage[2]
    assert result.total.marker == 4 * no_damage + 1 * both


def test_shields_are_lost_mid_batch_then_plain_models_follow(unit: Any) -> None:
    # 9 Marines at 3 Zealots: 7 damage kills the Shield model, 4 more each after.
    batch = resolve(
        AttackSetup(attacker=unit("Marine"), target=unit("Zealot"))
    ).batches[0]
    damage = batch.pools.damage
    assert batch.outcome.models_removed[0] == sum(p for d, p in damage.items() if d < 7)
    assert batch.outcome.models_removed[1] == sum(
        p for d, p in damage.items() if 7 <= d < 11
    )
    lost = resolve(
        AttackSetup(attacker=unit("Marine"), target=unit("Zealot"), shield_lost=True)
    ).batches[0]
    assert lost.outcome.models_removed[0] == sum(p for d, p in damage.items() if d < 4)
    assert lost.outcome.shielded == 0


def test_shielded_status_is_carried_to_the_next_batch(unit: Any) -> None:
    one = AttackSetup(
        attacker=unit("Stalker"),
        target=unit("Stalker"),
        weapons=("Particle Disruptors",),
    )
    two = one.model_copy(
        update={"weapons": ("Particle Disruptors", "Particle Disruptors")}
    )
    first = resolve(one).total
    both = resolve(two).total
    assert both.shielded < first.shielded
    assert both.expected_models_removed > first.expected_models_removed


def test_probabilities_sum_to_one_exactly_and_json_matches_the_contract(
    unit: Any,
) -> None:
    setup = AttackSetup(
        attacker=unit("Goliath"),
        target=unit("Zealot"),
        range=8,
    )
    result = resolve(setup)
    for batch in result.batches:
        assert sum(batch.outcome.models_removed.values()) == 1
    assert sum(result.final.values()) == 1
    data = json.loads(json.dumps(result.to_json()))
    assert set(data) == {
        "attacker",
        "target",
        "batches",
        "total",
        "distribution",
        "costs",
    }
    assert set(data["distribution"]) == {"models_removed", "at_least", "wiped_out"}
    assert [b["weapon"] for b in data["batches"]] == [
        "Autocannon",
        "Underbelly Machine Gun",
    ]
    for batch in data["batches"]:
        assert set(batch) == {"weapon", "dice", "expected", "distribution"}
        assert set(batch["expected"]) == {
            "hits",
            "damage",
            "models_removed",
            "supply_removed",
        }
        assert abs(sum(batch["distribution"]["models_removed"].values()) - 1) < 1e-9
    assert set(data["total"]) == {"hits", "damage", "models_removed", "supply_removed"}
    exact = result.to_json(exact=True)
    total = exact["total"]
    assert isinstance(total, dict)
    assert Fraction(total["damage"]) == result.total.damage


def test_supply_removed_follows_the_supply_profile(unit: Any) -> None:
    # 9 Marines -> 18 Zerglings: Supply 2 while 13+ are left, 1 down to 7, 0 below.
    result = resolve(AttackSetup(attacker=unit("Marine"), target=unit("Zergling")))
    removed = result.total.models_removed
    expected = sum(
        p * (2 - (0 if k >= 12 else 1 if k >= 6 else 2)) for k, p in removed.items()
    )
    assert result.total.supply_removed == expected


def test_a_unit_without_profiles_is_an_error_not_a_number(unit: Any) -> None:
    named_only = replace(unit("Siege Tank"), weapons=(Weapon(name="Twin Cannon"),))
    with pytest.raises(CombatError, match=r"no profile in the data.*provisional"):
        resolve(AttackSetup(attacker=named_only, target=unit("Marine")))
    with pytest.raises(CombatError, match="Pylon has no weapon profile"):
        resolve(AttackSetup(attacker=unit("Pylon"), target=unit("Marine")))


def test_the_shock_cannon_bt_is_refused_saying_why(unit: Any) -> None:
    shock = AttackSetup(
        attacker=unit("Siege Tank"), target=unit("Marine"), weapons=("Shock Cannon",)
    )
    with pytest.raises(
        CombatError,
        match=r"Shock Cannon prints Rate of Attack 'BT\+4' and S Dice 'BT': BT is"
        " defined in no source",
    ):
        resolve(shock)
    # By default the Tank fires its Twin Cannon (one weapon per model).
    default = resolve(shock.model_copy(update={"weapons": ()}))
    assert [b.weapon for b in default.batches] == ["Twin Cannon"]


def test_a_keyword_missing_its_fact_names_the_option(unit: Any) -> None:
    raynor = AttackSetup(
        attacker=unit("Jim Raynor"), target=unit("Zergling"), upgrades=("C-14 Rifle",)
    )
    with pytest.raises(CombatError, match=r"BURST FIRE .*give --range INCHES"):
        resolve(raynor)
    goliath = AttackSetup(attacker=unit("Goliath"), target=unit("Marine"))
    with pytest.raises(CombatError, match=r"LONG RANGE .*give --range INCHES"):
        resolve(goliath)
    scatter = goliath.model_copy(
        update={
            "upgrades": ("Scatter Missiles",),
            "weapons": ("Scatter Missiles",),
            "range": 10,
        }
    )
    with pytest.raises(CombatError, match="Stationary: give --stationary"):
        resolve(scatter)
    frag = AttackSetup(
        attacker=unit("Marine"), target=unit("Zergling"), upgrades=("Grenades - Frag",)
    )
    with pytest.raises(CombatError, match=r'within 8" .*give --range INCHES'):
        resolve(frag)


def test_burst_fire_counts_only_within_its_reach(unit: Any) -> None:
    setup = AttackSetup(
        attacker=unit("Jim Raynor"),
        target=unit("Zergling"),
        upgrades=("C-14 Rifle",),
        range=8,
    )
    assert resolve(setup).batches[0].pools.dice == 9
    assert resolve(setup.model_copy(update={"range": 10})).batches[0].pools.dice == 6
    with pytest.raises(CombatError, match="out of range"):
        resolve(setup.model_copy(update={"range": 13}))


def test_unusable_weapons_are_refused_with_the_reason(unit: Any) -> None:
    with pytest.raises(CombatError, match="PINPOINT"):
        resolve(
            AttackSetup(attacker=unit("Marine"), target=unit("Zergling"), engaged=True)
        )
    with pytest.raises(CombatError, match="BULKY"):
        resolve(
            AttackSetup(
                attacker=unit("Jim Raynor"),
                target=unit("Zergling"),
                weapons=("Commando Rifle",),
                attacker_engaged=True,
                engaged=True,
            )
        )
    with pytest.raises(CombatError, match="Flying"):
        resolve(
            AttackSetup(
                attacker=unit("Zergling"),
                target=unit("Point Defense Drone"),
                phase="combat",
            )
        )
    with pytest.raises(CombatError, match="no upgrade 'Stimpack'"):
        resolve(
            AttackSetup(
                attacker=unit("Marine"), target=unit("Zergling"), upgrades=("Stimpack",)
            )
        )


def test_one_weapon_per_model_but_every_sidearm(unit: Any) -> None:
    artanis = resolve(
        AttackSetup(attacker=unit("Artanis"), target=unit("Marine"), phase="combat")
    )
    assert [b.weapon for b in artanis.batches] == ["Twilight Blades Strike"]
    goliath = resolve(
        AttackSetup(
            attacker=unit("Goliath"), target=unit("Point Defense Drone"), range=12
        )
    )
    assert [b.weapon for b in goliath.batches] == ["Hellfire Missiles"]


def test_matchup_runs_both_ways_and_reports_what_cannot_be_computed(unit: Any) -> None:
    entries = matchup(unit("Marauder"), unit("Roach"))
    assert [(e.attacker, e.phase) for e in entries] == [
        ("Marauder", "assault"),
        ("Marauder", "combat"),
        ("Roach", "assault"),
        ("Roach", "combat"),
    ]
    assert all(e.result is not None for e in entries)
    tank = matchup(unit("Siege Tank"), unit("Marine"))
    assert tank[0].result is not None  # wave-2 profiles, the Shock Cannon left out
    assert [b.weapon for b in tank[0].result.batches] == ["Twin Cannon"]
    table = list_matchup([unit("Marine"), unit("Goliath")], [unit("Zergling")])
    assert len(table) == 8
    goliath = [e for e in table if e.attacker == "Goliath" and e.phase == "assault"]
    assert goliath[0].result is not None  # LONG RANGE solved at its printed range


def test_keywords_parse_from_either_printed_or_structured_data() -> None:
    printed = validate(Keyword, 'BURST FIRE 8" (3)')
    assert (printed.keyword, printed.inches, printed.value) == ("BURST FIRE", 8, 3)
    assert (
        validate(Keyword, {"keyword": "BURST FIRE", "inches": 8, "value": 3})
        == printed
        == Keyword.printed('BURST FIRE 8" (3)')
    )
    assert str(validate(Keyword, 'LONG RANGE (18")')) == 'LONG RANGE (18")'
    with pytest.raises(ValueError, match="not like"):
        validate(Keyword, "pierce armoured")
    with pytest.raises(ValueError, match="not like"):
        Keyword.printed("pierce armoured")


def test_tough_keeps_every_outcome_it_saves(unit: Any) -> None:
    # One Marine (2 dice, 3+, Surge Light D3) at Praetor Guard: Shield Overcharge's
    # TOUGH (2) saves every Armour fail of a pool of 2 or fewer, so only the Surge
    # dice get through: E[min(H, S)] = P(H=1) + P(H=2)(1/3 + 2*2/3) = 32/27.
    setup = AttackSetup(
        attacker=unit("Marine"), target=unit("Praetor Guard (Zealot)"), models=1
    )
    batch = resolve(setup).batches[0]
    assert batch.pools.expected["Damage"] == Fraction(32, 27)
    assert sum(batch.pools.damage.values()) == 1
    assert batch.outcome.models_removed == {0: 1}  # 7 Damage to remove the first


@pytest.mark.parametrize("phase", ["assault", "combat"])
def test_every_attack_between_two_units_sums_to_one(
    catalog: Catalog, phase: Any
) -> None:
    units = catalog.units.all
    for attacker in units:
        for target in units:
            setup = AttackSetup(
                attacker=attacker,
                target=target,
                phase=phase,
                range=6,
                charge=True,
                stationary=True,
            )
            try:
                result = resolve(setup)
            except CombatError:
                continue  # no profile, no weapon of the phase: tested above
            for batch in result.batches:
                odds = batch.outcome.models_removed
                assert sum(odds.values()) == 1, (attacker.name, target.name)
            assert sum(result.final.values()) == 1, (attacker.name, target.name)


def test_an_engaged_attacker_shoots_an_engaged_target(unit: Any) -> None:
    # "Engaged units shoot only their opponents" (COMBAT.md step 0): Raynor engaged
    # with Zerglings shoots Engaged Zerglings, which Evade at 6+ (ANTI-EVADE (2)):
    # the revolver's damage is 50/27 (worked example 5), saying so once or twice.
    engaged = AttackSetup(
        attacker=unit("Jim Raynor"), target=unit("Zergling"), attacker_engaged=True
    )
    both = engaged.model_copy(update={"engaged": True})
    assert resolve(engaged).total.damage == Fraction(50, 27)
    assert resolve(engaged).total == resolve(both).total
    # No visibility cap either: an Engaged target loses models out of sight.
    capped = AttackSetup(
        attacker=unit("Marine"), target=unit("Zergling"), attacker_engaged=True
    )
    assert (
        max(resolve(capped.model_copy(update={"visible": 2})).total.models_removed) > 2
    )


def test_a_reason_shared_by_every_weapon_is_given_once(unit: Any) -> None:
    # Artanis has two close-combat profiles; neither can strike a Flying unit.
    setup = AttackSetup(
        attacker=unit("Artanis"), target=unit("Point Defense Drone"), phase="combat"
    )
    with pytest.raises(CombatError) as refused:
        resolve(setup)
    assert str(refused.value).count("never fights in close combat") == 1


def test_an_upgrade_weapon_not_bought_says_which_upgrade_gives_it(unit: Any) -> None:
    setup = AttackSetup(
        attacker=unit("Marine"), target=unit("Marauder"), weapons=("AGG-12",)
    )
    with pytest.raises(CombatError, match=r"give --upgrade 'AGG-12'"):
        resolve(setup)


def test_an_unseen_target_is_shot_by_the_indirect_fire_weapons_alone(
    unit: Any,
) -> None:
    # Goliath with Scatter Missiles, no Zergling in sight: the Autocannon and the
    # Machine Gun cannot fire, the INDIRECT FIRE missiles can (and get no Evade).
    unseen = AttackSetup(
        attacker=unit("Goliath"),
        target=unit("Zergling"),
        upgrades=("Scatter Missiles",),
        range=10,
        stationary=True,
        visible=0,
    )
    result = resolve(unseen)
    assert [b.weapon for b in result.batches] == ["Scatter Missiles"]
    alone = unseen.model_copy(update={"weapons": ("Scatter Missiles",)})
    assert result.total == resolve(alone).total
    rifle = unseen.model_copy(update={"weapons": ("Autocannon",)})
    with pytest.raises(CombatError, match="visible"):
        resolve(rifle)

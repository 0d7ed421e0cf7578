"""Each distinct question worked out once (combat/memo.py): shared only when equal.

A matchup of two wide lists asks the same activation many times over, under squads
that differ only by an upgrade that changes nothing in it. Those share one answer;
an upgrade that does change it (on the side it helps) must never be shared.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from armylist.combat import AttackSetup, CombatError, resolve
from armylist.combat.memo import Canon
from armylist.gamedata.models import Unit


def test_an_upgrade_that_changes_no_attack_shares_the_answer(
    unit: Callable[[str], Unit],
) -> None:
    plain = AttackSetup(attacker=unit("Marine"), target=unit("Zealot"))
    shielded = plain.model_copy(update={"upgrades": ("Combat Shield",)})
    assert resolve(shielded) is resolve(plain)


def test_the_same_upgrade_on_the_target_it_protects_is_a_new_question(
    unit: Callable[[str], Unit],
) -> None:
    # Combat Shield: the Marines roll Evade in close combat (evade_against: combat).
    plain = AttackSetup(attacker=unit("Zealot"), target=unit("Marine"), phase="combat")
    shielded = plain.model_copy(update={"target_upgrades": ("Combat Shield",)})
    without, with_shield = resolve(plain), resolve(shielded)
    assert with_shield.batches[0].pools.evade and not without.batches[0].pools.evade
    assert with_shield.total.supply_removed < without.total.supply_removed
    # Asked again, in the other order: each keeps its own answer.
    assert resolve(shielded).to_json(exact=True) == with_shield.to_json(exact=True)
    assert resolve(plain).to_json(exact=True) == without.to_json(exact=True)


def test_an_upgrade_that_changes_the_attack_is_a_new_question(
    unit: Callable[[str], Unit],
) -> None:
    # Grenades - Frag: the C-14 Rifle's Surge dice become D6 within 8".
    plain = AttackSetup(attacker=unit("Marine"), target=unit("Zealot"), range=8)
    frag = plain.model_copy(update={"upgrades": ("Grenades - Frag",)})
    assert resolve(frag).total.damage > resolve(plain).total.damage


def test_a_refusal_is_given_again_in_the_same_words(
    unit: Callable[[str], Unit],
) -> None:
    setup = AttackSetup(
        attacker=unit("Zealot"), target=unit("Marine"), upgrades=("Jetpack",)
    )
    messages = []
    for _ in range(2):
        with pytest.raises(CombatError) as refused:
            resolve(setup)
        messages.append(str(refused.value))
    assert messages[0] == messages[1]
    assert "Zealot has no upgrade 'Jetpack'" in messages[0]


def test_equal_values_have_one_canonical_object() -> None:
    canon = Canon()
    first = ("C-14 Rifle", {"BURST FIRE": 1}, frozenset({"light"}))
    again = ("C-14 Rifle", {"BURST FIRE": 1}, frozenset({"light"}))
    other = ("C-14 Rifle", {"BURST FIRE": 2}, frozenset({"light"}))
    assert canon.of(first) is first
    assert canon.of(again) is first
    assert canon.of(other) is other

"""Scoring game records: SCORING.md's worked examples and a game per Mission Card."""

from __future__ import annotations

from typing import Any

import pytest

from armylist.gamedata.catalog import Catalog
from armylist.scoring.record import load_game
from armylist.scoring.scored import GameScore
from tests.scoring.casedata import cases
from tests.scoring.records import scored

WORKED = cases("worked_examples.yaml")
MISSIONS = cases("missions.yaml")


def check(result: GameScore, expect: dict[str, Any]) -> None:
    assert len(result.rounds) == len(expect["rounds"])
    for got, want in zip(result.rounds, expect["rounds"], strict=True):
        where = f"round {got.round}"
        assert [got.vp.red, got.vp.blue] == want["vp"], where
        assert [got.total.red, got.total.blue] == want["total"], where
        if "first" in want:
            assert got.first_player_next == want["first"], where
        for marker, holder in want.get("control", {}).items():
            assert got.control[marker] == holder, f"{where}, marker {marker}"
    if "result" in expect:
        want = expect["result"]
        assert result.result.winner == want["winner"]
        assert result.result.ended_after_round == want["ended_after_round"]
        assert [result.result.vp.red, result.result.vp.blue] == want["vp"]
        assert want.get("reason", "") in result.result.reason
        if "band" in want:
            # ORGANISED-PLAY.md §6: the band of the final VP difference and its points.
            assert result.result.band == want["band"]
            points = (result.result.mp, result.result.tp)
            if want["band"] is None:
                assert points == (None, None)
            else:
                assert result.result.mp is not None and result.result.tp is not None
                assert [result.result.mp.red, result.result.mp.blue] == want["mp"]
                assert [result.result.tp.red, result.result.tp.blue] == want["tp"]


@pytest.mark.parametrize("case", WORKED, ids=[c["name"] for c in WORKED])
def test_worked_examples_of_scoring_md(case: dict[str, Any], catalog: Catalog) -> None:
    check(scored(case["record"], catalog), case["expect"])


@pytest.mark.parametrize("case", MISSIONS, ids=[c["name"] for c in MISSIONS])
def test_a_game_of_each_mission_card(case: dict[str, Any], catalog: Catalog) -> None:
    check(scored(case["record"], catalog), case["expect"])


def test_every_mission_card_has_a_game_through_its_last_round(
    catalog: Catalog,
) -> None:
    finished = set()
    for case in WORKED + MISSIONS:
        game = load_game(case["record"], catalog)
        if len(game.record.rounds) == game.mission.game_length:
            finished.add(game.mission.id)
    assert finished == {m.id for m in catalog.missions}


def test_a_lead_made_by_gathers_is_a_warning_checked_in_step_3(
    catalog: Catalog,
) -> None:
    # Red leads 7-0 (lead 8 to win); 1 Gather makes it 8 in the Assault Phase, but
    # Blue's 2 Supply destroyed in step 2 bring it back to 6: the game goes on.
    record = """\
mission: Gather the Resources
scale: skirmish
first_player: red
rounds:
  - round: 1
    contest: {5: {red: 1}}
    supply_lost: {blue: 7}
  - round: 2
    gather: {red: 1}
    supply_lost: {red: 2}
"""
    result = scored(record, catalog)
    second = result.rounds[1]
    assert (second.total.red, second.total.blue) == (8, 2)
    assert result.result.ended_after_round is None
    assert any("the Gathers gave a lead of 8 VP" in note for note in second.notes)

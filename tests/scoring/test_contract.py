"""The JSON contract of a scored game (docs/game-day.md, "Scoring a game"): keys and values."""

from __future__ import annotations

import json

from armylist.gamedata.catalog import Catalog
from tests.scoring.records import rounds_up_to, scored

# Players' names are not part of the contract: the first two rounds of 6.5.
RECORD = rounds_up_to(2)


def test_json_is_exactly_the_contract(catalog: Catalog) -> None:
    result = scored(RECORD, catalog)
    data = json.loads(result.model_dump_json())
    assert data == {
        "mission": "Supply Drop",
        "scale": "skirmish",
        "rounds": [
            {
                "round": 1,
                "control": {"1": "red", "2": None, "5": None},
                "vp": {"red": 1, "blue": 0},
                "total": {"red": 1, "blue": 0},
                "first_player_next": "blue",
            },
            {
                "round": 2,
                "control": {"1": "red", "2": None, "5": None},
                "vp": {"red": 1, "blue": 3},
                "total": {"red": 2, "blue": 3},
                "first_player_next": "red",
            },
        ],
        "result": {
            "winner": None,
            "reason": "unfinished: 2 of 4 rounds scored",
            "ended_after_round": None,
            "vp": {"red": 2, "blue": 3},
            # The result band and the points wait for the end of the game.
            "band": None,
            "mp": None,
            "tp": None,
        },
    }


def test_why_lines_explain_each_round_for_the_scoreboard(catalog: Catalog) -> None:
    second = scored(RECORD, catalog).rounds[1]
    assert second.why["blue"] == [
        "1 VP: 1 enemy Supply destroyed",
        "2 VP: Activated marker 5 (activated in round 2), then removed",
    ]
    assert second.why["red"] == ["1 VP: 1 enemy Supply destroyed"]
    assert second.supply_pool == 5

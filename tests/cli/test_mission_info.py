"""`armylist info MISSION` says how the card scores, in words, from its `scoring:` data."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from armylist.cli import app

runner = CliRunner()


def info(name: str) -> str:
    result = runner.invoke(app, ["info", name], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.stderr
    return " ".join(result.stdout.split())


@pytest.mark.parametrize(
    ("mission", "said"),
    [
        (
            "supply-drop-standard",
            [
                "Markers 1, 3 Red; 2, 4 Blue; 5 neutral; they start Deactivated",
                "Every round: 1 VP per enemy Supply destroyed this round",
                "At the start of rounds 1-4, one random Deactivated marker of 1, 2, 3, 4 "
                "is activated; round 5: marker 5",
                "From round 1, each Activated marker you control scores VP equal to the "
                "round it was activated in, then is removed",
            ],
        ),
        (
            "supply-drop-skirmish",
            [
                "Markers 1 Red; 2 Blue; 5 neutral",
                "At the start of rounds 2-4, one random Deactivated marker of 1, 2, 5 is "
                "activated",
                "From round 2, each Activated marker",
            ],
        ),
        (
            "hold-position-standard",
            [
                "they start Activated",
                "From round 2, each marker you control: 1 VP if it is your colour or "
                "neutral, 2 VP if it is the opponent's colour",
            ],
        ),
        (
            "frontlines-standard",
            [
                "From round 2, each marker you control: 1 VP",
                "+2 VP for each marker you took from the opponent this round",
            ],
        ),
        (
            "gather-the-resources-standard",
            [
                "From round 2, each marker you control: 2 VP if it is the opponent's colour",
                "Gather: +1 VP at once, at a marker you control that is neutral or the "
                "opponent's colour",
            ],
        ),
        (
            "divide-and-conquer-standard",
            [
                "From round 1, each marker you control: 2 VP if it is neutral",
                "1 VP for each of the 4 battlefield quarters where your Supply wholly "
                "within is higher",
            ],
        ),
    ],
)
def test_info_says_how_the_mission_scores(mission: str, said: list[str]) -> None:
    out = info(mission)
    assert "Scoring" in out
    for words in said:
        assert words in out

"""The result bands of ORGANISED-PLAY.md §6 and the points of each player, as data."""

from __future__ import annotations

import pytest

from armylist.event.points import game_points

# (first's VP, second's VP, scale, band, first's (MP, TP), second's (MP, TP)): the
# edges of every band at both scales, each side winning once.
CASES = [
    (12, 2, "standard", "annihilation", (3, 5), (0, 0)),
    (2, 12, "standard", "annihilation", (0, 0), (3, 5)),
    (9, 0, "standard", "decisive", (3, 4), (0, 1)),
    (0, 7, "standard", "decisive", (0, 1), (3, 4)),
    (6, 0, "standard", "breakthrough", (3, 3), (0, 2)),
    (4, 7, "standard", "breakthrough", (0, 2), (3, 3)),
    (5, 3, "standard", "stalemate", (1, 2), (1, 2)),
    (4, 4, "standard", "stalemate", (1, 2), (1, 2)),
    (8, 0, "skirmish", "annihilation", (3, 5), (0, 0)),
    (0, 7, "skirmish", "decisive", (0, 1), (3, 4)),
    (6, 0, "skirmish", "decisive", (3, 4), (0, 1)),
    (5, 0, "skirmish", "breakthrough", (3, 3), (0, 2)),
    (1, 4, "skirmish", "breakthrough", (0, 2), (3, 3)),
    (10, 8, "skirmish", "stalemate", (1, 2), (1, 2)),
    # Grand Offensive plays the Standard cards and scores by the Standard bands.
    (8, 0, "grand-offensive", "decisive", (3, 4), (0, 1)),
]


@pytest.mark.parametrize(("first", "second", "scale", "band", "one", "two"), CASES)
def test_game_points(
    first: int,
    second: int,
    scale: str,
    band: str,
    one: tuple[int, int],
    two: tuple[int, int],
) -> None:
    assert game_points(first, second, scale) == (band, one, two)

"""Match Points and Tournament Points of a played game (the Organised Play guide, §6).

The absolute difference of the final VP picks the result band at the game's scale
(Skirmish has narrower bands; Standard's serve every other scale); the band gives the
winner's and the loser's points, a Stalemate the same to both. The one table of the
bands: a game record's score (`game score --format json`) and an event's standings
both read it here.
"""

from __future__ import annotations

from typing import Literal

from armylist.text.i18n import N_

Band = Literal["annihilation", "decisive", "breakthrough", "stalemate"]
Points = tuple[int, int]  # (Match Points, Tournament Points)

# The smallest VP difference of each band, largest first; below the last: Stalemate.
BANDS: dict[str, tuple[tuple[int, Band], ...]] = {
    "standard": ((10, "annihilation"), (7, "decisive"), (3, "breakthrough")),
    "skirmish": ((8, "annihilation"), (6, "decisive"), (3, "breakthrough")),
}
# (MP, TP) of the winner and of the loser.
WIN_LOSS: dict[Band, tuple[Points, Points]] = {
    "annihilation": ((3, 5), (0, 0)),
    "decisive": ((3, 4), (0, 1)),
    "breakthrough": ((3, 3), (0, 2)),
}
STALEMATE: Points = (1, 2)
# What people read for a band (`_()` at the point of use); JSON keeps the ids.
BAND_NAMES: dict[Band, str] = {
    "annihilation": N_("Annihilation"),
    "decisive": N_("Decisive Victory"),
    "breakthrough": N_("Breakthrough"),
    "stalemate": N_("Stalemate"),
}


def band(vp_difference: int, scale: str) -> Band:
    """The result band of a VP difference at a scale (Standard unless Skirmish)."""
    for least, name in BANDS.get(scale, BANDS["standard"]):
        if vp_difference >= least:
            return name
    return "stalemate"


def game_points(first: int, second: int, scale: str) -> tuple[Band, Points, Points]:
    """The band of a final score and the (MP, TP) of each player, in the order given:
    the higher VP wins the band; a Stalemate scores both alike."""
    name = band(abs(first - second), scale)
    if name == "stalemate":
        return name, STALEMATE, STALEMATE
    winner, loser = WIN_LOSS[name]
    return (name, winner, loser) if first > second else (name, loser, winner)

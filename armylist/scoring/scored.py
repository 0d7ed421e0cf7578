"""A scored game: what `score` answers, round by round and at the end.

`GameScore.model_dump(mode="json")` is the public JSON contract; the fields kept out of
JSON (the Supply Pool, each side's reasons, notes) are for the scoreboard. Here too the
words the reasons name a side with, in the language in use.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from armylist.event.points import Band
from armylist.scoring.record import Side
from armylist.text.i18n import N_, _


class VP(BaseModel):
    """Victory Points of each player."""

    model_config = ConfigDict(frozen=True)

    red: int
    blue: int

    def of(self, side: Side) -> int:
        """The VP of one side."""
        return self.red if side == "red" else self.blue


class RoundScore(BaseModel):
    """One round after its Scoring Phase; `supply_pool` and `why` stay out of JSON."""

    model_config = ConfigDict(frozen=True)

    round: int
    control: dict[str, Side | None] = Field(
        description="each marker's controller after step 1 (a removed marker: null)"
    )
    vp: VP
    total: VP
    first_player_next: Side | None = Field(
        description="the First Player Marker's holder next round; null when the game "
        "ended or a VP tie awaits its roll-off"
    )
    supply_pool: int | None = Field(
        exclude=True, description="this round's Supply Pool; None is unlimited"
    )
    why: dict[str, list[str]] = Field(
        exclude=True, description="per side, the VP gained and why"
    )
    notes: list[str] = Field(
        default_factory=list, exclude=True, description="what the players should know"
    )
    removed: list[int] = Field(
        default_factory=list,
        exclude=True,
        description="Supply Drop: markers scored and taken off the table so far",
    )
    supply_lost: dict[Side, int] = Field(
        default_factory=dict,
        exclude=True,
        description="per side, the Supply its units lost this round (Reserves "
        "counted as destroyed at the end not included)",
    )


class Points(BaseModel):
    """Match or Tournament Points of each player (the Organised Play guide, §6)."""

    model_config = ConfigDict(frozen=True)

    red: int
    blue: int


class Result(BaseModel):
    """How the game ended, or that it has not; a finished game's result band and
    each player's Match and Tournament Points (null until it ends)."""

    model_config = ConfigDict(frozen=True)

    winner: Side | None
    reason: str
    ended_after_round: int | None
    vp: VP
    band: Band | None = Field(
        default=None, description="the result band of the final VP difference"
    )
    mp: Points | None = Field(default=None, description="each player's Match Points")
    tp: Points | None = Field(
        default=None, description="each player's Tournament Points"
    )


class GameScore(BaseModel):
    """A scored game: `model_dump(mode="json")` is the public JSON contract."""

    model_config = ConfigDict(frozen=True)

    mission: str
    scale: str
    rounds: list[RoundScore]
    result: Result


# How the reasons name a side ("blue wiped out"), in the language in use.
SIDE_WORDS: dict[str, str] = {"red": N_("red"), "blue": N_("blue")}
SIDE_NAMES: dict[str, str] = {"red": N_("Red"), "blue": N_("Blue")}


def side_word(side: str) -> str:
    """A side as the reasons name it within a sentence ("blue"), translated."""
    return _(SIDE_WORDS[side])

"""The end of a round's Scoring Phase: whether the game ends (step 3) and who holds
the First Player Marker next (step 6), §8.9.3 and §3.2.

A game ends on the Mission Card's lead, a wipe-out (+10 VP to the opponent) or its last
round; every game that ended scores its Match and Tournament Points by its final VP.
"""

from __future__ import annotations

from armylist.event.points import game_points
from armylist.scoring.record import Game, RecordError, RoundRecord, Side, opponent
from armylist.scoring.scored import SIDE_NAMES, VP, Points, Result, side_word
from armylist.text.i18n import _

WIPE_OUT_VP = 10  # §8.9.3: the opponent of a tabled player gains 10 VP


def end_of_game(
    game: Game,
    total: dict[Side, int],
    entry: RoundRecord,
    gained: dict[Side, int],
    why: dict[Side, list[str]],
    notes: list[str],
) -> Result | None:
    """Step 3 (§8.9.3): how the game ended in this round, or None; a wipe-out's +10
    goes into ``gained``, ``why`` and ``total``."""
    mission = game.mission
    number = entry.round
    red, blue = total["red"], total["blue"]
    lead = mission.instant_win_lead
    # (a) the card's lead, on the totals after step 2 and before any +10.
    if lead is not None and abs(red - blue) >= lead:
        winner: Side = "red" if red > blue else "blue"
        if entry.wiped_out is not None:
            notes.append(_("the lead ended the game first: no wipe-out +10 (§8.9.3)"))
        return _result(
            game,
            total,
            winner,
            _(
                "lead of {difference} VP ({mission} ends at a lead of {lead} or more)"
            ).format(difference=abs(red - blue), mission=mission.name, lead=lead),
            number,
        )
    # (b) a player with neither models on the battlefield nor units in Reserves.
    if entry.wiped_out == "both":
        return _result(
            game,
            total,
            leader(total),
            _("both players wiped out: no +10, the result on VP"),
            number,
        )
    if entry.wiped_out is not None:
        loser: Side = entry.wiped_out
        winner = opponent(loser)
        gained[winner] += WIPE_OUT_VP
        total[winner] += WIPE_OUT_VP
        wiped = _("{loser} wiped out (§8.9.3)").format(loser=_(SIDE_NAMES[loser]))
        why[winner].append(f"{WIPE_OUT_VP} VP: {wiped}")
        return _result(
            game,
            total,
            winner,
            _(
                "wipe-out: {loser} has no models on the battlefield and none in "
                "Reserves; +{vp} VP to {winner}"
            ).format(
                loser=_(SIDE_NAMES[loser]),
                vp=WIPE_OUT_VP,
                winner=_(SIDE_NAMES[winner]),
            ),
            number,
        )
    # (c) the last round: the final score.
    if number == mission.game_length:
        counted = bool(entry.in_reserve.red or entry.in_reserve.blue)
        reserves = (
            _("; Supply still in Reserves counted as destroyed") if counted else ""
        )
        winner_or_none = leader(total)
        high, low = max(red, blue), min(red, blue)
        if winner_or_none is None:
            reason = _(
                "draw: {high}-{low} at the end of round {number}, the last (no "
                "Mission Card has a tiebreaker){reserves}"
            ).format(high=high, low=low, number=number, reserves=reserves)
        else:
            reason = _(
                "end of round {number}, the last: {high}-{low}{reserves}"
            ).format(high=high, low=low, number=number, reserves=reserves)
        return _result(game, total, winner_or_none, reason, number)
    return None


def leader(total: dict[Side, int]) -> Side | None:
    """The side ahead on VP, or None on a tie."""
    red, blue = total["red"], total["blue"]
    return "red" if red > blue else "blue" if blue > red else None


def _result(
    game: Game, total: dict[Side, int], winner: Side | None, reason: str, number: int
) -> Result:
    red, blue = total["red"], total["blue"]
    # the Organised Play guide, §6: every game that ended, early or not, scores by its final VP.
    band, red_points, blue_points = game_points(red, blue, game.record.scale)
    return Result(
        winner=winner,
        reason=reason,
        ended_after_round=number,
        vp=VP(red=red, blue=blue),
        band=band,
        mp=Points(red=red_points[0], blue=blue_points[0]),
        tp=Points(red=red_points[1], blue=blue_points[1]),
    )


def initiative(
    game: Game, total: dict[Side, int], index: int, entry: RoundRecord, notes: list[str]
) -> Side | None:
    """Step 6: who holds the First Player Marker next round (fewer VP, or the
    roll-off on a tie)."""
    ahead = leader(total)
    if ahead is not None:
        if entry.roll_off is not None:
            raise RecordError(
                _(
                    "round {round}: `roll_off` settles a VP tie, but the score is "
                    "{red}-{blue}: the First Player Marker goes to {side} (fewer VP); "
                    "remove `roll_off`"
                ).format(
                    round=entry.round,
                    red=total["red"],
                    blue=total["blue"],
                    side=side_word(opponent(ahead)),
                ),
                game.round_line(index, "roll_off"),
            )
        return opponent(ahead)
    if entry.roll_off is None:
        notes.append(
            _(
                "VP tied: the First Player Marker goes to the winner of a roll-off "
                "(§3.2); record it as `roll_off`"
            )
        )
    return entry.roll_off

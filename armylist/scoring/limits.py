"""What the game state makes impossible in a round's answers (`game play` refuses it).

Sound bounds only, so that no real game is ever refused:
- The Supply of a player's units on the table never exceeds the round's Supply Pool
  (§8.3.1; the last round has none): no marker is contested, and no Supply is lost, by
  more than that.
- With the lists, a player never has more Supply than their army has left (its
  starting Supply less all it lost before this round): the units contesting a marker
  in the Scoring Phase, with the Supply lost this round and the Supply still in
  Reserves, never add up to more.
- A player wiped out has no models on the table and none in Reserves: they contested
  no marker in this Scoring Phase, have no Supply in Reserves and, with the lists, no
  Supply left that was not destroyed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from armylist.scoring.play import AnswerPath, side_name
from armylist.scoring.record import SIDES, Game, Side
from armylist.scoring.scored import GameScore
from armylist.text.i18n import _


def starting_supply(game: Game, side: Side) -> int | None:
    """The Supply of a player's army at the start (None without the lists)."""
    if game.armies is None:
        return None
    return sum(
        (u.card.supply_at(u.models) or 0)
        for u in game.armies[side]
        if not u.card.summoned
    )


def _contests(answers: Mapping[AnswerPath, Any], side: Side) -> dict[int, int]:
    return {
        int(path[1]): value
        for path, value in answers.items()
        if path[0] == "contest" and path[2] == side and value is not None
    }


def refuse_impossible(
    game: Game, trial: GameScore, answers: Mapping[AnswerPath, Any]
) -> None:
    """Raise ValueError, saying why, when the answers of the round in progress cannot
    be. ``trial`` is the game scored with that round completed as answered so far."""
    played, now = trial.rounds[:-1], trial.rounds[-1]
    for side in SIDES:
        who = side_name(game, side)
        contests = _contests(answers, side)
        lost = now.supply_lost.get(side, 0)
        pool = now.supply_pool
        if pool is not None:
            for marker, supply in sorted(contests.items()):
                if supply > pool:
                    raise ValueError(
                        _(
                            "{who} cannot contest marker {marker} with {supply} "
                            "Supply: the Supply Pool of round {round} is {pool}, and "
                            "a player's units on the table never hold more (§8.3.1)"
                        ).format(
                            who=who,
                            marker=marker,
                            supply=supply,
                            round=now.round,
                            pool=pool,
                        )
                    )
            if lost > pool:
                raise ValueError(
                    _(
                        "{who} cannot lose {lost} Supply in round {round}: the Supply "
                        "Pool is {pool}, and a player's units on the table never hold "
                        "more (§8.3.1)"
                    ).format(who=who, lost=lost, round=now.round, pool=pool)
                )
        reserve = answers.get(("in_reserve", side)) or 0
        start = starting_supply(game, side)
        if start is not None:
            before = sum(r.supply_lost.get(side, 0) for r in played)
            _check_army(answers, side, who, contests, lost, reserve, start, before)
        _check_wipe_out(game, answers, side, contests, reserve, start, trial)


def _check_army(
    answers: Mapping[AnswerPath, Any],
    side: Side,
    who: str,
    contests: Mapping[int, int],
    lost: int,
    reserve: int,
    start: int,
    before: int,
) -> None:
    """With the lists: never more Supply than the army has left."""
    left = start - before
    army = {"who": who, "left": left, "start": start, "before": before}
    for marker, supply in sorted(contests.items()):
        if supply > left:
            raise ValueError(
                _(
                    "{who} cannot contest marker {marker} with {supply} Supply: "
                    "{who}'s army has {left} Supply left ({start} at the start, "
                    "{before} lost)"
                ).format(marker=marker, supply=supply, **army)
            )
    if lost > left and isinstance(answers.get(("supply_lost", side)), int):
        raise ValueError(
            _(
                "{who} cannot lose {lost} Supply: {who}'s army has {left} Supply "
                "left ({start} at the start, {before} lost)"
            ).format(lost=lost, **army)
        )
    most = max(contests.values(), default=0)
    if most and most + lost > left:
        marker = max(contests, key=lambda m: contests[m])
        raise ValueError(
            _(
                "{who} contests marker {marker} with {most} Supply and lost {lost}: "
                "{total} Supply, but {who}'s army has {left} Supply left ({start} at "
                "the start, {before} lost)"
            ).format(marker=marker, most=most, lost=lost, total=most + lost, **army)
        )
    if reserve and most + lost + reserve > left:
        raise ValueError(
            _(
                "{who} has {reserve} Supply in Reserves, {most} contesting and {lost} "
                "lost: {total} Supply, but {who}'s army has {left} Supply left "
                "({start} at the start, {before} lost)"
            ).format(
                reserve=reserve,
                most=most,
                lost=lost,
                total=most + lost + reserve,
                **army,
            )
        )


def _check_wipe_out(
    game: Game,
    answers: Mapping[AnswerPath, Any],
    side: Side,
    contests: Mapping[int, int],
    reserve: int,
    start: int | None,
    trial: GameScore,
) -> None:
    wiped = answers.get(("wiped_out",))
    if wiped not in (side, "both"):
        return
    who = side_name(game, side)
    if contests:
        raise ValueError(
            _(
                "{who} contested marker {marker} this round: {who} has models on the "
                "table, so is not wiped out"
            ).format(who=who, marker=min(contests))
        )
    if reserve:
        raise ValueError(
            _("{who} has {reserve} Supply in Reserves, so is not wiped out").format(
                who=who, reserve=reserve
            )
        )
    if start is not None:
        lost = sum(r.supply_lost.get(side, 0) for r in trial.rounds)
        if start - lost > 0:
            raise ValueError(
                _(
                    "{who}'s army has {left} Supply not destroyed (on the table or in "
                    "Reserves), so is not wiped out"
                ).format(who=who, left=start - lost)
            )

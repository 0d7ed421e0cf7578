"""Score a game record round by round, as the Scoring & Cleanup Phase does (§8.9-8.10).

Each round: step 0 (last round: Supply in Reserves counts as destroyed), step 1 marker
control by Supply (sticky; a tie keeps control), step 2 VP per the Mission Card's data,
step 3 the end-of-game checks (lead, wipe-out +10, last round), step 6 the First Player
Marker to the player with fewer VP. Pure: no files, no output.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from armylist.gamedata.models import MissionScoring
from armylist.gameday.planner import supply_pool
from armylist.scoring.ending import end_of_game, initiative
from armylist.scoring.losses import Army, lost_supply
from armylist.scoring.record import (
    SIDES,
    Game,
    RecordError,
    RoundRecord,
    Side,
    opponent,
)
from armylist.scoring.scored import VP, GameScore, Result, RoundScore, side_word
from armylist.text.i18n import N_, _, ngettext
from armylist.text.numbers import people

Add = Callable[[Side, int, str], None]


def resolve_control(
    previous: Side | None, red: int | None, blue: int | None
) -> Side | None:
    """A marker's controller after step 1 (§8.9.1): higher Supply takes it; a tie or
    nobody contesting keeps it; a lone Supply-0 unit takes it."""
    if red is None and blue is None:
        return previous
    if blue is None:
        return "red"
    if red is None:
        return "blue"
    if red > blue:
        return "red"
    if blue > red:
        return "blue"
    return previous


_MARKER_VP: dict[str, str] = {
    "own": N_("marker {marker} (own colour)"),
    "neutral": N_("marker {marker} (neutral colour)"),
    "opponent": N_("marker {marker} (opponent colour)"),
}


def _colour_word(colour: str, side: Side) -> str:
    if colour == "neutral":
        return "neutral"
    return "own" if colour == side else "opponent"


@dataclass
class _State:
    scoring: MissionScoring
    control: dict[int, Side | None]
    active: dict[int, int]  # Supply Drop: Activated marker -> its activation round
    removed: dict[int, int]  # marker -> the round it was removed in
    total: dict[Side, int]
    armies: dict[Side, Army] | None
    ended: tuple[int, Result] | None = None


def _start(game: Game) -> _State:
    scoring = game.mission.scoring
    if scoring is None:
        raise RecordError(
            _("{mission} has no scoring data in this game data").format(
                mission=game.mission.name
            )
        )
    active = (
        {m: 0 for m in scoring.markers} if scoring.markers_start == "activated" else {}
    )
    armies = (
        {side: Army(game.armies[side]) for side in SIDES}
        if game.armies is not None
        else None
    )
    return _State(
        scoring=scoring,
        control=dict.fromkeys(sorted(scoring.markers)),
        active=active,
        removed={},
        total={"red": 0, "blue": 0},
        armies=armies,
    )


def _activate(game: Game, state: _State, index: int, entry: RoundRecord) -> None:
    flips = [a for a in state.scoring.activations if a.round == entry.round]
    title = f"{game.mission.name} ({game.mission.scale.capitalize()})"
    line = game.round_line(index, "activated")
    if not flips:
        if entry.activated is not None:
            rounds = ", ".join(str(a.round) for a in state.scoring.activations)
            raise RecordError(
                _(
                    "round {round}: {title} activates no marker in this round "
                    "(it does in rounds {rounds}); remove `activated`"
                ).format(round=entry.round, title=title, rounds=rounds),
                line,
            )
        return
    allowed = [m for f in flips for m in f.markers]
    free = [m for m in allowed if m not in state.active and m not in state.removed]
    marker = entry.activated
    if marker is None:
        if len(free) != 1:
            raise RecordError(
                _(
                    "round {round}: {title} activates a marker at the start of "
                    "this round: give `activated` (one of {markers})"
                ).format(
                    round=entry.round,
                    title=title,
                    markers=", ".join(str(m) for m in free),
                ),
                game.round_line(index),
            )
        marker = free[0]
    if marker not in allowed:
        raise RecordError(
            _(
                "round {round}: marker {marker} cannot be activated in this round "
                "(the draw is among {markers})"
            ).format(
                round=entry.round,
                marker=marker,
                markers=", ".join(str(m) for m in allowed),
            ),
            line,
        )
    if marker in state.active:
        raise RecordError(
            _(
                "round {round}: marker {marker} is already active (activated in "
                "round {activated}); the draw is among the Deactivated "
                "markers: {markers}"
            ).format(
                round=entry.round,
                marker=marker,
                activated=state.active[marker],
                markers=", ".join(str(m) for m in free) or _("none"),
            ),
            line,
        )
    if marker in state.removed:
        raise RecordError(
            _(
                "round {round}: marker {marker} was removed after scoring in round "
                "{removed}; the draw is among {markers}"
            ).format(
                round=entry.round,
                marker=marker,
                removed=state.removed[marker],
                markers=", ".join(str(m) for m in free) or _("none"),
            ),
            line,
        )
    state.active[marker] = entry.round


def _eligible_gather(
    state: _State, previous: dict[int, Side | None], side: Side
) -> list[int]:
    rule = state.scoring.gather
    assert rule is not None
    return [
        m
        for m, holder in previous.items()
        if holder == side
        and m not in state.removed
        and _colour_word(state.scoring.markers[m], side) in rule.markers
    ]


def _score_round(
    game: Game, state: _State, index: int, entry: RoundRecord
) -> RoundScore:
    mission, scoring = game.mission, state.scoring
    number = entry.round
    last = number == mission.game_length
    _check_order(game, state, index, entry)
    if "in_reserve" in entry.model_fields_set and not last:
        raise RecordError(
            _(
                "round {round}: `in_reserve` counts only in the last round (round "
                "{last}), when Supply still in Reserves is destroyed (§8.10); "
                "remove it"
            ).format(round=number, last=mission.game_length),
            game.round_line(index, "in_reserve"),
        )
    _activate(game, state, index, entry)
    why: dict[Side, list[str]] = {"red": [], "blue": []}
    notes: list[str] = []
    gained: dict[Side, int] = {"red": 0, "blue": 0}
    supply_lost: dict[Side, int] = {"red": 0, "blue": 0}

    def add(side: Side, points: int, reason: str) -> None:
        if points:
            gained[side] += points
            why[side].append(f"{points} VP: {reason}")

    # Step 0 and the Supply lost: VP to the opponent (§6.2, §8.10).
    for side in SIDES:
        lost, summoned = lost_supply(game, state.armies, index, entry, side)
        supply_lost[side] = lost
        notes.extend(summoned)
        add(
            opponent(side),
            lost,
            ngettext(
                "{lost} enemy Supply destroyed", "{lost} enemy Supply destroyed", lost
            ).format(lost=lost),
        )
        reserve = entry.in_reserve.of(side) or 0
        add(
            opponent(side),
            reserve,
            _("{reserve} enemy Supply still in Reserves, counted as destroyed").format(
                reserve=reserve
            ),
        )

    # Step 1: marker control.
    previous = dict(state.control)
    for marker, supply in sorted(entry.contest.items()):
        if marker in state.removed:
            raise RecordError(
                _(
                    "round {round}: marker {marker} was removed after scoring in "
                    "round {removed}; nobody can contest it"
                ).format(round=number, marker=marker, removed=state.removed[marker]),
                game.round_line(index, "contest", marker),
            )
        state.control[marker] = resolve_control(
            previous[marker], supply.red, supply.blue
        )

    # Gather actions came in the Assault Phase, at markers held from the last step 1.
    if scoring.gather is not None:
        for side in SIDES:
            count = entry.gather.of(side) or 0
            if count and not _eligible_gather(state, previous, side):
                raise RecordError(
                    ngettext(
                        "round {round}: {side} Gathered {count} time but held no "
                        "marker that is neutral or {opponent}'s colour after the "
                        "last Scoring Phase; a Gather needs one",
                        "round {round}: {side} Gathered {count} times but held no "
                        "marker that is neutral or {opponent}'s colour after the "
                        "last Scoring Phase; a Gather needs one",
                        count,
                    ).format(
                        round=number,
                        side=side_word(side),
                        count=people(count),
                        opponent=side_word(opponent(side)),
                    ),
                    game.round_line(index, "gather", side),
                )
            add(
                side,
                count * scoring.gather.vp,
                ngettext(
                    "{count} Gather action", "{count} Gather actions", count
                ).format(count=people(count)),
            )
        lead = mission.instant_win_lead
        gathered = {
            side: state.total[side] + (entry.gather.of(side) or 0) * scoring.gather.vp
            for side in SIDES
        }
        if lead is not None and abs(gathered["red"] - gathered["blue"]) >= lead:
            # SCORING.md §5.5: the card says "immediately", the rulebook checks in step 3.
            notes.append(
                _(
                    "the Gathers gave a lead of {lead} VP in the Assault Phase; the "
                    "lead is checked in step 3 (§8.9.3), after the Supply destroyed "
                    "is scored"
                ).format(lead=abs(gathered["red"] - gathered["blue"]))
            )

    # Step 2: the Mission Card's objectives.
    if number >= scoring.objective_from_round:
        for side in SIDES:
            _objectives(state, previous, side, entry, add)
    for marker, activated_in in sorted(state.active.items()):
        holder = state.control[marker]
        if scoring.activations and holder is not None:
            add(
                holder,
                activated_in,
                _(
                    "Activated marker {marker} (activated in round {activated_in}), "
                    "then removed"
                ).format(marker=marker, activated_in=activated_in),
            )
            state.removed[marker] = number
    for marker in state.removed:
        state.active.pop(marker, None)
        state.control[marker] = None

    for side in SIDES:
        state.total[side] += gained[side]

    ending = end_of_game(game, state.total, entry, gained, why, notes)
    first_next: Side | None = None
    if ending is None:
        first_next = initiative(game, state.total, index, entry, notes)
    elif entry.roll_off is not None:
        raise RecordError(
            _(
                "round {round}: the game ended in this round ({reason}); there "
                "is no initiative roll-off: remove `roll_off`"
            ).format(round=number, reason=ending.reason),
            game.round_line(index, "roll_off"),
        )
    else:
        state.ended = (number, ending)
    return RoundScore(
        round=number,
        control={str(m): c for m, c in sorted(state.control.items())},
        vp=VP(red=gained["red"], blue=gained["blue"]),
        total=VP(red=state.total["red"], blue=state.total["blue"]),
        first_player_next=first_next,
        supply_pool=supply_pool(mission, number),
        why={"red": why["red"], "blue": why["blue"]},
        notes=notes,
        removed=sorted(state.removed),
        supply_lost=supply_lost,
    )


def _objectives(
    state: _State,
    previous: dict[int, Side | None],
    side: Side,
    entry: RoundRecord,
    add: Add,
) -> None:
    scoring = state.scoring
    if scoring.marker_vp is not None:
        for marker, holder in sorted(state.control.items()):
            if holder != side or marker not in state.active:
                continue
            colour = _colour_word(scoring.markers[marker], side)
            points = getattr(scoring.marker_vp, colour)
            add(side, points, _(_MARKER_VP[colour]).format(marker=marker))
    if scoring.capture_bonus:
        for marker, holder in sorted(state.control.items()):
            if holder == side and previous[marker] == opponent(side):
                add(
                    side,
                    scoring.capture_bonus,
                    _("marker {marker} taken from {side} (capture bonus)").format(
                        marker=marker, side=side_word(opponent(side))
                    ),
                )
    if scoring.quarters is not None:
        for quarter, supply in sorted(entry.quarters.items()):
            mine, theirs = supply.of(side) or 0, supply.of(opponent(side)) or 0
            if mine > theirs:
                add(
                    side,
                    scoring.quarters.vp,
                    _("quarter {quarter} ({mine} vs {theirs} Supply)").format(
                        quarter=quarter, mine=mine, theirs=theirs
                    ),
                )


def score(game: Game) -> GameScore:
    """Score every round of a game; RecordError names the first impossible entry.

    A last round marked `in_progress` (answered in part at `game play`) is not scored;
    the result's reason says it is in progress.
    """
    state = _start(game)
    entries = game.record.rounds
    pending = entries[-1] if entries and entries[-1].in_progress else None
    done = entries[:-1] if pending is not None else entries
    rounds = [
        _score_round(game, state, index, entry) for index, entry in enumerate(done)
    ]
    if pending is not None:
        _check_order(game, state, len(done), pending)
    if state.ended is not None:
        result = state.ended[1]
    else:
        in_progress = (
            _("; round {round} in progress").format(round=pending.round)
            if pending
            else ""
        )
        result = Result(
            winner=None,
            reason=(
                _("unfinished: {count} of {rounds} rounds scored{in_progress}").format(
                    count=len(rounds),
                    rounds=game.mission.game_length,
                    in_progress=in_progress,
                )
            ),
            ended_after_round=None,
            vp=VP(red=state.total["red"], blue=state.total["blue"]),
        )
    return GameScore(
        mission=game.mission.name,
        scale=game.record.scale,
        rounds=rounds,
        result=result,
    )


def _check_order(game: Game, state: _State, index: int, entry: RoundRecord) -> None:
    """A round comes in order, and before the game has ended."""
    if state.ended is not None:
        after, ended = state.ended
        raise RecordError(
            _(
                "round {round}: the game ended after round {after} ({reason}); "
                "remove this round"
            ).format(round=entry.round, after=after, reason=ended.reason),
            game.round_line(index),
        )
    if entry.round != index + 1:
        raise RecordError(
            _("round {round} is out of order: this is round {expected}").format(
                round=entry.round, expected=index + 1
            ),
            game.round_line(index, "round"),
        )

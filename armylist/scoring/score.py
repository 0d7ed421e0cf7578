"""Score a game record round by round, as the Scoring & Cleanup Phase does (§8.9-8.10).

Each round: step 0 (last round: Supply in Reserves counts as destroyed), step 1 marker
control by Supply (sticky; a tie keeps control), step 2 VP per the Mission Card's data,
step 3 the end-of-game checks (lead, wipe-out +10, last round), step 6 the First Player
Marker to the player with fewer VP. Pure: no files, no output.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from pydantic import BaseModel, ConfigDict, Field

from armylist.event.points import Band, game_points
from armylist.findings import Refused
from armylist.gamedata.models import MissionScoring
from armylist.gameday.planner import parse_losses, supply_pool
from armylist.scoring.record import (
    SIDES,
    ArmyUnit,
    Game,
    RecordError,
    RoundRecord,
    Side,
    opponent,
)
from armylist.text.i18n import N_, _, ngettext
from armylist.text.names import did_you_mean, key
from armylist.text.numbers import people

Add = Callable[[Side, int, str], None]
WIPE_OUT_VP = 10  # §8.9.3: the opponent of a tabled player gains 10 VP


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


# How the reasons name a side ("blue wiped out"), in the language in use.
_SIDE_WORDS: dict[str, str] = {"red": N_("red"), "blue": N_("blue")}
_SIDE_NAMES: dict[str, str] = {"red": N_("Red"), "blue": N_("Blue")}
_MARKER_VP: dict[str, str] = {
    "own": N_("marker {marker} (own colour)"),
    "neutral": N_("marker {marker} (neutral colour)"),
    "opponent": N_("marker {marker} (opponent colour)"),
}


def _side_word(side: str) -> str:
    return _(_SIDE_WORDS[side])


def _colour_word(colour: str, side: Side) -> str:
    if colour == "neutral":
        return "neutral"
    return "own" if colour == side else "opponent"


@dataclass
class _Army:
    units: tuple[ArmyUnit, ...]
    models: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.models = [u.models for u in self.units]


@dataclass
class _State:
    scoring: MissionScoring
    control: dict[int, Side | None]
    active: dict[int, int]  # Supply Drop: Activated marker -> its activation round
    removed: dict[int, int]  # marker -> the round it was removed in
    total: dict[Side, int]
    armies: dict[Side, _Army] | None
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
        {side: _Army(game.armies[side]) for side in SIDES}
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


def _supply_lost(
    game: Game, state: _State, index: int, entry: RoundRecord, side: Side
) -> tuple[int, list[str]]:
    """The Supply ``side`` lost this round, and notes on summoned units."""
    value = entry.supply_lost.of(side)
    line = game.round_line(index, "supply_lost", side)
    if value is None:
        return 0, []
    if isinstance(value, int):
        return value, []
    if state.armies is None:
        raise RecordError(
            _(
                "round {round}: supply_lost.{side} names units ({value}); that "
                "needs both players' lists (players.red.list and players.blue.list): "
                "otherwise give the Supply lost as a number"
            ).format(round=entry.round, side=side, value=repr(value)),
            line,
        )
    try:
        losses = parse_losses([value] if isinstance(value, str) else value)
    except Refused as refused:
        raise RecordError(
            _("round {round}: {problem}").format(
                round=entry.round, problem=refused.message
            ),
            line,
        ) from None
    army = state.armies[side]
    lost = 0
    notes: list[str] = []
    for loss in losses:
        if key(loss.unit) in game.summoned:
            notes.append(
                _(
                    "{unit} is a summoned unit: it never counts for the score "
                    "(§9.1.9), so its losses give no VP"
                ).format(unit=loss.unit)
            )
            continue
        if loss.round is not None:
            raise RecordError(
                _(
                    "round {round}: the loss {loss} names a round; a record gives "
                    "each round's losses in that round: write it without @ROUND"
                ).format(round=entry.round, loss=repr(loss.text)),
                line,
            )
        same = [
            i
            for i, u in enumerate(army.units)
            if key(loss.unit) in (key(u.card.name), key(u.card.id))
        ]
        if len(same) < loss.nth:
            names = sorted({u.card.name for u in army.units})
            facts = {
                "round": entry.round,
                "loss": repr(loss.text),
                "side": _(_SIDE_NAMES[side]),
                "unit": repr(loss.unit),
                "count": people(len(same)),
                "units": ", ".join(names),
            }
            held = (
                ngettext(
                    "round {round}: the loss {loss}: {side}'s list has {count} unit "
                    "called {unit}; its units are {units}",
                    "round {round}: the loss {loss}: {side}'s list has {count} units "
                    "called {unit}; its units are {units}",
                    len(same),
                )
                if same
                else _(
                    "round {round}: the loss {loss}: {side}'s list has no unit called "
                    "{unit}{did_you_mean}; its units are {units}"
                )
            )
            raise RecordError(
                held.format(did_you_mean=did_you_mean(loss.unit, names), **facts),
                line,
            )
        i = same[loss.nth - 1]
        unit = army.units[i]
        before = army.models[i]
        if loss.models > before:
            raise RecordError(
                ngettext(
                    "round {round}: the loss {loss}: {unit} has {count} model left; "
                    "it cannot lose {models}",
                    "round {round}: the loss {loss}: {unit} has {count} models left; "
                    "it cannot lose {models}",
                    before,
                ).format(
                    round=entry.round,
                    loss=repr(loss.text),
                    unit=unit.card.name,
                    count=people(before),
                    models=loss.models,
                ),
                line,
            )
        after = before - loss.models
        army.models[i] = after
        supply_after = (unit.card.supply_at(after) or 0) if after else 0
        lost += (unit.card.supply_at(before) or 0) - supply_after
    return lost, notes


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
        lost, summoned = _supply_lost(game, state, index, entry, side)
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
                        side=_side_word(side),
                        count=people(count),
                        opponent=_side_word(opponent(side)),
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

    ending = _end_of_game(game, state, entry, gained, why, notes)
    first_next: Side | None = None
    if ending is None:
        first_next = _initiative(game, state, index, entry, notes)
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
                        marker=marker, side=_side_word(opponent(side))
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


def _end_of_game(
    game: Game,
    state: _State,
    entry: RoundRecord,
    gained: dict[Side, int],
    why: dict[Side, list[str]],
    notes: list[str],
) -> Result | None:
    mission = game.mission
    number = entry.round
    red, blue = state.total["red"], state.total["blue"]
    lead = mission.instant_win_lead
    # (a) the card's lead, on the totals after step 2 and before any +10.
    if lead is not None and abs(red - blue) >= lead:
        winner: Side = "red" if red > blue else "blue"
        if entry.wiped_out is not None:
            notes.append(_("the lead ended the game first: no wipe-out +10 (§8.9.3)"))
        return _result(
            game,
            state,
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
            state,
            _leader(state),
            _("both players wiped out: no +10, the result on VP"),
            number,
        )
    if entry.wiped_out is not None:
        loser: Side = entry.wiped_out
        winner = opponent(loser)
        gained[winner] += WIPE_OUT_VP
        state.total[winner] += WIPE_OUT_VP
        wiped = _("{loser} wiped out (§8.9.3)").format(loser=_(_SIDE_NAMES[loser]))
        why[winner].append(f"{WIPE_OUT_VP} VP: {wiped}")
        return _result(
            game,
            state,
            winner,
            _(
                "wipe-out: {loser} has no models on the battlefield and none in "
                "Reserves; +{vp} VP to {winner}"
            ).format(
                loser=_(_SIDE_NAMES[loser]),
                vp=WIPE_OUT_VP,
                winner=_(_SIDE_NAMES[winner]),
            ),
            number,
        )
    # (c) the last round: the final score.
    if number == mission.game_length:
        counted = bool(entry.in_reserve.red or entry.in_reserve.blue)
        reserves = (
            _("; Supply still in Reserves counted as destroyed") if counted else ""
        )
        winner_or_none = _leader(state)
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
        return _result(game, state, winner_or_none, reason, number)
    return None


def _leader(state: _State) -> Side | None:
    red, blue = state.total["red"], state.total["blue"]
    return "red" if red > blue else "blue" if blue > red else None


def _result(
    game: Game, state: _State, winner: Side | None, reason: str, number: int
) -> Result:
    red, blue = state.total["red"], state.total["blue"]
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


def _initiative(
    game: Game, state: _State, index: int, entry: RoundRecord, notes: list[str]
) -> Side | None:
    leader = _leader(state)
    if leader is not None:
        if entry.roll_off is not None:
            raise RecordError(
                _(
                    "round {round}: `roll_off` settles a VP tie, but the score is "
                    "{red}-{blue}: the First Player Marker goes to {side} (fewer VP); "
                    "remove `roll_off`"
                ).format(
                    round=entry.round,
                    red=state.total["red"],
                    blue=state.total["blue"],
                    side=_side_word(opponent(leader)),
                ),
                game.round_line(index, "roll_off"),
            )
        return opponent(leader)
    if entry.roll_off is None:
        notes.append(
            _(
                "VP tied: the First Player Marker goes to the winner of a roll-off "
                "(§3.2); record it as `roll_off`"
            )
        )
    return entry.roll_off


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

"""Properties of scoring over random games of every Mission Card (Hypothesis)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from armylist.gamedata.loading import load_catalog
from armylist.gamedata.models import Mission
from armylist.scoring.record import SIDES, BySide, Game, GameRecord, Losses, RoundRecord
from armylist.scoring.score import score
from armylist.scoring.scored import GameScore

MISSIONS = load_catalog().missions
supply = st.none() | st.integers(min_value=0, max_value=5)


@st.composite
def games(draw: st.DrawFn) -> tuple[Mission, GameScore]:
    """A random game, round by round, stopping when it ends."""
    mission = draw(st.sampled_from(MISSIONS))
    scoring = mission.scoring
    assert scoring is not None
    rounds: list[RoundRecord] = []
    first = draw(st.sampled_from(SIDES))
    active: set[int] = set()
    removed: set[int] = set()  # Supply Drop: scored markers leave the table
    for number in range(1, draw(st.integers(1, mission.game_length)) + 1):
        fields: dict[str, object] = {"round": number}
        on_table = sorted(set(scoring.markers) - removed)
        contested = (
            draw(st.lists(st.sampled_from(on_table), unique=True)) if on_table else []
        )
        fields["contest"] = {
            m: BySide(red=draw(supply), blue=draw(supply)) for m in contested
        }
        fields["supply_lost"] = Losses(
            red=draw(st.integers(0, 4)), blue=draw(st.integers(0, 4))
        )
        flips = [m for a in scoring.activations if a.round == number for m in a.markers]
        free = [m for m in flips if m not in active]
        if free:
            fields["activated"] = draw(st.sampled_from(free))
            active.add(fields["activated"])  # type: ignore[arg-type]
        if scoring.quarters is not None:
            fields["quarters"] = {
                q: BySide(red=draw(supply), blue=draw(supply))
                for q in range(1, scoring.quarters.count + 1)
            }
        if number == mission.game_length:
            fields["in_reserve"] = BySide(red=draw(supply), blue=draw(supply))
        if draw(st.integers(0, 19)) == 0:
            fields["wiped_out"] = draw(st.sampled_from(("red", "blue", "both")))
        entry = RoundRecord.model_validate(fields)
        record = GameRecord(
            mission=mission.id,
            scale=mission.scale,
            first_player=first,
            rounds=[*rounds, entry],
        )
        result = score(Game(record, mission))
        last = result.rounds[-1]
        if (
            result.result.ended_after_round is None
            and last.total.red == last.total.blue
        ):
            entry = entry.model_copy(update={"roll_off": draw(st.sampled_from(SIDES))})
            record = record.model_copy(update={"rounds": [*rounds, entry]})
            result = score(Game(record, mission))
        rounds.append(entry)
        removed = set(last.removed)
        if result.result.ended_after_round is not None:
            break
    return mission, result


@settings(max_examples=150, deadline=None)
@given(games())
def test_total_vp_is_the_sum_of_the_rounds(game: tuple[Mission, GameScore]) -> None:
    _, result = game
    for side in SIDES:
        running = 0
        for entry in result.rounds:
            running += entry.vp.of(side)
            assert entry.total.of(side) == running
        assert result.result.vp.of(side) == running


@settings(max_examples=150, deadline=None)
@given(games())
def test_control_never_returns_to_neutral(game: tuple[Mission, GameScore]) -> None:
    _, result = game
    for before, after in zip(result.rounds, result.rounds[1:], strict=False):
        for marker, holder in before.control.items():
            if holder is None or after.control[marker] is not None:
                continue
            # Only Supply Drop takes a marker off the table, once it has scored.
            assert int(marker) in after.removed, (
                f"marker {marker} turned neutral in round {after.round}"
            )
            assert int(marker) not in before.removed


@settings(max_examples=150, deadline=None)
@given(games())
def test_fewer_vp_gets_the_first_player_marker(game: tuple[Mission, GameScore]) -> None:
    _, result = game
    for entry in result.rounds:
        red, blue = entry.total.red, entry.total.blue
        if result.result.ended_after_round == entry.round:
            assert entry.first_player_next is None
        elif red != blue:
            assert entry.first_player_next == ("red" if red < blue else "blue")
        else:
            assert entry.first_player_next is not None  # the recorded roll-off

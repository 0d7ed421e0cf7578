"""The table's helpers: a new game file, the questions of each round, the answers."""

from __future__ import annotations

from typing import Any

import pytest

from armylist.gamedata.catalog import Catalog
from armylist.scoring.play import (
    add_round,
    new_game,
    next_questions,
    parse_answer,
    roll_off_question,
    set_roll_off,
)
from armylist.scoring.record import Game, load_game
from armylist.scoring.score import score


def fresh(catalog: Catalog, mission_id: str, **options: Any) -> Game:
    mission = catalog.mission(mission_id, "standard")
    assert mission is not None
    return load_game(new_game(mission, **options), catalog)


@pytest.mark.parametrize(
    "mission_id",
    [
        "hold-position-standard",
        "frontlines-skirmish",
        "gather-the-resources-standard",
        "divide-and-conquer-skirmish",
        "supply-drop-skirmish",
    ],
)
def test_a_new_game_file_loads_and_scores_as_unfinished(
    catalog: Catalog, mission_id: str
) -> None:
    game = fresh(catalog, mission_id, lists=["a.yaml", "b.yaml"], names=["Ann"])
    assert game.mission.id == mission_id
    assert game.record.players.red.name == "Ann"
    assert game.record.players.blue.list == "b.yaml"
    result = score(game).result
    assert (result.winner, result.ended_after_round) == (None, None)


def test_hold_position_asks_only_control_losses_and_wipe_out(catalog: Catalog) -> None:
    game = fresh(catalog, "hold-position-standard")
    asked = {q.path[0] for q in next_questions(game, score(game))}
    assert asked == {"contest", "supply_lost", "wiped_out"}


def test_supply_drop_asks_the_activated_marker_among_those_left(
    catalog: Catalog,
) -> None:
    game = fresh(catalog, "supply-drop-standard")
    game = load_game(
        new_game(game.mission).replace(
            "rounds:\n", "rounds:\n- {round: 1, activated: 3}\n", 1
        ),
        catalog,
    )
    first = next_questions(game, score(game))[0]
    assert first.path == ("activated",)
    assert first.choices == ("1", "2", "4")  # 3 is Activated, not yet scored
    with pytest.raises(ValueError, match="cannot be activated now"):
        parse_answer(game, first, "3")


def test_divide_and_conquer_asks_quarters_and_reserves_in_the_last_round(
    catalog: Catalog,
) -> None:
    game = fresh(catalog, "divide-and-conquer-skirmish")
    for _ in range(3):
        game = Game(add_round(game.record, {}), game.mission)
        scored = score(game)
        if (question := roll_off_question(game, scored)) is not None:
            game = Game(set_roll_off(game.record, "red"), game.mission)
            assert question.choices == ("red", "blue")
    paths = [q.path for q in next_questions(game, score(game))]
    assert ("quarters", 4, "blue") in paths
    assert ("in_reserve", "red") in paths


def test_answers_by_name_and_number_and_impossible_ones_refused(
    catalog: Catalog,
) -> None:
    game = fresh(catalog, "hold-position-standard", names=["Ann", "Bob"])
    questions = {q.path: q for q in next_questions(game, score(game))}
    contest = questions[("contest", 1, "red")]
    assert parse_answer(game, contest, "") is None
    assert parse_answer(game, contest, "0") == 0
    with pytest.raises(ValueError, match="cannot be negative"):
        parse_answer(game, contest, "-1")
    with pytest.raises(ValueError, match="not a number: give the Supply as a number"):
        parse_answer(game, contest, "two")
    # Read as every whole number typed (armylist.text.numbers): 1,000 is a thousand, and
    # 2.5 or ² say what to write instead of int()'s "invalid literal".
    assert parse_answer(game, contest, "1,000") == 1000
    with pytest.raises(ValueError, match=r"'2\.5' is not a whole number: write 2 or 3"):
        parse_answer(game, contest, "2.5")
    with pytest.raises(ValueError, match="'²' is not a whole number"):
        parse_answer(game, contest, "²")
    wiped = questions[("wiped_out",)]
    assert parse_answer(game, wiped, "bob") == "blue"
    assert parse_answer(game, wiped, "Both") == "both"
    with pytest.raises(ValueError, match="answer Red \\(Ann\\) or Blue \\(Bob\\)"):
        parse_answer(game, wiped, "Carol")


def test_a_game_played_through_the_questions_scores_like_its_record(
    catalog: Catalog,
) -> None:
    # SCORING.md 6.5 (Supply Drop Skirmish) entered answer by answer.
    rounds: list[dict[tuple[str | int, ...], str]] = [
        {("contest", 1, "red"): "1", ("supply_lost", "blue"): "1"},
        {
            ("activated",): "5",
            ("contest", 5, "red"): "0",
            ("contest", 5, "blue"): "1",
            ("supply_lost", "red"): "1",
            ("supply_lost", "blue"): "1",
        },
        {("activated",): "1", ("supply_lost", "red"): "2"},
        {
            ("activated",): "2",
            ("contest", 2, "red"): "2",
            ("contest", 2, "blue"): "3",
            ("supply_lost", "red"): "1",
            ("supply_lost", "blue"): "2",
            ("in_reserve", "blue"): "1",
        },
    ]
    game = fresh(catalog, "supply-drop-skirmish")
    for given in rounds:
        questions = next_questions(game, score(game))
        answers = {
            q.path: parse_answer(game, q, given.get(q.path, "")) for q in questions
        }
        game = Game(add_round(game.record, answers), game.mission)
        scored = score(game)
        if roll_off_question(game, scored) is not None:
            game = Game(set_roll_off(game.record, "red"), game.mission)
    result = score(game)
    assert [(r.total.red, r.total.blue) for r in result.rounds] == [
        (1, 0),
        (2, 3),
        (5, 5),
        (8, 10),
    ]
    assert (result.result.winner, result.result.ended_after_round) == ("blue", 4)
    assert next_questions(game, result) == []


def test_units_lost_by_name_without_both_lists_say_what_is_missing(
    catalog: Catalog,
) -> None:
    game = fresh(catalog, "hold-position-skirmish")
    lost = next(
        q for q in next_questions(game, score(game)) if q.path == ("supply_lost", "red")
    )
    with pytest.raises(ValueError, match="need both players' lists"):
        parse_answer(game, lost, "Marine:3")
    with pytest.raises(ValueError, match="is not a whole number"):
        parse_answer(game, lost, "three")

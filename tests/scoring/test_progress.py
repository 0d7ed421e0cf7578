"""A round answered in part (`in_progress: true`): saved, read back, finished."""

from __future__ import annotations

import pytest

from armylist.gamedata.catalog import Catalog
from armylist.scoring.play import next_questions
from armylist.scoring.progress import (
    answers_given,
    finish_round,
    pending_round,
    read_answer,
    settled,
    with_answers,
)
from armylist.scoring.record import Game, dump_record, load_game
from armylist.scoring.score import score
from tests.scoring.records import rounds_up_to

HEAD = rounds_up_to(1)


def game_of(catalog: Catalog, text: str) -> Game:
    return load_game(text, catalog)


def test_answers_of_none_survive_a_save_and_questions_not_asked_stay_open(
    catalog: Catalog,
) -> None:
    game = game_of(catalog, HEAD)
    answers = {("activated",): 5, ("contest", 1, "red"): None}
    saved = dump_record(with_answers(game.record, answers))
    assert "in_progress: true" in saved
    reread = game_of(catalog, saved)
    questions = next_questions(settled(reread), score(settled(reread)))
    assert answers_given(reread.record, questions) == answers
    # Scoring leaves the round in progress out, and says so.
    result = score(reread).result
    assert result.reason == "unfinished: 1 of 4 rounds scored; round 2 in progress"
    assert len(score(reread).rounds) == 1


def test_a_finished_round_is_an_ordinary_round(catalog: Catalog) -> None:
    game = game_of(catalog, HEAD)
    partial = with_answers(game.record, {("activated",): 5})
    done = finish_round(partial, {("activated",): 5, ("contest", 5, "blue"): 1})
    assert pending_round(done) is None
    text = dump_record(done)
    assert "in_progress" not in text and "null" not in text
    totals = [(r.total.red, r.total.blue) for r in score(game_of(catalog, text)).rounds]
    assert totals == [(1, 0), (1, 2)]


def test_no_answer_yet_leaves_no_round_in_progress(catalog: Catalog) -> None:
    game = game_of(catalog, HEAD)
    partial = with_answers(game.record, {("activated",): 5})
    assert with_answers(partial, {}).rounds == game.record.rounds


def test_players_by_number_name_or_colour(catalog: Catalog) -> None:
    game = game_of(catalog, HEAD)
    wiped = next_questions(game, score(game))[-1]
    assert wiped.path == ("wiped_out",)
    assert read_answer(game, wiped, "2") == "blue"
    assert read_answer(game, wiped, "3") == "both"
    assert read_answer(game, wiped, "alice") == "red"
    with pytest.raises(ValueError, match="4 is not a choice"):
        read_answer(game, wiped, "4")

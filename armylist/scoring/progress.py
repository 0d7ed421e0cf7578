"""A round answered in part: what `game play` saves after every answer, so that a game
stopped at any point (q, Ctrl-C, the end of the input) resumes where it stopped.

Format v1 has no place for a half-answered round, so the record is extended, backward
compatibly: the LAST round may carry `in_progress: true`. In that round a key that is
present is an answer already given, and null is the answer "none" (no unit contesting,
no Supply lost, nobody wiped out); a key that is absent is a question not yet asked.
Scoring leaves the round out and says it is in progress. When its last question is
answered the round is written as an ordinary round (nulls dropped, `in_progress` gone).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import BaseModel

from armylist.numbers import NotAWholeNumber, parse_whole
from armylist.scoring.limits import refuse_impossible
from armylist.scoring.play import AnswerPath, Question, add_round, parse_answer
from armylist.scoring.record import (
    SIDES,
    Game,
    GameRecord,
    RecordError,
    RoundRecord,
)
from armylist.scoring.score import score

Answers = dict[AnswerPath, Any]


def pending_round(record: GameRecord) -> RoundRecord | None:
    """The round in progress (the last one, marked `in_progress`), if any."""
    if record.rounds and record.rounds[-1].in_progress:
        return record.rounds[-1]
    return None


def _nowhere(path: tuple[str | int, ...]) -> int | None:
    return None


def settled(game: Game) -> Game:
    """The game without its round in progress: what the next questions are about.

    Lines are dropped too: a record changed at the table has no file lines yet.
    """
    record = game.record.model_copy(update={"rounds": settled_rounds(game.record)})
    return dataclasses.replace(game, record=record, locate=_nowhere)


def _lookup(entry: RoundRecord, path: AnswerPath) -> tuple[bool, Any]:
    """Whether the round holds an answer at ``path``, and the answer."""
    node: Any = entry
    for part in path:
        if isinstance(node, BaseModel):
            if not isinstance(part, str) or part not in node.model_fields_set:
                return False, None
            node = getattr(node, part)
        elif isinstance(node, dict):
            if part not in node:
                return False, None
            node = node[part]
        else:
            return False, None
    return True, node


def answers_given(record: GameRecord, questions: Sequence[Question]) -> Answers:
    """The answers the round in progress already holds, by question."""
    entry = pending_round(record)
    if entry is None:
        return {}
    given: Answers = {}
    for question in questions:
        found, value = _lookup(entry, question.path)
        if found:
            given[question.path] = value
    return given


def with_answers(record: GameRecord, answers: Mapping[AnswerPath, Any]) -> GameRecord:
    """The record with its round in progress holding ``answers`` (None kept: "none").

    No answer at all: no round in progress.
    """
    rounds = list(record.rounds)
    if pending_round(record) is not None:
        rounds.pop()
    if answers:
        fields: dict[Any, Any] = {"round": len(rounds) + 1, "in_progress": True}
        for path, value in answers.items():
            node = fields
            for part in path[:-1]:
                node = node.setdefault(part, {})
            node[path[-1]] = value
        rounds.append(RoundRecord.model_validate(fields))
    return record.model_copy(update={"rounds": rounds})


def finish_round(record: GameRecord, answers: Mapping[AnswerPath, Any]) -> GameRecord:
    """The record with the round in progress written as an ordinary round."""
    done = record.model_copy(update={"rounds": settled_rounds(record)})
    return add_round(done, answers)


def settled_rounds(record: GameRecord) -> list[RoundRecord]:
    """The record's rounds without the one in progress."""
    if pending_round(record) is not None:
        return list(record.rounds[:-1])
    return list(record.rounds)


def read_answer(game: Game, question: Question, text: str) -> Any:
    """An answer typed at the table: `parse_answer`, and a player also by number
    (1 Red, 2 Blue, 3 both). ValueError says why it is impossible."""
    answer = text.strip()
    if question.kind in ("side", "wiped_out") and answer[:1].isdigit():
        choices = question.choices if question.kind == "wiped_out" else SIDES
        try:
            number = parse_whole(answer)
        except NotAWholeNumber as problem:
            raise ValueError(f"{problem.message}: answer 1 to {len(choices)}") from None
        if not 1 <= number <= len(choices):
            raise ValueError(
                f"{answer} is not a choice: answer 1 to {len(choices)} or a name"
            )
        return choices[number - 1]
    return parse_answer(game, question, answer)


def check_answers(game: Game, answers: Mapping[AnswerPath, Any]) -> None:
    """Score the round as answered so far; ValueError says what cannot be.

    A loss a unit cannot take (`Marine:20` of 9 Marines), a Gather with no marker to
    Gather at, or more Supply than the player can have (`limits`) is refused at the
    answer, not when the round is complete.
    """
    trial = settled(game)
    trial = dataclasses.replace(trial, record=finish_round(trial.record, answers))
    try:
        scored = score(trial)
    except RecordError as error:
        raise ValueError(error.message) from None
    refuse_impossible(trial, scored, answers)

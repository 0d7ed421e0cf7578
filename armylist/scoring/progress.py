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

from armylist.scoring.limits import refuse_impossible
from armylist.scoring.play import (
    AnswerPath,
    Question,
    add_round,
    next_questions,
    parse_answer,
    roll_off_question,
)
from armylist.scoring.record import (
    SIDES,
    Game,
    GameRecord,
    RecordError,
    RoundRecord,
)
from armylist.scoring.score import score
from armylist.text.i18n import _
from armylist.text.numbers import NotAWholeNumber, parse_whole

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
            raise ValueError(
                _("{problem}: answer 1 to {last}").format(
                    problem=problem.message, last=len(choices)
                )
            ) from None
        if not 1 <= number <= len(choices):
            raise ValueError(
                _("{answer} is not a choice: answer 1 to {last} or a name").format(
                    answer=answer, last=len(choices)
                )
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


@dataclasses.dataclass(frozen=True)
class Undone:
    """The record with its last answer taken back, the question it answered and the
    answer it held (None: "none")."""

    record: GameRecord
    question: Question
    answer: Any


def _reopened(game: Game) -> GameRecord:
    """The record with its last finished round back in progress, every answer kept
    (a key left out of a finished round was answered "none")."""
    record = game.record
    before = record.model_copy(update={"rounds": record.rounds[:-1]})
    earlier = dataclasses.replace(game, record=before, locate=_nowhere)
    last = record.rounds[-1]
    answers: Answers = {}
    for question in next_questions(earlier, score(earlier)):
        found, value = _lookup(last, question.path)
        answers[question.path] = value if found else None
    return with_answers(before, answers)


def undo_last(game: Game) -> Undone | None:
    """Take back the last answer the record holds, one at a time back to its first:
    in the round in progress the last one asked, after a tied round its roll-off,
    else the last answer of the last round (which is in progress again). None: no
    answer to take back."""
    record = game.record
    if pending_round(record) is None:
        if not record.rounds:
            return None
        last = record.rounds[-1]
        if last.roll_off is not None:
            untied = last.model_copy(update={"roll_off": None})
            record = record.model_copy(update={"rounds": [*record.rounds[:-1], untied]})
            plain = dataclasses.replace(game, record=record, locate=_nowhere)
            question = roll_off_question(plain, score(plain))
            assert question is not None  # the roll-off settles a tie: asked again
            return Undone(record, question, last.roll_off)
        record = _reopened(game)
    base = settled(dataclasses.replace(game, record=record))
    questions = next_questions(base, score(base))
    given = answers_given(record, questions)
    asked = [q for q in questions if q.path in given]
    if not asked:
        # A round in progress with no answer (written by hand): the one before it.
        if not base.record.rounds:
            return None
        return undo_last(base)
    question = asked[-1]
    answer = given.pop(question.path)
    return Undone(with_answers(record, given), question, answer)

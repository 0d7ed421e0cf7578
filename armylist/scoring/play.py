"""What the table needs: a new game file, and the questions of the next round.

`new_game` writes a record ready to fill; `next_questions` lists only what the mission
needs to know about the next round, each with the answers it allows, and `parse_answer`
reads one answer (names or numbers) or says why it is impossible. An interactive
`game play` asks them in order, adds the round with `add_round`, and scores.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict

from armylist.gamedata.models import Mission
from armylist.scoring.record import (
    SIDES,
    Game,
    GameRecord,
    RoundRecord,
    Side,
)
from armylist.scoring.scored import GameScore
from armylist.text.i18n import N_, _
from armylist.text.names import key
from armylist.text.numbers import NotAWholeNumber, parse_whole

QuestionKind = Literal["supply", "count", "losses", "marker", "wiped_out", "side"]
AnswerPath = tuple[str | int, ...]


class Question(BaseModel):
    """One thing to ask about a round; ``path`` is where the answer goes in it."""

    model_config = ConfigDict(frozen=True)

    path: AnswerPath
    prompt: str
    kind: QuestionKind
    choices: tuple[str, ...] = ()
    optional: bool = True


def new_game(
    mission: Mission,
    *,
    scale: str | None = None,
    lists: Sequence[str] = (),
    names: Sequence[str | None] = (),
    deployment: str | None = None,
    first_player: Side = "red",
) -> str:
    """The YAML text of a new game record for ``mission``, ready to fill."""
    players: dict[str, Any] = {}
    for index, side in enumerate(SIDES):
        player: dict[str, str] = {}
        name = names[index] if index < len(names) else None
        if name is not None:
            player["name"] = name
        if index < len(lists):
            player["list"] = lists[index]
        players[side] = player
    data: dict[str, Any] = {"mission": mission.name, "scale": scale or mission.scale}
    if deployment is not None:
        data["deployment"] = deployment
    data["players"] = players
    data["first_player"] = first_player
    lead = mission.instant_win_lead
    lines = [
        _("A game of {mission} ({scale}): game record, format v1.").format(
            mission=mission.name, scale=mission.scale.capitalize()
        ),
        (
            _(
                "{rounds} rounds; Starting Supply {supply}, +{more} a round; a lead "
                "of {lead} VP wins at once."
            )
            if lead
            else _("{rounds} rounds; Starting Supply {supply}, +{more} a round.")
        ).format(
            rounds=mission.game_length,
            supply=mission.starting_supply,
            more=mission.supply_escalation,
            lead=lead,
        ),
        _("first_player: who holds the First Player Marker in round 1 (§8.2.2)."),
    ]
    head = "".join(f"# {line}\n" for line in lines)
    body = yaml.safe_dump(data, sort_keys=False, default_flow_style=None)
    # `rounds:` left empty (not `[]`): a round written below it by hand then parses.
    return head + body + "rounds:\n" + _round_help(mission)


def _round_help(mission: Mission) -> str:
    scoring = mission.scoring
    assert scoring is not None
    markers = ", ".join(str(m) for m in sorted(scoring.markers))
    lines = [
        _("After each round's Scoring Phase, add it under rounds:"),
        "  - round: 1",
        "    contest: {{1: {{red: 2}}, 5: {{red: 1, blue: 2}}}}   # {said}".format(
            said=_("markers {markers}:").format(markers=markers)
        ),
        "      # "
        + _("Supply of each side's contesting units; left out: nobody; 0: Supply 0"),
        "    supply_lost: {red: 0, blue: 1}   # "
        + _("Supply each player lost this round"),
    ]
    if scoring.activations:
        rounds = ", ".join(str(a.round) for a in scoring.activations)
        lines.append(
            "    activated: 3   # "
            + _("rounds {rounds}: the marker flipped").format(rounds=rounds)
        )
    if scoring.gather is not None:
        lines.append("    gather: {red: 1}   # " + _("successful Gather actions"))
    if scoring.quarters is not None:
        lines.append(
            "    quarters: {1: {red: 3, blue: 2}}   # "
            + _("Supply wholly within each quarter")
        )
    lines += [
        "    in_reserve: {red: 0, blue: 2}   # "
        + _("round {round} only").format(round=mission.game_length),
        "    wiped_out: blue   # "
        + _("a player with no models on the table and none in reserve"),
        "    roll_off: red     # " + _("the Roll-Off winner when VP are tied"),
    ]
    return "".join(f"# {line}\n" for line in lines)


SIDE_NAMES: dict[str, str] = {"red": N_("Red"), "blue": N_("Blue")}
BOTH = N_("both")


def colour_name(side: str) -> str:
    """`Red` or `Blue` in the language in use."""
    return _(SIDE_NAMES[side])


def labelled(side: str, name: str | None) -> str:
    """`Red (Alice)`, or `Red` for a player without a name."""
    colour = colour_name(side)
    return _("{colour} ({name})").format(colour=colour, name=name) if name else colour


def side_name(game: Game, side: Side) -> str:
    """`Red (Alice)`, or `Red` for a player without a name."""
    player = getattr(game.record.players, side)
    return labelled(side, player.name)


def next_questions(game: Game, scored: GameScore) -> list[Question]:
    """What to ask about the next round; empty once the game has ended."""
    if scored.result.ended_after_round is not None:
        return []
    scoring = game.mission.scoring
    assert scoring is not None
    number = len(scored.rounds) + 1
    control: Mapping[str, Side | None] = (
        scored.rounds[-1].control if scored.rounds else {}
    )
    removed = _removed(scored)
    questions: list[Question] = []
    flips = [m for a in scoring.activations if a.round == number for m in a.markers]
    free = [m for m in flips if m not in _activated(game) and m not in removed]
    if len(free) > 1:
        questions.append(
            Question(
                path=("activated",),
                prompt=_("Round {number}: which marker was activated?").format(
                    number=number
                ),
                kind="marker",
                choices=tuple(str(m) for m in free),
                optional=False,
            )
        )
    for marker in sorted(scoring.markers):
        if marker in removed:
            continue
        for side in SIDES:
            questions.append(
                Question(
                    path=("contest", marker, side),
                    prompt=_(
                        "Marker {marker}: Supply of {player}'s units contesting it "
                        "(Enter: none; 0: a Supply-0 unit)"
                    ).format(marker=marker, player=side_name(game, side)),
                    kind="supply",
                )
            )
    if scoring.gather is not None and number > 1:
        for side in SIDES:
            eligible = [
                m
                for m, holder in control.items()
                if holder == side
                and _colour(scoring.markers[int(m)], side) in scoring.gather.markers
            ]
            if eligible:
                questions.append(
                    Question(
                        path=("gather", side),
                        prompt=_(
                            "Gather actions by {player} (at marker {markers})"
                        ).format(
                            player=side_name(game, side), markers=", ".join(eligible)
                        ),
                        kind="count",
                    )
                )
    for side in SIDES:
        questions.append(
            Question(
                path=("supply_lost", side),
                prompt=_("Supply {player} lost this round{example}").format(
                    player=side_name(game, side), example=_loss_example(game, side)
                ),
                kind="losses" if game.armies else "supply",
            )
        )
    if scoring.quarters is not None:
        for quarter in range(1, scoring.quarters.count + 1):
            for side in SIDES:
                questions.append(
                    Question(
                        path=("quarters", quarter, side),
                        prompt=_(
                            "Quarter {quarter}: {player}'s Supply wholly within it "
                            "(+1 for a unit at a marker its player holds)"
                        ).format(quarter=quarter, player=side_name(game, side)),
                        kind="supply",
                    )
                )
    if number == game.mission.game_length:
        for side in SIDES:
            questions.append(
                Question(
                    path=("in_reserve", side),
                    prompt=_("Supply {player} still has in Reserves").format(
                        player=side_name(game, side)
                    ),
                    kind="supply",
                )
            )
    questions.append(
        Question(
            path=("wiped_out",),
            prompt=_("A player with no models on the table and none in Reserves?"),
            kind="wiped_out",
            choices=("red", "blue", "both"),
        )
    )
    return questions


def _loss_example(game: Game, side: Side) -> str:
    """How to name units lost, with a unit of the player's own list."""
    if game.armies is None:
        return ""
    units = [u for u in game.armies[side] if not u.card.summoned]
    if not units:
        return _(" (a number)")
    first = units[0]
    return _(" (a number, or units: {example})").format(
        example=f"{first.card.name}:{min(3, first.models)}"
    )


def roll_off_question(game: Game, scored: GameScore) -> Question | None:
    """The initiative roll-off to ask after a round that left the VP tied."""
    if not scored.rounds or scored.result.ended_after_round is not None:
        return None
    last = scored.rounds[-1]
    if last.first_player_next is not None:
        return None
    return Question(
        path=("roll_off",),
        prompt=_(
            "VP tied {red}-{blue}: who won the roll-off for the First Player Marker?"
        ).format(red=last.total.red, blue=last.total.blue),
        kind="side",
        choices=SIDES,
        optional=False,
    )


def _colour(colour: str, side: Side) -> str:
    if colour == "neutral":
        return "neutral"
    return "own" if colour == side else "opponent"


def _activated(game: Game) -> set[int]:
    return {r.activated for r in game.record.rounds if r.activated is not None}


def _removed(scored: GameScore) -> set[int]:
    return set(scored.rounds[-1].removed) if scored.rounds else set()


def parse_answer(game: Game, question: Question, text: str) -> Any:
    """An answer as the record stores it; ValueError says why it is impossible.

    Empty text is no answer (None) for an optional question. Sides may be given as
    red/blue or the player's name; markers and Supply as numbers.
    """
    answer = text.strip()
    if not answer:
        if question.optional:
            return None
        raise ValueError(_("an answer is needed here"))
    match question.kind:
        case "supply" | "count":
            if question.path[0] == "supply_lost" and ":" in answer:
                raise ValueError(
                    _(
                        "{answer}: units lost by name need both players' lists in "
                        "the game file (players: red: {{list: ...}}, blue: {{list: "
                        "...}}); without them, give the Supply lost as a number"
                    ).format(answer=repr(answer))
                )
            try:
                number = parse_whole(answer, signed=True)
            except NotAWholeNumber as problem:
                at_marker = question.path[0] == "contest"
                if at_marker and any(c.isalpha() for c in answer):
                    # `Marine:3` at a marker: the units lost are a later question.
                    raise ValueError(
                        _(
                            "{answer} is not a number: give the Supply as a number, "
                            "e.g. 3 (units lost are asked after the markers)"
                        ).format(answer=repr(answer))
                    ) from None
                raise ValueError(f"{problem.message}: {problem.hint}") from None
            if number < 0:
                raise ValueError(_("a Supply or a count cannot be negative"))
            return number
        case "losses":
            if answer.lstrip("+-")[:1].isdigit():  # a number, not units by name
                return parse_answer(
                    game, question.model_copy(update={"kind": "supply"}), answer
                )
            return answer
        case "marker":
            if answer not in question.choices:
                raise ValueError(
                    _(
                        "marker {answer} cannot be activated now; one of {choices}"
                    ).format(answer=answer, choices=", ".join(question.choices))
                )
            return int(answer)
        case "side" | "wiped_out":
            for side in SIDES:
                player = getattr(game.record.players, side)
                named = (side, key(colour_name(side)), key(player.name or side))
                if key(answer) in named:
                    return side
            if question.kind == "wiped_out" and key(answer) in ("both", key(_(BOTH))):
                return "both"
            raise ValueError(
                _("{answer} is not a player: answer {red} or {blue}").format(
                    answer=repr(answer),
                    red=side_name(game, "red"),
                    blue=side_name(game, "blue"),
                )
            )


def add_round(record: GameRecord, answers: Mapping[AnswerPath, Any]) -> GameRecord:
    """The record with one more round, built from the answers (None: left out)."""
    fields: dict[Any, Any] = {"round": len(record.rounds) + 1}
    for path, value in answers.items():
        if value is None:
            continue
        node = fields
        for part in path[:-1]:
            node = node.setdefault(part, {})
        node[path[-1]] = value
    entry = RoundRecord.model_validate(fields)
    return record.model_copy(update={"rounds": [*record.rounds, entry]})


def set_roll_off(record: GameRecord, winner: Side) -> GameRecord:
    """The record with the last round's initiative roll-off recorded."""
    last = record.rounds[-1].model_copy(update={"roll_off": winner})
    return record.model_copy(update={"rounds": [*record.rounds[:-1], last]})

"""The game record (format v1): what happened each round, as the players enter it.

A record is read with the position-aware YAML reader, so every problem carries the line
it stands on. `load_game` checks what can be checked without scoring (the schema, the
mission, keys the mission does not use, markers the table does not have); `score`
checks the rest (round order, Supply Drop activations, a round after the game ended).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    StrictStr,
    field_validator,
)

from armylist.files import smallfile, yamlsource
from armylist.files.paths import UnusablePath, inside
from armylist.files.yamlsource import YamlPath
from armylist.gamedata.catalog import Catalog
from armylist.gamedata.models import Deployment, Mission, Unit
from armylist.text import wording
from armylist.text.i18n import N_, _
from armylist.text.names import did_you_mean, key

Side = Literal["red", "blue"]
SIDES: tuple[Side, Side] = ("red", "blue")
Supply = StrictInt


def opponent(side: Side) -> Side:
    """The other player."""
    return "blue" if side == "red" else "red"


class RecordError(Exception):
    """A game record that cannot be scored; ``line`` is 1-based (None: not from a file)."""

    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.line = line

    def __str__(self) -> str:
        if not self.line:
            return self.message
        return _("line {line}: {message}").format(line=self.line, message=self.message)


class Player(BaseModel):
    """A player: a name to show and the army list file (relative to the record)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: StrictStr | None = None
    list: StrictStr | None = None


class Players(BaseModel):
    """Red and Blue."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    red: Player = Field(default_factory=Player)
    blue: Player = Field(default_factory=Player)


class BySide(BaseModel):
    """A whole number per player; a side left out is None (e.g. nobody contesting)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    red: Supply | None = Field(default=None, ge=0)
    blue: Supply | None = Field(default=None, ge=0)

    def of(self, side: Side) -> int | None:
        """The number of one side."""
        return self.red if side == "red" else self.blue


LossEntry = Supply | StrictStr | list[StrictStr]


class Losses(BaseModel):
    """Supply each player lost: a number, or with both lists `Marine:3` entries."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    red: LossEntry | None = None
    blue: LossEntry | None = None

    def of(self, side: Side) -> LossEntry | None:
        """The entry of one side."""
        return self.red if side == "red" else self.blue


class RoundRecord(BaseModel):
    """One round's Scoring Phase as the players saw it."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    round: StrictInt = Field(ge=1)
    contest: dict[int, BySide] = Field(default_factory=dict)
    supply_lost: Losses = Field(default_factory=Losses)
    activated: StrictInt | None = None
    gather: BySide = Field(default_factory=BySide)
    quarters: dict[int, BySide] = Field(default_factory=dict)
    in_reserve: BySide = Field(default_factory=BySide)
    wiped_out: Literal["red", "blue", "both"] | None = None
    roll_off: Side | None = None
    # `game play` saves a round answered in part as the last round with `in_progress:
    # true`: its keys are the answers given so far (null: answered "none"). Scoring
    # leaves it out (docs/game-day.md, "Scoring a game").
    in_progress: StrictBool = False


class GameRecord(BaseModel):
    """A game record, format v1."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    mission: StrictStr
    scale: Literal["skirmish", "standard", "grand-offensive"]
    deployment: StrictStr | None = None
    players: Players = Field(default_factory=Players)
    first_player: Side
    rounds: list[RoundRecord] = Field(default_factory=list)

    @field_validator("rounds", mode="before")
    @classmethod
    def _no_rounds_yet(cls, value: Any) -> Any:
        # `rounds:` with nothing under it (as `game new` writes it) is no round yet.
        return [] if value is None else value


@dataclass(frozen=True)
class ArmyUnit:
    """A unit of a player's list, as loss entries name it."""

    card: Unit
    models: int


Locate = Callable[[YamlPath], int | None]


def _nowhere(path: YamlPath) -> int | None:
    return None


@dataclass(frozen=True)
class Game:
    """A record with its Mission Card, the lists' units when both are given, and the
    line of each value (for error messages)."""

    record: GameRecord
    mission: Mission
    armies: Mapping[Side, tuple[ArmyUnit, ...]] | None = None
    locate: Locate = field(default=_nowhere)
    summoned: frozenset[str] = frozenset()  # name keys of units that never score
    # The digest of the file as read or last saved: a save writes over it only.
    digest: str = ""

    def round_line(self, index: int, *path: str | int) -> int | None:
        """The line of a value of the ``index``-th round (0-based)."""
        keyed = tuple(str(p) if isinstance(p, int) else p for p in path)
        return self.locate(("rounds", index, *keyed))


# Round keys only some Mission Cards use (per their `scoring:` data); every card uses
# the rest.
_OPTIONAL_KEYS = {
    "activated": N_("the marker activated at the start of a round"),
    "gather": N_("Gather actions"),
    "quarters": N_("Supply in the battlefield quarters"),
}


def resolve_mission(catalog: Catalog, name: str, scale: str) -> Mission:
    """The Mission Card a record names for its scale; RecordError when unknown."""
    scale_card = catalog.scale(scale)
    scenario_scale = scale_card.scenario_scale if scale_card else scale
    mission = catalog.mission(name, scenario_scale)
    names = catalog.mission_names()
    if mission is None:
        raise RecordError(
            _("unknown mission {name}{did_you_mean}; the missions are {names}").format(
                name=repr(name),
                did_you_mean=did_you_mean(name, names),
                names=", ".join(names),
            )
        )
    if mission.scale != scenario_scale:
        raise RecordError(
            _(
                "{name} is the {card_scale} card of {mission}; a {scale} game plays "
                "the {scenario_scale} cards: write {write}"
            ).format(
                name=repr(name),
                card_scale=catalog.scale_name(mission.scale),
                mission=mission.name,
                scale=catalog.scale_name(scale),
                scenario_scale=catalog.scale_name(scenario_scale),
                write=repr(mission.name),
            )
        )
    if mission.scoring is None:
        raise RecordError(
            _("{mission} has no scoring data in this game data").format(
                mission=mission.name
            )
        )
    return mission


def check_keys(game: Game) -> None:
    """Refuse a key the mission does not use and a marker or quarter the table lacks."""
    mission = game.mission
    scoring = mission.scoring
    assert scoring is not None  # resolve_mission refuses a mission without scoring
    used = {
        "activated": bool(scoring.activations),
        "gather": scoring.gather is not None,
        "quarters": scoring.quarters is not None,
    }
    title = f"{mission.name} ({mission.scale.capitalize()})"
    for index, entry in enumerate(game.record.rounds):
        for name, what in _OPTIONAL_KEYS.items():
            if name in entry.model_fields_set and not used[name]:
                raise RecordError(
                    _(
                        "round {round}: {title} does not use `{key}` (it records "
                        "{what}); remove it"
                    ).format(round=entry.round, title=title, key=name, what=_(what)),
                    game.round_line(index, name),
                )
        for marker in entry.contest:
            if marker not in scoring.markers:
                raise RecordError(
                    _(
                        "round {round}: a {scale} table has no marker {marker}; its "
                        "markers are {markers}"
                    ).format(
                        round=entry.round,
                        scale=mission.scale,
                        marker=marker,
                        markers=", ".join(str(m) for m in sorted(scoring.markers)),
                    ),
                    game.round_line(index, "contest", marker),
                )
        if entry.activated is not None and entry.activated not in scoring.markers:
            raise RecordError(
                _(
                    "round {round}: a {scale} table has no marker {marker} to activate"
                ).format(
                    round=entry.round, scale=mission.scale, marker=entry.activated
                ),
                game.round_line(index, "activated"),
            )
        if scoring.quarters is not None:
            for quarter in entry.quarters:
                if not 1 <= quarter <= scoring.quarters.count:
                    raise RecordError(
                        _(
                            "round {round}: there is no quarter {quarter}; the "
                            "quarters are 1 to {count}"
                        ).format(
                            round=entry.round,
                            quarter=quarter,
                            count=scoring.quarters.count,
                        ),
                        game.round_line(index, "quarters", quarter),
                    )


def _document_path(loc: tuple[int | str, ...], data: Any) -> YamlPath:
    # pydantic gives dict keys as their parsed values; the YAML reader records mapping
    # keys as text and sequence items by index.
    path: list[str | int] = []
    node = data
    for part in loc:
        if isinstance(node, list) and isinstance(part, int):
            path.append(part)
            node = node[part] if part < len(node) else None
        elif isinstance(node, dict):
            label = str(part)
            path.append(label)
            node = next((v for k, v in node.items() if str(k) == label), None)
        else:
            path.append(str(part))
            node = None
    return tuple(path)


_TYPE_TAGS = frozenset({"int", "str", "list[str]", "[key]"})


# pydantic's words for a wrong type, in the players' words.
_TYPE_MESSAGES = {
    "int_type": N_("a whole number is needed here"),
    "int_parsing": N_("a whole number is needed here"),
    "int_from_float": N_("a whole number is needed here"),
    "string_type": N_("text is needed here"),
    "bool_type": N_("true or false is needed here"),
}


def _where(loc: tuple[int | str, ...]) -> str:
    """`round 2: contest.1.red` for a value of a round (pydantic counts from 0)."""
    if len(loc) > 1 and loc[0] == "rounds" and isinstance(loc[1], int):
        rest = ".".join(str(p) for p in loc[2:])
        if rest:
            return _("round {round}: {rest}").format(round=loc[1] + 1, rest=rest)
        return _("round {round}").format(round=loc[1] + 1)
    return ".".join(str(p) for p in loc) or _("the record")


def _type_message(item: Any, loc: tuple[int | str, ...]) -> str:
    kind = item["type"]
    if kind in ("model_type", "dict_type"):
        in_round = len(loc) > 2 and loc[0] == "rounds"
        if in_round:
            return _("a mapping is needed here, like {example}").format(
                example="{red: 2, blue: 1}"
            )
        return _("a mapping is needed here")
    if kind == "list_type":
        if loc == ("rounds",):
            return _("a list is needed here, each round starting `- round: N`")
        return _("a list is needed here")
    if kind == "literal_error":
        return _("expected {choices}").format(
            choices=str(item["msg"]).removeprefix("Input should be ")
        )
    words = _TYPE_MESSAGES.get(kind)
    return _(words) if words else wording.value_words(item)


def _describe(item: Any, document: yamlsource.Document) -> smallfile.Located:
    # pydantic adds the type tried in a union ('int', 'list[str]') and '[key]' to a
    # location; the record's own path has neither.
    raw = tuple(item["loc"])
    loc = tuple(p for p in raw if p not in _TYPE_TAGS)
    path = _document_path(loc, document.data)
    where = _where(loc)
    at = document.where(path)
    if raw and raw[-1] == "[key]":
        message = _("{where}: a marker or a quarter is a number").format(where=where)
    elif "supply_lost" in loc and len(loc) > loc.index("supply_lost") + 1:
        message = _(
            "{where}: the Supply lost is a whole number (or, with both lists, units "
            "lost like 'Marine:3')"
        ).format(where=where)
    elif item["type"] == "greater_than_equal":
        message = _("{where}: a Supply or a count cannot be negative").format(
            where=where
        )
    elif item["type"] == "extra_forbidden":
        message = _("{where}: is not a key of a game record (format v1)").format(
            where=where
        )
        at = document.where_key(path)
    elif item["type"] == "missing":
        message = _("{where} is missing").format(where=where)
    else:
        message = _("{where}: {problem}").format(
            where=where, problem=_type_message(item, loc)
        )
    return smallfile.Located(at, message)


def read_record(text: str) -> tuple[GameRecord, yamlsource.Document]:
    """Parse a record's text with the small-file reader: YAML with positions,
    duplicate keys refused, the schema; then the rounds' own rules."""
    try:
        record, document = smallfile.read_model(
            text,
            GameRecord,
            file="game record",
            shape="a game record is a mapping with mission, scale, players",
            describe=_describe,
        )
    except smallfile.FileProblem as problem:
        first = problem.problems[0]
        raise RecordError(first.message, first.position.line) from None
    for index, entry in enumerate(record.rounds):
        if entry.in_progress and index != len(record.rounds) - 1:
            raise RecordError(
                _(
                    "round {round}: only the last round can be in progress "
                    "(`in_progress: true` marks the round `armylist game play` stopped "
                    "in); finish it or remove `in_progress`"
                ).format(round=entry.round),
                document.where(("rounds", index, "in_progress")).line,
            )
        for side in SIDES:
            # Loss entries are only read against the lists; a bare int is always fine.
            value = entry.supply_lost.of(side)
            if isinstance(value, int) and value < 0:
                raise RecordError(
                    _(
                        "round {round}: supply_lost.{side}: a Supply cannot be negative"
                    ).format(round=entry.round, side=side),
                    document.where(("rounds", index, "supply_lost", side)).line,
                )
    return record, document


def load_game(
    text: str,
    catalog: Catalog,
    armies: Mapping[Side, tuple[ArmyUnit, ...]] | None = None,
) -> Game:
    """Read a game record's text and check it against its Mission Card."""
    return check_game(*read_record(text), catalog, armies)


def check_game(
    record: GameRecord,
    document: yamlsource.Document,
    catalog: Catalog,
    armies: Mapping[Side, tuple[ArmyUnit, ...]] | None = None,
) -> Game:
    """A record already read (`read_record`), checked against its Mission Card."""
    try:
        mission = resolve_mission(catalog, record.mission, record.scale)
    except RecordError as error:
        raise RecordError(error.message, document.where(("mission",)).line) from None
    if record.deployment is not None:
        _check_deployment(catalog, record, mission, document)

    def locate(path: YamlPath) -> int | None:
        return document.where_key(path).line

    summoned = frozenset(
        key(name) for u in catalog.units.all if u.summoned for name in (u.name, u.id)
    )
    game = Game(
        record=record, mission=mission, armies=armies, locate=locate, summoned=summoned
    )
    check_keys(game)
    return game


def _check_deployment(
    catalog: Catalog,
    record: GameRecord,
    mission: Mission,
    document: yamlsource.Document,
) -> None:
    assert record.deployment is not None
    try:
        resolve_deployment(catalog, record.deployment, mission)
    except RecordError as error:
        raise RecordError(error.message, document.where(("deployment",)).line) from None


def resolve_deployment(catalog: Catalog, name: str, mission: Mission) -> Deployment:
    """The Deployment Card of that name or id for the mission's scale; RecordError
    when unknown or of another scale."""
    deployment = catalog.deployments.get(name)
    if deployment is None:
        names = [d.name for d in catalog.deployments.all if d.scale == mission.scale]
        raise RecordError(
            _(
                "unknown deployment {name}{did_you_mean}; the {scale} deployments "
                "are {names}"
            ).format(
                name=repr(name),
                did_you_mean=did_you_mean(name, names),
                scale=mission.scale,
                names=", ".join(names),
            )
        )
    if deployment.scale != mission.scale:
        raise RecordError(
            _(
                "{deployment} is a {card_scale} Deployment Card; this game plays the "
                "{scale} cards"
            ).format(
                deployment=deployment.name,
                card_scale=deployment.scale,
                scale=mission.scale,
            )
        )
    return deployment


def army_of(units: Any) -> tuple[ArmyUnit, ...]:
    """A list's units (a resolved context's `units`), summoned ones included."""
    return tuple(
        ArmyUnit(card=u.unit, models=u.composition.models)
        for u in units
        if u.composition is not None
    )


def list_paths(
    record: GameRecord, base: Path, *, allow_outside: bool = False
) -> dict[Side, Path] | None:
    """Both players' list files, relative to the record's folder; None unless both.

    A list outside that folder is a RecordError unless ``allow_outside``.
    """
    red, blue = record.players.red.list, record.players.blue.list
    if red is None or blue is None:
        return None
    try:
        return {
            "red": inside(base, red, allow_outside=allow_outside),
            "blue": inside(base, blue, allow_outside=allow_outside),
        }
    except UnusablePath as outside:
        raise RecordError(
            _("the list {problem}").format(problem=outside.message)
        ) from None


def dump_record(record: GameRecord) -> str:
    """A record as YAML text in format order; unset and empty values left out, except
    in a round in progress, whose answers of "none" (null) are kept."""
    data = record.model_dump(mode="python", exclude_none=True, exclude_defaults=True)
    data["first_player"] = record.first_player
    data["rounds"] = [
        {"round": r.round, "in_progress": True, **r.model_dump(exclude_unset=True)}
        if r.in_progress
        else {
            "round": r.round,
            **r.model_dump(exclude_none=True, exclude_defaults=True),
        }
        for r in record.rounds
    ]
    ordered: dict[str, Any] = {
        name: data[name]
        for name in ("mission", "scale", "deployment", "players", "first_player")
        if name in data
    }
    ordered["rounds"] = data["rounds"]
    return yaml.safe_dump(
        ordered, sort_keys=False, allow_unicode=True, default_flow_style=None
    )

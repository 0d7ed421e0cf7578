"""The organised-play keys of an event file: `players:`, `results:` and `drops:`.

    players:
      - {name: Ana, rosters: [ana.yaml, ana-2.yaml]}
      - {name: Jo, spare: true}                  # a playing Head Judge
    results:
      - {round: 1, red: Ana, blue: Ben, vp: [12, 4]}
      - {round: 1, red: Cara, blue: Dan, game: r1/cara-dan.yaml}
      - {round: 1, bye: Eve}
      - {round: 2, red: Ana, blue: Cara, conceded: blue}
      - {round: 2, red: Ben, blue: Dan, no_show: blue}
      - {round: 2, red: Eve, blue: Fay, vp: [9, 9], game_loss: red}
      - {round: 3, red: Ana, blue: Eve}           # paired, no result yet
    drops: {Dan: 2}

Every problem is a `file:line: where: ...` line, as the event file's other keys give
them: a wrong type, an unknown or contradictory key, a name not among `players:`, a
player twice in a round, a dropped player who plays again, a path that leaves the event
file's folder. The standings and the pairings (`organiser/`) read what this returns.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from armylist.event.submission import moment
from armylist.files import paths
from armylist.files.yamlsource import Document, YamlPath
from armylist.text.i18n import _
from armylist.text.names import did_you_mean

Side = Literal["red", "blue"]
PLAY_KEYS = ("players", "results", "drops")
PLAYER_KEYS = (
    "name",
    "rosters",
    "spare",
    "submitted",
    "mission_cards",
    "deployment_cards",
    "id",
    "team",
    "club",
    "paid",
    "checked_in",
)
# A player's text keys beside `name:`, and the yes-or-no ones (true when not given).
_LABEL_KEYS = ("id", "team", "club")
_FLAG_KEYS = ("paid", "checked_in")
# A player's scenario cards in the event file: the list key each stands for.
CARD_KEYS = {"mission_cards": "missions", "deployment_cards": "deployments"}
RESULT_KEYS = (
    "round",
    "red",
    "blue",
    "vp",
    "game",
    "bye",
    "conceded",
    "no_show",
    "game_loss",
)
# An entry's outcome: at most one of these (game_loss may come with vp or game).
_OUTCOMES = ("vp", "game", "conceded", "no_show")


class EventPlayer(BaseModel):
    """A player of the event: their roster files, and whether they are a spare."""

    model_config = ConfigDict(frozen=True)

    name: str
    rosters: tuple[str, ...] = ()
    spare: bool = Field(default=False, description="a playing Head Judge: no place")
    submitted: datetime | None = Field(
        default=None, description="when the rosters came in (else the files' time)"
    )
    mission_cards: tuple[str, ...] | None = Field(
        default=None, description="the player's 2 Mission Cards, for their rosters"
    )
    deployment_cards: tuple[str, ...] | None = Field(
        default=None, description="the player's 2 Deployment Cards, for their rosters"
    )
    id: str | None = Field(
        default=None, description="the player's id, the same in every event"
    )
    team: str | None = Field(default=None, description="the player's team")
    club: str | None = Field(default=None, description="the player's club")
    paid: bool = Field(
        default=True, description="false: left out of round 1's pairings"
    )
    checked_in: bool = Field(
        default=True, description="false: left out of round 1's pairings"
    )

    @property
    def present(self) -> bool:
        """Paid and checked in: paired in round 1."""
        return self.paid and self.checked_in


class ResultEntry(BaseModel):
    """One `results:` entry: a game (or a pairing awaiting its result), or a bye."""

    model_config = ConfigDict(frozen=True)

    round: int
    red: str | None = None
    blue: str | None = None
    bye: str | None = None
    vp: tuple[int, int] | None = Field(default=None, description="final VP, red first")
    game: str | None = Field(default=None, description="a game record for the VP")
    conceded: Side | None = None
    no_show: Side | None = None
    game_loss: Side | None = None
    line: int = Field(default=0, description="its line in the event file")

    @property
    def pending(self) -> bool:
        """A pairing with no result entered yet."""
        return self.bye is None and not any(
            getattr(self, key) is not None for key in (*_OUTCOMES, "game_loss")
        )

    def names(self) -> tuple[str, ...]:
        """The players of the entry: red and blue, or the one with the bye."""
        if self.bye is not None:
            return (self.bye,)
        return (self.red or "", self.blue or "")


class KeyReader:
    """Checks keys of the event file, collecting every problem with its line."""

    def __init__(self, path: Path, document: Document) -> None:
        self.path = path
        self.document = document
        self.problems: list[tuple[int, str]] = []

    def problem(self, where: YamlPath, message: str, *, key: bool = False) -> None:
        """Note a problem at a key (``key``) or at its value."""
        line = (self.document.where_key if key else self.document.where)(where).line
        label = str(where[0]) + "".join(
            f"[{part}]" if isinstance(part, int) else f".{part}" for part in where[1:]
        )
        self.problems.append((line, f"{self.path}:{line}: {label}: {message}"))

    def text(self, where: YamlPath, value: Any) -> str | None:
        """A name: text that is not blank."""
        if isinstance(value, str) and value.strip():
            return value.strip()
        self.problem(
            where, _("{value} is not a name (text)").format(value=shown(value))
        )
        return None

    def mapping(self, where: YamlPath, value: Any, keys: tuple[str, ...]) -> bool:
        """Whether the value is a mapping; notes each key it should not have."""
        if not isinstance(value, dict):
            self.problem(
                where,
                _("{value} is not a mapping of {keys}").format(
                    value=shown(value), keys=", ".join(keys)
                ),
            )
            return False
        for name in value:
            if name not in keys:
                self.problem(
                    (*where, name),
                    _("unknown key{close}; an entry here has the keys {keys}").format(
                        close=did_you_mean(str(name), keys), keys=", ".join(keys)
                    ),
                    key=True,
                )
        return True

    def sequence(self, where: YamlPath, value: Any, example: str) -> list[Any]:
        """The value as a list (empty, with a problem, when it is none)."""
        if isinstance(value, list):
            return value
        self.problem(
            where,
            _("{value} is not a list; e.g. {example}").format(
                value=shown(value), example=example
            ),
        )
        return []

    def inside(self, where: YamlPath, value: Any) -> str | None:
        """A path relative to the event file's folder that stays inside it."""
        text = self.text(where, value)
        if text is None:
            return None
        try:
            # The one containment rule (a symlink loop is no RecursionError there).
            paths.inside(self.path.parent, text.replace("\\", "/"))
        except paths.NoFileName as bad:
            self.problem(where, bad.message)
            return None
        except paths.OutsideFolder:
            self.problem(
                where,
                _(
                    "{path} leaves the event file's folder; give a path inside it, "
                    "relative to the event file"
                ).format(path=repr(text)),
            )
            return None
        return text

    def players(self, value: Any) -> list[EventPlayer]:
        """The `players:` entries."""
        found: list[EventPlayer] = []
        seen: dict[str, int] = {}
        example = "`- {name: Ana, rosters: [ana.yaml]}`"
        for index, item in enumerate(self.sequence(("players",), value, example)):
            where: YamlPath = ("players", index)
            if not self.mapping(where, item, PLAYER_KEYS):
                continue
            if "name" not in item:
                self.problem(
                    where,
                    _("a player needs a `name:`; e.g. {example}").format(
                        example=example
                    ),
                )
                continue
            name = self.text((*where, "name"), item["name"])
            rosters = [
                self.inside((*where, "rosters", i), roster)
                for i, roster in enumerate(
                    self.sequence(
                        (*where, "rosters"), item.get("rosters", []), "[ana.yaml]"
                    )
                )
            ]
            submitted = None
            if item.get("submitted") is not None:
                submitted = moment(item["submitted"])
                if submitted is None:
                    self.problem(
                        (*where, "submitted"),
                        _(
                            "{value} is not an ISO date-time with its zone; e.g. "
                            "`2026-05-01T18:30:00+02:00`"
                        ).format(value=repr(str(item["submitted"]))),
                    )
            cards = {
                key: self.names((*where, key), item[key])
                for key in CARD_KEYS
                if item.get(key) is not None
            }
            spare = self.flag(where, item, "spare", default=False)
            labels = {
                key: self.text((*where, key), _whole_as_text(item[key]))
                for key in _LABEL_KEYS
                if item.get(key) is not None
            }
            flags = {key: self.flag(where, item, key) for key in _FLAG_KEYS}
            if name is None:
                continue
            if name in seen:
                self.problem(
                    (*where, "name"),
                    _("{name} is given twice (first at line {line})").format(
                        name=name, line=seen[name]
                    ),
                )
                continue
            seen[name] = self.document.where((*where, "name")).line
            found.append(
                EventPlayer(
                    name=name,
                    rosters=tuple(r for r in rosters if r is not None),
                    spare=spare,
                    submitted=submitted,
                    **cards,
                    **labels,
                    **flags,
                )
            )
        return found

    def flag(
        self, where: YamlPath, item: dict[str, Any], key: str, default: bool = True
    ) -> bool:
        """A player's yes-or-no key; its default when missing or not a yes or no."""
        value = item.get(key, default)
        if isinstance(value, bool):
            return value
        self.problem(
            (*where, key), _("{value} is not true or false").format(value=shown(value))
        )
        return default

    def names(self, where: YamlPath, value: Any) -> tuple[str, ...] | None:
        """A list of card names (`[Hold Position, Frontlines]`); the game data
        checks the names themselves (`event.reader`)."""
        items = self.sequence(where, value, "[Hold Position, Frontlines]")
        names = [self.text((*where, i), item) for i, item in enumerate(items)]
        if not isinstance(value, list) or None in names:
            return None
        return tuple(name for name in names if name is not None)

    def side(self, where: YamlPath, value: Any) -> Side | None:
        """red or blue."""
        if value in ("red", "blue"):
            return value  # type: ignore[no-any-return]
        self.problem(where, _("{value} is not red or blue").format(value=shown(value)))
        return None

    def entry(self, index: int, item: Any) -> ResultEntry | None:
        """One `results:` entry."""
        where: YamlPath = ("results", index)
        if not self.mapping(where, item, RESULT_KEYS):
            return None
        count = len(self.problems)
        number = item.get("round")
        if not isinstance(number, int) or isinstance(number, bool) or number < 1:
            self.problem(
                (*where, "round") if "round" in item else where,
                _("{value} is not a round number (1 or more)").format(
                    value=shown(number)
                )
                if "round" in item
                else _("an entry needs a `round:`"),
            )
        fields: dict[str, Any] = {"round": number, "line": self._line(where)}
        if "bye" in item:
            extra = [k for k in item if k not in ("round", "bye")]
            if extra:
                self.problem(
                    (*where, extra[0]),
                    _("a bye has no {keys}: write `{{round: N, bye: NAME}}`").format(
                        keys=", ".join(extra)
                    ),
                    key=True,
                )
            fields["bye"] = self.text((*where, "bye"), item["bye"])
        else:
            for colour in ("red", "blue"):
                if colour not in item:
                    self.problem(
                        where,
                        _(
                            "a game needs `red:` and `blue:` (or is `{round: N, bye: NAME}`)"
                        ),
                    )
                    break
                fields[colour] = self.text((*where, colour), item[colour])
            if fields.get("red") and fields.get("red") == fields.get("blue"):
                self.problem(
                    (*where, "blue"),
                    _("{name} cannot play themself").format(name=fields["red"]),
                )
            fields.update(self._outcome(where, item))
        if len(self.problems) > count:
            return None
        return ResultEntry(**fields)

    def _outcome(self, where: YamlPath, item: dict[str, Any]) -> dict[str, Any]:
        given = [key for key in _OUTCOMES if key in item]
        if len(given) > 1:
            self.problem(
                (*where, given[1]),
                _(
                    "`{first}` and `{second}` contradict each other: an entry has one "
                    "of vp, game, conceded, no_show"
                ).format(first=given[0], second=given[1]),
                key=True,
            )
            return {}
        if "game_loss" in item and given and given[0] in ("conceded", "no_show"):
            self.problem(
                (*where, "game_loss"),
                _(
                    "`game_loss` and `{key}` contradict each other: a Game Loss "
                    "scores a played game (with or without vp)"
                ).format(key=given[0]),
                key=True,
            )
            return {}
        fields: dict[str, Any] = {}
        if "vp" in item:
            vp = item["vp"]
            if (
                isinstance(vp, list)
                and len(vp) == 2
                and all(
                    isinstance(v, int) and not isinstance(v, bool) and v >= 0
                    for v in vp
                )
            ):
                fields["vp"] = (vp[0], vp[1])
            else:
                self.problem(
                    (*where, "vp"),
                    _(
                        "{value} is not the final VP of both players, red first: "
                        "e.g. `vp: [12, 4]`"
                    ).format(value=shown(vp)),
                )
        if "game" in item:
            fields["game"] = self.inside((*where, "game"), item["game"])
        for key in ("conceded", "no_show", "game_loss"):
            if key in item:
                fields[key] = self.side((*where, key), item[key])
        return fields

    def _line(self, where: YamlPath) -> int:
        return self.document.where(where).line

    def drops(self, value: Any) -> dict[str, int]:
        """The `drops:` mapping."""
        if not isinstance(value, dict):
            self.problem(
                ("drops",),
                _("{value} is not a mapping; e.g. `drops: {{Dan: 2}}`").format(
                    value=shown(value)
                ),
            )
            return {}
        found: dict[str, int] = {}
        for name, after in value.items():
            if not isinstance(after, int) or isinstance(after, bool) or after < 0:
                self.problem(
                    ("drops", name),
                    _(
                        "{value} is not the round the player dropped after (0 or more)"
                    ).format(value=shown(after)),
                )
            else:
                found[str(name)] = after
        return found


def read_play(
    data: dict[str, Any], document: Document, path: Path, scale: str | None
) -> tuple[dict[str, Any], list[str]]:
    """The organised-play keys of an event file's data, checked: the values for the
    Event model, and every problem as a `file:line: ...` line."""
    reader = KeyReader(path, document)
    fields: dict[str, Any] = {}
    # `results:` with nothing under it yet is no results (as `players:` and `drops:`).
    data = {key: value for key, value in data.items() if value is not None}
    if "players" in data:
        fields["players"] = tuple(reader.players(data["players"]))
    if "results" in data:
        example = "`- {round: 1, red: Ana, blue: Ben, vp: [12, 4]}`"
        items = reader.sequence(("results",), data["results"], example)
        entries = [reader.entry(i, item) for i, item in enumerate(items)]
        fields["results"] = tuple(e for e in entries if e is not None)
        if items and scale == "grand-offensive":
            reader.problem(
                ("results",),
                _(
                    "Grand Offensive is not an organised-play scale: results are scored "
                    "at Standard or Skirmish"
                ),
            )
    if "drops" in data:
        fields["drops"] = reader.drops(data["drops"])
    if not reader.problems:
        _cross_check(reader, fields)
    return fields, [text for _, text in sorted(reader.problems, key=lambda p: p[0])]


def _cross_check(reader: KeyReader, fields: dict[str, Any]) -> None:
    """What one entry cannot show: unknown names, a player twice in a round, a
    dropped player who plays on."""
    players: tuple[EventPlayer, ...] | None = fields.get("players")
    results: tuple[ResultEntry, ...] = fields.get("results", ())
    drops: dict[str, int] = fields.get("drops", {})
    known = None if players is None else [p.name for p in players]
    spares = {p.name for p in players or () if p.spare}

    def check_name(name: str, where: YamlPath) -> None:
        if known is not None and name not in known:
            reader.problem(
                where,
                _("{name} is not among `players:`{close}").format(
                    name=repr(name), close=did_you_mean(name, known)
                ),
            )

    # Only a file whose entries are each well formed gets here: index i is entry i.
    seen: dict[tuple[int, str], int] = {}
    for index, entry in enumerate(results):
        for key, name in zip(_keys(entry), entry.names(), strict=True):
            check_name(name, ("results", index, key))
            if (entry.round, name) in seen:
                reader.problem(
                    ("results", index, key),
                    _(
                        "{name} plays twice in round {round} (also at line {line})"
                    ).format(
                        name=name, round=entry.round, line=seen[entry.round, name]
                    ),
                )
            seen[entry.round, name] = entry.line
            if key == "bye" and name in spares:
                reader.problem(
                    ("results", index, key),
                    _("{name} is a spare: a spare has no bye").format(name=name),
                )
    for name in drops:
        check_name(name, ("drops", name))
    gone = dropped_after(results, drops)
    for index, entry in enumerate(results):
        for key, name in zip(_keys(entry), entry.names(), strict=True):
            after = gone.get(name)
            if after is None or entry.round <= after or entry.no_show == key:
                continue
            dropped = drops.get(name) == after
            if key == "bye":
                message = (
                    _(
                        "{name} dropped after round {after} and cannot play in round "
                        "{round}: a dropped player cannot re-enter"
                    )
                    if dropped
                    else _(
                        "{name} did not show in round {after}, which drops them and "
                        "cannot play in round {round}: a dropped player cannot re-enter"
                    )
                )
            else:
                message = (
                    _(
                        "{name} dropped after round {after} and cannot play in round "
                        "{round}: a dropped player cannot re-enter; a walkover is "
                        "`no_show: {key}`"
                    )
                    if dropped
                    else _(
                        "{name} did not show in round {after}, which drops them and "
                        "cannot play in round {round}: a dropped player cannot "
                        "re-enter; a walkover is `no_show: {key}`"
                    )
                )
            reader.problem(
                ("results", index, key),
                message.format(name=name, after=after, round=entry.round, key=key),
            )


def _keys(entry: ResultEntry) -> tuple[str, ...]:
    return ("bye",) if entry.bye is not None else ("red", "blue")


def dropped_after(
    results: tuple[ResultEntry, ...], drops: dict[str, int]
) -> dict[str, int]:
    """The round each dropped player played last: a `drops:` entry, or a no-show
    (an absent player without notice is dropped), whichever comes first."""
    gone = dict(drops)
    for entry in results:
        if entry.no_show is None:
            continue
        name = entry.red if entry.no_show == "red" else entry.blue
        if name is not None and (name not in gone or entry.round < gone[name]):
            gone[name] = entry.round
    return gone


def _whole_as_text(value: Any) -> Any:
    """A membership number given as a whole number (`id: 1042`) is its text."""
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    return value


def shown(value: Any) -> str:
    """A value as a problem quotes it: text in quotes, anything else as it is."""
    return repr(value) if isinstance(value, str) else str(value)

"""Event rules an organiser sets for every list of a tournament (`--event EVENT.yaml`).

An event file is checked before any list: an unknown key, a scale that is not one of the
game's, or a Mineral limit no list of that scale can have is a usage error naming the key
and its value. Otherwise every list would fail with advice nobody can follow.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    StrictStr,
    ValidationError,
)

from armylist import eventplay, eventsubmit, plain, yamlsource
from armylist.gamedata.catalog import Catalog
from armylist.gamedata.models import Scale
from armylist.listfile import UnusableFile, read_list_file
from armylist.names import did_you_mean


class Event(BaseModel):
    """What an event requires of every list; every key is optional."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    name: StrictStr | None = Field(default=None, description="the event's name")
    scale: StrictStr | None = Field(
        default=None, description="skirmish | standard | grand-offensive"
    )
    minerals: StrictInt | None = Field(default=None, description="the Mineral limit")
    scenario_cards: StrictBool = Field(
        default=False,
        description="every list must bring its 2 missions and 2 deployments",
    )
    data_version: StrictStr | None = Field(
        default=None, description="the game data version the event plays with"
    )
    # Organised play (`event standings`, `event pair`): read by `eventplay`.
    players: tuple[eventplay.EventPlayer, ...] | None = None
    results: tuple[eventplay.ResultEntry, ...] = ()
    drops: dict[str, int] = Field(default_factory=dict)
    # Submissions (`validate --event`, `event lock`): read by `eventsubmit`.
    format: Literal["dual", "single"] | None = Field(
        default=None, description="dual (the default) or single list"
    )
    deadline: dt.datetime | None = None
    rules_cutoff: dt.date | None = None
    locked: dict[str, str] = Field(default_factory=dict)

    @property
    def organised(self) -> bool:
        """An organised-play event: it names a format, players, a deadline or locks."""
        return bool(
            self.format or self.players is not None or self.deadline or self.locked
        )

    @property
    def rosters_allowed(self) -> int:
        """How many rosters a player may submit: two in Dual List (the default)."""
        return 1 if self.format == "single" else 2


EVENT_KEYS = tuple(Event.model_fields)
_EXPECT = {
    "string_type": "text",
    "int_type": "a whole number",
    "bool_type": "true or false",
}


class EventError(Exception):
    """The event file cannot be used."""


def load_event(path: Path, catalog: Catalog) -> Event:
    """Read and check an event file against the game data; the scale becomes its id.

    Raises EventError with every problem as `file:line: key: value ...` lines.
    """
    try:
        text = read_list_file(path).text
    except UnusableFile as error:
        if error.kind == "content":
            raise EventError(f"{path}:{error.position.line}: {error.reason}") from None
        raise EventError(f"cannot read {path}: {error.reason}") from None
    try:
        document = yamlsource.load(text)
    except yamlsource.YamlProblem as problem:
        raise EventError(f"{path}:{problem.position.line}: {problem.message}") from None
    for duplicate in document.duplicates:
        raise EventError(
            f"{path}:{duplicate.position.line}: the key {duplicate.key!r} is given twice"
        )
    data = document.data if document.data is not None else {}
    if not isinstance(data, dict):
        raise EventError(
            f"{path}:1: an event file is a mapping of keys ({', '.join(EVENT_KEYS)}), "
            "e.g. `scale: standard`"
        )
    problems = [
        f"{path}:{document.where_key((key,)).line}: {key}: unknown key (its value: "
        f"{_shown(value)}){did_you_mean(str(key), EVENT_KEYS)}; an event file has "
        f"the keys {', '.join(EVENT_KEYS)}"
        for key, value in data.items()
        if key not in EVENT_KEYS
    ]
    known = {
        k: v
        for k, v in data.items()
        if k in EVENT_KEYS
        and k not in eventplay.PLAY_KEYS
        and k not in eventsubmit.SUBMIT_KEYS
    }
    try:
        event = Event.model_validate(known)
    except ValidationError as error:
        for item in error.errors():
            key = str(item["loc"][0])
            expected = _EXPECT.get(item["type"]) or plain.expected(item["type"])
            problems.append(
                f"{path}:{document.where((key,)).line}: {key}: "
                f"{_shown(item['input'])} is not {expected}"
            )
        raise EventError("\n".join(problems)) from None
    scale = catalog.scale(event.scale) if event.scale is not None else None
    if event.scale is not None and scale is None:
        ids = [s.id for s in catalog.game.scales]
        problems.append(
            f"{path}:{document.where(('scale',)).line}: scale: unknown scale "
            f"{event.scale!r}{did_you_mean(event.scale, ids)}; one of {', '.join(ids)}"
        )
    elif event.minerals is not None:
        contradiction = _minerals_problem(event.minerals, scale, catalog)
        if contradiction:
            line = document.where(("minerals",)).line
            problems.append(
                f"{path}:{line}: minerals: {event.minerals} {contradiction}"
            )
    play, play_problems = eventplay.read_play(
        data, document, path, scale.id if scale else None
    )
    problems += play_problems
    submission, submission_problems = eventsubmit.read_submission(data, document, path)
    problems += submission_problems
    play.update(submission)
    if (
        scale is not None
        and scale.id == "grand-offensive"
        and ("format" in data or "players" in data or "deadline" in data)
    ):
        problems.append(
            f"{path}:{document.where(('scale',)).line}: scale: Grand Offensive is not "
            "an organised-play scale (ORGANISED-PLAY.md §1): play Standard or Skirmish"
        )
    if "format" in data and "scenario_cards" not in data:
        # an organised-play roster brings its own 2 + 2 scenario cards (§2-3)
        play["scenario_cards"] = True
    if problems:
        raise EventError("\n".join(problems))
    return event.model_copy(update={"scale": scale.id, **play} if scale else play)


def _shown(value: Any) -> str:
    return repr(value) if isinstance(value, str) else str(value)


def _minerals_problem(minerals: int, scale: Scale | None, catalog: Catalog) -> str:
    """Why no list can meet the event's Mineral limit; empty when one can."""
    if scale is not None:
        if scale.minerals is not None and minerals != scale.minerals:
            return (
                f"contradicts `scale: {scale.id}`, which is {scale.minerals:,} "
                f"Minerals: write `minerals: {scale.minerals}` or leave it out"
            )
        if scale.minerals is None and minerals < scale.minerals_min:
            return (
                f"is too few for `scale: {scale.id}`, which is {scale.minerals_min:,} "
                "Minerals or more"
            )
        return ""
    scales = catalog.game.scales
    if any(
        s.minerals == minerals or (s.minerals is None and minerals >= s.minerals_min)
        for s in scales
    ):
        return ""
    limits = ", ".join(
        f"{s.name} {s.minerals:,}"
        if s.minerals is not None
        else f"{s.name} {s.minerals_min:,} or more"
        for s in scales
    )
    return f"is no scale's Mineral limit ({limits}): write one of them"

"""Event rules an organiser sets for every list of a tournament (`--event EVENT.yaml`)."""

from __future__ import annotations

from pathlib import Path

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    StrictStr,
    ValidationError,
)

from armylist import yamlsource
from armylist.listfile import UnusableFile, read_list_file


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


class EventError(Exception):
    """The event file cannot be used."""


def load_event(path: Path) -> Event:
    """Read and check an event file."""
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
    try:
        return Event.model_validate(document.data or {})
    except ValidationError as error:
        item = error.errors()[0]
        loc = tuple(item["loc"])
        line = document.where(loc).line
        where = ".".join(str(p) for p in loc) or "the file"
        raise EventError(f"{path}:{line}: {where}: {item['msg']}") from None

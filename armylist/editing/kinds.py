"""What an edit can change, spelled once: the `add`/`remove` kinds and the `set` keys,
and an edit itself (``Edit``).

A module of its own so the command line and the builder can name them without loading
the editor (ruamel.yaml's round trip).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Literal

from pydantic import BaseModel, ConfigDict


class EditKind(StrEnum):
    """What `add` and `remove` change."""

    CARD = "card"
    UNIT = "unit"
    UPGRADE = "upgrade"
    MISSION = "mission"
    DEPLOYMENT = "deployment"


SETTABLE: tuple[str, ...] = (
    "name",
    "player",
    "scale",
    "minerals",
    "faction",
    "data_version",
)


class Edit(BaseModel):
    """One edit, as asked for on the command line or in the builder."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    action: Literal["add", "remove", "set"]
    kind: str
    name: str
    models: int | None = None
    upgrades: tuple[str, ...] = ()
    unit: str | None = None
    # Where an added entry goes (1 = first); None: after the last.
    at: int | None = None
    # `set scale` to a scale whose Mineral limit is agreed (Grand Offensive): the limit.
    minerals: int | None = None

"""What an edit can change, spelled once: the `add`/`remove` kinds and the `set` keys.

A module of its own so the command line can name them without loading the editor.
"""

from __future__ import annotations

from enum import StrEnum


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

"""The rules that decide who has priority in the draft (light: read at start-up)."""

from __future__ import annotations

from enum import StrEnum


class PriorityRule(StrEnum):
    """How the player with priority (who chooses colour, then control) is found."""

    ROLL_OFF = "roll-off"  # the rulebook's draft (§9.2)
    OP = "op"  # the Organised Play guide's pre-game sequence (the Organised Play guide, §5)

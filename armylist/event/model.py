"""The event file's format: what an organiser requires of every list of a tournament
(`--event EVENT.yaml`). The rules and the engine check lists against it; reading and
checking the file itself is the organiser's (`event.reader`)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, replace
from typing import Annotated, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    StrictStr,
)

from armylist.event import play, rulespack
from armylist.listfile import ArmyList


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
    date: dt.date | None = Field(
        default=None, description="the first day of the event (ISO 8601)"
    )
    # Organised play (`event standings`, `event pair`): read by `event.play`.
    players: tuple[play.EventPlayer, ...] | None = None
    results: tuple[play.ResultEntry, ...] = ()
    drops: dict[str, int] = Field(default_factory=dict)
    # The rules pack (`event publish`, `event standings`): read by `event.rulespack`.
    published: tuple[Annotated[int, Field(ge=1, le=rulespack.MAX_ROUND)], ...] = Field(
        default=(), description="the rounds whose pairings are published"
    )
    adjustments: tuple[rulespack.Adjustment, ...] = ()
    rules: rulespack.RulesPack = rulespack.RulesPack()
    # Submissions (`validate --event`, `event lock`): read by `event.submission`.
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


@dataclass(frozen=True)
class EventRoster:
    """What the event file says of one roster: the player it names for it, and the
    scenario cards it gives that player (`mission_cards:`, `deployment_cards:` beside
    their `rosters:`), for a roster whose own file has none (another builder's export
    carries none, and cannot be edited)."""

    player: str
    missions: tuple[str, ...] | None = None
    deployments: tuple[str, ...] | None = None

    def applied(self, army: ArmyList) -> ArmyList:
        """The list as the event reads it: the event's name for its player, and the
        event's scenario cards where the list brings none of its own."""
        missions, deployments = army.missions, army.deployments
        if missions is None and self.missions is not None:
            missions = list(self.missions)
        if deployments is None and self.deployments is not None:
            deployments = list(self.deployments)
        return replace(
            army, player=self.player, missions=missions, deployments=deployments
        )

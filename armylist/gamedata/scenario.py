"""The scenario: Mission and Deployment Cards and how a mission scores, the game
scales, the game's resources, and the file `scenarios.yaml`."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from armylist.gamedata.cards import Card, Race, SlotType
from armylist.text.i18n import _

MarkerColour = Literal["red", "blue", "neutral"]


class MarkerVP(BaseModel):
    """VP per controlled Mission Marker, by its colour seen from the controller."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    own: int = Field(default=0, ge=0, description="a marker of your own colour")
    neutral: int = Field(default=0, ge=0, description="marker 5")
    opponent: int = Field(default=0, ge=0, description="a marker of the enemy colour")


class GatherRule(BaseModel):
    """Gather actions: VP each, at a controlled marker of the listed colours."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    vp: int = Field(ge=1)
    markers: tuple[Literal["neutral", "opponent"], ...]


class QuarterRule(BaseModel):
    """Battlefield quarters scored by strictly higher Supply wholly within."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    count: int = Field(ge=1)
    vp: int = Field(ge=1)


class Activation(BaseModel):
    """A Supply Drop flip: at the start of ``round`` one of ``markers`` is activated."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    round: int = Field(ge=1)
    markers: tuple[int, ...]


class MissionScoring(BaseModel):
    """What a Mission Card scores in step 2 of the Scoring Phase (§8.9.2)."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    markers: dict[int, MarkerColour] = Field(
        description="the Mission Markers on the table and the colour each carries"
    )
    markers_start: Literal["activated", "deactivated"]
    objective_from_round: int = Field(ge=1)
    marker_vp: MarkerVP | None = None
    capture_bonus: int = Field(
        default=0, ge=0, description="VP for each marker taken from the opponent"
    )
    gather: GatherRule | None = None
    quarters: QuarterRule | None = None
    activations: tuple[Activation, ...] = Field(
        default=(),
        description="Supply Drop: an Activated marker scores its activation round "
        "in VP and is removed",
    )


# §9.2: each player brings this many Mission Cards, and as many Deployment Cards, to
# the draft.
CARDS_BROUGHT = 2


class Mission(Card):
    """A Mission Card: each mission is printed once per scale (§8.3.1, §9.2)."""

    scale: Literal["skirmish", "standard"]
    starting_supply: int = Field(ge=0)
    supply_escalation: int = Field(ge=0)
    game_length: int = Field(ge=1)
    instant_win_lead: int | None = None
    scoring: MissionScoring | None = None


class Deployment(Card):
    """A Deployment Card, of one scale, with its battlefield size (§9.3)."""

    scale: Literal["skirmish", "standard"]
    battlefield: str


class Scale(BaseModel):
    """A game scale (§9.1.1)."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    id: Literal["skirmish", "standard", "grand-offensive"]
    name: str
    minerals: int | None = Field(description="the Mineral limit; None when agreed")
    minerals_min: int = 0
    battlefield: str
    scenario_scale: Literal["skirmish", "standard"] = Field(
        description="which printed Mission and Deployment Cards this scale uses"
    )
    terrain_die: str = Field(description="the die rolled for a pre-designed map")
    convention: str | None = Field(
        default=None,
        description="what armylist decides here where no source rules, pending an "
        "official answer (listed in the README's Known conventions)",
    )

    def mineral_limit(self, given: int | None) -> int | None:
        """The Mineral limit of a list at this scale giving ``minerals: given``: the
        printed one, or for Grand Offensive the agreed one when it is high enough."""
        if self.minerals is not None:
            return self.minerals
        if given is not None and given >= self.minerals_min:
            return given
        return None

    def minerals_problem(self, given: int | None) -> MineralsProblem | None:
        """What is wrong with ``minerals: given`` at this scale (§9.1.1), if anything:
        `missing` (an agreed scale needs it), `too-low` (under the agreed scale's
        minimum) or `mismatch` (a printed scale's limit is another number)."""
        if self.minerals is None:
            if given is None:
                return "missing"
            return "too-low" if given < self.minerals_min else None
        return "mismatch" if given is not None and given != self.minerals else None


MineralsProblem = Literal["missing", "too-low", "mismatch"]


class Resource(BaseModel):
    """A race resource generated by Faction and Tactical Cards."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    id: str
    race: Race


class Game(BaseModel):
    """Scales, slot types and resources: the file `game.yaml`."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    data_version: str
    gas_percent: int = Field(ge=1, le=100)
    scales: tuple[Scale, ...]
    slot_types: tuple[SlotType, ...]
    resources: tuple[Resource, ...]
    source: str

    def gas_limit(self, mineral_limit: int | None) -> int | None:
        """The Vespene Gas limit: a percentage of the Mineral limit (§9.1.1)."""
        if mineral_limit is None:
            return None
        return mineral_limit * self.gas_percent // 100

    @model_validator(mode="after")
    def _all_slots(self) -> Game:
        if set(self.slot_types) != set(SlotType):
            raise ValueError(_("slot_types must list core, elite, support, air, hero"))
        return self


class ScenarioFile(BaseModel):
    """The Mission and Deployment Cards: the file `scenarios.yaml`."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    source: str
    missions: tuple[Mission, ...]
    deployments: tuple[Deployment, ...]

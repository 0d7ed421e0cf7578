"""The draft's questions and its record: the choice asked of a player, each move of
the transcript, and the result (what `armylist draft --json` prints)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import StrEnum
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from armylist.gamedata.models import Deployment, Mission
from armylist.gameday.priority import PriorityRule

Colour = Literal["Red", "Blue"]
DraftKind = Literal["mission", "deployment"]


class ChoiceKind(StrEnum):
    """The decisions a player makes in the draft."""

    ORIENTATION = "orientation"
    COLOUR = "colour"
    CONTROL = "control"
    BAN = "ban"
    PICK = "pick"


class Choice(BaseModel):
    """A decision asked of one player: answer with one of ``options``."""

    model_config = ConfigDict(frozen=True)

    player: str
    kind: ChoiceKind
    draft: DraftKind | None = None
    prompt: str
    options: list[str]
    own: list[str] = Field(
        default_factory=list, description="the options that are this player's cards"
    )
    brought: list[str] = Field(
        default_factory=list, description="names of the cards this player brought"
    )
    cards: dict[str, str] = Field(
        default_factory=dict, description="option -> the card's name (card choices)"
    )


Chooser = Callable[[Choice], str]


class DraftCard(BaseModel):
    """A Mission or Deployment Card on the table, with who brought it."""

    model_config = ConfigDict(frozen=True)

    id: str
    name: str
    owner: str

    @property
    def label(self) -> str:
        """E.g. 'Hold Position (Alice)': both players may bring the same card."""
        return f"{self.name} ({self.owner})"


class DraftPlayer(BaseModel):
    """A player's side of the draft: the cards their list brings."""

    model_config = ConfigDict(frozen=True)

    name: str
    file: str
    missions: list[Mission] = Field(min_length=2, max_length=2)
    deployments: list[Deployment] = Field(min_length=2, max_length=2)
    errors: int = Field(
        default=0, description="the list's errors: an illegal list still drafts"
    )
    gas: int = Field(default=0, description="Vespene Gas the list spent")
    minerals: int = Field(default=0, description="Minerals the list spent")

    def cards(self, draft: DraftKind) -> Sequence[Mission | Deployment]:
        """The two cards this player brings to the ``draft``."""
        return self.missions if draft == "mission" else self.deployments


class Roll(BaseModel):
    """One player's 2D6 in one roll-off."""

    model_config = ConfigDict(frozen=True)

    player: str
    dice: list[int]
    total: int


class Move(BaseModel):
    """One step of the transcript."""

    model_config = ConfigDict(frozen=True)

    step: int
    player: str | None
    action: str
    text: str


class Side(BaseModel):
    """A player's result: colour, the draft they controlled, their markers."""

    model_config = ConfigDict(frozen=True)

    player: str
    file: str
    colour: Colour
    controls: DraftKind
    markers: list[int]
    errors: int = Field(
        default=0, description="the list's errors (0: a legal list; drafted anyway)"
    )


class Priority(BaseModel):
    """Who has priority (chooses colour, then control), by which rule, and why."""

    model_config = ConfigDict(frozen=True)

    rule: PriorityRule
    player: str
    decided_by: Literal["vespene-gas", "minerals", "roll-off"]
    reason: str


class Orientation(BaseModel):
    """Organised play: the side of the table the Deployment is oriented from."""

    model_config = ConfigDict(frozen=True)

    chosen_by: str = Field(description="the player without priority")
    side: str = Field(description="the player whose side of the table it is")


class DraftedMission(BaseModel):
    """The mission drafted, with the numbers the Supply Pool needs."""

    model_config = ConfigDict(frozen=True)

    id: str
    name: str
    brought_by: str
    starting_supply: int
    supply_escalation: int
    game_length: int


class DraftedDeployment(BaseModel):
    """The deployment drafted."""

    model_config = ConfigDict(frozen=True)

    id: str
    name: str
    brought_by: str


class Terrain(BaseModel):
    """The pre-designed map roll (§9.3)."""

    model_config = ConfigDict(frozen=True)

    die: str
    roll: int


class DraftResult(BaseModel):
    """The whole draft: transcript and result."""

    model_config = ConfigDict(frozen=True)

    seed: int
    scale: str  # the id
    scale_name: str = Field(exclude=True)  # as printed, for text
    rolloffs: list[list[Roll]]
    winner: str = Field(description="the player with priority")
    priority: Priority
    orientation: Orientation | None = Field(
        default=None, description="organised play only"
    )
    sides: list[Side]
    mission: DraftedMission
    deployment: DraftedDeployment
    battlefield: str
    terrain: Terrain
    markers: dict[int, str | None] = Field(
        description="marker -> colour (None neutral)"
    )
    first_in_setup: str = Field(description="Red: places terrain first (§9.3)")
    transcript: list[Move]

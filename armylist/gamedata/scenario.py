"""The scenario: Mission and Deployment Cards and how a mission scores, the game
scales, the game's resources, and the file `scenarios.yaml`."""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

from armylist.files.checked import FORBID, Described, Least, Most, record, whole
from armylist.gamedata.cards import Card, Race, SlotType
from armylist.text.i18n import _

MarkerColour = Literal["red", "blue", "neutral"]


@record
class MarkerVP:
    """VP per controlled Mission Marker, by its colour seen from the controller."""

    __pydantic_config__: ClassVar[dict[str, Any]] = FORBID

    own: Annotated[int, Least(0), Described("a marker of your own colour")] = 0
    neutral: Annotated[int, Least(0), Described("marker 5")] = 0
    opponent: Annotated[int, Least(0), Described("a marker of the enemy colour")] = 0


@record
class GatherRule:
    """Gather actions: VP each, at a controlled marker of the listed colours."""

    __pydantic_config__: ClassVar[dict[str, Any]] = FORBID

    vp: Annotated[int, Least(1)]
    markers: tuple[Literal["neutral", "opponent"], ...]


@record
class QuarterRule:
    """Battlefield quarters scored by strictly higher Supply wholly within."""

    __pydantic_config__: ClassVar[dict[str, Any]] = FORBID

    count: Annotated[int, Least(1)]
    vp: Annotated[int, Least(1)]


@record
class Activation:
    """A Supply Drop flip: at the start of ``round`` one of ``markers`` is activated."""

    __pydantic_config__: ClassVar[dict[str, Any]] = FORBID

    round: Annotated[int, Least(1)]
    markers: tuple[int, ...]


@record
class MissionScoring:
    """What a Mission Card scores in step 2 of the Scoring Phase (§8.9.2)."""

    __pydantic_config__: ClassVar[dict[str, Any]] = FORBID

    markers: Annotated[
        dict[int, MarkerColour],
        Described("the Mission Markers on the table and the colour each carries"),
    ]
    markers_start: Literal["activated", "deactivated"]
    objective_from_round: Annotated[int, Least(1)]
    marker_vp: MarkerVP | None = None
    capture_bonus: Annotated[
        int, Least(0), Described("VP for each marker taken from the opponent")
    ] = 0
    gather: GatherRule | None = None
    quarters: QuarterRule | None = None
    activations: Annotated[
        tuple[Activation, ...],
        Described(
            "Supply Drop: an Activated marker scores its activation round in VP and is removed"
        ),
    ] = ()


# §9.2: each player brings this many Mission Cards, and as many Deployment Cards, to
# the draft.
CARDS_BROUGHT = 2


@record
class Mission(Card):
    """A Mission Card: each mission is printed once per scale (§8.3.1, §9.2)."""

    scale: Literal["skirmish", "standard"]
    starting_supply: Annotated[int, Least(0)]
    supply_escalation: Annotated[int, Least(0)]
    game_length: Annotated[int, Least(1)]
    instant_win_lead: int | None = None
    scoring: MissionScoring | None = None


@record
class Deployment(Card):
    """A Deployment Card, of one scale, with its battlefield size (§9.3)."""

    scale: Literal["skirmish", "standard"]
    battlefield: str


@record
class Scale:
    """A game scale (§9.1.1)."""

    __pydantic_config__: ClassVar[dict[str, Any]] = FORBID

    id: Literal["skirmish", "standard", "grand-offensive"]
    name: str
    minerals: Annotated[int | None, Described("the Mineral limit; None when agreed")]
    minerals_min: int = 0
    battlefield: str
    scenario_scale: Annotated[
        Literal["skirmish", "standard"],
        Described("which printed Mission and Deployment Cards this scale uses"),
    ]
    terrain_die: Annotated[str, Described("the die rolled for a pre-designed map")]
    convention: Annotated[
        str | None,
        Described(
            "what armylist decides here where no source rules, pending an official answer (listed in docs/conventions.md)"
        ),
    ] = None

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


@record
class Resource:
    """A race resource generated by Faction and Tactical Cards."""

    __pydantic_config__: ClassVar[dict[str, Any]] = FORBID

    id: str
    race: Race


def _all_slots(game: Game) -> Game:
    if set(game.slot_types) != set(SlotType):
        raise ValueError(_("slot_types must list core, elite, support, air, hero"))
    return game


@record
class Game:
    """Scales, slot types and resources: the file `game.yaml`."""

    __pydantic_config__: ClassVar[dict[str, Any]] = FORBID

    data_version: str
    gas_percent: Annotated[int, Least(1), Most(100)]
    scales: tuple[Scale, ...]
    slot_types: tuple[SlotType, ...]
    resources: tuple[Resource, ...]
    source: str

    def gas_limit(self, mineral_limit: int | None) -> int | None:
        """The Vespene Gas limit: a percentage of the Mineral limit (§9.1.1)."""
        if mineral_limit is None:
            return None
        return mineral_limit * self.gas_percent // 100

    __get_pydantic_core_schema__ = whole(_all_slots)


@record
class ScenarioFile:
    """The Mission and Deployment Cards: the file `scenarios.yaml`."""

    __pydantic_config__: ClassVar[dict[str, Any]] = FORBID

    source: str
    missions: tuple[Mission, ...]
    deployments: tuple[Deployment, ...]

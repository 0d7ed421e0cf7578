"""A Supply plan as `plan` answers it: the deployment order, each round's Supply Pool,
what enters and what waits, the losses applied, and the warnings. `SupplyPlan` is the
`armylist supply --format json` contract."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class PlanUnit(BaseModel):
    """A unit of the plan, in deployment order."""

    model_config = ConfigDict(frozen=True)

    position: int = Field(description="1-based place in the list")
    unit: str
    label: str
    models: int
    supply: int = Field(description="starting Supply")
    enters: int | None = Field(description="the round it enters in the plan")
    destroyed: int | None = Field(
        default=None, description="the round it was wiped out"
    )


class LossEvent(BaseModel):
    """A loss applied in a round, with the Supply it left the unit on."""

    model_config = ConfigDict(frozen=True)

    position: int = Field(description="the unit's 1-based place in the list")
    unit: str
    lost: int
    models_left: int
    supply_before: int
    supply_after: int


class UnitSupply(BaseModel):
    """A unit and its current Supply, as it enters or waits in reserve."""

    model_config = ConfigDict(frozen=True)

    position: int = Field(description="the unit's 1-based place in the list")
    unit: str
    supply: int


class RoundPlan(BaseModel):
    """One round of the plan."""

    model_config = ConfigDict(frozen=True)

    round: int
    pool: int | None = Field(
        description="the Supply Pool; None is unlimited (last round)"
    )
    on_table: int = Field(description="Supply on the table at the start of the round")
    available: int | None = Field(description="Available Supply before anything enters")
    entered: list[UnitSupply]
    entered_supply: int
    available_after: int | None = Field(description="Available Supply after entering")
    losses: list[LossEvent] = Field(default_factory=list)
    on_table_after: int = Field(
        description="Supply on the table at the end of the round"
    )
    reserve: list[UnitSupply]
    reserve_supply: int


PlanWarningKind = Literal["never-before-last-round", "reserve-at-final-scoring"]


class PlanWarning(BaseModel):
    """Something in the plan a player should know before the game."""

    model_config = ConfigDict(frozen=True)

    kind: PlanWarningKind
    rule_ref: str
    message: str
    units: list[str]


class SupplyPlan(BaseModel):
    """The Supply Pool per round and the deployment plan for one list and mission."""

    model_config = ConfigDict(frozen=True)

    file: str
    mission: str
    mission_id: str
    mission_scale: str
    starting_supply: int
    supply_escalation: int
    game_length: int
    total_supply: int = Field(description="the army's total starting Supply")
    order: list[PlanUnit]
    losses: list[str] = Field(description="the what-ifs applied")
    rounds: list[RoundPlan]
    warnings: list[PlanWarning]

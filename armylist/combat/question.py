"""What one attack needs to know: the units, the weapons and the facts of the table."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from armylist.gamedata.models import Unit
from armylist.text.i18n import N_

Phase = Literal["assault", "combat"]
# The words a person may type for each phase (`--phase`), the first as help names it;
# read in either language (`names.read_word`): `asalto`, `cuerpo a cuerpo`.
PHASE_WORDS: dict[str, str] = {
    "assault": N_("assault, ranged, shooting"),
    "combat": N_("combat, close combat, melee"),
}


class CombatError(ValueError):
    """The attack cannot be worked out: a fact is missing or a profile is unknown.

    The message names what to give (an option) or what the data lacks.
    """


class MissingFact(CombatError):
    """The attack can be made, but rests on a fact of the table the cards cannot give
    (whether the target is Stationary, the range): the message names the option that
    gives it."""


class AttackSetup(BaseModel):
    """One activation of `attacker` against `target`: every input of the calculator.

    Numbers left out take the card's default: the largest composition attacks the
    largest composition, every target model visible, no marker, nothing toggled.
    """

    # Deferred: every command imports this module (the CLI registers `attack`); the
    # validator, with the whole Unit schema, is built on the first attack worked out.
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    attacker: Unit
    target: Unit
    phase: Phase = "assault"
    weapons: tuple[str, ...] = Field(
        default=(), description="weapon names; empty: the phase's weapons, card order"
    )
    models: int | None = Field(default=None, ge=1, description="attacking models")
    target_models: int | None = Field(default=None, ge=1)
    visible: int | None = Field(
        default=None, ge=0, description="target models visible at the first batch"
    )
    damage_marker: int = Field(default=0, ge=0, description="Damage already on it")
    shield_lost: bool = Field(
        default=False, description="the target's Shield model is already gone"
    )
    upgrades: tuple[str, ...] = Field(default=(), description="the attacker's")
    target_upgrades: tuple[str, ...] = ()
    abilities: tuple[str, ...] = Field(
        default=(), description="the attacker's toggled abilities used, as printed"
    )
    target_abilities: tuple[str, ...] = Field(
        default=(), description="the target's side's toggled abilities used"
    )
    friends: tuple[Unit, ...] = Field(
        default=(),
        description="cards whose abilities may reach either side (Jim Raynor's Orders)",
    )
    engaged: bool = Field(default=False, description="the target is Engaged")
    attacker_engaged: bool = Field(
        default=False,
        description="the attacker is Engaged: it shoots only the unit it fights",
    )
    evade: bool = Field(default=False, description="an ability grants Evade")
    high_ground: bool = False
    hit: int = Field(default=0, description="+N makes Hit rolls easier")
    armour: int = Field(default=0, description="+N makes Armour rolls easier")
    impact: int = Field(default=0, description="+N makes IMPACT rolls easier")
    surge: bool = Field(
        default=True,
        description="the Surge die goes to this target (a split melee sends it to one)",
    )
    charge: bool = Field(default=False, description="a successful Charge: IMPACT")
    range: float | None = Field(
        default=None, ge=0, description="inches to the target (BURST FIRE, LONG RANGE)"
    )
    stationary: bool | None = Field(
        default=None, description="the target is Stationary (LOCKED IN)"
    )
    removed_dice: int = Field(
        default=0, ge=0, description="Attack dice removed per batch (Guardian Shield)"
    )
    damage_reduction: int = Field(
        default=0, ge=0, description="Damage cut by a reaction (Transfusion)"
    )

    @property
    def target_engaged(self) -> bool:
        """Whether the target is Engaged when it is shot.

        An Engaged unit shoots only its opponents (§8.7.3), so its target is Engaged
        too, whether or not `engaged` says so.
        """
        return self.engaged or (self.attacker_engaged and self.phase == "assault")

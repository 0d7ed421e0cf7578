"""The cards as frozen dataclasses: Faction, Tactical and Creep Cards, Units, Scenarios.

Each is a `files.checked.record`: built directly from the cached catalog, checked by
pydantic (loaded then) when the YAML data is read.

The names every caller imports, from the modules that define them: `cards` (what every
card has, the Army Slots, Faction and Tactical Cards), `units` (Unit Cards, weapons,
keywords, upgrades, a race's file) and `scenario` (missions, deployments, scales, the
game, `scenarios.yaml`).
"""

from __future__ import annotations

from armylist.gamedata.cards import (
    SLUG,
    Card,
    FactionCard,
    Race,
    Slots,
    SlotType,
    TacticalCard,
)
from armylist.gamedata.scenario import (
    CARDS_BROUGHT,
    Activation,
    Deployment,
    Game,
    GatherRule,
    MarkerColour,
    MarkerVP,
    MineralsProblem,
    Mission,
    MissionScoring,
    QuarterRule,
    Resource,
    Scale,
    ScenarioFile,
)
from armylist.gamedata.units import (
    BAND,
    KEYWORD,
    Composition,
    Effect,
    Grant,
    Keyword,
    RaceFile,
    Stats,
    SupplyBand,
    Unit,
    Upgrade,
    Weapon,
    parse_keyword,
)

__all__ = [
    "BAND",
    "CARDS_BROUGHT",
    "KEYWORD",
    "SLUG",
    "Activation",
    "Card",
    "Composition",
    "Deployment",
    "Effect",
    "FactionCard",
    "Game",
    "GatherRule",
    "Grant",
    "Keyword",
    "MarkerColour",
    "MarkerVP",
    "MineralsProblem",
    "Mission",
    "MissionScoring",
    "QuarterRule",
    "Race",
    "RaceFile",
    "Resource",
    "Scale",
    "ScenarioFile",
    "SlotType",
    "Slots",
    "Stats",
    "SupplyBand",
    "TacticalCard",
    "Unit",
    "Upgrade",
    "Weapon",
    "parse_keyword",
]

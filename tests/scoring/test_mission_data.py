"""The Mission Cards' numbers in factions/scenarios.yaml against SCORING.md §3.1."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from armylist.gamedata.catalog import Catalog
from armylist.gameday.planner import supply_pool

TABLE: dict[str, Any] = yaml.safe_load(
    (Path(__file__).parent.parent / "data" / "scoring_md_missions.yaml").read_text(
        encoding="utf-8"
    )
)


def test_the_table_covers_every_mission_card(catalog: Catalog) -> None:
    assert sorted(TABLE) == sorted(m.id for m in catalog.missions)


@pytest.mark.parametrize("mission_id", sorted(TABLE))
def test_mission_numbers_match_the_printed_cards(
    catalog: Catalog, mission_id: str
) -> None:
    expected = TABLE[mission_id]
    mission = catalog.mission(mission_id, "standard")
    assert mission is not None
    assert (
        mission.starting_supply,
        mission.supply_escalation,
        mission.game_length,
        mission.instant_win_lead,
    ) == (
        expected["start"],
        expected["escalation"],
        expected["rounds"],
        expected["lead"],
    )
    pools = [supply_pool(mission, n) for n in range(1, mission.game_length + 1)]
    assert pools == expected["pools"]


def test_skirmish_supply_drop_pools_are_4_5_6_then_unlimited(catalog: Catalog) -> None:
    # issue 11 item 12: the data once had 3 / +1 / 5 rounds from a fan catalogue.
    mission = catalog.mission("Supply Drop", "skirmish")
    assert mission is not None
    assert [supply_pool(mission, n) for n in (1, 2, 3, 4)] == [4, 5, 6, None]
    assert mission.game_length == 4


@pytest.mark.parametrize("mission_id", sorted(TABLE))
def test_every_mission_card_carries_its_scoring(
    catalog: Catalog, mission_id: str
) -> None:
    mission = catalog.mission(mission_id, "standard")
    assert mission is not None and mission.scoring is not None
    markers = sorted(mission.scoring.markers)
    assert markers == ([1, 2, 5] if mission.scale == "skirmish" else [1, 2, 3, 4, 5])
    # Supply Drop flips only markers the table carries, never after the last round.
    for activation in mission.scoring.activations:
        assert set(activation.markers) <= set(markers)
        assert activation.round <= mission.game_length

"""`game new`'s work below the command line: the lists a record names, the record."""

from __future__ import annotations

from pathlib import Path

import pytest

from armylist.findings import Refused
from armylist.gamedata.catalog import Catalog
from armylist.scoring.newgame import GameRequest
from armylist.scoring.newrecord import new_record, record_lists


@pytest.mark.parametrize("given", [[Path("red.yaml")], [Path("-"), Path("b.yaml")]])
def test_one_list_or_standard_input_is_refused(given: list[Path]) -> None:
    with pytest.raises(Refused) as refused:
        record_lists(given)
    assert refused.value.exit_code == 2


def test_a_new_record_names_its_mission_and_scale(catalog: Catalog) -> None:
    record = new_record(GameRequest("Supply Drop", scale="skirmish"), catalog)
    assert record.mission.name == "Supply Drop"
    assert record.scale == "skirmish"
    assert "Supply Drop" in record.text or record.mission.id in record.text


def test_an_unknown_mission_is_refused_as_a_usage_error(catalog: Catalog) -> None:
    with pytest.raises(Refused) as refused:
        new_record(GameRequest("No Such Mission"), catalog)
    assert refused.value.exit_code == 2

"""`draft`'s work below the command line: a request in, a draft out."""

from __future__ import annotations

import pytest
from projectpaths import LISTS, OFFICIAL

from armylist.findings import Refused
from armylist.gamedata.catalog import Catalog
from armylist.gameday.drafting import DraftRequest, draft_lists
from armylist.gameday.draftrecord import Choice
from armylist.gameday.priority import PriorityRule

ZERG = LISTS / "zerg-swarm-roach-hydra.yaml"


def test_the_same_seed_drafts_the_same_game(catalog: Catalog) -> None:
    request = DraftRequest(OFFICIAL, ZERG, seed=7)
    first, again = draft_lists(request, catalog), draft_lists(request, catalog)
    assert first.seed == 7
    assert (first.mission.id, first.deployment.id) == (
        again.mission.id,
        again.deployment.id,
    )


def test_input_ending_mid_draft_is_refused_with_the_seed(catalog: Catalog) -> None:
    def ended(choice: Choice) -> str:
        raise EOFError

    request = DraftRequest(OFFICIAL, ZERG, seed=11, priority=PriorityRule.ROLL_OFF)
    with pytest.raises(Refused, match="--seed 11") as refused:
        draft_lists(request, catalog, chooser=ended)
    assert refused.value.exit_code == 1

"""Two legal Standard lists that draft against each other (§9.2), written once.

Each brings two Mission and two Deployment Cards, none of them the other's, so every
card in a draft row has one owner.
"""

from __future__ import annotations

from armylist.gamedata.catalog import Catalog
from armylist.gameday.draftrecord import DraftPlayer

ALICE = """\
player: Alice
scale: standard
faction: Raynor's Raiders
tactical_cards: [Barracks]
units:
  - unit: Marine
    models: 9
missions: [Hold Position, Supply Drop]
deployments: [Gauntlet, Typhoon]
"""

BOB = """\
player: Bob
scale: standard
faction: Kerrigan's Swarm
units:
  - unit: Zergling
    models: 12
missions: [Frontlines, Divide and Conquer]
deployments: [Acropolis, Breach]
"""


def draft_player(
    catalog: Catalog,
    name: str,
    missions: list[str],
    deployments: list[str],
    *,
    gas: int = 0,
    minerals: int = 0,
) -> DraftPlayer:
    """A drafting player with these Standard Mission and Deployment Cards (the names
    armylist does not know left out) and this spending."""
    found_missions = [catalog.mission(m, "standard") for m in missions]
    found_deployments = [catalog.deployments.get(d) for d in deployments]
    return DraftPlayer(
        name=name,
        file=f"{name.lower()}.yaml",
        missions=[m for m in found_missions if m is not None],
        deployments=[d for d in found_deployments if d is not None],
        gas=gas,
        minerals=minerals,
    )

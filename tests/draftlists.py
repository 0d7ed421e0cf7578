"""Two legal Standard lists that draft against each other (§9.2), written once.

Each brings two Mission and two Deployment Cards, none of them the other's, so every
card in a draft row has one owner.
"""

from __future__ import annotations

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

"""Exact combat odds from the cards (issue 14): a pure calculator, no I/O.

`resolve(AttackSetup(...))` gives every batch's pools and the distribution of models
removed; `matchup` and `list_matchup` run it both ways over units and lists.
"""

from __future__ import annotations

from .abilities import available as available_abilities
from .abilities import costs as ability_costs
from .attack import AttackResult, Batch, Outcome, Pools, dense, resolve
from .dist import Pmf
from .matchup import Combatant, MatchupEntry, list_matchup, matchup
from .question import AttackSetup, CombatError, MissingFact, Phase

__all__ = [
    "AttackResult",
    "AttackSetup",
    "Batch",
    "CombatError",
    "Combatant",
    "MatchupEntry",
    "MissingFact",
    "Outcome",
    "Phase",
    "Pmf",
    "Pools",
    "ability_costs",
    "available_abilities",
    "dense",
    "list_matchup",
    "matchup",
    "resolve",
]

"""`draft`'s work below the command line: a request read from its options, and the
draft played between the two lists it names."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from armylist.engine import ListOptions
from armylist.findings import Refused
from armylist.gamedata.catalog import Catalog
from armylist.gameday.draftplayers import draft_files
from armylist.gameday.draftpolicy import auto_chooser
from armylist.gameday.draftrecord import Chooser, DraftResult, Move
from armylist.gameday.priority import PriorityRule
from armylist.text.i18n import _


@dataclass(frozen=True)
class DraftRequest:
    """What `draft` was asked: the two lists, the dice's ``seed`` (None: a fresh
    one), the ``priority`` rule (None: op under an event, else roll-off), and the
    ``options`` the lists are checked with (an event's rules, ``by_event``)."""

    first: Path
    second: Path
    seed: int | None = None
    priority: PriorityRule | None = None
    by_event: bool = False
    options: ListOptions = field(default_factory=ListOptions)


def draft_lists(
    request: DraftRequest,
    catalog: Catalog,
    chooser: Chooser | None = None,
    announce: Callable[[Move], None] | None = None,
) -> DraftResult:
    """Play the draft, each choice asked of ``chooser`` (None: the documented
    policy), each move told to ``announce``; refused (with its exit code) when a list
    cannot take part, or (exit 1) when the input ends before the draft does."""
    priority = request.priority
    if priority is None:
        priority = PriorityRule.OP if request.by_event else PriorityRule.ROLL_OFF
    seed = request.seed
    if seed is None:
        seed = random.SystemRandom().randrange(1, 1_000_000)
    try:
        return draft_files(
            request.first,
            request.second,
            catalog,
            seed=seed,
            chooser=chooser or auto_chooser,
            announce=announce,
            priority=priority,
            options=request.options,
        )
    except EOFError:
        raise Refused(
            _(
                "the input ended before the draft was finished; nothing was drafted "
                "(start again with --seed {seed} for the same dice)"
            ).format(seed=seed),
            1,
        ) from None

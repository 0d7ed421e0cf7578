"""One batch's pools worked out once: the key is everything the pools read.

A matchup asks the same question many times: nine Marines' C-14 Rifles against a
Zergling squad of 12 and of 18, with and without an upgrade that changes nothing in
the pools. The pools do not depend on how many target models there are, their marker
or the upgrades that changed nothing, so those are left out of the key; every other
fact of the table is in it, a fact added later included.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from pydantic import BaseModel

from armylist.gamedata.models import Unit

from .setup import AttackSetup

R = TypeVar("R")

# The setup's fields the pools never read: the batch's profile and the target's
# Defender already carry what the models, weapons and upgrades change.
NOT_IN_POOLS = frozenset(
    {
        "target",
        "models",
        "target_models",
        "damage_marker",
        "shield_lost",
        "weapons",
        "upgrades",
        "target_upgrades",
        "visible",
    }
)
MOST_KEPT = 4096
PLAIN = frozenset({str, int, float, bool, type(None)})


def signature(value: Any, keep: list[object]) -> Hashable:
    """A hashable stand-in for a value of the calculator's inputs.

    A card (Unit) stands for itself by identity and is kept alive in ``keep`` while its
    entry is cached, so the identity is never reused by another card.
    """
    kind = type(value)
    if kind in PLAIN:
        return value  # type: ignore[no-any-return]
    if kind is Unit:
        keep.append(value)
        return ("unit", id(value))
    fields = getattr(kind, "__dataclass_fields__", None)
    if fields is not None:
        return (kind.__name__, *(signature(getattr(value, f), keep) for f in fields))
    if isinstance(value, BaseModel):
        if value.model_config.get("frozen"):
            try:
                hash(value)  # a frozen model of plain fields (Keyword) is its own key
            except TypeError:
                pass
            else:
                return value
        return (kind.__name__, *(signature(v, keep) for v in value.__dict__.values()))
    if isinstance(value, dict):
        return tuple(sorted((k, signature(v, keep)) for k, v in value.items()))
    if isinstance(value, list | tuple):
        return tuple(signature(v, keep) for v in value)
    if isinstance(value, frozenset | set):
        return frozenset(signature(v, keep) for v in value)
    return value  # type: ignore[no-any-return]


def setup_key(setup: AttackSetup, keep: list[object]) -> Hashable:
    """The facts of the table that reach the pools (visible: only whether 0)."""
    facts = {
        name: value
        for name, value in setup.__dict__.items()
        if name not in NOT_IN_POOLS
    }
    return (signature(facts, keep), setup.visible == 0)


def cached_pools(function: Callable[..., R]) -> Callable[..., R]:
    """`pools(profile, setup, target, first)`, each distinct question answered once."""
    table: OrderedDict[Hashable, tuple[R, list[object]]] = OrderedDict()

    def lookup(profile: Any, setup: AttackSetup, target: Any, first: bool) -> R:
        keep: list[object] = []
        key = (
            signature(profile, keep),
            setup_key(setup, keep),
            signature(target, keep),
            first,
        )
        held = table.get(key)
        if held is not None:
            table.move_to_end(key)
            return held[0]
        answer = function(profile, setup, target, first)
        table[key] = (answer, keep)
        if len(table) > MOST_KEPT:
            table.popitem(last=False)
        return answer

    lookup.__doc__ = function.__doc__
    lookup.__wrapped__ = function  # type: ignore[attr-defined]
    return lookup

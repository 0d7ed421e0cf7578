"""Each distinct question worked out once: the key is everything the answer reads.

A matchup asks the same question many times: nine Marines' C-14 Rifles against a
Zergling squad of 12 and of 18, with and without an upgrade that changes nothing in
the pools. The pools do not depend on how many target models there are, their marker
or the upgrades that changed nothing, so those are left out of the key; every other
fact of the table is in it, a fact added later included.

The same holds one level up (`Answers`, `Canon`): the target as the calculator sees
it, the attacker's batches and a whole activation are each worked out once per
distinct question, and two squads whose batches (or whose Defender) come out equal
share one answer, so an upgrade that changes nothing is worked out once.
"""

from __future__ import annotations

import dataclasses
from collections import OrderedDict
from collections.abc import Callable, Hashable
from functools import cache
from typing import Any, Generic, TypeVar

from pydantic import BaseModel

from armylist.gamedata.models import Unit
from armylist.text import i18n

from .question import AttackSetup, CombatError

R = TypeVar("R")
T = TypeVar("T")

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


@cache
def _field_names(kind: Any) -> tuple[str, ...]:
    # A dataclass's fields, not its class variables (a card's `__pydantic_config__`).
    return tuple(f.name for f in dataclasses.fields(kind))


def signature(value: Any, keep: list[object]) -> Hashable:
    """A hashable stand-in for a value of the calculator's inputs.

    A card (Unit) stands for itself by identity and is kept alive in ``keep`` while its
    entry is cached, so the identity is never reused by another card.
    """
    kind: Any = type(value)
    if kind in PLAIN:
        return value  # type: ignore[no-any-return]
    if kind is Unit:
        keep.append(value)
        return ("unit", id(value))
    if hasattr(kind, "__dataclass_fields__"):
        return (
            kind.__name__,
            *(signature(getattr(value, f), keep) for f in _field_names(kind)),
        )
    if isinstance(value, BaseModel):
        if value.model_config.get("frozen"):
            try:
                hash(value)  # a frozen model of plain fields is its own key
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


class Answers(Generic[R]):
    """Answers by key, the least recently used dropped past `most`.

    A refusal (CombatError) is an answer too: asked again, the same words are raised
    again as a new error. Answers are kept per language, as they hold words (a refusal,
    an ability's cost). Each entry keeps ``keep`` (the cards and canonical values its
    key names by identity) alive while it is held.
    """

    def __init__(self, most: int = MOST_KEPT) -> None:
        self._table: OrderedDict[Hashable, tuple[object, list[object]]] = OrderedDict()
        self._most = most

    def get(self, key: Hashable, keep: list[object], work: Callable[[], R]) -> R:
        """The answer to ``key``, worked out by ``work`` the first time it is asked."""
        key = (i18n.current(), key)
        held = self._table.get(key)
        if held is None:
            answer: object
            try:
                answer = work()
            except CombatError as refused:
                answer = refused
            held = (answer, keep)
            self._table[key] = held
            if len(self._table) > self._most:
                self._table.popitem(last=False)
        else:
            self._table.move_to_end(key)
        if isinstance(held[0], CombatError):
            raise type(held[0])(str(held[0]))  # a MissingFact stays one
        return held[0]  # type: ignore[return-value]


class Canon:
    """One object for each value: equal values (by `signature`) give the first seen.

    A later key may then name the value by identity (``id``): cheap to hash, and
    equal values share it.
    """

    def __init__(self, most: int = MOST_KEPT) -> None:
        self._table: OrderedDict[Hashable, tuple[object, list[object]]] = OrderedDict()
        self._most = most

    def of(self, value: T) -> T:
        """The canonical object equal to ``value`` (``value`` itself the first time)."""
        keep: list[object] = []
        key = signature(value, keep)
        held = self._table.get(key)
        if held is not None:
            self._table.move_to_end(key)
            return held[0]  # type: ignore[return-value]
        self._table[key] = (value, keep)
        if len(self._table) > self._most:
            self._table.popitem(last=False)
        return value


def cards_key(*parts: object, keep: list[object]) -> Hashable:
    """A key of cards (by identity, kept in ``keep``), tuples of cards and plain values."""
    out: list[Hashable] = []
    for part in parts:
        if type(part) is Unit:
            keep.append(part)
            out.append(("unit", id(part)))
        elif type(part) is tuple and all(type(p) is Unit for p in part):
            keep.extend(part)
            out.append(("units", *(id(p) for p in part)))
        else:
            out.append(signature(part, keep))
    return tuple(out)


def setup_facts(
    setup: AttackSetup, left_out: frozenset[str], keep: list[object]
) -> Hashable:
    """The setup's fields but those ``left_out``, as a key (a field added later in).

    In the model's field order, which is fixed, so no name or sort is needed. A plain
    value or a tuple of names (most fields) is its own key.
    """
    facts: list[Hashable] = []
    for name, value in setup.__dict__.items():
        if name in left_out:
            continue
        kind = type(value)
        if kind in PLAIN or (kind is tuple and all(type(v) is str for v in value)):
            facts.append(value)
        elif kind is Unit:
            keep.append(value)
            facts.append(("unit", id(value)))
        else:
            facts.append(signature(value, keep))
    return tuple(facts)

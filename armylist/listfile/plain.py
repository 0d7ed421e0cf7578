"""A list read without pydantic: made directly when every value is plainly of its
kind (as YAML reads a list written by hand or by armylist), and each value of a spoilt
list judged as pydantic's strict check judges it (tests hold the two to each other)."""

from __future__ import annotations

from dataclasses import MISSING, fields
from typing import Any, TypeVar

from armylist.listfile.model import EACH, KINDS, UNIT_FIELDS, ArmyList, UnitEntry

# A list's fields when the file sets none of them: their defaults, made once (each
# list gets its own copy of the empty lists).
_UNSET: dict[str, Any] = {
    f.name: f.default if f.default_factory is MISSING else f.default_factory()
    for f in fields(ArmyList)
}


_UNIT_KEYS = frozenset(UNIT_FIELDS)
_NO_UPGRADES: list[str] = []
_Made = TypeVar("_Made")
_set = object.__setattr__


def made_plainly(model: type[_Made], values: dict[str, Any]) -> _Made:
    """What `model(**values)` makes, for ``values`` that give every field in the
    class's order (a test holds both to it): without its field by field setting
    through a frozen class, half the cost of each unit entry."""
    made = object.__new__(model)
    _set(made, "__dict__", values)
    return made


def plainly(values: dict[str, Any]) -> ArmyList | None:
    """The list when every value is plainly of its kind (as YAML reads a list written
    by hand or by armylist): the very list pydantic's strict validation returns, made
    without it (or its import, a third of a cold start). None for anything else, for
    the reader to judge key by key."""
    made: dict[str, Any] = {}
    for name, value in values.items():
        kind = KINDS[name]
        if kind == "text" or kind == "number":
            if value.__class__ is not (str if kind == "text" else int):
                return None
            made[name] = value
        elif kind == "texts":
            if not _texts(value):
                return None
            made[name] = list(value)
        elif value.__class__ is not list:
            return None
        else:
            # (`None in units` would ask each entry's `__eq__`)
            units = []
            for entry in value:
                unit = _plain_unit(entry)
                if unit is None:
                    return None
                units.append(unit)
            made[name] = units
    # As for a unit: every field given.
    unset: dict[str, Any] = {
        k: v.copy() if v.__class__ is list else v for k, v in _UNSET.items()
    }
    return made_plainly(ArmyList, unset | made)


def _plain_unit(entry: Any) -> UnitEntry | None:
    """A unit entry made as `plainly` makes a list, or None."""
    if entry.__class__ is not dict or not entry.keys() <= _UNIT_KEYS:
        return None
    unit = entry.get("unit")
    if unit.__class__ is not str:
        return None
    models = entry.get("models")
    if models is not None and models.__class__ is not int:
        return None
    upgrades = entry.get("upgrades", _NO_UPGRADES)
    if not _texts(upgrades):
        return None
    return _unit(unit, models, upgrades)


def unit_entry(entry: dict[str, Any]) -> UnitEntry:
    """A unit entry `wrong` finds nothing wrong with (its unknown keys dropped), made."""
    return _unit(
        entry["unit"], entry.get("models"), entry.get("upgrades", _NO_UPGRADES)
    )


def _unit(unit: str, models: int | None, upgrades: list[str]) -> UnitEntry:
    # Every field given: no default is worked out.
    return made_plainly(
        UnitEntry, {"unit": unit, "models": models, "upgrades": list(upgrades)}
    )


def wrong(
    kind: str, value: Any, at: tuple[str | int, ...] = ()
) -> list[dict[str, Any]]:
    """What pydantic's strict check of ``value`` as a `KINDS` kind (or a "unit" entry,
    its unknown keys dropped) finds wrong, found without it: each problem as pydantic
    gives it (type, loc, input), in its order (a test holds the two to each other)."""
    if kind == "text":
        return [] if isinstance(value, str) else [_problem("string_type", at, value)]
    if kind == "number":
        whole = isinstance(value, int) and not isinstance(value, bool)
        return [] if whole else [_problem("int_type", at, value)]
    if kind == "unit":
        if not isinstance(value, dict):
            return [_problem("model_type", at, value)]
        found = (
            wrong("text", value["unit"], (*at, "unit"))
            if "unit" in value
            else [_problem("missing", (*at, "unit"), value)]
        )
        if value.get("models") is not None:
            found += wrong("number", value["models"], (*at, "models"))
        if "upgrades" in value:
            found += wrong("texts", value["upgrades"], (*at, "upgrades"))
        return found
    if not isinstance(value, list):
        return [_problem("list_type", at, value)]
    each = EACH[kind]
    return [p for i, item in enumerate(value) for p in wrong(each, item, (*at, i))]


def _problem(kind: str, at: tuple[str | int, ...], value: Any) -> dict[str, Any]:
    return {"type": kind, "loc": at, "input": value}


def _texts(value: Any) -> bool:
    """Whether ``value`` is plainly a list of texts (as YAML reads `[A, B]`)."""
    return value.__class__ is list and all(item.__class__ is str for item in value)

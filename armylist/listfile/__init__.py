"""The army list file: what a player writes, and reading the text with positions.

`model` is the format (what each key holds), `reader` reads a list's text with every
problem at its place, and `plain` makes a list, or judges a spoilt one, without
pydantic.
"""

from armylist.listfile.model import (
    LIST_FIELDS,
    MAX_ENTRIES,
    REQUIRED,
    UNIT_FIELDS,
    ArmyList,
    UnitEntry,
)
from armylist.listfile.reader import LoadedList, Problem, read_list

__all__ = [
    "LIST_FIELDS",
    "MAX_ENTRIES",
    "REQUIRED",
    "UNIT_FIELDS",
    "ArmyList",
    "LoadedList",
    "Problem",
    "UnitEntry",
    "read_list",
]

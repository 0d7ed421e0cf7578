"""The army list file: what a player writes, and reading the text with positions."""

from armylist.listfile.reader import (
    LIST_FIELDS,
    MAX_ENTRIES,
    REQUIRED,
    UNIT_FIELDS,
    ArmyList,
    LoadedList,
    Problem,
    UnitEntry,
    read_list,
)

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

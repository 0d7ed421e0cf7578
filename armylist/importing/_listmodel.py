"""The one place the importer reaches the list model (renamed modules change only here)."""

from __future__ import annotations

from armylist.armylist import ArmyList, UnitEntry, read_list

__all__ = ["ArmyList", "UnitEntry", "read_list"]

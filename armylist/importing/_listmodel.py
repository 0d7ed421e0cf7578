"""The one place the importer reaches modules another change is moving.

The list model (armylist.armylist, to become armylist.listfile) and the resolved list the
rules see (Context, moving from rules/base.py to resolved.py): a rename is fixed here only.
"""

from __future__ import annotations

from armylist.armylist import ArmyList, UnitEntry, read_list
from armylist.rules.base import Context

__all__ = ["ArmyList", "Context", "UnitEntry", "read_list"]

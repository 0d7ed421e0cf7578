"""`python -m armylist`: the same as the `armylist` command."""

from __future__ import annotations

from armylist.cli import main

main()

from __future__ import annotations

from armylist.cli import main

main()

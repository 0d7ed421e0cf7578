"""armylist: army builder and list validator for StarCraft: The Miniatures Game."""

from __future__ import annotations

__version__ = "0.1.0"

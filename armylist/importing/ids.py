"""The id tables of other builders (ids.yaml beside this module), loaded once."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

IDS_FILE = Path(__file__).with_name("ids.yaml")


@lru_cache(maxsize=1)
def tables() -> dict[str, Any]:
    """Every format's id table: ``command_center``, ``new_recruit``, ``malkivian``."""
    with IDS_FILE.open(encoding="utf-8") as stream:
        data: dict[str, Any] = yaml.safe_load(stream)
    return data


def command_center() -> dict[str, Any]:
    """The Command Center's ids."""
    table: dict[str, Any] = tables()["command_center"]
    return table


def new_recruit() -> dict[str, Any]:
    """New Recruit / BattleScribe entry ids."""
    table: dict[str, Any] = tables()["new_recruit"]
    return table


def malkivian() -> dict[str, Any]:
    """malkivian83's string ids and SCT1 seedIds."""
    table: dict[str, Any] = tables()["malkivian"]
    return table

"""Importing lists from other army builders, and exporting to malkivian83's formats.

- Command Center shared rosters (raw REST document, flattened, cleaned): ``official``.
- New Recruit JSON and BattleScribe ``.ros`` / ``.rosz``: ``newrecruit``.
- malkivian83's list JSON and SCT1 seed codes: ``malkivian``, ``sct1``.

``import_source`` detects the format and returns an ``ImportResult`` (``to_yaml()``,
``army()``, ``findings``); ``export_sct1`` / ``export_mk_json`` go the other way;
``fetch_shared_roster`` reads a Command Center share code over the network.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

# Bound now: the submodule `detect` would otherwise shadow the function of that name.
from armylist.importing.detect import detect

if TYPE_CHECKING:
    from armylist.importing.api import (
        IMPORT_SUFFIXES,
        check_imported,
        compare_totals,
        import_source,
    )
    from armylist.importing.fetch import FetchError, fetch_shared_roster
    from armylist.importing.malkivian import export_mk_json
    from armylist.importing.model import (
        BadSource,
        ImportFailure,
        ImportFormat,
        ImportResult,
        UnknownFormat,
    )
    from armylist.importing.sct1 import SeedError, export_sct1

# Where each name lives: the package is imported lazily, because `validate` and every
# command that opens a list ask it whether a file is another builder's list, and the
# network and zip modules would slow every one of them down.
_HOMES = {
    "IMPORT_SUFFIXES": "api",
    "check_imported": "api",
    "compare_totals": "api",
    "import_source": "api",
    "FetchError": "fetch",
    "fetch_shared_roster": "fetch",
    "export_mk_json": "malkivian",
    "BadSource": "model",
    "ImportFailure": "model",
    "ImportFormat": "model",
    "ImportResult": "model",
    "UnknownFormat": "model",
    "SeedError": "sct1",
    "export_sct1": "sct1",
}


def __getattr__(name: str) -> Any:
    """The public names, each imported from its module when first used."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{home}"), name)


__all__ = [
    "IMPORT_SUFFIXES",
    "BadSource",
    "FetchError",
    "ImportFailure",
    "ImportFormat",
    "ImportResult",
    "SeedError",
    "UnknownFormat",
    "check_imported",
    "compare_totals",
    "detect",
    "export_mk_json",
    "export_sct1",
    "fetch_shared_roster",
    "import_source",
]

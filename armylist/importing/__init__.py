"""Importing lists from other army builders, and exporting to malkivian83's formats.

- Command Center shared rosters (raw REST document, flattened, cleaned): ``official``.
- New Recruit JSON and BattleScribe ``.ros`` / ``.rosz``: ``newrecruit``.
- malkivian83's list JSON and SCT1 seed codes: ``malkivian``, ``sct1``.

``import_source`` detects the format and returns an ``ImportResult`` (``to_yaml()``,
``army()``, ``findings``); ``export_sct1`` / ``export_mk_json`` go the other way;
``fetch_shared_roster`` reads a Command Center share code over the network.
"""

from __future__ import annotations

from armylist.importing.api import (
    IMPORT_SUFFIXES,
    check_source,
    compare_totals,
    import_source,
)
from armylist.importing.detect import detect
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

__all__ = [
    "IMPORT_SUFFIXES",
    "BadSource",
    "FetchError",
    "ImportFailure",
    "ImportFormat",
    "ImportResult",
    "SeedError",
    "UnknownFormat",
    "check_source",
    "compare_totals",
    "detect",
    "export_mk_json",
    "export_sct1",
    "fetch_shared_roster",
    "import_source",
]

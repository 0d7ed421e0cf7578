"""The one shape every imported format has: the `Importer` Protocol.

`detect.detect` tells the formats apart once, by content (one JSON parse serves every
JSON format); each format's module then reads what was detected. A format module is an
`Importer` itself: its `FORMAT` and its `read` (`api.IMPORTERS` lists them all).
"""

from __future__ import annotations

import datetime as dt
from typing import Protocol, runtime_checkable

from armylist.gamedata.catalog import Catalog
from armylist.importing.detect import Detected
from armylist.importing.model import ImportFormat, ImportResult


@runtime_checkable
class Importer(Protocol):
    """One format armylist imports: the format it reads, and how it reads it."""

    FORMAT: ImportFormat

    def read(
        self, detected: Detected, name: str, catalog: Catalog, today: dt.date
    ) -> ImportResult:
        """The list a source of this format holds, with what could not be mapped as
        findings; raises ImportFailure when nothing can be imported."""
        ...

"""Running an import and validating what it wrote, as a user would."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace
from typing import Any

from armylist.engine import check_source, check_text
from armylist.findings import ListResult
from armylist.gamedata.catalog import Catalog
from armylist.importing.api import import_source
from armylist.importing.model import ImportResult
from armylist.importing.render import to_yaml

TODAY = dt.date(2026, 12, 1)


def run(
    data: bytes, name: str, catalog: Catalog, fmt: str | None = None
) -> ImportResult:
    """The import `armylist import` makes: through the engine's door, so the
    builder's totals are compared; raises ImportFailure as the importer does."""
    import_source(data, name, fmt, catalog, clock=lambda: TODAY)  # raises on failure
    imported = check_source(data, name, catalog).imported
    assert imported is not None
    return replace(imported, imported_on=TODAY)


def validate(result: ImportResult, catalog: Catalog) -> ListResult:
    checked, _ = check_text(to_yaml(result), result.source, catalog)
    return checked


def rules(checked: ListResult, severity: str) -> list[str]:
    return sorted({f.rule for f in checked.findings if f.severity.value == severity})


def slots(checked: ListResult) -> dict[str, tuple[int, int]]:
    return {k: (v.used, v.available) for k, v in checked.slots.items()}


def codes(result: ImportResult) -> list[str]:
    return [f.rule for f in result.findings]


def units(result: ImportResult) -> list[tuple[str, int | None, list[str]]]:
    army = result.army()
    return [(u.unit, u.models, list(u.upgrades)) for u in army.units]


def only(result: ImportResult, rule: str) -> Any:
    found = [f for f in result.findings if f.rule == rule]
    assert len(found) == 1, codes(result)
    return found[0]

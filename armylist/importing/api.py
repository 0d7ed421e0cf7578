"""The importer's entry point: bytes of any supported format in, an ImportResult out."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import assert_never

from armylist.event import Event
from armylist.findings import ListResult, Severity
from armylist.gamedata.catalog import Catalog
from armylist.importing import model
from armylist.importing.detect import Detected, detect
from armylist.importing.model import (
    Collector,
    ImportFailure,
    ImportFormat,
    ImportResult,
    UnknownFormat,
)
from armylist.resolved import Context

Clock = Callable[[], dt.date]


def _today() -> dt.date:
    return dt.datetime.now(dt.UTC).date()


def import_source(
    data: bytes,
    name: str,
    fmt: str | ImportFormat | None,
    catalog: Catalog,
    *,
    clock: Clock = _today,
) -> ImportResult:
    """Import one source (a file's bytes, or an SCT1 code as text) into an ImportResult.

    ``name`` is the file name or code, named in the findings and the YAML header; ``fmt``
    (``command-center``, ``new-recruit``, ``mk``, ``sct1``) forces a format, None detects
    it. Raises ImportFailure (UnknownFormat, BadSource, ...) when nothing can be imported;
    whatever does not map is in ``result.findings``.
    """
    detected = detect(data, name)
    if fmt is not None and ImportFormat(fmt) is not detected.format:
        forced = ImportFormat(fmt)
        raise UnknownFormat(
            f"{name} is not {forced.described} (--from {forced.value}): it is "
            f"{detected.format.described}"
        )
    result = _parse(detected, name, catalog, clock())
    return compare_totals(result, catalog)


def _parse(
    detected: Detected, name: str, catalog: Catalog, today: dt.date
) -> ImportResult:
    from armylist.importing import malkivian, newrecruit, official, sct1

    match detected.format:
        case ImportFormat.COMMAND_CENTER:
            data, lines = detected.data, detected.lines or {}
            if detected.form == "raw":
                data, lines = official.flatten_raw(data, lines)
            return official.import_roster(
                data, lines, detected.form, name, catalog, today
            )
        case ImportFormat.NEW_RECRUIT:
            return newrecruit.import_detected(detected, name, catalog, today)
        case ImportFormat.MK:
            return malkivian.import_list(
                detected.data, detected.lines or {}, name, catalog, today
            )
        case ImportFormat.SCT1:
            return sct1.import_seed(str(detected.data), name, catalog, today)
        case _:
            assert_never(detected.format)


def _version_label(data_version: str) -> str:
    # "2026.05-v1.0+wave2-provisional" -> "v1.0": the rules version players know
    match = re.search(r"v\d+(\.\d+)*", data_version)
    return match.group() if match else data_version


def compare_totals(result: ImportResult, catalog: Catalog) -> ImportResult:
    """Add a finding when the builder's saved totals differ from armylist's."""
    totals = result.app_totals
    if totals is None or (totals.minerals is None and totals.gas is None):
        return result
    from dataclasses import replace

    from armylist.engine import check_text

    checked, context = check_text(result.to_yaml(), result.source, catalog)
    ours = {"Minerals": checked.minerals.used, "Gas": checked.gas.used}
    theirs = {"Minerals": totals.minerals, "Gas": totals.gas}
    differ = [k for k in ours if theirs[k] is not None and theirs[k] != ours[k]]
    if not differ:
        return result
    when = f" with {totals.prices_of}" if totals.prices_of else ""
    app = " and ".join(f"{theirs[k]:,} {k}" for k in differ)
    own = " and ".join(
        f"{ours[k]:,}" + ("" if len(differ) == 1 else f" {k}") for k in differ
    )
    label = _version_label(catalog.data_version)
    message = f"the app counted {app}{when}; at {label} costs this list is {own}"
    repriced, explained = _repriced(result, context)
    # what the saved prices do not explain (the document keeps no Tactical Card prices,
    # the cleaned form none at all): said, so the difference is never left unexplained
    rest = [
        f"{ours[k] - theirs_k - explained[k]:+,} {k}"
        for k in differ
        if (theirs_k := theirs[k]) is not None and ours[k] - theirs_k != explained[k]
    ]
    if repriced and rest:
        message += (
            f" (repriced: {', '.join(repriced)}; and {' and '.join(rest)} on items "
            "the source saves no price for)"
        )
    elif repriced:
        message += f" (repriced: {', '.join(repriced)})"
    else:
        message += " (not itemized: the source saves no prices)"
    found = Collector(result.source)
    found.add(model.APP_TOTALS, message, None)
    return replace(result, findings=(*result.findings, *found.findings))


IMPORT_SUFFIXES = (".json", ".ros", ".rosz")


@dataclass(frozen=True)
class CheckedSource:
    """A source validated: the result, the import (None when it could not be imported)
    and the resolved list the rules saw (for the tools that work on a list)."""

    result: ListResult
    imported: ImportResult | None
    context: Context | None


def check_imported(
    data: bytes,
    name: str,
    catalog: Catalog,
    *,
    fmt: str | ImportFormat | None = None,
    event: Event | None = None,
    clock: Clock = _today,
) -> CheckedSource:
    """Validate another builder's list as `validate` checks a YAML one.

    The rule findings of the imported list are moved to the source's lines (of the entry
    they concern, where the parser knows it) and sorted with the import findings; the
    fingerprint is the one of the YAML import. A source that cannot be imported at all
    gives one ``import-source`` error (AL800) instead of raising. The resolved list is
    kept for the tools that work on a list.
    """
    from armylist.engine import check_text
    from armylist.importing.render import render

    try:
        result = import_source(data, name, fmt, catalog, clock=clock)
    except ImportFailure as failure:
        found = Collector(name)
        found.add(model.UNREADABLE, str(failure), failure.line)
        unreadable = ListResult(file=name, valid=False, findings=found.findings)
        return CheckedSource(unreadable, None, None)
    text, origins = render(result)
    checked, context = check_text(text, name, catalog, event=event)
    moved = [
        replace(f, line=origins.get(f.line, 1), column=1) for f in checked.findings
    ]
    findings = sorted([*moved, *result.findings], key=lambda f: f.sort_key())
    valid = not any(f.severity is Severity.ERROR for f in findings)
    return CheckedSource(
        replace(checked, findings=findings, valid=valid),
        result,
        context,
    )


def _repriced(
    result: ImportResult, context: Context
) -> tuple[list[str], dict[str, int]]:
    """The units and cards whose price in the source differs from armylist's, and the
    difference they explain (armylist's minus the source's) in Minerals and in Gas."""
    kept = [u for u in result.units if u.kept]
    changes: dict[str, int] = {}
    explained = {"Minerals": 0, "Gas": 0}
    for placed in context.units:
        index = placed.path[1]
        source = kept[index] if isinstance(index, int) and index < len(kept) else None
        if source is None or source.app_minerals is None:
            continue
        if source.app_minerals != placed.minerals:
            models = placed.entry.models
            size = f" ({models} models)" if models is not None and models > 1 else ""
            text = f"{placed.unit.name}{size} {source.app_minerals} → {placed.minerals}"
            changes[text] = changes.get(text, 0) + 1
            explained["Minerals"] += placed.minerals - source.app_minerals
    named = [c for c in result.tactical_cards if c.name is not None]
    for card in context.cards:
        index = card.path[1]
        source_card = (
            named[index] if isinstance(index, int) and index < len(named) else None
        )
        if source_card is None or source_card.app_gas is None:
            continue
        if source_card.app_gas != card.card.gas:
            text = f"{card.card.name} {source_card.app_gas} → {card.card.gas} Gas"
            changes[text] = changes.get(text, 0) + 1
            explained["Gas"] += card.card.gas - source_card.app_gas
    listed = [f"{text} ×{n}" if n > 1 else text for text, n in changes.items()]
    return listed, explained

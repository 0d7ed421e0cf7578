"""The importer's entry point: bytes of any supported format in, an ImportResult out.

Translation only: no rule runs here. The engine checks the list an import gives and
hands its totals back to `compare_totals`.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from dataclasses import replace

from armylist.gamedata.catalog import Catalog
from armylist.importing import malkivian, model, newrecruit, official, sct1
from armylist.importing.detect import Detected, detect
from armylist.importing.importer import Importer
from armylist.importing.model import (
    Collector,
    ImportFormat,
    ImportResult,
    UnknownFormat,
)
from armylist.resolved import Context
from armylist.text.i18n import _, joined
from armylist.text.numbers import people

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
            _("{name} is not {format} (--from {value}): it is {detected}").format(
                name=name,
                format=forced.described,
                value=forced.value,
                detected=detected.format.described,
            )
        )
    return translate(detected, name, catalog, clock())


# Every format armylist imports, one Importer each (tests/importing checks that every
# ImportFormat has exactly one).
IMPORTERS: tuple[Importer, ...] = (official, newrecruit, malkivian, sct1)
_BY_FORMAT = {importer.FORMAT: importer for importer in IMPORTERS}


def translate(
    detected: Detected, name: str, catalog: Catalog, today: dt.date
) -> ImportResult:
    """The list a detected source holds, with what could not be mapped as findings."""
    return _BY_FORMAT[detected.format].read(detected, name, catalog, today)


def _version_label(data_version: str) -> str:
    # "2026.05-v1.0+wave2-provisional" -> "v1.0": the rules version players know
    match = re.search(r"v\d+(\.\d+)*", data_version)
    return match.group() if match else data_version


def compare_totals(
    result: ImportResult, context: Context, minerals: int, gas: int
) -> ImportResult:
    """Add a finding when the builder's saved totals differ from armylist's.

    ``context`` is the list the import resolved to and ``minerals`` / ``gas`` what the
    engine counted for it: the totals of the one check the list gets.
    """
    totals = result.app_totals
    if totals is None or (totals.minerals is None and totals.gas is None):
        return result
    ours = {"Minerals": minerals, "Gas": gas}
    theirs = {"Minerals": totals.minerals, "Gas": totals.gas}
    differ = [k for k in ours if theirs[k] is not None and theirs[k] != ours[k]]
    if not differ:
        return result
    when = (
        _(" with {prices}").format(prices=_(totals.prices_of))
        if totals.prices_of
        else ""
    )
    app = joined(f"{people(theirs[k] or 0)} {k}" for k in differ)
    own = joined(
        people(ours[k]) + ("" if len(differ) == 1 else f" {k}") for k in differ
    )
    label = _version_label(context.catalog.data_version)
    message = _(
        "the app counted {app}{when}; at {label} costs this list is {own}"
    ).format(app=app, when=when, label=label, own=own)
    repriced, explained = _repriced(result, context)
    # what the saved prices do not explain (the document keeps no Tactical Card prices,
    # the cleaned form none at all): said, so the difference is never left unexplained
    rest = [
        f"{ours[k] - theirs_k - explained[k]:+,} {k}"
        for k in differ
        if (theirs_k := theirs[k]) is not None and ours[k] - theirs_k != explained[k]
    ]
    if repriced and rest:
        message += _(
            " (repriced: {items}; and {rest} on items the source saves no price for)"
        ).format(items=", ".join(repriced), rest=joined(rest))
    elif repriced:
        message += _(" (repriced: {items})").format(items=", ".join(repriced))
    else:
        message += _(" (not itemized: the source saves no prices)")
    found = Collector(result.source)
    found.add(model.APP_TOTALS, message, None)
    return replace(result, findings=(*result.findings, *found.findings))


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
            size = (
                _(" ({count} models)").format(count=models)
                if models is not None and models > 1
                else ""
            )
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

"""Telling the formats apart by content (a file's name or extension is never trusted)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from armylist.importing import jsonpos
from armylist.importing.model import BadSource, ImportFormat, UnknownFormat
from armylist.text.i18n import _
from armylist.text.numbers import people

MAX_BYTES = 1024 * 1024  # the same limit as a list file
SHARE_CODE = re.compile(r"[A-Z0-9]{6}")
ZIP_MAGIC = b"PK\x03\x04"


@dataclass(frozen=True)
class Detected:
    """A source's format, its form within the format, and the parsed JSON if any."""

    format: ImportFormat
    form: str  # raw | flattened | cleaned | json | ros | rosz | seed
    data: Any = None
    lines: dict[jsonpos.JsonPath, int] | None = None


def _text(data: bytes) -> str:
    if len(data) > MAX_BYTES:
        raise BadSource(
            _(
                "the source is larger than {count} bytes (1 MiB), the most armylist "
                "reads for a list"
            ).format(count=people(MAX_BYTES))
        )
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise BadSource(_("the source is neither UTF-8 text nor a .rosz zip")) from None


def json_form(data: Any) -> tuple[ImportFormat, str] | None:
    """Which JSON format a parsed document is (IMPORT.md §0), or None."""
    if not isinstance(data, dict):
        return None
    if isinstance(data.get("fields"), dict):
        return ImportFormat.COMMAND_CENTER, "raw"
    state = data.get("state")
    if isinstance(state, dict) and "roster" in state:
        return ImportFormat.COMMAND_CENTER, "flattened"
    units = data.get("units")
    if isinstance(units, list) and (
        "factionCardId" in data
        or any(isinstance(u, dict) and "purchasedUpgrades" in u for u in units)
    ):
        return ImportFormat.COMMAND_CENTER, "cleaned"
    roster = data.get("roster")
    if isinstance(roster, dict) and "forces" in roster:
        return ImportFormat.NEW_RECRUIT, "json"
    if {"factionCardId", "scaleId", "entries"} <= data.keys():
        return ImportFormat.MK, "json"
    return None


def detect(data: bytes, name: str = "") -> Detected:
    """The format of a source's bytes.

    Raises UnknownFormat for content of no known format (and for a bare share code, which
    names a document that only ``fetch_shared_roster`` can read), BadSource for a source too
    large, not text, or malformed JSON.
    """
    if data.startswith(ZIP_MAGIC):
        if len(data) > MAX_BYTES:
            _text(data)  # raises the size message
        return Detected(ImportFormat.NEW_RECRUIT, "rosz", data)
    full = _text(data)
    text = full.strip()
    if not text:
        raise UnknownFormat(
            _(
                "{source} is empty: nothing to import (was the export saved in full?)"
            ).format(source=name or _("the source"))
        )
    if text[:4].upper() == "SCT1":
        return Detected(ImportFormat.SCT1, "seed", text)
    if SHARE_CODE.fullmatch(text.upper()) and not text.isdigit():
        raise UnknownFormat(
            _(
                "{code} is a Command Center share code: it names a document on the "
                "Command Center's server; fetch it with --seed, or import a saved copy"
            ).format(code=repr(text))
        )
    if text.startswith("<"):
        return Detected(ImportFormat.NEW_RECRUIT, "ros", text)
    if text.startswith(("{", "[")):
        try:
            parsed, lines = jsonpos.parse(full)
        except jsonpos.JsonProblem as problem:
            raise BadSource(str(problem), problem.line) from None
        form = json_form(parsed)
        if form is None:
            raise UnknownFormat(
                _(
                    "{source} is JSON of no format armylist imports (Command Center "
                    "roster, New Recruit export, malkivian83 list JSON)"
                ).format(source=name or _("the source"))
            )
        return Detected(form[0], form[1], parsed, lines)
    raise UnknownFormat(
        _(
            "{source} is of no format armylist imports: a JSON export, a BattleScribe "
            ".ros/.rosz or an SCT1-... code"
        ).format(source=name or _("the source"))
    )

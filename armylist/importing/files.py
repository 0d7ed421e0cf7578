"""Other builders' list files read as list files are: the same reader, the same limits.

`validate` finds ``.json``, ``.ros`` and ``.rosz`` files beside the YAML lists
(``SOURCE_CHECKERS``), and every command that opens one list file (``fingerprint``,
``export``, ``supply`` ...) reads them through ``check_source_path``.
"""

from __future__ import annotations

from pathlib import Path

from armylist.checked import CheckedList, Refused
from armylist.event import Event
from armylist.findings import EXIT_INVALID, ListResult
from armylist.gamedata.catalog import Catalog
from armylist.importing.api import IMPORT_SUFFIXES, check_imported
from armylist.importing.model import UNREADABLE, Collector
from armylist.listfile import UnusableFile, read_list_bytes


def is_source(path: Path) -> bool:
    """Whether a file is read by the importer (by its extension) rather than as YAML."""
    return path.suffix.lower() in IMPORT_SUFFIXES


def unreadable(file: str, message: str) -> ListResult:
    """The result of a source that cannot be imported: one `import-source` error."""
    found = Collector(file)
    found.add(UNREADABLE, message)
    return ListResult(file=file, valid=False, findings=found.findings)


def check_source_file(
    path: Path, catalog: Catalog, event: Event | None = None
) -> ListResult:
    """`validate`'s check of one source file; a file it cannot read is an AL800 error."""
    file = str(path)
    try:
        data = read_list_bytes(path, file)
    except UnusableFile as error:
        return unreadable(file, error.message)
    return check_imported(data, file, catalog, event=event).result


# validate_paths' checkers for the files that are not YAML lists, by extension
SOURCE_CHECKERS = dict.fromkeys(IMPORT_SUFFIXES, check_source_file)


def check_source_path(
    path: Path, catalog: Catalog, file: str, *, must_read: bool = False
) -> CheckedList:
    """`checked.check_path` for a source file: the list its import resolves to.

    A wrong path is refused as for a YAML list (exit 2); a source that cannot be
    imported is one AL800 finding without context, or with ``must_read`` refused (1).
    """
    try:
        data = read_list_bytes(path, file)
    except UnusableFile as error:
        raise Refused(error.message, error.exit_code) from None
    checked = check_imported(data, file, catalog)
    if checked.context is None and must_read:
        findings = checked.result.findings
        reason = findings[0].message if findings else "unreadable"
        raise Refused(f"{file} cannot be imported: {reason}", EXIT_INVALID)
    return CheckedList(checked.result, checked.context)

"""`armylist event lock`: the fingerprint of every roster into the event file's
`locked:`, and a copy of each roster as it was, so that `validate --event` can say
what changed afterwards (the Organised Play guide, §4: a locked roster stays locked;
a correction makes a new version and keeps the old).

The copies live beside the event file, in `EVENT.locked/`, under the roster's path
relative to the event file and a suffix no list search picks up:

    EVENT.locked/sub/dan.rosz.lock      the version locked last (what `validate
                                        --event` compares with)
    EVENT.locked/sub/dan.rosz.v1.lock   the first version, when it was corrected
    EVENT.locked/sub/dan.rosz.v2.lock   the second, when it was corrected again

A lock is all or nothing: every roster is read and checked first, through the one
door (any form armylist reads: YAML, a BattleScribe zip, an XML or JSON export, a
code); the new folder is built beside the old one and renamed into place, and the
event file written, only when all of it succeeded.
"""

from __future__ import annotations

import os
import re
import secrets
import shutil
from dataclasses import dataclass
from pathlib import Path

from ruamel.yaml.comments import CommentedMap

from armylist.editing.yamldoc import ListDocument
from armylist.engine import check_source, read_source
from armylist.event.model import Event
from armylist.files import safewrite
from armylist.files.reading import read_list_file
from armylist.findings import Severity
from armylist.gamedata.catalog import Catalog
from armylist.organiser.submissions import (
    SubmissionError,
    copy_path,
    list_options,
    locked_folder,
    locked_key,
    roster_paths,
)
from armylist.text.i18n import _


@dataclass(frozen=True)
class Locked:
    """One roster locked: its key in `locked:`, its fingerprint, whether it changed
    since an earlier lock, how many errors it has under the event's rules (0: legal),
    and where the copy it replaced was kept (None: nothing was replaced)."""

    roster: str
    fingerprint: str
    changed: bool
    errors: int = 0
    kept: str | None = None


@dataclass(frozen=True)
class _Read:
    """A roster read and checked, with the very bytes its fingerprint is of."""

    locked: Locked
    data: bytes


def _read(event_file: Path, event: Event, catalog: Catalog) -> list[_Read]:
    """Every player's rosters, each read once and checked under the event's rules;
    refuses a roster that cannot be read (`Refused`) or read as a list
    (`SubmissionError`)."""
    found = []
    # as `validate --event` reads them: a roster plays the cards the event gives
    options = list_options(event_file, event)
    for player in event.players or ():
        for path in roster_paths(event_file, player.rosters):
            data = read_source(path)
            result = check_source(data, str(path), catalog, options=options).result
            if result.fingerprint is None:
                raise SubmissionError(
                    _(
                        "{path} cannot be read as a list, so it cannot be locked: "
                        "`armylist validate` says why"
                    ).format(path=path)
                )
            key = locked_key(event_file, path)
            before = event.locked.get(key)
            errors = sum(f.severity is Severity.ERROR for f in result.findings)
            found.append(
                _Read(
                    Locked(
                        key,
                        result.fingerprint,
                        before not in (None, result.fingerprint),
                        errors,
                    ),
                    data,
                )
            )
    return found


def locked_text(text: str, locked: list[Locked]) -> str:
    """The event file's text with `locked:` set (made when missing); every comment
    stays where it was."""
    document = ListDocument(text)
    entries = CommentedMap((entry.roster, entry.fingerprint) for entry in locked)
    document.set_value("locked", entries, order=())
    return document.text()


def version_path(copy: Path, number: int) -> Path:
    """Where an earlier version of a locked copy is kept: `NAME.vN.lock`."""
    return copy.with_name(f"{copy.name.removesuffix('.lock')}.v{number}.lock")


def _next_version(copy: Path) -> int:
    stem = re.escape(copy.name.removesuffix(".lock"))
    pattern = re.compile(rf"{stem}\.v([0-9]+)\.lock")
    numbers = [
        int(match.group(1))
        for other in copy.parent.iterdir()
        if (match := pattern.fullmatch(other.name))
    ]
    return max(numbers, default=0) + 1


def _place(event_file: Path, staging: Path, read: _Read) -> Locked:
    """Write one copy into the folder being built; a different copy already there
    is kept as the next version."""
    folder = locked_folder(event_file)
    copy = staging / copy_path(event_file, read.locked.roster).relative_to(folder)
    copy.parent.mkdir(parents=True, exist_ok=True)
    kept = None
    if copy.is_file():
        if copy.read_bytes() == read.data:
            return read.locked
        version = version_path(copy, _next_version(copy))
        os.rename(copy, version)
        kept = (folder / version.relative_to(staging)).as_posix()
    safewrite.write_bytes(copy, read.data)
    return Locked(
        read.locked.roster,
        read.locked.fingerprint,
        read.locked.changed,
        read.locked.errors,
        kept,
    )


def lock(event_file: Path, event: Event, catalog: Catalog) -> list[Locked]:
    """Lock every roster, all or nothing: nothing is written until every roster is
    read; the copies are built in a folder beside `EVENT.locked/` (earlier copies
    and versions included) that replaces it, and the event file is written last,
    never over a file changed meanwhile (`SubmissionError`); when that fails the old
    folder is put back."""
    reads = _read(event_file, event, catalog)
    before = read_list_file(event_file)
    text = locked_text(
        before.text.replace("\r\n", "\n"), [read.locked for read in reads]
    )
    folder = locked_folder(event_file)
    # Made by mkdir, not mkdtemp (0700): the folder gets the permissions any new
    # folder gets, or the old folder's (copytree copies them).
    staging = folder.parent / f".{folder.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp"
    staging.mkdir()
    old = staging.with_suffix(".old")
    try:
        if folder.is_dir():
            shutil.copytree(folder, staging, symlinks=True, dirs_exist_ok=True)
        locked = [_place(event_file, staging, read) for read in reads]
        if read_list_file(event_file).text != before.text:
            raise SubmissionError(_changed(event_file))
        had_folder = folder.is_dir()
        if had_folder:
            os.rename(folder, old)
        try:
            os.rename(staging, folder)
            # Compared again under the writer's lock, just before the rename.
            safewrite.write_text(
                event_file,
                before.as_written(text),
                expected=before.digest,
            )
        except BaseException:
            if folder.is_dir() and not staging.exists():
                os.rename(folder, staging)
            if had_folder:
                os.rename(old, folder)
            raise
    except safewrite.FileChanged:
        raise SubmissionError(_changed(event_file)) from None
    finally:
        for leftover in (staging, old):
            if leftover.exists():
                shutil.rmtree(leftover, ignore_errors=True)
    return locked


def _changed(event_file: Path) -> str:
    return _("{file} changed while locking: run it again").format(file=event_file)

"""`armylist event lock`: the fingerprint of every roster into the event file's
`locked:`, and a copy of each roster as it was, so that `validate --event` can say
what changed afterwards (ORGANISED-PLAY.md §4: a locked roster stays locked)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from armylist import safewrite
from armylist.engine import open_list
from armylist.event import Event
from armylist.gamedata.catalog import Catalog
from armylist.i18n import _
from armylist.listfile import read_list_file
from armylist.organiser.submissions import (
    SubmissionError,
    copy_path,
    list_options,
    locked_key,
    roster_paths,
)


@dataclass(frozen=True)
class Locked:
    """One roster locked: its key in `locked:`, its fingerprint, and whether it
    changed since an earlier lock."""

    roster: str
    fingerprint: str
    changed: bool


def fingerprints(event_file: Path, event: Event, catalog: Catalog) -> list[Locked]:
    """Every player's rosters with their fingerprints; refuses a roster that cannot
    be read as a list (`SubmissionError`)."""
    found = []
    # as `validate --event` reads them: a roster plays the cards the event gives
    options = list_options(event_file, event)
    for player in event.players or ():
        for path in roster_paths(event_file, player.rosters):
            result = open_list(path, catalog, options=options).result
            if result.fingerprint is None:
                raise SubmissionError(
                    _(
                        "{path} cannot be read as a list, so it cannot be locked: "
                        "`armylist validate` says why"
                    ).format(path=path)
                )
            key = locked_key(event_file, path)
            before = event.locked.get(key)
            found.append(
                Locked(
                    key, result.fingerprint, before not in (None, result.fingerprint)
                )
            )
    return found


def locked_text(text: str, locked: list[Locked]) -> str:
    """The event file's text with `locked:` set (made when missing); every comment
    stays where it was."""
    from ruamel.yaml.comments import CommentedMap

    from armylist.editing.yamldoc import ListDocument

    document = ListDocument(text)
    entries = CommentedMap((entry.roster, entry.fingerprint) for entry in locked)
    document.set_value("locked", entries, order=())
    return document.text()


def lock(event_file: Path, event: Event, catalog: Catalog) -> list[Locked]:
    """Write the copies and then the event file, each through the one safe writer,
    never over an event file changed meanwhile (`SubmissionError`)."""
    locked = fingerprints(event_file, event, catalog)
    before = read_list_file(event_file)
    text = locked_text(before.text.replace("\r\n", "\n"), locked)
    for entry in locked:
        copy = copy_path(event_file, entry.roster)
        copy.parent.mkdir(parents=True, exist_ok=True)
        source = read_list_file(event_file.parent / entry.roster).text
        safewrite.write_text(copy, source)
    if read_list_file(event_file).text != before.text:
        raise SubmissionError(_changed(event_file))
    output = text.replace("\n", "\r\n") if before.crlf else text
    try:
        # Compared again under the writer's lock, just before the rename.
        safewrite.write_text(
            event_file,
            ("\ufeff" if before.bom else "") + output,
            expected=before.digest,
        )
    except safewrite.FileChanged:
        raise SubmissionError(_changed(event_file)) from None
    return locked


def _changed(event_file: Path) -> str:
    return _("{file} changed while locking: run it again").format(file=event_file)

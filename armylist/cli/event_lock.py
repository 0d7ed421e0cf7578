"""`event lock`: lock every player's rosters for the event."""

from __future__ import annotations

from pathlib import Path

import typer

from armylist.cli.event import EventFile, event_app, event_or_exit
from armylist.cli.exits import catalog_or_exit, fail
from armylist.cli.options import DataOption
from armylist.files.reading import UnusableFile
from armylist.findings import Refused
from armylist.organiser.lock import Locked, lock
from armylist.organiser.submissions import SubmissionError
from armylist.text.i18n import _, ngettext
from armylist.text.numbers import people
from armylist.text.visible import visible


@event_app.command("lock")
def lock_command(file: EventFile, data: DataOption = None) -> None:
    """Lock every player's rosters: write their fingerprints into the event file's
    `locked:` and keep a copy of each beside it, in `EVENT.locked/` (the Organised
    Play guide, §4).

    Every form armylist reads can be locked (YAML, .ros, .rosz, JSON exports, SCT1
    codes). `validate --event` then reports a roster changed since (AL706
    `roster-changed`), with what changed. Lock again after a judge approves a
    correction: the copy it replaces is kept as `ROSTER.v1.lock`, `ROSTER.v2.lock`,
    and so on. A roster illegal under the event's rules is locked and named, with
    its error count. All or nothing: when a roster cannot be read, nothing is written.

    Exit codes: 0 locked (illegal rosters too); 2 the event file cannot be used, it
    names a roster that does not exist or cannot be read as a list, or it cannot be
    written.

    Examples: `armylist event lock event.yaml`.
    """

    catalog = catalog_or_exit(data)
    event = event_or_exit(file, catalog)
    if not event.players or not any(p.rosters for p in event.players):
        fail(
            _("{file}: no player names a roster (`players:` with `rosters:`)").format(
                file=file
            )
        )
    try:
        locked = lock(file, event, catalog)
    except SubmissionError as error:
        fail(str(error))
    except Refused as refused:
        fail(
            _("{file}: nothing was locked: {message}").format(
                file=file, message=refused.message
            ),
            refused.exit_code,
        )
    except UnusableFile as error:
        fail(error.message)
    except OSError as error:
        fail(_("cannot write {file}: {error}").format(file=file, error=error))
    for entry in locked:
        typer.echo(visible(_locked_line(file, entry)))
    summary = ngettext(
        "{file}: {count} roster locked",
        "{file}: {count} rosters locked",
        len(locked),
    ).format(file=file, count=people(len(locked)))
    illegal = sum(1 for entry in locked if entry.errors)
    if illegal:
        summary += ngettext(
            ", {count} of them illegal",
            ", {count} of them illegal",
            illegal,
        ).format(count=people(illegal))
    typer.echo(summary, err=True)


def _locked_line(file: Path, entry: Locked) -> str:
    """A roster locked: its fingerprint and path, and what changed or is illegal."""
    notes = []
    if entry.changed and entry.kept is not None:
        notes.append(
            _("changed since the last lock; the earlier version kept as {copy}").format(
                copy=entry.kept
            )
        )
    elif entry.changed:
        notes.append(_("changed since the last lock"))
    elif entry.kept is not None:
        notes.append(
            _("edited since the last lock; the earlier version kept as {copy}").format(
                copy=entry.kept
            )
        )
    if entry.errors:
        notes.append(
            ngettext(
                "illegal, {count} error: see `armylist validate {roster} --event "
                "{file}`",
                "illegal, {count} errors: see `armylist validate {roster} --event "
                "{file}`",
                entry.errors,
            ).format(
                count=people(entry.errors),
                roster=file.parent / entry.roster,
                file=file,
            )
        )
    note = "  (" + "; ".join(notes) + ")" if notes else ""
    return f"{entry.fingerprint}  {entry.roster}{note}"

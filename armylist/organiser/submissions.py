"""`validate --event`: the rules over each player's rosters (Dual List, the deadline,
the lock), added to the report of the lists checked (the Organised Play guide, §3-4)."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace
from pathlib import Path

from armylist.door.discovery import discover
from armylist.engine import ListOptions, open_list
from armylist.event.model import Event, EventRoster
from armylist.event.reader import EventError, load_event
from armylist.files import paths
from armylist.findings import Finding, ListResult, Refused, Report, is_valid
from armylist.gamedata.catalog import Catalog
from armylist.organiser.listdiff import ListDiff, diff_results
from armylist.rules.submissions import (
    SUBMISSION_RULES,
    SubmissionContext,
    Submitted,
)
from armylist.text.i18n import _
from armylist.text.numbers import people


class SubmissionError(Exception):
    """A roster the event file names cannot be found."""


def roster_paths(
    event_file: Path, rosters: tuple[str, ...], *, must_exist: bool = True
) -> list[Path]:
    """A player's roster files: each named file, and every list in a named folder;
    refuses (`SubmissionError`) a roster that does not exist, unless told not to."""
    found: list[Path] = []
    for roster in rosters:
        try:
            path = paths.inside(event_file.parent, roster)
        except paths.UnusablePath as unusable:
            raise SubmissionError(
                _("{file}: the roster {problem}").format(
                    file=event_file, problem=unusable.message
                )
            ) from None
        if must_exist and (why := paths.unreachable(path)) is not None:
            raise SubmissionError(
                _("{file}: cannot read the roster {roster}: {reason}").format(
                    file=event_file, roster=roster, reason=why
                )
            )
        if must_exist and not paths.exists(path):
            raise SubmissionError(
                _(
                    "{file}: the roster {roster} does not exist (paths in "
                    "`rosters:` are relative to the event file)"
                ).format(file=event_file, roster=roster)
            )
        found += [e.path for e in discover([path])] if paths.is_dir(path) else [path]
    return found


def locked_folder(event_file: Path) -> Path:
    """Where `event lock` keeps the rosters as they were locked: `<event>.locked/`
    beside the event file."""
    return event_file.parent / f"{event_file.stem}.locked"


def event_rosters(event_file: Path, event: Event) -> dict[str, EventRoster]:
    """What the event file says of each roster it names, by the roster's resolved
    path: the player's name, and the scenario cards it gives the player."""
    found: dict[str, EventRoster] = {}
    for player in event.players or ():
        roster = EventRoster(
            player=player.name,
            missions=player.mission_cards,
            deployments=player.deployment_cards,
        )
        for path in roster_paths(event_file, player.rosters, must_exist=False):
            try:
                found[str(path.resolve())] = roster
            except (OSError, RuntimeError):  # a symlink loop: reported when read
                continue
    return found


def list_options(
    event_file: Path, event: Event, *, strict: bool = False
) -> ListOptions:
    """How a list is checked under the event: by its rules, and as the event file
    names it (its player, the player's scenario cards)."""
    return ListOptions(
        event=event, rosters=event_rosters(event_file, event), strict=strict
    )


def event_options(
    event_file: Path, catalog: Catalog, *, strict: bool = False
) -> tuple[Event, ListOptions]:
    """The event file read and checked, and how its lists are checked (`list_options`);
    refuses (`Refused`, exit 2) an event file that cannot be used."""
    try:
        event = load_event(event_file, catalog)
    except EventError as error:
        raise Refused(
            _("the event file cannot be used:\n{error}").format(error=error)
        ) from None
    return event, list_options(event_file, event, strict=strict)


def copy_path(event_file: Path, roster: str) -> Path:
    """Where `event lock` keeps a roster as it was locked last: in `<event>.locked/`,
    with a suffix no list search picks up (earlier versions: `organiser.lock`)."""
    return locked_folder(event_file) / f"{roster}.lock"


def locked_key(event_file: Path, path: Path) -> str:
    """A roster's key in `locked:`: its path relative to the event file's folder."""
    return path.resolve().relative_to(event_file.parent.resolve()).as_posix()


def changes(diff: ListDiff) -> tuple[str, ...]:
    """What a diff names, in `armylist diff`'s words."""
    named = [
        *(_("+ card {name}").format(name=c) for c in diff.cards_added),
        *(_("- card {name}").format(name=c) for c in diff.cards_removed),
        *(_("+ unit {name}").format(name=u) for u in diff.units_added),
        *(_("- unit {name}").format(name=u) for u in diff.units_removed),
        *(_("+ mission {name}").format(name=m) for m in diff.missions_added),
        *(_("- mission {name}").format(name=m) for m in diff.missions_removed),
        *(_("+ deployment {name}").format(name=d) for d in diff.deployments_added),
        *(_("- deployment {name}").format(name=d) for d in diff.deployments_removed),
    ]
    if diff.faction is not None:
        before, after = diff.faction
        named.append(
            _("faction: {before} -> {after}").format(before=before, after=after)
        )
    if diff.scale is not None:
        before, after = diff.scale
        named.append(_("scale: {before} -> {after}").format(before=before, after=after))
    if diff.minerals[0] != diff.minerals[1]:
        named.append(
            _("Minerals {before} -> {after}").format(
                before=people(diff.minerals[0]), after=people(diff.minerals[1])
            )
        )
    return tuple(named)


def _submitted(path: Path, when: dt.datetime | None) -> tuple[dt.datetime, str]:
    if when is not None:
        return when, _("`submitted:` in the event file")
    stamp = dt.datetime.fromtimestamp(path.stat().st_mtime, tz=dt.UTC)
    return stamp, _("the file's time")


def check_submissions(
    event_file: Path, event: Event, report: Report, catalog: Catalog
) -> Report:
    """The report with each player's rosters checked together; a roster the report
    does not hold is checked here (so a Dual List check sees both)."""
    results = {Path(r.file).resolve(): r for r in report.results}
    added: dict[str, list[Finding]] = {}
    options = list_options(event_file, event)
    for player in event.players or ():
        rosters = []
        for path in roster_paths(event_file, player.rosters):
            result = (
                results.get(path.resolve())
                or open_list(path, catalog, options=options).result
            )
            key = locked_key(event_file, path)
            locked = event.locked.get(key)
            found: tuple[str, ...] = ()
            copy = copy_path(event_file, key)
            if locked is not None and locked != result.fingerprint and copy.is_file():
                # read as the roster it copies, with the event's cards for the player
                before = open_list(
                    copy, catalog, options=options, label=str(path)
                ).result
                found = changes(diff_results(before, result))
            when, by = _submitted(path, player.submitted)
            rosters.append(
                Submitted(
                    file=result.file,
                    race=result.race,
                    fingerprint=result.fingerprint,
                    locked=locked,
                    changes=found,
                    submitted=when,
                    submitted_by=by,
                )
            )
        context = SubmissionContext(
            event_file=str(event_file),
            player=player.name,
            rosters=tuple(rosters),
            allowed=event.rosters_allowed,
            deadline=event.deadline,
        )
        for submission_rule in SUBMISSION_RULES:
            for finding in submission_rule.run(context):
                added.setdefault(finding.file, []).append(finding)
    if not added:
        return report
    merged: list[ListResult] = []
    for result in report.results:
        findings = sorted(
            [*result.findings, *added.pop(result.file, [])],
            key=lambda f: f.sort_key(),
        )
        merged.append(
            replace(
                result,
                findings=findings,
                valid=is_valid(findings, strict=report.strict),
            )
        )
    return replace(report, results=merged)

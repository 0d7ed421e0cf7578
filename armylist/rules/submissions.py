"""Organised-play rules of an event's submissions (the Organised Play guide, §1-4).

Two read one list under `--event` (`roster-incomplete`, `organised-play-scale`); the
others read every roster of a player at once (`SubmissionContext`) and are run once
per event by `validate --event`, as the team rules are once per team.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import PurePath

from armylist.findings import Finding, Severity
from armylist.resolved import Context
from armylist.rules.base import Rule, RuleInfo, rule
from armylist.text.i18n import N_, _


def _converted(file: str) -> str:
    """The YAML list a roster in another builder's form is imported to."""
    path = PurePath(file)
    suffix = "-list.yaml" if path.suffix.lower() in (".yaml", ".yml") else ".yaml"
    return path.stem + suffix


def player_hint(context: Context) -> str:
    """How to give a roster its player: in the list, or (another builder's export,
    which cannot be edited) in the event file, or in the YAML it imports to."""
    if context.form == "yaml":
        return _(
            "add `player: NAME` to the list, or name the player in the event file: "
            "`players: [{{name: NAME, rosters: [...]}}]` with this roster"
        ).format()
    return _(
        "name the player in the event file: `players: [{{name: NAME, rosters: "
        "[...]}}]` with this roster; or import it as a list you can edit: "
        "`armylist import {file} -o {yaml}`, then `armylist set {yaml} player NAME`"
    ).format(file=context.file, yaml=_converted(context.file))


def scenario_hint(context: Context, key: str) -> str:
    """How to give a roster its Mission (``key`` `missions`) or Deployment Cards:
    in the list, or (another builder's export, which has no place for them) beside
    the player's rosters in the event file, or in the YAML it imports to."""
    if context.form == "yaml":
        return _("add `{key}: [..., ...]`").format(key=key)
    event_key = "mission_cards" if key == "missions" else "deployment_cards"
    return _(
        "in the event file, give the player's 2 cards beside their rosters: "
        "`{{name: NAME, rosters: [...], {event_key}: [..., ...]}}` under `players:`; "
        "or import it as a list you can edit: `armylist import {file} -o {yaml}`, "
        "and add `{key}: [..., ...]` there"
    ).format(
        event_key=event_key,
        key=key,
        file=context.file,
        yaml=_converted(context.file),
    )


@rule("AL703", "roster-incomplete", Severity.WARNING, N_("OP guide §2"), needs="event")
def roster_incomplete(self: Rule, context: Context) -> Iterator[Finding]:
    """Under an event, a roster names its player and brings 2 Mission and 2
    Deployment Cards.

    The guide's Army Roster carries the player's name and the scenario cards; without
    them the organiser cannot publish it or pair its player. (An event with
    `scenario_cards: true` makes missing cards an `event` error instead.)

    The event file may give both for a roster it names: its name for the roster
    is the player, and a player's `mission_cards:` and `deployment_cards:` beside
    their `rosters:` are the cards of a roster that brings none (another builder's
    export carries none).

    Bad (warning, with `--event`): a list without `player:`
    Good: `player: Ana`, `missions: [Hold Position, Frontlines]`,
    `deployments: [Gauntlet, Typhoon]`
    """
    army = context.army
    if context.event is None or army is None:
        return
    if not (army.player or "").strip():
        yield self.at(
            context,
            (),
            _("the roster names no player: an event roster carries its player's name"),
            player_hint(context),
        )
    if context.event.scenario_cards:
        return
    for key, label in (("missions", "Mission"), ("deployments", "Deployment")):
        if getattr(army, key) is None:
            yield self.at(
                context,
                (),
                _(
                    "the roster brings no {label} Cards: an event roster brings 2"
                ).format(label=label),
                scenario_hint(context, key),
            )


@rule("AL707", "organised-play-scale", Severity.ERROR, N_("OP guide §1"), needs="event")
def organised_play_scale(self: Rule, context: Context) -> Iterator[Finding]:
    """Organised play is Skirmish or Standard: Grand Offensive is refused.

    An event that names a `format:`, `players:`, a `deadline:` or `locked:` rosters
    is organised play.

    Bad:  `scale: grand-offensive` at a Dual List event
    Good: `scale: standard`
    """
    if context.event is None or not context.event.organised:
        return
    if context.scale is not None and context.scale.id == "grand-offensive":
        yield self.at(
            context,
            ("scale",),
            _("Grand Offensive is not an organised-play scale"),
            _(
                "build the roster for `scale: standard` (or skirmish, if the event "
                "plays it)"
            ),
        )


@dataclass(frozen=True)
class Submitted:
    """One roster of a player, as the event rules see it."""

    file: str
    race: str | None
    fingerprint: str | None
    locked: str | None = None  # the fingerprint `event lock` wrote
    changes: tuple[str, ...] = ()  # what changed since the lock, when it is known
    submitted: dt.datetime | None = None
    submitted_by: str = N_("the file's time")  # translated where it is shown


@dataclass(frozen=True)
class SubmissionContext:
    """A player's rosters and what the event allows."""

    event_file: str
    player: str
    rosters: tuple[Submitted, ...]
    allowed: int  # 2 in Dual List, 1 in Single List
    deadline: dt.datetime | None


SubmissionCheck = Callable[["SubmissionRule", SubmissionContext], Iterable[Finding]]


@dataclass(frozen=True)
class SubmissionRule(RuleInfo[SubmissionContext]):
    """A registered check of one player's rosters."""

    def at(self, roster: Submitted, message: str, hint: str) -> Finding:
        """A finding of this rule on a roster (at its top: the file as a whole)."""
        return self.finding(roster.file, 1, 1, message, hint)


def submission_rule(
    code: str, name: str, severity: Severity, ref: str
) -> Callable[[SubmissionCheck], SubmissionRule]:
    """Attach a submission rule's metadata to its check function."""

    def wrap(check: SubmissionCheck) -> SubmissionRule:
        return SubmissionRule(
            code=code, name=name, severity=severity, ref=ref, check=check
        )

    return wrap


@submission_rule("AL704", "dual-list", Severity.ERROR, N_("OP guide §3"))
def dual_list(self: SubmissionRule, context: SubmissionContext) -> Iterator[Finding]:
    """A player submits at most two rosters (one under `format: single`), both of
    one race.

    Dual List is the guide's default: the two rosters may use different Faction
    Cards (Raynor's Raiders and Terran Armed Forces) but not different races. Each
    roster is also checked on its own, with its own 2 + 2 scenario cards.

    Bad:  Ana's rosters `ana.yaml` (Terran) and `ana-2.yaml` (Zerg)
    Good: `ana.yaml` (Raynor's Raiders) and `ana-2.yaml` (Terran Armed Forces)
    """
    kind = _("Single List") if context.allowed == 1 else _("Dual List")
    for extra in context.rosters[context.allowed :]:
        yield self.at(
            extra,
            _(
                "{player} submitted {count} rosters; a {kind} event takes at most "
                "{allowed}: {file} is one too many"
            ).format(
                player=context.player,
                count=len(context.rosters),
                kind=kind,
                allowed=context.allowed,
                file=extra.file,
            ),
            _("remove it from {player}'s `rosters:` in {event}").format(
                player=context.player, event=context.event_file
            ),
        )
    races = [r.race for r in context.rosters[: context.allowed] if r.race]
    first = races[0] if races else None
    for roster in context.rosters[1 : context.allowed]:
        if roster.race and first and roster.race != first:
            yield self.at(
                roster,
                _(
                    "{player}'s rosters are of two races: {first_file} is {first}, "
                    "{file} is {race}"
                ).format(
                    player=context.player,
                    first_file=context.rosters[0].file,
                    first=first,
                    file=roster.file,
                    race=roster.race,
                ),
                _(
                    "both of a player's rosters are {race} (the Faction Cards may "
                    "differ)"
                ).format(race=first),
            )


@submission_rule("AL705", "late-roster", Severity.WARNING, N_("OP guide §4"))
def late_roster(self: SubmissionRule, context: SubmissionContext) -> Iterator[Finding]:
    """A roster came in after the event's `deadline:`.

    The submission time is the player's `submitted:` in the event file, or else the
    roster file's own time. The organiser decides the penalty.

    Bad (warning):  `deadline: 2026-05-02T23:59:00+02:00`, `submitted:
    2026-05-03T09:00:00+02:00`
    Good: submitted before the deadline
    """
    if context.deadline is None:
        return
    for roster in context.rosters:
        if roster.submitted is not None and roster.submitted > context.deadline:
            late = roster.submitted - context.deadline
            minutes = int(late.total_seconds() // 60)
            yield self.at(
                roster,
                _(
                    "{player}'s roster came in {when} ({by}), {hours} h {minutes} min "
                    "after the deadline {deadline}"
                ).format(
                    player=context.player,
                    when=roster.submitted.replace(microsecond=0).isoformat(),
                    by=_(roster.submitted_by),
                    hours=minutes // 60,
                    minutes=f"{minutes % 60:02d}",
                    deadline=context.deadline.isoformat(),
                ),
                _("apply the event's late-submission penalty, or move `deadline:`"),
            )


@submission_rule("AL706", "roster-changed", Severity.ERROR, N_("OP guide §4"))
def roster_changed(
    self: SubmissionRule, context: SubmissionContext
) -> Iterator[Finding]:
    """A roster changed after `armylist event lock` locked it.

    A locked roster stays as it was submitted; a correction makes a new version under
    a judge. The finding names what changed (as `armylist diff` does) when the copy
    kept by `event lock` is there.

    Bad:  a Marine unit added to `ana.yaml` after the lock
    Good: the roster as locked (its fingerprint matches `locked:`)
    """
    for roster in context.rosters:
        if roster.locked is None or roster.locked == roster.fingerprint:
            continue
        changes = "; ".join(roster.changes) or _("the copy kept at the lock is missing")
        yield self.at(
            roster,
            _(
                "{player}'s roster changed since it was locked ({locked} -> "
                "{fingerprint}): {changes}"
            ).format(
                player=context.player,
                locked=roster.locked,
                fingerprint=roster.fingerprint,
                changes=changes,
            ),
            _(
                "restore the locked roster, or lock again with `armylist event lock` "
                "once a judge approves the correction"
            ),
        )


SUBMISSION_RULES: tuple[SubmissionRule, ...] = (dual_list, late_roster, roster_changed)

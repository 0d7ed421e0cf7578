"""Team-level rules (§9.1.8): checked once per team file, not once per list.

They are part of the one registry (`rules.RULES`), in their own tuple (`TEAM_RULES`), because
they read a `TeamContext` (every player's share) rather than one list's `Context`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from armylist.files.yamlsource import Position
from armylist.findings import Finding, Severity
from armylist.rules.base import RuleInfo, minerals
from armylist.text.i18n import _


@dataclass(frozen=True)
class Share:
    """One player's share of the team's Minerals: their list's Mineral limit."""

    player: str | None
    file: str
    minerals: int | None

    @property
    def label(self) -> str:
        """E.g. 'Alice (alice.yaml)', or the file alone when the list names nobody."""
        return f"{self.player} ({self.file})" if self.player else self.file


@dataclass(frozen=True)
class TeamContext:
    """What the team rules look at: the team file and every player's share."""

    file: str
    minerals: int
    minerals_at: Position
    shares: tuple[Share, ...]

    @property
    def allocated(self) -> int:
        """The Minerals split to the players (shares that are known)."""
        return sum(s.minerals for s in self.shares if s.minerals is not None)


TeamCheck = Callable[["TeamRule", TeamContext], Iterable[Finding]]


@dataclass(frozen=True)
class TeamRule(RuleInfo[TeamContext]):
    """A registered check of a whole team."""

    def at(
        self, context: TeamContext, position: Position, message: str, hint: str
    ) -> Finding:
        """A finding of this rule in the team file."""
        return self.finding(context.file, position.line, position.column, message, hint)


def team_rule(
    code: str, name: str, severity: Severity, ref: str
) -> Callable[[TeamCheck], TeamRule]:
    """Attach a team rule's metadata to its check function."""

    def wrap(check: TeamCheck) -> TeamRule:
        return TeamRule(code=code, name=name, severity=severity, ref=ref, check=check)

    return wrap


@team_rule("AL701", "team-minerals", Severity.ERROR, "§9.1.8")
def team_minerals(self: TeamRule, context: TeamContext) -> Iterator[Finding]:
    """The players' Mineral shares together may not exceed the team's Mineral total.

    In team games (2v2, 3v3, free-for-all) the team agrees a Mineral total and splits it
    freely between its players. A player's share is their list's Mineral limit (its
    `minerals:`, or the scale's limit when omitted); their Vespene Gas is a tenth (10%)
    of their own share. Checked by `armylist validate --team TEAM.yaml`; each list is
    also validated on its own (own Faction Card and Tactical Cards; races may repeat).

    Bad:  `minerals: 4000` in the team file, players' lists of 2,500 and 2,000 Minerals
    Good: players' lists of 2,000 and 2,000 (or 2,500 and 1,500)
    """
    allocated = context.allocated
    if allocated <= context.minerals:
        return
    over = allocated - context.minerals
    shares = " + ".join(
        f"{s.label} {minerals(s.minerals)}" for s in context.shares if s.minerals
    )
    yield self.at(
        context,
        context.minerals_at,
        _(
            "the players' Minerals add up to {allocated} of the team's {total}: "
            "{over} over ({shares})"
        ).format(
            allocated=minerals(allocated),
            total=minerals(context.minerals),
            over=minerals(over),
            shares=shares,
        ),
        _(
            "lower a player's `minerals:` by {over} in total, or agree a larger "
            "team total"
        ).format(over=minerals(over)),
    )


TEAM_RULES: tuple[TeamRule, ...] = (team_minerals,)

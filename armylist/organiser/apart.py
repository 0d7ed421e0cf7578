"""Keeping team-mates and club-mates apart (the event file's `team:` and `club:`).

Round 1 never pairs two players of one team or one club when a pairing without it
exists: the random draw stands where it already keeps them apart, else the fewest
pairs of the draw change. Later rounds keep them apart only when it costs nothing
else: the same repeats, the same bye bracket and the same Match Point gaps (the
sum of squared differences). Every pair that could not be kept apart is named.
"""

from __future__ import annotations

import networkx as nx

from armylist.event.model import Event
from armylist.text.i18n import _

BYE = "\x00bye"  # the bye's node: no player's name starts with NUL


class Apart:
    """Who must not meet: the players' teams and clubs (none with `--allow-same-club`)."""

    def __init__(self, event: Event, *, allowed: bool = False) -> None:
        players = () if allowed else event.players or ()
        self.team = {p.name: p.team for p in players if p.team}
        self.club = {p.name: p.club for p in players if p.club}

    def shared(self, a: str, b: str) -> tuple[str, str] | None:
        """What two players share, team first: ("team", its name), ("club", its
        name), or None."""
        for kind, group in (("team", self.team), ("club", self.club)):
            if a in group and b in group and group[a].casefold() == group[b].casefold():
                return kind, group[a]
        return None

    def clash(self, a: str, b: str) -> bool:
        """Whether two players share a team or a club."""
        return self.shared(a, b) is not None

    def why(self, table: int, red: str, blue: str, *, first_round: bool) -> str | None:
        """Why a pair of one team or club plays (None: they share neither)."""
        shared = self.shared(red, blue)
        if shared is None:
            return None
        kind, group = shared
        if first_round:
            message = (
                _(
                    "Table {table}: {red} and {blue} are both of team {group}; no "
                    "pairing of round 1 keeps every team and club apart."
                )
                if kind == "team"
                else _(
                    "Table {table}: {red} and {blue} are both of club {group}; no "
                    "pairing of round 1 keeps every team and club apart."
                )
            )
        else:
            message = (
                _(
                    "Table {table}: {red} and {blue} are both of team {group}; "
                    "keeping them apart would cost a repeat or a wider Match Point "
                    "gap."
                )
                if kind == "team"
                else _(
                    "Table {table}: {red} and {blue} are both of club {group}; "
                    "keeping them apart would cost a repeat or a wider Match Point "
                    "gap."
                )
            )
        return message.format(table=table, red=red, blue=blue, group=group)

    def redraw(
        self, order: list[str], bye: str | None
    ) -> tuple[list[tuple[str, str]], str | None]:
        """Round 1's drawn pairs (``order`` two by two) and bye, changed as little as
        keeps every team and club apart that any pairing can."""
        drawn = [(order[i], order[i + 1]) for i in range(0, len(order) - 1, 2)]
        if not any(self.clash(a, b) for a, b in drawn):
            return drawn, bye
        players = [*order, *([bye] if bye is not None else [])]
        kept = {frozenset(pair) for pair in drawn}
        # Each pair apart outweighs keeping every drawn pair; then keep the most.
        apart = len(players) + 1
        graph: nx.Graph[str] = nx.Graph()
        for i, a in enumerate(players):
            for b in players[i + 1 :]:
                weight = (0 if self.clash(a, b) else apart) + (
                    1 if frozenset((a, b)) in kept else 0
                )
                graph.add_edge(a, b, weight=weight)
            if bye is not None:
                graph.add_edge(BYE, a, weight=apart + (1 if a == bye else 0))
        matching = nx.max_weight_matching(graph, maxcardinality=True)
        pairs: list[tuple[str, str]] = []
        new_bye = None
        for a, b in matching:
            if BYE in (a, b):
                new_bye = b if a == BYE else a
            else:
                pairs.append((a, b) if players.index(a) < players.index(b) else (b, a))
        pairs.sort(key=lambda pair: players.index(pair[0]))
        return pairs, new_bye

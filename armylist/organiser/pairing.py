"""Swiss pairings for the next round of an event (the Organised Play guide, §8).

Round one is random from a seed (given, or made from the event's name and players, so
the same event gives the same pairings). Later rounds are one maximum-weight perfect
matching (networkx's blossom algorithm) whose weights rank, in this order: the bye goes
to a player with the fewest byes so far (a hard rule: no other player gets the bye
edge); no two players meet twice; the bye goes to the lowest bracket; opponents' Match
Points are as close as can be (the sum of squared differences is smallest). Ties fall
to the seed. A spare Head Judge plays when the players are odd, so nobody has a bye.
Team-mates and club-mates are kept apart as `organiser.apart` says. A player who has
not paid or not checked in (`paid: false`, `checked_in: false`) sits out round 1.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Mapping
from dataclasses import dataclass

import networkx as nx
from ruamel.yaml.comments import CommentedMap

from armylist.editing.yamldoc import ListDocument, append_item, remove_item
from armylist.event.model import Event
from armylist.event.play import dropped_after
from armylist.organiser.apart import BYE, Apart
from armylist.organiser.rounds import waiting
from armylist.organiser.standings import GameLine, all_lines, classified
from armylist.text.i18n import _, ngettext
from armylist.text.numbers import people

MAX_PLAYERS = 1024  # a matching of 1,024 players takes seconds; more would take minutes


class PairingError(Exception):
    """The round cannot be paired: the message says why and what to do."""


@dataclass(frozen=True)
class Pairing:
    """One table of a round."""

    table: int
    red: str
    blue: str


@dataclass(frozen=True)
class Pairings:
    """A round's pairings, its bye, and why any pairing breaks a rule."""

    round: int
    pairings: tuple[Pairing, ...]
    bye: str | None
    notes: tuple[str, ...]
    seed: int


def event_seed(event: Event, players: list[str], round_number: int) -> int:
    """The seed an event pairs with when none is given: the same event and round
    give the same pairings."""
    text = "\n".join([event.name or "", str(round_number), *sorted(players)])
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:4], "big")


def is_draft(event: Event, round_number: int) -> bool:
    """The round is the event's last, unpublished, and no table has a result yet:
    `event pair` may pair it again, replacing it."""
    entries = [e for e in event.results if e.round == round_number]
    return (
        bool(entries)
        and round_number not in event.published
        and all(e.pending or e.bye is not None for e in entries)
        and not any(e.round > round_number for e in event.results)
    )


def _check_round(event: Event, round_number: int) -> None:
    if round_number < 1:
        raise PairingError(
            _("round {round}: rounds are numbered from 1").format(round=round_number)
        )
    already = [e for e in event.results if e.round >= round_number]
    if already:
        raise PairingError(
            _(
                "round {found} is already in the event file (line {line}): a round "
                "is paired again only while it is a draft (not published, no "
                "result entered)"
            ).format(found=already[0].round, line=already[0].line, round=round_number)
        )
    last = max((e.round for e in event.results), default=0)
    if round_number != last + 1:
        raise PairingError(
            _(
                "round {round} comes after round {before}, which has no results: "
                "pair round {next} first"
            ).format(round=round_number, before=round_number - 1, next=last + 1)
        )
    problems = waiting(event)
    if problems:
        raise PairingError("\n".join(problems))


def _players(
    event: Event, round_number: int
) -> tuple[list[str], str | None, list[str]]:
    """The players of the round, the spare Head Judge who plays (or None), and a
    note for each player who sits out round 1 (not paid, not checked in)."""
    if event.players is None and round_number == 1:
        raise PairingError(
            _(
                "round 1 needs the players: add `players:` to the event file, e.g. "
                "`players: [{{name: Ana}}, {{name: Ben}}]`"
            ).format()
        )
    gone = dropped_after(event.results, event.drops)

    def active(name: str) -> bool:
        return name not in gone or gone[name] >= round_number

    players = [p for p in classified(event) if active(p)]
    notes = []
    if round_number == 1:
        absent = [p for p in event.players or () if not p.present]
        for player in absent:
            notes.append(
                _(
                    "{player} sits out round 1: not marked as paid (`paid: false`)."
                ).format(player=player.name)
                if not player.paid
                else _(
                    "{player} sits out round 1: not checked in (`checked_in: false`)."
                ).format(player=player.name)
            )
        players = [p for p in players if p not in {a.name for a in absent}]
    spare = next(
        (
            p.name
            for p in event.players or ()
            if p.spare and active(p.name) and (round_number > 1 or p.present)
        ),
        None,
    )
    if len(players) % 2 == 0 or spare is None:
        spare = None
    else:
        players.append(spare)
    if len(players) > MAX_PLAYERS:
        raise PairingError(
            _(
                "round {round} has {count} players to pair: `event pair` pairs at "
                "most {most} (the guide's largest event has 128)"
            ).format(
                round=round_number, count=people(len(players)), most=people(MAX_PLAYERS)
            )
        )
    if len(players) < 2:
        raise PairingError(
            _("round {round} has fewer than two players to pair ({left} left)").format(
                round=round_number, left=", ".join(players) or _("none")
            )
        )
    return players, spare, notes


def pair(
    event: Event,
    round_number: int,
    game_vp: Mapping[str, tuple[int, int]],
    seed: int | None = None,
    *,
    allow_same_club: bool = False,
) -> Pairings:
    """The pairings of the next round of an event; raises PairingError.
    ``allow_same_club`` pairs team-mates and club-mates as any other players."""
    notes = []
    if is_draft(event, round_number):
        event = event.model_copy(
            update={
                "results": tuple(e for e in event.results if e.round != round_number)
            }
        )
        notes.append(
            _(
                "Round {round} was a draft in the event file: these pairings "
                "replace it."
            ).format(round=round_number)
        )
    _check_round(event, round_number)
    players, spare, absent = _players(event, round_number)
    notes += absent
    apart = Apart(event, allowed=allow_same_club)
    chosen = event_seed(event, players, round_number) if seed is None else seed
    rng = random.Random(chosen)
    if spare is not None:
        notes.append(
            _(
                "{player} (the spare Head Judge) plays this round, so nobody has a bye."
            ).format(player=spare)
        )
    if round_number == 1:
        order = sorted(players)
        rng.shuffle(order)
        bye = order.pop() if len(order) % 2 else None
        first = {frozenset(order[i : i + 2]) for i in range(0, len(order) - 1, 2)}
        drawn, bye = apart.redraw(order, bye)
        changed = len({frozenset(pair) for pair in drawn} - first)
        if changed:
            notes.append(
                ngettext(
                    "{count} table of the draw was drawn again to keep team-mates "
                    "and club-mates apart.",
                    "{count} tables of the draw were drawn again to keep team-mates "
                    "and club-mates apart.",
                    changed,
                ).format(count=people(changed))
            )
        tables = tuple(
            Pairing(table, red, blue) for table, (red, blue) in enumerate(drawn, 1)
        )
        notes += [
            why
            for t in tables
            if (why := apart.why(t.table, t.red, t.blue, first_round=True)) is not None
        ]
        notes.insert(
            0,
            _(
                "Round 1 is paired at random with seed {seed}: `--seed {seed}` "
                "gives the same pairings."
            ).format(seed=chosen),
        )
        return Pairings(1, tables, bye, tuple(notes), chosen)
    lines = all_lines(event, game_vp)
    swiss = _Swiss(players, spare, lines, rng, apart)
    matched, bye = swiss.match()
    tables = swiss.tables(matched)
    notes += swiss.notes(tables, bye)
    return Pairings(round_number, tables, bye, tuple(notes), chosen)


class _Swiss:
    """One later round: the players' records, the matching, and its explanation."""

    def __init__(
        self,
        players: list[str],
        spare: str | None,
        lines: Mapping[str, list[GameLine]],
        rng: random.Random,
        apart: Apart,
    ) -> None:
        self.apart = apart
        self.players = sorted(players)
        rng.shuffle(self.players)  # ties between equal weights fall to the seed
        self.spare = spare
        self.mp = {p: sum(g.mp for g in lines.get(p, ())) for p in players}
        self.tp = {p: sum(g.tp for g in lines.get(p, ())) for p in players}
        self.met: dict[frozenset[str], int] = {}
        self.byes = {p: 0 for p in players}
        for player in players:
            for line in lines.get(player, ()):
                if line.result == "bye":
                    self.byes[player] += 1
                elif line.opponent is not None and line.result != "no-show":
                    self.met.setdefault(frozenset((player, line.opponent)), line.round)
        # Who may have the bye: the players (never the spare) with the fewest byes.
        classified = [p for p in players if p != spare]
        fewest = min(self.byes[p] for p in classified)
        self.eligible = [p for p in classified if self.byes[p] == fewest]

    def match(self) -> tuple[list[tuple[str, str]], str | None]:
        """The round's pairs and bye: one maximum-weight perfect matching."""
        odd = len(self.players) % 2 == 1
        values = self.mp.values()
        widest = (max(values) - min(values)) ** 2
        # Lexicographic weights: each level outweighs everything below it.
        closeness = len(self.players) // 2 * widest + 1
        top = max(self.mp[p] for p in self.eligible) if odd else 0
        fresh = closeness * (top + 1) + 1
        # The lowest level: a pair apart (no shared team or club) counts 1, as a
        # bye does, under every level above (each scaled by more than a round's pairs).
        apart = len(self.players) // 2 + 2
        graph: nx.Graph[str] = nx.Graph()
        graph.add_nodes_from(self.players)
        for i, a in enumerate(self.players):
            for b in self.players[i + 1 :]:
                repeat = frozenset((a, b)) in self.met
                weight = (0 if repeat else fresh) + widest
                weight -= (self.mp[a] - self.mp[b]) ** 2
                graph.add_edge(
                    a, b, weight=weight * apart + (0 if self.apart.clash(a, b) else 1)
                )
        if odd:
            for player in self.eligible:
                weight = fresh + closeness * (top - self.mp[player])
                graph.add_edge(BYE, player, weight=weight * apart + 1)
        matching = nx.max_weight_matching(graph, maxcardinality=True)
        bye = None
        pairs = []
        for a, b in matching:
            if BYE in (a, b):
                bye = b if a == BYE else a
            else:
                pairs.append((a, b))
        assert len(pairs) == len(self.players) // 2, "a complete graph matches fully"
        return pairs, bye

    def _standing(self, player: str) -> tuple[int, int, str, str]:
        return (-self.mp[player], -self.tp[player], player.casefold(), player)

    def tables(self, pairs: list[tuple[str, str]]) -> tuple[Pairing, ...]:
        """Table 1 for the most Match Points together; Red for the better record."""
        ordered = sorted(
            (tuple(sorted(pair, key=self._standing)) for pair in pairs),
            key=lambda pair: (
                -self.mp[pair[0]] - self.mp[pair[1]],
                self._standing(pair[0]),
                self._standing(pair[1]),
            ),
        )
        return tuple(
            Pairing(table, red, blue)
            for table, (red, blue) in enumerate(ordered, start=1)
        )

    def notes(self, tables: tuple[Pairing, ...], bye: str | None) -> list[str]:
        """Why a pairing breaks a rule: a repeat, a pair across brackets, the bye."""
        notes = []
        for pairing in tables:
            red, blue, table = pairing.red, pairing.blue, pairing.table
            why = self.apart.why(table, red, blue, first_round=False)
            if why is not None:
                notes.append(why)
            met = self.met.get(frozenset((red, blue)))
            if met is not None:
                notes.append(
                    _(
                        "Table {table}: {red} and {blue} played each other in round "
                        "{round}; no pairing of this round avoids every repeat."
                    ).format(table=table, red=red, blue=blue, round=met)
                )
            if self.mp[red] != self.mp[blue]:
                notes.append(
                    _(
                        "Table {table}: {red} ({red_mp} MP) plays {blue} ({blue_mp} "
                        "MP): the nearest record left to pair."
                    ).format(
                        table=table,
                        red=red,
                        red_mp=self.mp[red],
                        blue=blue,
                        blue_mp=self.mp[blue],
                    )
                )
        if bye is not None:
            notes += self._bye_notes(bye)
        return notes

    def _bye_notes(self, bye: str) -> list[str]:
        notes = []
        if self.byes[bye]:
            notes.append(
                _(
                    "{player} has a bye again: every player still in the event has "
                    "had {count}."
                ).format(player=bye, count=self.byes[bye])
            )
        lowest = min(self.mp[p] for p in self.players if p != self.spare)
        if self.mp[bye] > lowest:
            lower = any(self.mp[p] < self.mp[bye] for p in self.eligible)
            why = (
                _("a bye in a lower bracket would force a repeat pairing")
                if lower
                else _("every player with fewer MP has had a bye")
            )
            notes.append(
                _(
                    "{player} ({mp} MP) has the bye, not a player with {lowest} MP: "
                    "{why}."
                ).format(player=bye, mp=self.mp[bye], lowest=lowest, why=why)
            )
        return notes


def result_entries(pairings: Pairings) -> list[dict[str, object]]:
    """The round as `results:` entries: one per table to fill in (add `vp:`, `game:`,
    `conceded:` or `no_show:`), and the bye, which is a result already."""
    entries: list[dict[str, object]] = [
        {"round": pairings.round, "red": p.red, "blue": p.blue}
        for p in pairings.pairings
    ]
    if pairings.bye is not None:
        entries.append({"round": pairings.round, "bye": pairings.bye})
    return entries


def append_pairings(text: str, pairings: Pairings) -> str:
    """The event file's text with the round's entries appended to `results:` (made
    when missing), one flow mapping a line, in place of the round's draft (`pair`
    pairs a round again only while it is one); every other comment stays."""
    document = ListDocument(text)
    results = document.sequence(document.data, "results")
    for index in reversed(range(len(results))):
        item = results[index]
        if isinstance(item, dict) and item.get("round") == pairings.round:
            remove_item(document.data, "results", index)
    for entry in result_entries(pairings):
        item = CommentedMap(entry)
        item.fa.set_flow_style()
        append_item(document.data, "results", item)
    return document.text()

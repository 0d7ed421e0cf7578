"""Match and Tournament Points of every game, and the event's standings.

The Organised Play guide, §6: a game scores by the absolute difference of the final VP (the
result bands of the scale); a concession, a bye, a no-show and a Game Loss score fixed
points. §7: the standings order Match Points, then Tournament Points, then Strength of
Schedule (the mean final MP of the opponents faced), then the opponents' mean final TP;
byes, no-shows and games against a spare Head Judge stay out of both means. A tie on all
four is a shared place. Exact fractions throughout; four decimals only for display.
Pure: the VP of game records and the roster races come in from the caller.

The event's rules pack changes three things: `adjustments:` add to (or take from) a
player's TP, and so to their opponents' oTP; `rules: {sos:}` picks how both opponent
measures are made (`mean` as above, `sum`, or `mean-with-byes`, where a bye or a
no-show counts as an opponent with 0 MP and 0 TP); `rules: {tiebreaks:}` the order
of the comparison (a tie on every one listed is a shared place).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import groupby

from armylist.event.model import Event
from armylist.event.play import ResultEntry, Side, dropped_after
from armylist.event.points import WIN_LOSS, game_points
from armylist.event.rulespack import Adjustment, RulesPack

DEFAULT_RULES = RulesPack()  # the guide's: mean SoS; MP, TP, SoS, oTP
BYE = (3, 4)
WALKOVER = (3, 4)  # the opponent of a player who did not show
NOTHING = (0, 0)  # a concession, a no-show, a Game Loss


def band_scale(event: Event) -> str:
    """The scale whose bands score the event's games: Skirmish, else Standard."""
    return "skirmish" if event.scale == "skirmish" else "standard"


@dataclass(frozen=True)
class GameLine:
    """One round of one player: the result, the points, and whether it counts for
    the opponent means (SoS, oTP)."""

    round: int
    opponent: str | None
    result: str
    won: bool | None
    mp: int
    tp: int
    vp_for: int | None
    vp_against: int | None
    counts: bool


@dataclass(frozen=True)
class Row:
    """One classified player's place."""

    rank: int
    shared: bool
    player: str
    race: str | None
    mp: int
    tp: int
    sos: Fraction
    otp: Fraction
    games: tuple[GameLine, ...]
    dropped_after: int | None
    adjustments: tuple[Adjustment, ...] = ()

    def key(self, rules: RulesPack) -> tuple[Fraction, ...]:
        """What orders the standings: the tie-breaks in the rules' order."""
        values: dict[str, Fraction] = {
            "mp": Fraction(self.mp),
            "tp": Fraction(self.tp),
            "sos": self.sos,
            "otp": self.otp,
        }
        return tuple(values[name] for name in rules.tiebreaks)


@dataclass(frozen=True)
class Standings:
    """The standings after the last round with a result."""

    event: str
    after_round: int
    rows: tuple[Row, ...]
    pending: int  # pairings without a result yet
    rules: RulesPack = DEFAULT_RULES


def _side_names(entry: ResultEntry, side: Side) -> tuple[str, str]:
    red, blue = entry.red or "", entry.blue or ""
    return (red, blue) if side == "red" else (blue, red)


def game_lines(
    entry: ResultEntry, vp: tuple[int, int] | None, scale: str
) -> dict[str, GameLine]:
    """The line of each player of a result (a bye: one line)."""
    if entry.bye is not None:
        return {
            entry.bye: GameLine(entry.round, None, "bye", None, *BYE, None, None, False)
        }
    red, blue = entry.red or "", entry.blue or ""
    vp_of = {red: vp[0], blue: vp[1]} if vp else {}

    def line(
        name: str,
        other: str,
        result: str,
        won: bool | None,
        points: tuple[int, int],
        counts: bool = True,
    ) -> GameLine:
        return GameLine(
            entry.round,
            other,
            result,
            won,
            *points,
            vp_of.get(name),
            vp_of.get(other),
            counts,
        )

    fixed = (
        ("no_show", "no-show", NOTHING, WALKOVER, False),
        ("conceded", "concession", NOTHING, WIN_LOSS["annihilation"][0], True),
        ("game_loss", "game-loss", NOTHING, WIN_LOSS["annihilation"][0], True),
    )
    for key, result, loser_points, winner_points, counts in fixed:
        side: Side | None = getattr(entry, key)
        if side is not None:
            loser, winner = _side_names(entry, side)
            return {
                loser: line(loser, winner, result, False, loser_points, counts),
                winner: line(winner, loser, result, True, winner_points, counts),
            }
    assert vp is not None, "a pending pairing has no lines"
    name, red_points, blue_points = game_points(vp[0], vp[1], scale)
    won = None if name == "stalemate" else vp[0] > vp[1]
    return {
        red: line(red, blue, name, won, red_points),
        blue: line(blue, red, name, None if won is None else not won, blue_points),
    }


def _opponents(
    games: tuple[GameLine, ...], totals: Mapping[str, int], variant: str
) -> Fraction:
    """The opponents' measure (SoS on their MP, oTP on their TP) by the variant."""
    values = [totals[g.opponent] for g in games if g.counts and g.opponent is not None]
    if variant == "mean-with-byes":
        # a bye or a no-show: an opponent with nothing, in the denominator only
        values += [0 for g in games if g.result in ("bye", "no-show")]
    if variant == "sum":
        return Fraction(sum(values))
    return Fraction(sum(values), len(values)) if values else Fraction(0)


def decimal4(value: Fraction) -> str:
    """A fraction to four decimals, half rounded up: 1/3 -> '0.3333', 1/32 -> '0.0313'."""
    scaled = (value.numerator * 10_000 * 2 + value.denominator) // (
        2 * value.denominator
    )
    whole, part = divmod(scaled, 10_000)
    return f"{whole}.{part:04d}"


def classified(event: Event) -> list[str]:
    """The players with a place: `players:` but the spares, in file order; without
    `players:`, everyone named in a result, by name."""
    if event.players is not None:
        return [p.name for p in event.players if not p.spare]
    names = {name for entry in event.results for name in entry.names()}
    return sorted(names, key=lambda n: (n.casefold(), n))


def spares(event: Event) -> set[str]:
    """The spare Head Judges' names."""
    return {p.name for p in event.players or () if p.spare}


def all_lines(
    event: Event, game_vp: Mapping[str, tuple[int, int]]
) -> dict[str, list[GameLine]]:
    """Every player's lines (spares too), by round; games against a spare do not
    count for the means."""
    scale = band_scale(event)
    spare = spares(event)
    lines: dict[str, list[GameLine]] = {}
    for entry in event.results:
        if entry.pending:
            continue
        vp = game_vp[entry.game] if entry.game is not None else entry.vp
        for name, line in game_lines(entry, vp, scale).items():
            if line.opponent in spare or name in spare:
                line = replace(line, counts=False)
            lines.setdefault(name, []).append(line)
    for games in lines.values():
        games.sort(key=lambda g: g.round)
    return lines


def as_of(event: Event, after_round: int) -> Event:
    """The event as it stood after a round: the results of that round and the earlier
    ones, and the players who had dropped by then."""
    return event.model_copy(
        update={
            "results": tuple(e for e in event.results if e.round <= after_round),
            "drops": {
                name: after
                for name, after in event.drops.items()
                if after <= after_round
            },
            "adjustments": tuple(
                a for a in event.adjustments if a.round <= after_round
            ),
        }
    )


def last_round(event: Event) -> int:
    """The last round with a result (0: none yet)."""
    return max((e.round for e in event.results if not e.pending), default=0)


def standings(
    event: Event,
    name: str,
    game_vp: Mapping[str, tuple[int, int]],
    races: Mapping[str, str | None] | None = None,
) -> Standings:
    """The standings of an event; ``game_vp`` holds the final VP of each `game:`
    record (by its path as written), ``races`` each player's race."""
    lines = all_lines(event, game_vp)
    mp = {player: sum(g.mp for g in games) for player, games in lines.items()}
    tp = {player: sum(g.tp for g in games) for player, games in lines.items()}
    for adjustment in event.adjustments:
        tp[adjustment.player] = tp.get(adjustment.player, 0) + adjustment.tp
    gone = dropped_after(event.results, event.drops)
    rules = event.rules
    unranked = []
    for player in classified(event):
        games = tuple(lines.get(player, ()))
        unranked.append(
            Row(
                0,
                False,
                player,
                (races or {}).get(player),
                mp.get(player, 0),
                tp.get(player, 0),
                _opponents(games, mp, rules.sos),
                _opponents(games, tp, rules.sos),
                games,
                gone.get(player),
                tuple(a for a in event.adjustments if a.player == player),
            )
        )
    unranked.sort(
        key=lambda r: (tuple(-v for v in r.key(rules)), r.player.casefold(), r.player)
    )
    rows: list[Row] = []
    for _, group in groupby(unranked, key=lambda r: r.key(rules)):
        same = list(group)
        rank = len(rows) + 1  # standard competition ranking: 1, 2, 2, 4
        rows += [replace(r, rank=rank, shared=len(same) > 1) for r in same]
    return Standings(
        event=name,
        after_round=last_round(event),
        rows=tuple(rows),
        pending=sum(1 for e in event.results if e.pending),
        rules=rules,
    )

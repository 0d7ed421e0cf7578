"""The hand-worked season: three events of one league (8, 7 and 6 players), read as
an organiser writes them, with every player's rosters legal.

    spring.yaml  8 players; club-mates Ana + Ben and Cara + Dan, team-mates Eve + Fay;
                 Hana's list came in late (-1 TP), Fay's army the best painted (+1 TP)
    summer.yaml  7 players: a bye every round (Gus, Ben, Jon); Cara concedes in round 2
    autumn.yaml  6 players: Jon concedes in round 2; the rules pack written out
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from armylist import engine
from armylist.event.model import Event
from armylist.event.reader import load_event
from armylist.gamedata.catalog import Catalog
from armylist.organiser.pairing import Pairings, pair
from armylist.organiser.standings import Standings, as_of, standings
from armylist.reporters.standings import place

SEASON = Path(__file__).parent
EVENTS = ("spring.yaml", "summer.yaml", "autumn.yaml")


def read(name: str, catalog: Catalog) -> Event:
    return load_event(SEASON / name, catalog)


@pytest.mark.parametrize(("name", "players"), zip(EVENTS, (8, 7, 6), strict=True))
def test_every_event_of_the_season_reads(
    name: str, players: int, catalog: Catalog
) -> None:
    event = read(name, catalog)
    assert event.players is not None
    assert len(event.players) == players
    assert event.date is not None
    assert all(p.id is not None for p in event.players)
    assert {e.round for e in event.results} == {1, 2, 3}
    assert not any(e.pending for e in event.results)


def test_a_player_keeps_their_id_across_the_season(catalog: Catalog) -> None:
    ids: dict[str, set[str | None]] = {}
    for name in EVENTS:
        for player in read(name, catalog).players or ():
            ids.setdefault(player.name, set()).add(player.id)
    assert all(len(found) == 1 for found in ids.values())
    assert len(ids) == 10


def test_the_season_holds_what_its_acceptance_asks(catalog: Catalog) -> None:
    spring, summer, autumn = (read(name, catalog) for name in EVENTS)
    assert [e.bye for e in summer.results if e.bye] == ["Gus", "Ben", "Jon"]
    assert any(e.conceded for e in summer.results)
    assert any(e.conceded for e in autumn.results)
    late = {
        p.name
        for p in spring.players or ()
        if p.submitted and spring.deadline and p.submitted > spring.deadline
    }
    assert late == {"Hana"}
    assert {(a.player, a.tp) for a in spring.adjustments} == {("Hana", -1), ("Fay", 1)}
    clubs = [p.club for p in spring.players or () if p.club]
    assert len(clubs) > len(set(clubs))  # club-mates to keep apart in round 1


def test_every_roster_of_the_season_is_legal(catalog: Catalog) -> None:
    for roster in sorted((SEASON / "rosters").glob("*.yaml")):
        checked = engine.open_list(roster, catalog, label=roster.name)
        assert checked.result.valid, roster.name


def played_before(event: Event, round_number: int) -> Event:
    """The event as it stood when round ``round_number`` was paired."""
    return event.model_copy(
        update={"results": tuple(e for e in event.results if e.round < round_number)}
    )


def tables_of(pairings: Pairings) -> set[frozenset[str]]:
    return {frozenset((p.red, p.blue)) for p in pairings.pairings}


# Round 1 of the Spring League: Ana and Ben share a club (Bilbao Wargames), so do Cara
# and Dan (Getafe Hive); Eve and Fay a team (Hydra). Of the 105 ways to pair 8 players,
# 105 - 3·15 + 3·3 - 1 = 68 keep all three pairs apart (inclusion-exclusion); a draw
# that already does stands as drawn.
MATES = {
    frozenset(("Ana", "Ben")),
    frozenset(("Cara", "Dan")),
    frozenset(("Eve", "Fay")),
}


def test_round_one_keeps_club_and_team_mates_apart(catalog: Catalog) -> None:
    spring = played_before(read("spring.yaml", catalog), 1)
    clashes = 0
    for seed in range(40):
        kept = pair(spring, 1, {}, seed=seed)
        assert not tables_of(kept) & MATES, seed
        assert not any("are both of" in note for note in kept.notes)
        drawn = pair(spring, 1, {}, seed=seed, allow_same_club=True)
        clashes += bool(tables_of(drawn) & MATES)
        redrawn = any("drawn again to keep team-mates" in n for n in kept.notes)
        if tables_of(drawn) & MATES:
            assert redrawn, seed
        else:
            assert tables_of(kept) == tables_of(drawn) and not redrawn, seed
    assert clashes > 0  # without the rule, the draw pairs mates


def test_round_one_says_why_when_mates_cannot_be_kept_apart(catalog: Catalog) -> None:
    # Ana, Ben, Cara and Dan all in one club: at least one table pairs two of them.
    spring = played_before(read("spring.yaml", catalog), 1)
    players = tuple(
        p.model_copy(update={"club": "Bilbao Wargames", "team": None})
        if p.name in ("Ana", "Ben", "Cara", "Dan", "Eve")
        else p
        for p in spring.players or ()
    )
    pairings = pair(spring.model_copy(update={"players": players}), 1, {}, seed=3)
    forced = [note for note in pairings.notes if "are both of club" in note]
    # 5 club-mates among 8 players: 3 of them meet the 3 others, 2 meet each other.
    assert len(forced) == 1
    assert "no pairing of round 1 keeps every team and club apart" in forced[0]


def test_unpaid_and_absent_players_sit_out_round_one(catalog: Catalog) -> None:
    spring = played_before(read("spring.yaml", catalog), 1)
    players = tuple(
        p.model_copy(update={"paid": False})
        if p.name == "Gus"
        else p.model_copy(update={"checked_in": False})
        if p.name == "Hana"
        else p
        for p in spring.players or ()
    )
    pairings = pair(spring.model_copy(update={"players": players}), 1, {}, seed=1)
    seated = {name for table in tables_of(pairings) for name in table}
    assert seated == {"Ana", "Ben", "Cara", "Dan", "Eve", "Fay"}
    assert pairings.bye is None
    assert "Gus sits out round 1: not marked as paid (`paid: false`)." in pairings.notes
    assert (
        "Hana sits out round 1: not checked in (`checked_in: false`)." in pairings.notes
    )


# Later rounds, as the season played them (`event pair` gives the same tables):
# Spring round 3: Hana 6 MP; Ana, Eve, Ben 4; Gus 3; Dan 1; Cara, Fay 0. Hana meets
# one of the 4s and the other two meet: Hana-Eve leaves Ana-Ben (club-mates),
# Hana-Ben leaves Ana-Eve (a repeat), Hana-Ana leaves Eve-Ben: chosen, at the same
# gaps (2² + 0) as Hana-Eve. Below: Gus-Dan (2²) and Cara-Fay (0), as Gus-Cara is a
# repeat and Gus-Fay + Dan-Cara costs 3² + 1² = 10 > 4.
# Summer round 2 (7 players): Ivo, Gus, Ana 3 MP; Cara, Jon 1; Eve, Ben 0. The bye
# goes to the 0s (Gus has had one): Ben; Ivo-Gus, Ana-Cara (2²), Jon-Eve (1²).
# Summer round 3: Ivo, Ana 6; Eve, Ben, Gus 3 (Gus and Ben have had byes); Jon, Cara
# 1: the bye to Jon or Cara (Jon, by the seed); Ivo-Ana, Eve-Gus, Ben-Cara (2²).
# Autumn round 2: Jon, Ana 3; Cara, Ivo 1 (they met); Dan, Fay 0. Cara-Dan + Ivo-Fay
# and Cara-Fay + Ivo-Dan both cost 1² + 1²: Cara and Dan (Getafe Hive) are kept apart.
LATER = [
    (
        "spring.yaml",
        3,
        {("Hana", "Ana"), ("Eve", "Ben"), ("Gus", "Dan"), ("Cara", "Fay")},
        None,
    ),
    ("summer.yaml", 2, {("Ivo", "Gus"), ("Ana", "Cara"), ("Jon", "Eve")}, "Ben"),
    ("summer.yaml", 3, {("Ivo", "Ana"), ("Gus", "Eve"), ("Ben", "Cara")}, "Jon"),
    ("autumn.yaml", 2, {("Jon", "Ana"), ("Cara", "Fay"), ("Ivo", "Dan")}, None),
]


@pytest.mark.parametrize(("name", "number", "expected", "bye"), LATER)
def test_later_rounds_pair_as_the_season_played(
    name: str,
    number: int,
    expected: set[tuple[str, str]],
    bye: str | None,
    catalog: Catalog,
) -> None:
    event = played_before(read(name, catalog), number)
    pairings = pair(event, number, {})
    assert tables_of(pairings) == {frozenset(t) for t in expected}
    assert pairings.bye == bye


def test_a_later_round_pairs_mates_when_apart_costs_match_points(
    catalog: Catalog,
) -> None:
    # Autumn round 2 with Ana and Jon in one club: the only two 3 MP players. Apart,
    # each would play a 1 MP player (2² + 2² + 1 + 1 = 10 against 0 + 1 + 1 = 2).
    autumn = played_before(read("autumn.yaml", catalog), 2)
    players = tuple(
        p.model_copy(update={"club": "Bilbao Wargames"}) if p.name == "Jon" else p
        for p in autumn.players or ()
    )
    pairings = pair(autumn.model_copy(update={"players": players}), 2, {})
    assert frozenset(("Jon", "Ana")) in tables_of(pairings)
    assert any(
        "are both of club Bilbao Wargames; keeping them apart would cost a repeat "
        "or a wider Match Point gap." in note
        for note in pairings.notes
    )


def table_after(name: str, after: int, catalog: Catalog, **rules: object) -> Standings:
    event = read(name, catalog)
    if rules:
        event = event.model_copy(update={"rules": event.rules.model_copy(update=rules)})
    return standings(as_of(event, after), name, {})


def places(table: Standings) -> list[tuple[str, str, int, int]]:
    return [(place(r), r.player, r.mp, r.tp) for r in table.rows]


# Skirmish bands (the guide, §6): a VP lead of 8+ Annihilation 3/5 v 0/0; 6-7
# Decisive 3/4 v 0/1; 3-5 Breakthrough 3/3 v 0/2; 0-2 Stalemate 1/2 each. A concession
# scores 3/5 v 0/0, a bye 3/4. Hana's late list costs 1 TP in round 1; Fay's painting
# earns 1 TP in round 2 (`adjustments:`).
#
# Spring, round 1: Eve 10-1 Gus (9: 3/5), Ana 9-3 Cara (6: 3/4), Hana 7-4 Fay (3: 3/3,
# less 1 = 2), Ben 5-5 Dan (1/2 each). Ben and Dan: equal MP and TP, each the other's
# only opponent (SoS 1, oTP 2): a shared 4th place. Fay 0/2, Cara 0/1, Gus 0/0.
# Round 2: Eve 6-6 Ana (1/2), Hana 8-2 Dan (6: 3/4), Ben 7-3 Fay (4: 3/3), Gus 9-2 Cara
# (7: 3/4); Fay +1. Hana 6 MP / 3+4-1 = 6 TP; Eve 4/7, Ana 4/6, Ben 4/5; Gus 3/4;
# Dan 1/3; Fay 0/2+2+1 = 5, Cara 0/2.
# Round 3: Ana 11-3 Hana (8: 3/5), Eve 8-5 Ben (3: 3/3), Gus 6-6 Dan (1/2), Cara 7-1 Fay
# (6: 3/4). Ana 7/11, Eve 7/10, Hana 6/6, Ben 4/7, Gus 4/6, Cara 3/6, Dan 2/5, Fay 0/6.
SPRING = {
    1: [
        ("1", "Eve", 3, 5),
        ("2", "Ana", 3, 4),
        ("3", "Hana", 3, 2),
        ("=4", "Ben", 1, 2),
        ("=4", "Dan", 1, 2),
        ("6", "Fay", 0, 2),
        ("7", "Cara", 0, 1),
        ("8", "Gus", 0, 0),
    ],
    2: [
        ("1", "Hana", 6, 6),
        ("2", "Eve", 4, 7),
        ("3", "Ana", 4, 6),
        ("4", "Ben", 4, 5),
        ("5", "Gus", 3, 4),
        ("6", "Dan", 1, 3),
        ("7", "Fay", 0, 5),
        ("8", "Cara", 0, 2),
    ],
    3: [
        ("1", "Ana", 7, 11),
        ("2", "Eve", 7, 10),
        ("3", "Hana", 6, 6),
        ("4", "Ben", 4, 7),
        ("5", "Gus", 4, 6),
        ("6", "Cara", 3, 6),
        ("7", "Dan", 2, 5),
        ("8", "Fay", 0, 6),
    ],
}


@pytest.mark.parametrize("after", [1, 2, 3])
def test_the_spring_standings_after_each_round(after: int, catalog: Catalog) -> None:
    assert places(table_after("spring.yaml", after, catalog)) == SPRING[after]


def test_an_adjustment_counts_in_the_opponents_tp_too(catalog: Catalog) -> None:
    final = {r.player: r for r in table_after("spring.yaml", 3, catalog).rows}
    # Ana faced Cara (3 MP, 6 TP), Eve (7, 10) and Hana (6, 7 - 1 = 6).
    assert final["Ana"].sos == Fraction(3 + 7 + 6, 3)
    assert final["Ana"].otp == Fraction(6 + 10 + 6, 3)
    assert [(a.round, a.tp, a.reason) for a in final["Fay"].adjustments] == [
        (2, 1, "best painted army")
    ]
    # Before round 2 Fay had no bonus yet.
    assert not {r.player: r for r in table_after("spring.yaml", 1, catalog).rows}[
        "Fay"
    ].adjustments


# Summer, final: Ivo 7/12 (9-1 Ben, 10-2 Gus, 7-7 Ana), Ana 7/10 (5-2 Eve: 3/3, Cara's
# concession: 3/5, the draw), Eve 6/8 and Ben 6/8, Jon 4/8, Gus 3/6, Cara 1/3.
# Eve and Ben tie on MP and TP; SoS decides: Eve faced Ana 7, Jon 4, Gus 3 = 14/3;
# Ben faced Ivo 7, Cara 1 (his bye left out) = 8/2 = 4.
# Gus had the round 1 bye and faced Ivo (7) and Eve (6): SoS `mean` 13/2, `sum` 13,
# `mean-with-byes` 13/3 (the bye an opponent with 0).
def test_the_summer_standings_and_the_sos_variants(catalog: Catalog) -> None:
    final = table_after("summer.yaml", 3, catalog)
    assert places(final) == [
        ("1", "Ivo", 7, 12),
        ("2", "Ana", 7, 10),
        ("3", "Eve", 6, 8),
        ("4", "Ben", 6, 8),
        ("5", "Jon", 4, 8),
        ("6", "Gus", 3, 6),
        ("7", "Cara", 1, 3),
    ]
    sos = {r.player: r.sos for r in final.rows}
    assert (sos["Eve"], sos["Ben"]) == (Fraction(14, 3), Fraction(4))
    for variant, expected in (
        ("mean", Fraction(13, 2)),
        ("sum", Fraction(13)),
        ("mean-with-byes", Fraction(13, 3)),
    ):
        rows = table_after("summer.yaml", 3, catalog, sos=variant).rows
        assert {r.player: r.sos for r in rows}["Gus"] == expected, variant


# The tie-break order: spring after round 3 with SoS before TP puts Gus (4 MP, SoS
# Eve 7 + Cara 3 + Dan 2 = 12/3 = 4) above Ben (4 MP, SoS Dan 2 + Fay 0 + Eve 7 = 3).
def test_the_tiebreak_order_is_the_events(catalog: Catalog) -> None:
    rows = table_after(
        "spring.yaml", 3, catalog, tiebreaks=("mp", "sos", "tp", "otp")
    ).rows
    order = [r.player for r in rows]
    assert order.index("Gus") < order.index("Ben")


# Autumn, final: Ana 7/10 (8-4 Dan: 3/3, Jon's concession 3/5, 5-5 Ivo), Jon 6/8
# (10-2 Fay: 3/5, conceded: 0/0, 7-2 Cara: 3/3), Ivo 5/8, Cara 4/7, Fay 3/7, Dan 0/3.
def test_the_autumn_standings(catalog: Catalog) -> None:
    assert places(table_after("autumn.yaml", 3, catalog)) == [
        ("1", "Ana", 7, 10),
        ("2", "Jon", 6, 8),
        ("3", "Ivo", 5, 8),
        ("4", "Cara", 4, 7),
        ("5", "Fay", 3, 7),
        ("6", "Dan", 0, 3),
    ]

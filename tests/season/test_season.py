"""The hand-worked season: three events of one league (8, 7 and 6 players), read as
an organiser writes them, with every player's rosters legal.

    spring.yaml  8 players; club-mates Ana + Ben and Cara + Dan, team-mates Eve + Fay;
                 Hana's list came in late (-1 TP), Fay's army the best painted (+1 TP)
    summer.yaml  7 players: a bye every round (Gus, Ben, Jon); Cara concedes in round 2
    autumn.yaml  6 players: Jon concedes in round 2; the rules pack written out
"""

from __future__ import annotations

from pathlib import Path

import pytest

from armylist import engine
from armylist.event.model import Event
from armylist.event.reader import load_event
from armylist.gamedata.catalog import Catalog

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

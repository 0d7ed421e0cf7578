"""Swiss pairings (ORGANISED-PLAY.md §8): worked cases, the command, and properties
over random events of 4-128 players and 3-5 rounds."""

from __future__ import annotations

import csv
import io
import json
import random
from pathlib import Path
from typing import Any

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from armylist.cli import app
from armylist.event.model import Event
from armylist.event.play import EventPlayer, ResultEntry
from armylist.organiser.pairing import PairingError, Pairings, pair

runner = CliRunner()


def make_event(names: list[str], results: list[dict[str, Any]], **extra: Any) -> Event:
    return Event(
        name="Cup",
        players=tuple(EventPlayer(name=n) for n in names),
        results=tuple(ResultEntry(**r) for r in results),
        **extra,
    )


def played(pairings: Pairings) -> list[str]:
    names = [n for p in pairings.pairings for n in (p.red, p.blue)]
    return names + ([pairings.bye] if pairings.bye else [])


def test_round_one_is_random_but_the_seed_repeats_it() -> None:
    event = make_event([f"P{i}" for i in range(9)], [])
    first = pair(event, 1, {}, seed=7)
    assert pair(event, 1, {}, seed=7) == first
    assert sorted(played(first)) == [f"P{i}" for i in range(9)]
    assert first.bye is not None
    assert first.notes[0].startswith("Round 1 is paired at random with seed 7")
    # Without --seed, the seed comes from the event: the same on every run.
    default = pair(event, 1, {})
    assert pair(event, 1, {}) == default
    assert f"--seed {default.seed}" in default.notes[0]
    others = {pair(event, 1, {}, seed=s).pairings for s in range(6)}
    assert len(others) > 1


# Ana and Ben won in round 1 (3 MP), Cara and Dan lost (0 MP); by 10 VP (Ana 5 TP,
# Cara 0 TP) and by 7 VP (Ben 4 TP, Dan 1 TP).
ROUND_ONE = [
    {"round": 1, "red": "Ana", "blue": "Cara", "vp": [12, 2]},
    {"round": 1, "red": "Ben", "blue": "Dan", "vp": [8, 1]},
]


def test_later_rounds_pair_by_match_points_without_repeats() -> None:
    pairings = pair(make_event(["Ana", "Ben", "Cara", "Dan"], ROUND_ONE), 2, {})
    assert [(p.table, p.red, p.blue) for p in pairings.pairings] == [
        (1, "Ana", "Ben"),  # the winners at table 1; Ana's Annihilation (5 TP) is Red
        (2, "Dan", "Cara"),  # Dan lost 1-8 (1 TP), Cara 2-12 (0 TP)
    ]
    assert pairings.bye is None and pairings.notes == ()


def test_a_forced_repeat_is_explained() -> None:
    # Four players after three rounds have met everyone: round 4 must repeat.
    results = [
        *ROUND_ONE,
        {"round": 2, "red": "Ana", "blue": "Ben", "vp": [5, 5]},
        {"round": 2, "red": "Cara", "blue": "Dan", "vp": [5, 5]},
        {"round": 3, "red": "Ana", "blue": "Dan", "vp": [5, 5]},
        {"round": 3, "red": "Ben", "blue": "Cara", "vp": [5, 5]},
    ]
    pairings = pair(make_event(["Ana", "Ben", "Cara", "Dan"], results), 4, {})
    assert len(pairings.notes) >= 2
    assert all(
        "played each other in round" in note and "avoids every repeat" in note
        for note in pairings.notes
        if "played each other" in note
    )


def test_the_bye_goes_to_the_lowest_bracket_and_never_twice() -> None:
    # Eve had the bye in round 1; Cara and Dan lost (0 MP): one of them has it now.
    names = ["Ana", "Ben", "Cara", "Dan", "Eve"]
    results = [*ROUND_ONE, {"round": 1, "bye": "Eve"}]
    pairings = pair(make_event(names, results), 2, {})
    assert pairings.bye in ("Cara", "Dan")
    assert not any("bye" in note for note in pairings.notes)
    # After round 4 everyone but Ben has had one: Ben has it, though he leads.
    results += [
        {"round": 2, "bye": "Cara"},
        {"round": 2, "red": "Ana", "blue": "Ben", "vp": [5, 5]},
        {"round": 2, "red": "Dan", "blue": "Eve", "vp": [5, 5]},
        {"round": 3, "bye": "Dan"},
        {"round": 3, "red": "Ana", "blue": "Eve", "vp": [9, 0]},
        {"round": 3, "red": "Ben", "blue": "Cara", "vp": [5, 5]},
        {"round": 4, "bye": "Ana"},
        {"round": 4, "red": "Ben", "blue": "Eve", "vp": [9, 0]},
        {"round": 4, "red": "Cara", "blue": "Dan", "vp": [5, 5]},
    ]
    # MP: Ana 3+1+3+3 = 10, Ben 3+1+1+3 = 8, Cara 0+3+1+1 = 5, Dan 0+1+3+1 = 5,
    # Eve 3+1+0+0 = 4.
    pairings = pair(make_event(names, results), 5, {})
    assert pairings.bye == "Ben"
    assert (
        "Ben (8 MP) has the bye, not a player with 4 MP: every player with fewer MP "
        "has had a bye." in pairings.notes
    )


def test_a_spare_head_judge_plays_instead_of_a_bye() -> None:
    event = Event(
        players=(
            *(EventPlayer(name=n) for n in ("Ana", "Ben", "Cara")),
            EventPlayer(name="Jo", spare=True),
        )
    )
    pairings = pair(event, 1, {}, seed=1)
    assert pairings.bye is None
    assert sorted(played(pairings)) == ["Ana", "Ben", "Cara", "Jo"]
    assert any("Jo (the spare Head Judge) plays" in n for n in pairings.notes)
    even = Event(players=(*event.players, EventPlayer(name="Dan")))
    assert "Jo" not in played(pair(even, 1, {}, seed=1))


def test_dropped_players_are_not_paired() -> None:
    names = ["Ana", "Ben", "Cara", "Dan"]
    event = make_event(names, ROUND_ONE, drops={"Dan": 1})
    pairings = pair(event, 2, {})
    assert "Dan" not in played(pairings)
    assert pairings.bye in ("Ana", "Ben", "Cara")
    no_show = [ROUND_ONE[0], {**ROUND_ONE[1], "vp": None, "no_show": "blue"}]
    assert "Dan" not in played(pair(make_event(names, no_show), 2, {}))


@pytest.mark.parametrize(
    ("results", "number", "message"),
    [
        (ROUND_ONE, 1, "round 1 is already in the event file (line 0)"),
        (ROUND_ONE, 3, "pair round 2 first"),
        (
            [{"round": 1, "red": "Ana", "blue": "Cara"}],
            2,
            "round 1: table 1 (Ana v Cara, line 0) has no result yet",
        ),
    ],
)
def test_a_round_that_cannot_be_paired_says_why(
    results: list[dict[str, Any]], number: int, message: str
) -> None:
    with pytest.raises(
        PairingError, match=message.replace("(", r"\(").replace(")", r"\)")
    ):
        pair(make_event(["Ana", "Ben", "Cara", "Dan"], results), number, {})


# -- the command ---------------------------------------------------------------------

EVENT = """\
# Spring Cup: the organiser's notes stay
name: Spring Cup
players:
  - {name: Ana}   # last year's winner
  - {name: Ben}
  - {name: Cara}
  - {name: Dan}
  - {name: Eve}
results:
  - {round: 1, red: Ana, blue: Cara, vp: [12, 2]}
  - {round: 1, red: Ben, blue: Dan, vp: [8, 1]}
  - {round: 1, bye: Eve}
# results end here
"""


def test_pair_json_and_the_appended_round(tmp_path: Path) -> None:
    path = tmp_path / "event.yaml"
    path.write_text(EVENT, encoding="utf-8")
    result = runner.invoke(
        app, ["event", "pair", str(path), "--round", "2", "--format", "json"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert list(data) == ["round", "pairings", "bye", "notes"]
    assert data["round"] == 2 and data["bye"] in ("Cara", "Dan")
    # Ana, Ben and Eve have 3 MP: two of them at table 1, one plays down at table 2.
    top = data["pairings"][0]
    assert top["table"] == 1 and {top["red"], top["blue"]} <= {"Ana", "Ben", "Eve"}
    assert any(
        note.startswith("Table 2: ") and "(3 MP) plays" in note
        for note in data["notes"]
    )
    assert path.read_text("utf-8") == EVENT  # without -o, nothing is written
    result = runner.invoke(app, ["event", "pair", str(path), "--round", "2", "-o"])
    assert result.exit_code == 0, result.output
    assert "appended to the event file" in result.stderr
    text = path.read_text("utf-8")
    assert text.startswith(EVENT.split("# results end here")[0])
    for table in data["pairings"]:
        assert f"  - {{round: 2, red: {table['red']}, blue: {table['blue']}}}\n" in text
    assert f"  - {{round: 2, bye: {data['bye']}}}\n" in text
    assert "# last year's winner" in text and "# results end here" in text
    # The file still reads, and round 2 now waits for its results.
    # Round 2 is a draft: it may be paired again (the same tables, from the seed).
    again = runner.invoke(app, ["event", "pair", str(path), "--round", "2"])
    assert again.exit_code == 0
    assert "Round 2 was a draft in the event file: these pairings replace it." in (
        again.stdout
    )
    played = runner.invoke(app, ["event", "pair", str(path), "--round", "1"])
    assert played.exit_code == 2
    assert "round 1 is already in the event file" in played.stderr
    # A draft round: the standings wait for it, naming its tables; after round 1
    # they stand.
    standings = runner.invoke(app, ["event", "standings", str(path)])
    assert standings.exit_code == 2
    assert "round 2 is a draft" in standings.stderr
    assert "round 2: tables 1 (" in standings.stderr
    assert "have no result yet" in standings.stderr
    assert standings.stdout == ""
    before = runner.invoke(app, ["event", "standings", str(path), "--round", "1"])
    assert before.exit_code == 0, before.output
    third = runner.invoke(app, ["event", "pair", str(path), "--round", "3"])
    assert third.exit_code == 2
    assert "have no result yet" in third.stderr


def test_pair_text_and_usage_errors(tmp_path: Path) -> None:
    path = tmp_path / "event.yaml"
    path.write_text(EVENT, encoding="utf-8")
    result = runner.invoke(app, ["event", "pair", str(path), "--round", "2"])
    assert result.exit_code == 0
    assert "Round 2 pairings" in result.stdout and "Bye: " in result.stdout
    assert runner.invoke(app, ["event", "pair", str(path)]).exit_code == 2
    missing = runner.invoke(app, ["event", "pair", str(tmp_path / "x.yaml"), "-r", "1"])
    assert missing.exit_code == 2
    bare = tmp_path / "bare.yaml"
    bare.write_text("name: Cup\n", encoding="utf-8")
    result = runner.invoke(app, ["event", "pair", str(bare), "--round", "1"])
    assert result.exit_code == 2
    assert "round 1 needs the players" in result.stderr


# -- properties ----------------------------------------------------------------------


def _history(event: Event) -> tuple[set[frozenset[str]], dict[str, int]]:
    met: set[frozenset[str]] = set()
    byes: dict[str, int] = {}
    for entry in event.results:
        if entry.bye is not None:
            byes[entry.bye] = byes.get(entry.bye, 0) + 1
        elif entry.no_show is None:
            met.add(frozenset((entry.red or "", entry.blue or "")))
    return met, byes


def _repeat_free_exists(
    players: list[str], met: set[frozenset[str]], eligible: list[str]
) -> bool:
    """Whether the round can be paired with no repeat and a lawful bye: a perfect
    matching of the graph of allowed pairs (checked by size, no weights)."""
    graph: nx.Graph[str] = nx.Graph()
    graph.add_nodes_from(players)
    for i, a in enumerate(players):
        for b in players[i + 1 :]:
            if frozenset((a, b)) not in met:
                graph.add_edge(a, b)
    if len(players) % 2:
        graph.add_edges_from(("\x00bye", p) for p in eligible)
    nodes = len(players) + len(players) % 2
    return len(nx.max_weight_matching(graph, maxcardinality=True)) * 2 == nodes


def _play(event: Event, pairings: Pairings, rng: random.Random) -> Event:
    """The round played: random final VP, now and then a concession or a drop."""
    entries = list(event.results)
    drops = dict(event.drops)
    for p in pairings.pairings:
        if rng.random() < 0.1:
            entry = ResultEntry(
                round=pairings.round, red=p.red, blue=p.blue, conceded="blue"
            )
        else:
            vp = (rng.randrange(0, 16), rng.randrange(0, 16))
            entry = ResultEntry(round=pairings.round, red=p.red, blue=p.blue, vp=vp)
        entries.append(entry)
        if rng.random() < 0.03:
            drops[p.red] = pairings.round
    if pairings.bye is not None:
        entries.append(ResultEntry(round=pairings.round, bye=pairings.bye))
    return event.model_copy(update={"results": tuple(entries), "drops": drops})


def _check_round(event: Event, number: int, seed: int, again: bool) -> Pairings:
    pairings = pair(event, number, {}, seed=seed)
    gone = {n for n, after in event.drops.items() if after < number}
    active = [p.name for p in event.players or () if p.name not in gone and not p.spare]
    spare = [p.name for p in event.players or () if p.spare and p.name not in gone]
    # Everyone still in plays exactly once, or has the bye; a spare fills an odd round.
    fill = spare[:1] if len(active) % 2 else []
    assert sorted(played(pairings)) == sorted(active + fill)
    assert pairings.bye is None or not fill
    met, byes = _history(event)
    if pairings.bye is not None:
        # Nobody gets a second bye while another eligible player has none.
        fewest = min(byes.get(p, 0) for p in active)
        assert byes.get(pairings.bye, 0) == fewest
    eligible = [
        p for p in active if byes.get(p, 0) == min(byes.get(q, 0) for q in active)
    ]
    if _repeat_free_exists(active + fill, met, eligible):
        repeats = [p for p in pairings.pairings if frozenset((p.red, p.blue)) in met]
        assert repeats == []
    if again:  # the same seed gives the same pairings
        assert pair(event, number, {}, seed=seed) == pairings
    return pairings


def _run(players: int, rounds: int, seed: int, spare: bool = False) -> None:
    rng = random.Random(seed)
    event = make_event([f"P{i:03d}" for i in range(players)], [])
    if spare:
        judge = EventPlayer(name="Judge", spare=True)
        event = event.model_copy(update={"players": (*(event.players or ()), judge)})
    for number in range(1, rounds + 1):
        # A second matching of 128 players costs a third of a second: once per event.
        again = players <= 12 or number == 2
        pairings = _check_round(event, number, seed, again)
        event = _play(event, pairings, rng)


@settings(max_examples=30, deadline=None)
@given(st.integers(4, 12), st.integers(3, 5), st.integers(0, 2**32 - 1), st.booleans())
def test_pairing_properties_of_small_events(
    players: int, rounds: int, seed: int, spare: bool
) -> None:
    # Small events run out of new opponents: repeats and second byes get tested.
    _run(players, rounds, seed, spare)


@settings(max_examples=4, deadline=None)
@given(st.integers(13, 128), st.integers(3, 5), st.integers(0, 2**32 - 1))
def test_pairing_properties_of_large_events(
    players: int, rounds: int, seed: int
) -> None:
    _run(players, rounds, seed)


def test_more_players_than_a_matching_can_take_is_refused() -> None:
    event = make_event([f"P{i}" for i in range(1025)], [])
    with pytest.raises(
        PairingError, match="1,025 players to pair: `event pair` pairs at most 1,024"
    ):
        pair(event, 1, {})


def test_pair_o_never_writes_over_a_file_changed_meanwhile(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import armylist.files.reading

    path = tmp_path / "event.yaml"
    path.write_text(EVENT, encoding="utf-8")
    reads = []
    original = armylist.files.reading.read_list_file

    def read_while_edited(file: Path, *args: Any) -> Any:
        read = original(file, *args)
        reads.append(file)
        if len(reads) == 1:  # someone saves the file between the read and the write
            path.write_text(EVENT + "# Fay arrived late\n", encoding="utf-8")
        return read

    monkeypatch.setattr(armylist.files.reading, "read_list_file", read_while_edited)
    result = runner.invoke(app, ["event", "pair", str(path), "--round", "2", "-o"])
    # As every writer: nothing written, said so, exit 1.
    assert result.exit_code == 1
    assert "changed while pairing" in result.stderr
    assert path.read_text("utf-8") == EVENT + "# Fay arrived late\n"


def test_the_text_pairings_match_the_golden_file(tmp_path: Path) -> None:
    import os

    path = tmp_path / "event.yaml"
    path.write_text(EVENT, encoding="utf-8")
    result = runner.invoke(
        app, ["event", "pair", str(path), "--round", "2"], env={"COLUMNS": "100"}
    )
    assert result.exit_code == 0
    golden = Path(__file__).parent.parent / "golden" / "pairings.txt"
    if os.environ.get("ARMYLIST_UPDATE_GOLDEN"):
        golden.write_text(result.stdout, encoding="utf-8")
    assert result.stdout == golden.read_text(encoding="utf-8")


def test_pair_markdown_and_csv_give_the_tables_of_the_json(tmp_path: Path) -> None:
    path = tmp_path / "event.yaml"
    path.write_text(EVENT, encoding="utf-8")

    def pair(output: str, *extra: str) -> Any:
        result = runner.invoke(
            app,
            ["event", "pair", str(path), "--round", "2", "--format", output, *extra],
        )
        assert result.exit_code == 0, result.output
        return result

    data = json.loads(pair("json").stdout)
    rows = list(csv.DictReader(io.StringIO(pair("csv").stdout)))
    assert [tuple(r.values()) for r in rows] == [
        *(("2", str(p["table"]), p["red"], p["blue"]) for p in data["pairings"]),
        ("2", "bye", data["bye"], ""),
    ]
    assert pair("csv").stderr.count("- Table 2: ") == 1  # the note, on stderr
    markdown = pair("markdown").stdout
    assert markdown.startswith("**Round 2 pairings**\n\n| Table | Red | Blue |\n")
    for p in data["pairings"]:
        assert f"| {p['table']} | {p['red']} | {p['blue']} |\n" in markdown
    assert f"Bye: {data['bye']} (3 MP / 4 TP)" in markdown
    assert "\n- Table 2: " in markdown
    spanish = pair("markdown", "--lang", "es").stdout
    assert spanish.startswith(
        "**Emparejamientos de la ronda 2**\n\n| Mesa | Rojo | Azul |"
    )
    bad = runner.invoke(app, ["event", "pair", str(path), "-r", "2", "--format", "x"])
    assert bad.exit_code == 2

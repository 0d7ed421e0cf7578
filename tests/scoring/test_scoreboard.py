"""The scoreboard renderer: what the players read after `game score` and each round of
`game play`; the text against a golden file, the JSON against the contract."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from armylist.gamedata.catalog import Catalog
from armylist.reporters import Terminal
from armylist.reporters.scoreboard import (
    Scoreboard,
    render_json,
    render_round,
    render_text,
)
from tests.scoring.records import SUPPLY_DROP, rounds_up_to, scored

GOLDEN = Path(__file__).parent.parent / "golden"


def test_golden_supply_drop_skirmish(catalog: Catalog) -> None:
    board = Scoreboard(scored(SUPPLY_DROP, catalog), "Alice", "Bob", show_pool=True)
    rendered = render_text(board, width=100)
    golden = GOLDEN / "scoreboard.txt"
    if os.environ.get("ARMYLIST_UPDATE_GOLDEN"):
        golden.write_text(rendered, encoding="utf-8")
    assert rendered == golden.read_text(encoding="utf-8")


def test_every_marker_holder_and_the_result_are_shown(catalog: Catalog) -> None:
    text = render_text(Scoreboard(scored(SUPPLY_DROP, catalog), "Alice", "Bob"))
    first = next(line for line in text.splitlines() if line.strip().startswith("1 "))
    # Round 1: Red holds 1, nobody 2 and 5; Red +1, Blue +0; Blue goes first next.
    assert first.split() == ["1", "Red", "-", "-", "+1", "+0", "1-0", "Blue"]
    words = " ".join(text.split())
    assert "off: a Supply Drop marker scored and taken off the table" in words
    assert "Activated marker 2 (activated in round 4), then removed" in words
    assert "Result: Blue (Bob) wins 10-8 after round 4: end of round 4, the last" in (
        words
    )
    # The Supply Pool is shown only when asked for (both lists given).
    assert "Supply Pool" not in text


def test_the_tournament_result_says_what_its_points_are(catalog: Catalog) -> None:
    # A casual game reads the guide's MP and TP in words, as an event would score them.
    text = render_text(Scoreboard(scored(SUPPLY_DROP, catalog), "Alice", "Bob"))
    words = " ".join(text.split())
    assert (
        "Tournament result: Stalemate (2 VP apart); an event would score Red (Alice) "
        "1 Match Point and 2 Tournament Points, Blue (Bob) 1 Match Point and 2 "
        "Tournament Points"
    ) in words
    assert " MP " not in words and " TP" not in words


def test_a_tie_without_roll_off_and_an_unfinished_game(catalog: Catalog) -> None:
    text = rounds_up_to(3).replace("    roll_off: red\n", "")
    board = Scoreboard(scored(text, catalog), in_progress=4)
    rendered = " ".join(render_text(board, width=120).split())
    assert "5-5 roll-off" in rendered
    assert "VP tied: the First Player Marker goes to the winner of a roll-off" in (
        rendered
    )
    assert "Round 4 is in progress" in rendered
    assert "Score so far: Red 5, Blue 5 (unfinished: 3 of 4 rounds scored)" in rendered


def test_no_round_yet(catalog: Catalog) -> None:
    text = SUPPLY_DROP.split("rounds:")[0] + "rounds: []\n"
    rendered = render_text(Scoreboard(scored(text, catalog), "Alice", "Bob"))
    assert "No round scored yet." in rendered
    assert "Red (Alice) against Blue (Bob)" in rendered


def test_one_round_for_the_table(catalog: Catalog) -> None:
    board = Scoreboard(scored(SUPPLY_DROP, catalog), "Alice", "Bob")
    rendered = render_round(board, 2, Terminal())
    rows = [line.split()[0] for line in rendered.splitlines() if line[:6].strip()]
    assert "2" in rows and "1" not in rows and "3" not in rows


def test_json_is_the_contract(catalog: Catalog) -> None:
    # Keys sorted, as every `--format json` but validate's.
    result = scored(SUPPLY_DROP, catalog)
    data = json.loads(render_json(result))
    assert data == result.model_dump(mode="json")
    assert data["result"] == {
        "winner": "blue",
        "reason": "end of round 4, the last: 10-8; Supply still in Reserves counted "
        "as destroyed",
        "ended_after_round": 4,
        "vp": {"red": 8, "blue": 10},
        # ORGANISED-PLAY.md §6: Skirmish, 2 VP apart (0-2): a Stalemate, 1 MP and
        # 2 TP each.
        "band": "stalemate",
        "mp": {"red": 1, "blue": 1},
        "tp": {"red": 2, "blue": 2},
    }
    assert "why" not in data["rounds"][0]


def test_no_line_ends_in_a_space(catalog: Catalog) -> None:
    # Piped into a file or a diff, padding at the end of a line is noise.
    board = Scoreboard(scored(SUPPLY_DROP, catalog), "Alice", "Bob", show_pool=True)
    for text in (render_text(board, width=80), render_round(board, 2, Terminal())):
        assert [line for line in text.splitlines() if line != line.rstrip()] == []


LONG_RED = "Alexandra the Magnificent of Mar Sara and the Koprulu Sector"
LONG_BLUE = "Bartholomew von Zergenstein III"


@pytest.mark.parametrize("width", [60, 80, 120])
def test_long_names_wrap_and_are_never_cut(catalog: Catalog, width: int) -> None:
    board = Scoreboard(scored(SUPPLY_DROP, catalog), LONG_RED, LONG_BLUE)
    text = render_text(board, width=width)
    assert "…" not in text
    assert max(len(line) for line in text.splitlines()) <= width
    why = text.split("VP gained and why")[1].split("Result:")[0].split()
    # Every reason is still there (wrapped, so its words in order), beside each whole
    # name.
    assert in_order(why, "+3 Activated marker 1 (activated in round 3), then removed")
    assert in_order(why, f"Red ({LONG_RED})")
    assert in_order(why, f"Blue ({LONG_BLUE})")


def in_order(words: list[str], phrase: str) -> bool:
    """Whether the words of ``phrase`` come in ``words`` in order (others between)."""
    rest = iter(words)
    return all(word in rest for word in phrase.split())


# Hold Position Standard: five markers, the widest score table.
FIVE_MARKERS = """\
mission: Hold Position
scale: standard
first_player: red
rounds:
  - round: 1
    contest: {1: {red: 1}, 2: {blue: 1}, 3: {red: 1}, 4: {blue: 1}, 5: {red: 2}}
    supply_lost: {red: 1}
"""


@pytest.mark.parametrize("width", [60, 80, 120])
def test_five_markers_and_the_pool_fit_every_width(
    catalog: Catalog, width: int
) -> None:
    board = Scoreboard(scored(FIVE_MARKERS, catalog), show_pool=True)
    text = render_text(board, width=width)
    assert "…" not in text
    assert max(len(line) for line in text.splitlines()) <= width
    row = next(line for line in text.splitlines() if line.strip().startswith("1 "))
    # Round 1: Supply Pool 6, the five holders, +0 +1, 0-1, Red goes first next.
    holders = ["Red", "Blue", "Red", "Blue", "Red"]
    assert row.split() == ["1", "6", *holders, "+0", "+1", "0-1", "Red"]
    # Headings may wrap, never lose a word.
    headings = {"Supply", "Pool", "VP", "Total", "Next", "First", "Player"}
    assert headings <= set(text.split())


def test_the_legend_explains_only_what_the_table_shows(catalog: Catalog) -> None:
    board = Scoreboard(scored(SUPPLY_DROP, catalog), show_pool=True)
    # Round 1 of 4: a Supply Pool of 4, no unlimited pool and no marker taken off.
    first = render_round(board, 1, Terminal())
    assert "∞" not in first
    assert "off:" not in first
    last = " ".join(render_round(board, 4, Terminal()).split())
    assert "∞: unlimited" in last
    assert "off: a Supply Drop marker" in last


def test_a_grand_offensive_game_is_named_as_the_scale_is(catalog: Catalog) -> None:
    text = SUPPLY_DROP.replace("scale: skirmish", "scale: grand-offensive")
    text = text.split("rounds:")[0] + "rounds:\n"
    rendered = render_text(Scoreboard(scored(text, catalog)))
    assert rendered.startswith("Supply Drop (Grand Offensive): Red against Blue")

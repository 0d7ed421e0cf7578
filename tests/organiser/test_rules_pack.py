"""The event file's rules pack and round keys (`date:`, `published:`, `adjustments:`,
`rules:`, each player's `id:`, `team:`, `club:`, `paid:`, `checked_in:`): every one
read when well formed, and a usage error (exit 2) naming its line when not."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from armylist.cli import app

runner = CliRunner()

HEAD = """\
name: Cup
players:
  - {name: Ana, id: p01, club: Bilbao}
  - {name: Ben, id: 1042, team: Hydra}
  - {name: Cara, paid: true, checked_in: true}
  - {name: Dan}
results:
  - {round: 1, red: Ana, blue: Ben, vp: [12, 4]}
  - {round: 1, red: Cara, blue: Dan, vp: [6, 6]}
"""
# (the lines after HEAD, the line of the problem, what the message says)
BAD = [
    ("date: next saturday\n", 10, "date: 'next saturday' is not an ISO date"),
    ("date: 2026-03-07 10:00\n", 10, "date: '2026-03-07 10:00' is not an ISO date"),
    ("date: 0\n", 10, "date: '0' is not an ISO date"),
    ("published: 1\n", 10, "published: 1 is not a list of rounds"),
    (
        "published: [1, two]\n",
        10,
        "published[1]: 'two' is not a round number (1 to 99)",
    ),
    ("published: [100000000000000000000]\n", 10, "is not a round number (1 to 99)"),
    ("published: [0]\n", 10, "published[0]: 0 is not a round number"),
    ("adjustments: {Ana: 1}\n", 10, "adjustments: {'Ana': 1} is not a list"),
    (
        "adjustments:\n  - {player: Ana, round: 1, tp: 1}\n",
        11,
        "an adjustment needs `reason:`",
    ),
    (
        "adjustments:\n  - {player: Ana, round: 1, tp: 1, reason: x, vp: 2}\n",
        11,
        "adjustments[0].vp: unknown key",
    ),
    (
        "adjustments:\n  - {player: Ama, round: 1, tp: 1, reason: painting}\n",
        11,
        "'Ama' is not among `players:` (did you mean \"Ana\"",
    ),
    (
        "adjustments:\n  - {player: Ana, round: 1, tp: 1.5, reason: painting}\n",
        11,
        "adjustments[0].tp: 1.5 is not a whole number of Tournament Points",
    ),
    (
        "adjustments:\n  - {player: Ana, round: 1, tp: 99999999999999999999, "
        "reason: painting}\n",
        11,
        "is not a whole number of Tournament Points from -100 to 100 but 0",
    ),
    (
        "adjustments:\n  - {player: Ana, round: 1, tp: 0, reason: painting}\n",
        11,
        "adjustments[0].tp: 0 is not a whole number",
    ),
    (
        "adjustments:\n  - {player: Ana, round: 1, tp: true, reason: painting}\n",
        11,
        "adjustments[0].tp: True is not a whole number",
    ),
    (
        "adjustments:\n  - {player: Ana, round: -1, tp: 1, reason: painting}\n",
        11,
        "adjustments[0].round: -1 is not a round number",
    ),
    (
        "adjustments:\n  - {player: Ana, round: 1, tp: 1, reason: ''}\n",
        11,
        "adjustments[0].reason: '' is not a reason (text)",
    ),
    ("rules: mean\n", 10, "rules: 'mean' is not a mapping"),
    ("rules: {sos: median}\n", 10, "rules.sos: 'median' is no SoS variant"),
    ("rules: {sos: summ}\n", 10, '(did you mean "sum"'),
    ("rules: {tiebreak: [mp]}\n", 10, "rules.tiebreak: unknown key"),
    ("rules: {tiebreaks: []}\n", 10, "rules.tiebreaks: [] is not a list of tie-breaks"),
    ("rules: {tiebreaks: [mp, vp]}\n", 10, "rules.tiebreaks[1]: 'vp' is no tie-break"),
    (
        "rules: {tiebreaks: [mp, tp, mp]}\n",
        10,
        "rules.tiebreaks[2]: 'mp' is given twice",
    ),
]


@pytest.mark.parametrize(("tail", "line", "message"), BAD, ids=[m for _, _, m in BAD])
def test_a_bad_key_is_a_usage_error_at_its_line(
    tmp_path: Path, tail: str, line: int, message: str
) -> None:
    path = tmp_path / "event.yaml"
    path.write_text(HEAD + tail, encoding="utf-8")
    result = runner.invoke(app, ["event", "standings", str(path)])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert f"{path}:{line}" in result.stderr, result.stderr
    assert message in result.stderr, result.stderr
    assert "Traceback" not in result.output


BAD_PLAYERS = [
    (
        "{name: Eve, paid: no thanks}",
        "players[4].paid: 'no thanks' is not true or false",
    ),
    ("{name: Eve, checked_in: 1}", "players[4].checked_in: 1 is not true or false"),
    ("{name: Eve, club: [a, b]}", "players[4].club: ['a', 'b'] is not a name (text)"),
    ("{name: Eve, team: ''}", "players[4].team: '' is not a name (text)"),
    ("{name: Eve, id: {x: 1}}", "players[4].id: {'x': 1} is not a name (text)"),
]


@pytest.mark.parametrize(("entry", "message"), BAD_PLAYERS)
def test_a_bad_player_key_names_its_line(
    tmp_path: Path, entry: str, message: str
) -> None:
    path = tmp_path / "event.yaml"
    text = HEAD.replace("results:", f"  - {entry}\nresults:")
    path.write_text(text, encoding="utf-8")
    result = runner.invoke(app, ["event", "standings", str(path)])
    assert result.exit_code == 2
    assert f"{path}:7: {message}" in result.stderr, result.stderr


def test_every_key_well_formed_is_read_and_used(tmp_path: Path) -> None:
    path = tmp_path / "event.yaml"
    path.write_text(
        HEAD.replace("name: Cup\n", "name: Cup\ndate: 2026-03-07\n")
        + "published: [1]\n"
        "adjustments:\n"
        "  - {player: Dan, round: 1, tp: 2, reason: best painted army}\n"
        "  - {player: Ana, round: 1, tp: -1, reason: late list}\n"
        "rules: {sos: sum, tiebreaks: [mp, sos, tp, otp]}\n",
        encoding="utf-8",
    )
    result = runner.invoke(app, ["event", "standings", str(path), "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["rules"] == {"sos": "sum", "tiebreaks": ["mp", "sos", "tp", "otp"]}
    rows = {row["player"]: row for row in data["standings"]}
    # Ana beat Ben 12-4 (Decisive at Standard, 3 MP / 4 TP), less 1 for a late list.
    assert (rows["Ana"]["mp"], rows["Ana"]["tp"]) == (3, 3)
    assert rows["Ana"]["adjustments"] == [{"round": 1, "tp": -1, "reason": "late list"}]
    # Dan drew with Cara (1 MP / 2 TP) and has 2 TP for his painting: Cara's oTP.
    assert rows["Dan"]["tp"] == 4 and rows["Cara"]["otp"] == "4/1"
    assert "adjustments" not in rows["Ben"]
    text = runner.invoke(app, ["event", "standings", str(path)], env={"COLUMNS": "120"})
    assert "R1 +2 TP (best painted army)" in text.stdout
    assert "Ranked by MP, SoS, TP, oTP; SoS and oTP: the sum" in " ".join(
        text.stdout.split()
    )


def test_without_a_rules_pack_the_json_is_as_before(tmp_path: Path) -> None:
    path = tmp_path / "event.yaml"
    path.write_text(HEAD, encoding="utf-8")
    result = runner.invoke(app, ["event", "standings", str(path), "--format", "json"])
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert list(data) == ["event", "after_round", "standings"]
    assert all("adjustments" not in row for row in data["standings"])


def test_the_event_schema_has_the_new_keys() -> None:
    result = runner.invoke(app, ["schema", "--event"])
    assert result.exit_code == 0
    schema = json.loads(result.stdout)
    for key in ("date", "published", "adjustments", "rules"):
        assert key in schema["properties"], key
    player = schema["$defs"]["EventPlayer"]["properties"]
    for key in ("id", "team", "club", "paid", "checked_in"):
        assert key in player, key
    rules = schema["$defs"]["RulesPack"]["properties"]
    assert rules["sos"]["enum"] == ["mean", "sum", "mean-with-byes"]
    assert schema["properties"]["published"]["items"]["maximum"] == 99
    adjustment = schema["$defs"]["Adjustment"]
    assert adjustment["additionalProperties"] is False
    assert adjustment["properties"]["tp"]["minimum"] == -100

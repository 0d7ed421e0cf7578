"""Team games (§9.1.8): `armylist validate --team` and the `team-minerals` rule."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from projectpaths import OFFICIAL
from typer.testing import CliRunner

from armylist.cli import app
from armylist.files.yamlsource import Position
from armylist.rules.team import TEAM_RULES, Share, TeamContext, team_minerals

runner = CliRunner()

OFFICIAL_TEXT = OFFICIAL.read_text(encoding="utf-8")

# 490 Minerals and 25 Vespene Gas: legal on any share of 490 or more.
SMALL = """\
player: Bob
scale: standard
minerals: {minerals}
faction: Raynor's Raiders
tactical_cards: [Barracks]
units:
  - unit: Marine
    models: 9
  - unit: Marauder
    models: 4
"""


def team_dir(tmp_path: Path, total: int, bob_minerals: int) -> Path:
    (tmp_path / "lists").mkdir()
    (tmp_path / "lists" / "alice.yaml").write_text(
        OFFICIAL_TEXT.replace("name: ", "player: Alice\nname: ", 1), encoding="utf-8"
    )
    (tmp_path / "lists" / "bob.yaml").write_text(
        SMALL.format(minerals=bob_minerals), encoding="utf-8"
    )
    team = tmp_path / "team.yaml"
    team.write_text(
        f"name: Raiders\nminerals: {total}\nplayers: [lists/alice.yaml, lists/bob.yaml]\n",
        encoding="utf-8",
    )
    return team


def validate_team(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["validate", "--team", *args])
    return result.exit_code, result.stdout, result.stderr


def test_a_team_over_its_mineral_total_fails_naming_each_share(
    tmp_path: Path,
) -> None:
    team = team_dir(tmp_path, 4000, 2500)
    code, out, err = validate_team(str(team), "--format", "json")
    assert code == 1
    data = json.loads(out)
    (finding,) = data["team"]["findings"]
    assert (finding["rule"], finding["code"]) == ("team-minerals", "AL701")
    assert (finding["line"], finding["column"]) == (2, 1)
    assert "4,500 of the team's 4,000: 500 over" in finding["message"]
    assert "Alice (" in finding["message"] and "alice.yaml) 2,000" in finding["message"]
    assert "Bob (" in finding["message"] and "bob.yaml) 2,500" in finding["message"]
    assert data["team"]["valid"] is False
    # Each list on its own is legal: the team is what fails.
    assert [r["valid"] for r in data["results"]] == [True, True]
    assert "4,500 of 4,000" in err


def test_text_report_per_player_and_for_the_team(tmp_path: Path) -> None:
    team = team_dir(tmp_path, 4000, 2500)
    code, out, _ = validate_team(str(team), "--format", "text")
    assert code == 1
    assert "AL701 team-minerals" in out
    assert "Team Raiders" in out
    alice = next(line for line in out.splitlines() if line.strip().startswith("Alice"))
    assert "2,000" in alice and "185 of 200" in alice
    bob = next(line for line in out.splitlines() if line.strip().startswith("Bob "))
    assert "2,500" in bob and "25 of 250" in bob
    assert "illegal team" in out


def test_text_report_keeps_names_that_look_like_markup(tmp_path: Path) -> None:
    # Team and player names are the user's text: "[/]" must print, not crash Rich.
    team = team_dir(tmp_path, 4000, 2000)
    team.write_text(
        team.read_text(encoding="utf-8").replace("name: Raiders", 'name: "[/] A"'),
        encoding="utf-8",
    )
    bob = tmp_path / "lists" / "bob.yaml"
    bob.write_text(
        bob.read_text(encoding="utf-8").replace("player: Bob", 'player: "[red]Bob"'),
        encoding="utf-8",
    )
    code, out, err = validate_team(str(team), "--format", "text")
    assert code == 0, err
    assert "Team [/] A (" in out
    assert any(line.split()[:1] == ["[red]Bob"] for line in out.splitlines())


def test_text_report_shows_long_list_paths_in_full(tmp_path: Path) -> None:
    # Lists without `player:` are known by their file: "a-long-fold…" twice is useless.
    folder = tmp_path / ("a-rather-long-folder-name-" * 2 + "lists")
    folder.mkdir()
    for name in ("first-player.yaml", "second-player.yaml"):
        (folder / name).write_text(OFFICIAL_TEXT, encoding="utf-8")
    team = tmp_path / "team.yaml"
    team.write_text(
        f"minerals: 4000\nplayers: [{folder.name}/first-player.yaml, "
        f"{folder.name}/second-player.yaml]\n",
        encoding="utf-8",
    )
    code, out, err = validate_team(str(team), "--format", "text")
    assert code == 0, err
    table = out[out.index("Team (") :]
    folded = "".join(table.split())
    assert "first-player.yaml" in folded and "second-player.yaml" in folded
    assert "…" not in table


def test_a_free_split_within_the_total_is_legal(tmp_path: Path) -> None:
    # 2,000 + 1,500: an uneven split is fine, although 1,500 is no scale's limit.
    team = team_dir(tmp_path, 3500, 1500)
    code, out, _ = validate_team(str(team), "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert data["team"]["findings"] == []
    bob = data["team"]["players"][1]
    assert bob["minerals"] == {"used": 490, "limit": 1500}
    # Gas is 10% of the player's own Minerals.
    assert bob["gas"] == {"used": 25, "limit": 150}
    rules = [f["rule"] for r in data["results"] for f in r["findings"]]
    assert "scale" not in rules


def test_each_list_is_held_to_its_own_share(tmp_path: Path) -> None:
    team = team_dir(tmp_path, 4000, 400)
    code, out, _ = validate_team(str(team), "--format", "json")
    assert code == 1
    data = json.loads(out)
    assert data["team"]["findings"] == []
    bob = data["results"][1]
    assert bob["valid"] is False
    over = next(f for f in bob["findings"] if f["rule"] == "minerals-over-budget")
    assert "490 of 400" in over["message"]


@pytest.mark.parametrize("share", [0, -2000])
def test_a_share_of_no_minerals_is_the_scale_rules_error(
    tmp_path: Path, share: int
) -> None:
    # Not "490 of -2,000: 2,490 over", and not -2,000 taken off the team's split.
    team = team_dir(tmp_path, 4000, share)
    code, out, _ = validate_team(str(team), "--format", "json")
    assert code == 1
    data = json.loads(out)
    bob = data["results"][1]
    assert [f["rule"] for f in bob["findings"] if f["severity"] == "error"] == ["scale"]
    assert data["team"]["players"][1]["minerals"]["limit"] == 2000
    assert data["team"]["allocated"] == 4000


def test_github_format_annotates_the_team_file(tmp_path: Path) -> None:
    team = team_dir(tmp_path, 4000, 2500)
    code, out, _ = validate_team(str(team), "--format", "github")
    assert code == 1
    assert f"::error file={team},line=2,col=1,title=AL701 team-minerals" in out


def test_the_rule_names_each_share() -> None:
    context = TeamContext(
        file="team.yaml",
        minerals=3000,
        minerals_at=Position(3, 1),
        shares=(
            Share(player="Ann", file="a.yaml", minerals=2000),
            Share(player=None, file="b.yaml", minerals=1500),
        ),
    )
    (finding,) = team_minerals.run(context)
    assert finding.message == (
        "the players' Minerals add up to 3,500 of the team's 3,000: 500 over "
        "(Ann (a.yaml) 2,000 + b.yaml 1,500)"
    )
    assert (finding.file, finding.line, finding.column) == ("team.yaml", 3, 1)
    exact = TeamContext("team.yaml", 3500, Position(3, 1), context.shares)
    assert list(team_minerals.run(exact)) == []


def test_rules_lists_the_team_rule() -> None:
    assert team_minerals in TEAM_RULES
    result = runner.invoke(app, ["rules"])
    assert result.exit_code == 0
    assert "AL701 team-minerals (error, §9.1.8)" in result.stdout
    one = runner.invoke(app, ["rules", "AL701"])
    assert one.exit_code == 0
    assert one.stdout.startswith("AL701 team-minerals")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("minerals: lots\nplayers: [a.yaml]\n", "team.yaml:1:11: `minerals` must"),
        ("minerals: 4000\n", "add the line `players: [alice.yaml, bob.yaml]`"),
        ("minerals: 4000\nplayers: [a.yaml]\nplayer: x\n", "team.yaml:3:1: `player`"),
        ("- a.yaml\n", "a team file is a mapping"),
        ("minerals: [4000\n", "team.yaml:1:11: a list opened with `[` is not closed"),
        (
            "minerals: 4000\nplayers: [a.yaml]\nminerals: 3000\n",
            "team.yaml:3:1: the key 'minerals' is given twice (first on line 1)",
        ),
    ],
)
def test_a_broken_team_file_is_a_usage_error(
    tmp_path: Path, text: str, message: str
) -> None:
    team = tmp_path / "team.yaml"
    team.write_text(text, encoding="utf-8")
    code, out, err = validate_team(str(team))
    assert code == 2
    assert out == ""
    assert message in err
    assert "Traceback" not in err


def test_missing_files_and_mixed_arguments_are_usage_errors(tmp_path: Path) -> None:
    code, _, err = validate_team(str(tmp_path / "none.yaml"))
    assert (code, "no such team file" in err) == (2, True)
    team = tmp_path / "team.yaml"
    team.write_text("minerals: 4000\nplayers: [gone.yaml]\n", encoding="utf-8")
    code, _, err = validate_team(str(team))
    assert code == 2
    assert "gone.yaml" in err and "relative to the team file" in err
    mixed = runner.invoke(app, ["validate", str(OFFICIAL), "--team", str(team)])
    assert mixed.exit_code == 2
    nothing = runner.invoke(app, ["validate"])
    assert nothing.exit_code == 2


@pytest.mark.parametrize("option", ["--event", "--summary"])
def test_options_a_team_does_not_use_are_usage_errors(
    tmp_path: Path, option: str
) -> None:
    # An event's rules or a summary file must not be skipped without a word.
    team = team_dir(tmp_path, 4000, 2000)
    event = tmp_path / "event.yaml"
    event.write_text("scale: skirmish\n", encoding="utf-8")
    given = event if option == "--event" else tmp_path / "summary.csv"
    code, out, err = validate_team(str(team), option, str(given))
    assert code == 2
    assert out == ""
    assert "not used with --team" in err
    assert not (tmp_path / "summary.csv").exists()


def test_the_same_list_twice_is_a_usage_error(tmp_path: Path) -> None:
    team = team_dir(tmp_path, 4000, 2000)
    team.write_text(
        "minerals: 4000\nplayers: [lists/alice.yaml, ./lists/alice.yaml]\n",
        encoding="utf-8",
    )
    code, out, err = validate_team(str(team))
    assert code == 2
    assert out == ""
    assert "given twice" in err and "'./lists/alice.yaml'" in err


def test_a_team_finding_wraps_under_itself_as_validate_wraps_findings(
    tmp_path: Path,
) -> None:
    team = team_dir(tmp_path, 4000, 2500)
    result = CliRunner(env={"COLUMNS": "60"}).invoke(
        app, ["validate", "--team", str(team), "--format", "text"]
    )
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    start = next(i for i, line in enumerate(lines) if "AL701 team-minerals" in line)
    end = next(i for i, line in enumerate(lines) if "illegal team" in line)
    # Every wrapped line of the message and its fix stays indented under the finding.
    assert end - start > 2
    assert all(line.startswith("  ") for line in lines[start:end]), lines[start:end]
    assert any("fix: lower a player's" in line for line in lines[start:end])

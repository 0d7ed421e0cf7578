"""What `info` and `--help` tell a player (issue 11, item 10, in part).

`info` on a Mission Card shows the numbers printed on it, `info` on a scale shows it
(with armylist's convention where it has one), counts are spelt as English ("1 model",
not "1 models"), `-h` is `--help`, shell completion can be installed, and `--help`
reads well at 80 columns.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import typer
from projectpaths import LISTS, OFFICIAL
from typer.testing import CliRunner

from armylist.cli import app
from armylist.gamedata.loading import load_catalog

runner = CliRunner()

# "1 models", "1 Minerals", "1 rounds" ...: a count of one with a plural noun.
ONE_PLURAL = re.compile(
    r"(?<![\d,.])1 (models|units|Minerals|rounds|errors|warnings|lists|cards|changes)\b"
)
# "error(s)": a plural left to the reader.
MAYBE_PLURAL = re.compile(r"\w\(s\)")


def all_commands() -> list[list[str]]:
    """Every command path of the app: ["validate"], ["data", "check"], ..."""
    paths: list[list[str]] = []

    def walk(command: object, prefix: list[str]) -> None:
        paths.append(prefix)
        children = getattr(command, "commands", None) or {}
        for name, child in sorted(children.items()):
            walk(child, [*prefix, name])

    walk(typer.main.get_command(app), [])
    return paths


@pytest.mark.parametrize(
    ("name", "scale"),
    [("Hold Position", "standard"), ("hold-position-skirmish", "skirmish")],
)
def test_info_on_a_mission_card_shows_its_numbers(name: str, scale: str) -> None:
    mission = load_catalog().mission(name, scale)
    assert mission is not None
    result = runner.invoke(app, ["info", name])
    assert result.exit_code == 0, result.output
    out = " ".join(result.stdout.split())
    assert f"Starting Supply {mission.starting_supply}" in out
    assert f"Supply Escalation +{mission.supply_escalation}" in out
    assert f"Game length {mission.game_length} rounds" in out
    if mission.instant_win_lead is not None:
        assert f"{mission.instant_win_lead} VP" in out


@pytest.mark.parametrize("name", ["grand-offensive", "Grand Offensive", "skirmish"])
def test_info_on_a_scale_shows_it_and_its_convention(name: str) -> None:
    scale = load_catalog().scale(name)
    assert scale is not None
    result = runner.invoke(app, ["info", name])
    assert result.exit_code == 0, result.output
    out = " ".join(result.stdout.split())
    assert scale.name in out and scale.terrain_die in out
    if scale.convention:
        assert " ".join(scale.convention.split()) in out
    else:
        assert "convention" not in out


@pytest.mark.parametrize(
    "args",
    [
        ["units", "--faction", "raynors-raiders"],
        ["units", "--faction", "khalai"],
        ["info", "Jim Raynor"],
        ["info", "Goliath"],
        ["show", str(OFFICIAL)],
        ["supply", str(OFFICIAL), "-m", "Hold Position"],
        ["validate", str(LISTS), "--format", "text"],
        ["data", "check"],
    ],
)
def test_counts_of_one_are_singular(args: list[str]) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code in (0, 1), result.output
    for text in (result.stdout, result.stderr):
        assert not ONE_PLURAL.search(text), ONE_PLURAL.search(text)
        assert not MAYBE_PLURAL.search(text), MAYBE_PLURAL.search(text)


def test_one_error_is_one_error_in_the_summary(tmp_path: Path) -> None:
    path = tmp_path / "list.yaml"
    path.write_text("scale: standard\nfaction: Raynors Raider\n", encoding="utf-8")
    result = runner.invoke(app, ["validate", str(path), "--format", "text"])
    assert result.exit_code == 1
    assert "1 list checked: 0 legal, 1 illegal (1 error, 0 warnings)" in result.stderr


@pytest.mark.parametrize("path", all_commands(), ids=lambda p: " ".join(p) or "-")
def test_dash_h_is_help_and_help_has_no_type_labels(path: list[str]) -> None:
    result = CliRunner(env={"COLUMNS": "80"}).invoke(app, [*path, "-h"])
    assert result.exit_code == 0, result.output
    assert "Usage:" in result.stdout
    long = CliRunner(env={"COLUMNS": "80"}).invoke(app, [*path, "--help"])
    assert result.stdout == long.stdout
    # `<list[Path]>`, `<bool>`, `<text|json|github|junit>`: Python types, not words.
    assert not re.search(r"<[^<>\s]*>", result.stdout), result.stdout
    for line in result.stdout.splitlines():
        assert len(line) <= 80


def test_the_top_level_help_offers_shell_completion() -> None:
    result = runner.invoke(app, ["--help"])
    assert "--install-completion" in result.stdout
    assert "--show-completion" in result.stdout


def test_show_completion_prints_a_script_for_the_shell(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Name the shell instead of detecting the one running the tests.
    monkeypatch.setenv("_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION", "1")
    result = runner.invoke(app, ["--show-completion", "bash"], prog_name="armylist")
    assert result.exit_code == 0, result.output
    assert "complete" in result.stdout and "_ARMYLIST_COMPLETE" in result.stdout


@pytest.mark.parametrize(
    ("words", "expected"),
    [
        ("armylist valid", ["validate"]),
        ("armylist validate --format j", ["json", "junit"]),
        # Typed in another case: completed all the same, keeping what was typed.
        ("armylist validate --format J", ["Json", "Junit"]),
        ("armylist cards --faction Ray", ["Raynors-raiders"]),
        ("armylist units --faction zerg", ["zerg-swarm"]),
    ],
)
def test_the_shell_completes_commands_and_formats(
    words: str, expected: list[str]
) -> None:
    env = {
        "_ARMYLIST_COMPLETE": "complete_bash",
        "COMP_WORDS": words,
        "COMP_CWORD": str(len(words.split()) - 1),
    }
    result = runner.invoke(app, [], prog_name="armylist", env=env)
    assert result.exit_code == 0, result.output
    assert result.stdout.split() == expected


@pytest.mark.parametrize("command", ["show", "export"])
def test_a_list_of_one_hero_is_one_unit_of_one_model(
    tmp_path: Path, command: str
) -> None:
    path = tmp_path / "list.yaml"
    path.write_text(
        "scale: standard\nfaction: Raynor's Raiders\nunits:\n  - unit: Jim Raynor\n",
        encoding="utf-8",
    )
    result = runner.invoke(app, [command, str(path)])
    assert result.exit_code in (0, 1), result.output
    assert "1 unit, 1 model," in result.stdout


def test_a_whole_number_option_is_named_n_in_help() -> None:
    result = CliRunner(env={"COLUMNS": "120"}).invoke(app, ["validate", "-h"])
    (jobs,) = [line for line in result.stdout.splitlines() if "--jobs" in line]
    # `--jobs` takes a count of processes: "N [x>=1]", not "TEXT [x>=1]".
    assert "N [x>=1]" in jobs and "TEXT" not in jobs

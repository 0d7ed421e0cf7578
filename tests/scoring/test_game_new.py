"""`armylist game new` takes what the lists say: their scale, their players' names;
and the Deployment Card, checked against the data."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from projectpaths import LISTS
from typer.testing import CliRunner

from armylist.cli import app

runner = CliRunner()
SKIRMISH_A = LISTS / "terran-armed-forces-skirmish-patrol.yaml"
SKIRMISH_B = LISTS / "zerg-swarm-skirmish-raiding-pack.yaml"
STANDARD = LISTS / "terran-armed-forces-combined-arms.yaml"


def copy(folder: Path, source: Path, name: str, player: str | None = None) -> Path:
    """A list in the game's folder, with a `player:` when given."""
    text = source.read_text(encoding="utf-8")
    if player is not None:
        text = f"player: {player}\n{text}"
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def new(folder: Path, *options: str) -> tuple[int, str, Path]:
    """Run `game new ... -o game.yaml` in ``folder``: exit code, stderr, the file."""
    target = folder / "game.yaml"
    result = runner.invoke(app, ["game", "new", *options, "-o", str(target)])
    return result.exit_code, result.stderr, target


def record(path: Path) -> dict[str, object]:
    data: dict[str, object] = yaml.safe_load(path.read_text(encoding="utf-8"))
    return data


def two_lists(
    folder: Path, red: str | None = None, blue: str | None = None
) -> list[str]:
    a = copy(folder, SKIRMISH_A, "skirmish-a.yaml", red)
    b = copy(folder, SKIRMISH_B, "skirmish-b.yaml", blue)
    return ["--list", str(a), "--list", str(b)]


def test_the_scale_comes_from_the_lists(tmp_path: Path) -> None:
    # The example: two Skirmish lists wrote a Standard, 5-round game.
    code, stderr, path = new(tmp_path, "-m", "Supply Drop", *two_lists(tmp_path))
    assert code == 0, stderr
    assert record(path)["scale"] == "skirmish"
    # Supply Drop Skirmish: 4 rounds (SCORING.md 3.1).
    assert "Supply Drop (Skirmish), 4 rounds" in stderr


def test_lists_of_two_scales_are_refused(tmp_path: Path) -> None:
    a = copy(tmp_path, SKIRMISH_A, "skirmish-a.yaml")
    b = copy(tmp_path, STANDARD, "standard-b.yaml")
    code, stderr, path = new(
        tmp_path, "-m", "Supply Drop", "--list", str(a), "--list", str(b)
    )
    assert code == 2
    words = " ".join(stderr.split())
    assert "Red's list" in words and "is Skirmish" in words
    assert "Blue's list" in words and "is Standard" in words
    assert "one scale" in words
    assert not path.exists()


@pytest.mark.parametrize(
    "options",
    [
        ["-m", "Supply Drop", "--scale", "standard"],
        # A mission given by id carries its scale: the Standard card is refused too.
        ["-m", "supply-drop-standard"],
    ],
    ids=["--scale", "mission id"],
)
def test_a_scale_that_contradicts_the_lists_is_refused(
    tmp_path: Path, options: list[str]
) -> None:
    code, stderr, path = new(tmp_path, *options, *two_lists(tmp_path))
    assert code == 2
    assert "Skirmish" in stderr and "Standard" in stderr
    assert not path.exists()


def test_a_scale_that_agrees_with_the_lists_is_taken(tmp_path: Path) -> None:
    code, stderr, path = new(
        tmp_path, "-m", "Hold Position", "--scale", "skirmish", *two_lists(tmp_path)
    )
    assert code == 0, stderr
    assert record(path)["scale"] == "skirmish"


def test_the_players_names_come_from_the_lists(tmp_path: Path) -> None:
    # `player: Jim` was written as a nameless "Red".
    code, stderr, path = new(
        tmp_path, "-m", "Hold Position", *two_lists(tmp_path, "Jim", "Ana")
    )
    assert code == 0, stderr
    players = record(path)["players"]
    assert players == {
        "red": {"name": "Jim", "list": "skirmish-a.yaml"},
        "blue": {"name": "Ana", "list": "skirmish-b.yaml"},
    }
    score = runner.invoke(app, ["game", "score", str(path)])
    assert "Red (Jim) against Blue (Ana)" in " ".join(score.stdout.split())


@pytest.mark.parametrize(
    ("red", "blue", "names"),
    [
        (None, "Ana", ("skirmish-a", "Ana")),
        (None, None, ("skirmish-a", "skirmish-b")),
        ("Ana", "Ana", ("Ana (1)", "Ana (2)")),
    ],
)
def test_a_player_is_named_as_the_draft_names_them(
    tmp_path: Path, red: str | None, blue: str | None, names: tuple[str, str]
) -> None:
    # Without `player:`, the draft said "skirmish-a" and the game "Red": one name now.
    lists = two_lists(tmp_path, red, blue)
    code, stderr, path = new(tmp_path, "-m", "Hold Position", *lists)
    assert code == 0, stderr
    players = record(path)["players"]
    assert isinstance(players, dict)
    assert (players["red"]["name"], players["blue"]["name"]) == names
    draft = runner.invoke(app, ["draft", lists[1], lists[3], "--seed", "1"])
    assert draft.exit_code == 0, draft.output
    words = " ".join(draft.stdout.split())
    assert f"Roll-off (2D6): {names[0]} " in words
    assert f", {names[1]} " in words


def test_names_given_on_the_command_line_win(tmp_path: Path) -> None:
    code, stderr, path = new(
        tmp_path,
        "-m",
        "Hold Position",
        *two_lists(tmp_path, "Jim", None),
        "--red-name",
        "James",
        "--blue-name",
        "Cara",
    )
    assert code == 0, stderr
    players = record(path)["players"]
    assert isinstance(players, dict)
    assert players["red"]["name"] == "James"
    assert players["blue"]["name"] == "Cara"


def test_names_without_lists(tmp_path: Path) -> None:
    code, stderr, path = new(
        tmp_path, "-m", "Frontlines", "--red-name", "Ana", "--blue-name", "Ben"
    )
    assert code == 0, stderr
    assert record(path)["players"] == {"red": {"name": "Ana"}, "blue": {"name": "Ben"}}


def test_the_deployment_is_written_as_the_card_names_it(tmp_path: Path) -> None:
    code, stderr, path = new(
        tmp_path, "-m", "Supply Drop", *two_lists(tmp_path), "--deployment", "dirt-side"
    )
    assert code == 0, stderr
    assert record(path)["deployment"] == "Dirt Side"
    assert "Dirt Side" in stderr


@pytest.mark.parametrize(
    ("deployment", "message"),
    [
        ("Dirt Sid", "did you mean"),
        # Gauntlet is a Standard Deployment Card; the lists are Skirmish.
        ("Gauntlet", "Gauntlet is a standard Deployment Card"),
    ],
)
def test_a_deployment_that_is_not_one_of_the_scale_s_cards_is_refused(
    tmp_path: Path, deployment: str, message: str
) -> None:
    code, stderr, path = new(
        tmp_path, "-m", "Supply Drop", *two_lists(tmp_path), "--deployment", deployment
    )
    assert code == 2
    assert message in stderr
    assert not path.exists()

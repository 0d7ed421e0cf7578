"""The draft at a terminal: a card named in any case when two players brought it, and
no pick asked when both cards left are the same card."""

from __future__ import annotations

from pathlib import Path

import pytest
import typer.testing
from projectpaths import OFFICIAL
from typer.testing import CliRunner

from armylist.cli import app

runner = CliRunner()


@pytest.fixture
def terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the test runner's stdin look like a terminal, so `draft` asks."""
    wrapper = typer.testing._NamedTextIOWrapper  # type: ignore[attr-defined]
    monkeypatch.setattr(wrapper, "isatty", lambda self: self.name == "<stdin>")


@pytest.mark.usefixtures("terminal")
def test_same_cards_are_named_in_any_case_and_a_pick_of_twins_is_not_asked(
    tmp_path: Path,
) -> None:
    # Both players bring Hold Position, Supply Drop, Gauntlet and Typhoon.
    alice, bob = tmp_path / "alice.yaml", tmp_path / "bob.yaml"
    alice.write_text(OFFICIAL.read_text().replace("Rulebook example army", "Alice"))
    bob.write_text(OFFICIAL.read_text().replace("Rulebook example army", "Bob"))
    answers = [
        "red",
        "mission",
        "hold position",  # either Hold Position: the same card
        "HOLD POSITION",
        # two Supply Drops are left: nothing to pick
        "typhoon",
        "Gauntlet",
        "typhoon",
    ]
    result = runner.invoke(
        app,
        ["draft", str(alice), str(bob), "--seed", "7"],
        input="\n".join(answers) + "\n",
    )
    assert result.exit_code == 0, result.stderr
    err = result.stderr
    assert "pick the Mission Card" not in err
    assert "pick the Deployment Card" in err
    assert "no option" not in err
    assert "drafted Supply Drop on Typhoon" in err

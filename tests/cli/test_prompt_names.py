"""Names typed at the prompts of `build` and `draft` (issue 11, item 8).

Names are accepted as well as numbers, in any case, with "(Unique)" or "(provisional)"
copied along from a table; a near miss gets "did you mean"; `q` quits `build`.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import typer.testing
import yaml
from draftlists import ALICE, BOB
from projectpaths import OFFICIAL
from smalllist import SMALL
from typer.testing import CliRunner

from armylist.cli import app

runner = CliRunner()


def run(*args: str, input: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), input=input)
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def small(tmp_path: Path) -> Path:
    path = tmp_path / "small.yaml"
    path.write_text(SMALL)
    return path


def test_q_quits_build(small: Path) -> None:
    code, out, _ = run("build", str(small), input="q\n")
    assert code == 0, out
    assert "choose a number" not in out
    assert small.read_text() == SMALL


def test_q_with_unsaved_changes_asks_first(small: Path) -> None:
    # q in the card menu goes back; q in the main menu quits.
    code, out, _ = run("build", str(small), input="1\nq\n1\nFactory\nQ\nn\n")
    assert code == 0, out
    assert "Save the changes first?" in out and "not saved" in out
    assert small.read_text() == SMALL
    code, out, _ = run("build", str(small), input="1\nFactory\nq\ny\n")
    assert code == 0, out
    assert "- Factory" in small.read_text()


def test_build_takes_names_in_any_case_with_table_suffixes(small: Path) -> None:
    script = [
        "add a tactical card",  # the main menu by name
        "ACADEMY (Unique)",  # a name copied from `armylist cards`
        "add a unit",
        "siege tank (provisional)",  # a name copied from `armylist units`
        "2",
        "jim raynor (Unique)",
        "save and quit",
    ]
    code, out, _ = run("build", str(small), input="\n".join(script) + "\n")
    assert code == 0, out
    data = yaml.safe_load(small.read_text())
    assert data["tactical_cards"] == ["Barracks", "Academy"]
    assert [u["unit"] for u in data["units"]] == ["Marine", "Siege Tank", "Jim Raynor"]


def test_build_suggests_a_name_on_a_near_miss(small: Path) -> None:
    code, out, _ = run("build", str(small), input="1\nFactroy\nFactory\n0\nn\n")
    assert code == 0, out
    assert 'did you mean "Factory"' in out
    assert "added Factory" in out


def test_build_names_the_unit_whose_upgrades_to_change(tmp_path: Path) -> None:
    path = tmp_path / "list.yaml"
    path.write_text(OFFICIAL.read_text())
    # Three Marines: the name picks the first; "Goliath" is the only one.
    code, out, _ = run("build", str(path), input="upgrades of a unit\ngoliath\n0\nq\n")
    assert code == 0, out
    assert "Upgrades of Goliath (1)" in out


@pytest.fixture
def terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the test runner's stdin look like a terminal, so `draft` asks."""
    wrapper = typer.testing._NamedTextIOWrapper  # type: ignore[attr-defined]
    monkeypatch.setattr(wrapper, "isatty", lambda self: self.name == "<stdin>")


@pytest.mark.usefixtures("terminal")
def test_draft_takes_names_in_any_case_and_suggests_on_a_near_miss(
    tmp_path: Path,
) -> None:
    alice, bob = tmp_path / "alice.yaml", tmp_path / "bob.yaml"
    alice.write_text(ALICE)
    bob.write_text(BOB)
    # Seed 7: Bob wins the roll-off and controls the mission draft, so Alice bans
    # two missions and Bob picks; then Bob bans two deployments and Alice picks.
    answers = [
        "RED",
        "Mission",
        "Fronltines",  # a near miss: asked again, with a suggestion
        "frontlines",
        "hold position (alice)",
        "SUPPLY DROP",
        "acropolis",
        "Breach",
        "gauntlet",
    ]
    code, _out, err = run(
        "draft", str(alice), str(bob), "--seed", "7", input="\n".join(answers) + "\n"
    )
    assert code == 0, err
    assert 'did you mean "Frontlines (Bob)"' in err
    assert "drafted Supply Drop on Gauntlet" in err
    assert "asked at the terminal" in err


@pytest.mark.usefixtures("terminal")
def test_draft_asks_again_in_spanish_with_the_range_of_numbers(tmp_path: Path) -> None:
    alice, bob = tmp_path / "alice.yaml", tmp_path / "bob.yaml"
    alice.write_text(ALICE)
    bob.write_text(BOB)
    # A colour out of range, then the input ends.
    code, _out, err = run(
        "--lang", "es", "draft", str(alice), str(bob), "--seed", "7", input="9\n"
    )
    assert code == 1
    assert "no hay opción 9; responde con un número del 1 al 2 o con un nombre." in err


@pytest.mark.usefixtures("terminal")
def test_draft_says_when_the_input_ends_mid_draft(tmp_path: Path) -> None:
    alice, bob = tmp_path / "alice.yaml", tmp_path / "bob.yaml"
    alice.write_text(ALICE)
    bob.write_text(BOB)
    # Ctrl-D after the colour: the draft cannot finish, and says so in words.
    code, out, err = run("draft", str(alice), str(bob), "--seed", "7", input="red\n")
    assert code == 1, out
    assert "Aborted" not in err
    assert "the input ended before the draft was finished" in err
    assert "--seed 7" in err

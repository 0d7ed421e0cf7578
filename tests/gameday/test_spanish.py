"""`draft` and `supply` in Spanish: the transcript, the result and the Supply plan as
a Spanish player reads them (golden files), and the draft's questions answered in
Spanish or in English."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
import typer.testing
from projectpaths import LISTS, OFFICIAL
from typer.testing import CliRunner

from armylist.cli import app

runner = CliRunner()
GOLDEN = Path(__file__).parent.parent / "golden"
# Named from the project folder, as a player names them: the goldens show the names.
TERRAN = "lists/terran-armed-forces-skirmish-patrol.yaml"
ZERG = "lists/zerg-swarm-skirmish-raiding-pack.yaml"


@pytest.fixture
def at_the_project(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(LISTS.parent)


def _golden(name: str, rendered: str) -> None:
    golden = GOLDEN / name
    if os.environ.get("ARMYLIST_UPDATE_GOLDEN"):
        golden.write_text(rendered, encoding="utf-8")
    assert rendered == golden.read_text(encoding="utf-8")


@pytest.mark.usefixtures("at_the_project")
def test_spanish_draft_transcript_golden() -> None:
    result = runner.invoke(
        app,
        [
            "--lang",
            "es",
            "draft",
            TERRAN,
            ZERG,
            "--seed",
            "7",
            "--auto",
            "--priority",
            "op",
        ],
        env={"COLUMNS": "100"},
    )
    assert result.exit_code == 0, result.stderr
    _golden("draft.es.txt", result.stdout)
    assert "draft hecho: Gather the Resources en Abandoned Camp" in result.stderr


@pytest.mark.usefixtures("at_the_project")
def test_spanish_supply_plan_golden() -> None:
    result = runner.invoke(
        app,
        [
            "--lang",
            "es",
            "supply",
            TERRAN,
            "-m",
            "Hold Position",
            "--losses",
            "Marine:3",
        ],
        env={"COLUMNS": "100"},
    )
    assert result.exit_code == 0, result.stderr
    _golden("supply.es.txt", result.stdout)
    assert "0 advertencias" in result.stderr


@pytest.fixture
def terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the test runner's stdin look like a terminal, so `draft` asks."""
    wrapper = typer.testing._NamedTextIOWrapper  # type: ignore[attr-defined]
    monkeypatch.setattr(wrapper, "isatty", lambda self: self.name == "<stdin>")


@pytest.mark.usefixtures("terminal")
@pytest.mark.parametrize(
    ("colour", "control"), [("azul", "despliegue"), ("blue", "deployment")]
)
def test_the_draft_asks_in_spanish_and_takes_both_languages(
    tmp_path: Path, colour: str, control: str
) -> None:
    alice, bob = tmp_path / "alice.yaml", tmp_path / "bob.yaml"
    alice.write_text(OFFICIAL.read_text().replace("Rulebook example army", "Alice"))
    bob.write_text(OFFICIAL.read_text().replace("Rulebook example army", "Bob"))
    answers = [colour, control, "1", "1", "1", "1", "1", "1"]
    result = runner.invoke(
        app,
        ["--lang", "es", "draft", str(alice), str(bob), "--seed", "7"],
        input="\n".join(answers) + "\n",
    )
    assert result.exit_code == 0, result.stderr
    err = result.stderr
    assert "elige tu color:\n  1. Rojo\n  2. Azul" in err
    assert "Número o nombre" in err
    assert "elige Azul; " in err
    assert "controla el draft de despliegue" in err

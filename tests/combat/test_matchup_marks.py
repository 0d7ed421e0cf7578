"""`armylist matchup`: what the matrix's marks say, and how many squads a row stands for."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from armylist.cli import app

runner = CliRunner()

LIST = """\
scale: standard
faction: Terran Armed Forces
tactical_cards: [Factory]
units:
  - unit: Goliath
    upgrades: [Scatter Missiles]
  - unit: Marine
    models: 9
  - unit: Marine
    models: 9
  - unit: Marine
    models: 6
"""


def matchup(tmp_path: Path, *args: str) -> tuple[int, list[str]]:
    path = tmp_path / "mine.yaml"
    path.write_text(LIST, encoding="utf-8")
    result = runner.invoke(app, ["matchup", str(path), "Zergling", *args])
    return result.exit_code, result.stdout.splitlines()


def _cell(lines: list[str], title: str, row: str) -> str:
    block = lines[lines.index(title) :]
    (line,) = [line for line in block if line.startswith(row)][:1]
    return line.split()[-1]


def test_identical_squads_are_one_row_with_their_count(tmp_path: Path) -> None:
    code, lines = matchup(tmp_path)
    assert code == 0
    assert "A2 Marine (9) ×2" in lines
    assert "A3 Marine (6)" in lines  # one squad: no count


def test_an_attack_that_needs_an_option_has_its_own_mark(tmp_path: Path) -> None:
    code, lines = matchup(tmp_path)
    assert code == 0
    title = "A attacks B, Assault phase"
    # The Scatter Missiles' LOCKED IN needs --stationary or --moved: not "no attack".
    assert _cell(lines, title, "A1 Goliath") == "?"
    legend = " ".join(lines)
    assert "? the attack needs a fact of the table the cards cannot give" in legend
    assert "--stationary or --moved" in legend
    # A Zergling has no ranged weapon: that is "-", no attack at all.
    assert _cell(lines, "B attacks A, Assault phase", "B1 Zergling") == "-"
    # Given the fact, the cell is a number and the legend of ? goes.
    code, lines = matchup(tmp_path, "--stationary")
    assert code == 0
    assert _cell(lines, title, "A1 Goliath") not in ("?", "-")
    assert not any(line.startswith("? ") for line in lines)


@pytest.mark.parametrize("lang", ["es"])
def test_the_mark_speaks_spanish(tmp_path: Path, lang: str) -> None:
    code, lines = matchup(tmp_path, "--lang", lang)
    assert code == 0
    assert "A2 Marine (9) ×2" in lines
    assert _cell(lines, "A ataca a B, fase de Asalto", "A1 Goliath") == "?"
    assert "? el ataque necesita un dato de la mesa" in " ".join(lines)

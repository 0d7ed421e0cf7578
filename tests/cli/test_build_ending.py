"""The prompt builder (`build --plain`): `q` goes back from every prompt that offers a
way back, and the last line says truly whether the file was written and gives the
totals of what the file holds, not of changes left unsaved."""

from __future__ import annotations

from pathlib import Path

import pytest
from smalllist import SMALL
from typer.testing import CliRunner

from armylist.cli import app

runner = CliRunner()


@pytest.fixture
def small(tmp_path: Path) -> Path:
    """Barracks (25 Gas) and nine Marines (210 Minerals)."""
    path = tmp_path / "small.yaml"
    path.write_text(SMALL, encoding="utf-8")
    return path


def run(path: Path, *answers: str, lang: str = "en") -> tuple[int, str]:
    result = runner.invoke(
        app,
        ["--lang", lang, "build", str(path), "--plain"],
        input="\n".join(answers) + "\n",
    )
    return result.exit_code, result.stdout + result.stderr


def last_line(out: str) -> str:
    return out.rstrip("\n").splitlines()[-1]


@pytest.mark.parametrize("back", ["q", "back", "Q"])
def test_q_goes_back_from_the_models_prompt(small: Path, back: str) -> None:
    # Add a unit, Marine (6 or 9 models), then q at "Models": back, as 0 goes, to the
    # main menu, where q quits.
    code, out = run(small, "2", "Marine", back, "q")
    assert code == 0, out
    assert "Marine comes as" not in out and "added Marine" not in out
    assert out.count("Models (6 or 9; 0 back)") == 1
    assert out.count("What next?") == 2
    assert small.read_text(encoding="utf-8") == SMALL


def test_volver_goes_back_from_the_models_prompt_in_spanish(small: Path) -> None:
    code, out = run(small, "2", "Marine", "volver", "q", lang="es")
    assert code == 0, out
    assert "Marine se recluta con" not in out and "se añadió Marine" not in out
    assert out.count("Miniaturas (6 o 9; 0 para volver)") == 1
    assert small.read_text(encoding="utf-8") == SMALL


def test_quitting_with_nothing_changed_does_not_say_saved(small: Path) -> None:
    code, out = run(small, "q")
    assert code == 0, out
    assert last_line(out) == (
        f"nothing changed: {small} (210 Minerals, 25 Vespene Gas)"
    )
    assert "saved" not in out


def test_going_back_then_quitting_is_nothing_changed_in_spanish(
    small: Path,
) -> None:
    code, out = run(small, "1", "q", "q", lang="es")
    assert code == 0, out
    assert last_line(out) == (f"sin cambios: {small} (210 Minerals, 25 de Vespene Gas)")
    assert "guardada" not in out


def test_quitting_without_saving_gives_the_totals_of_the_file(small: Path) -> None:
    # Factory (35 Gas) added, then quit without saving: the file still has 25 Gas.
    code, out = run(small, "1", "Factory", "q", "n")
    assert code == 0, out
    assert last_line(out) == (
        f"not saved: the changes were discarded; {small} is as it was "
        "(210 Minerals, 25 Vespene Gas)"
    )
    assert small.read_text(encoding="utf-8") == SMALL


def test_changes_after_a_save_discarded_give_the_totals_of_the_save(
    small: Path,
) -> None:
    # Factory added and saved (60 Gas), Academy added (95 Gas), quit without saving.
    code, out = run(small, "1", "Factory", "7", "1", "Academy", "q", "n")
    assert code == 0, out
    assert last_line(out) == (
        "not saved: the changes since the last save were discarded; "
        f"{small} holds the list as last saved (210 Minerals, 60 Vespene Gas)"
    )
    text = small.read_text(encoding="utf-8")
    assert "Factory" in text and "Academy" not in text


def test_a_save_then_quit_says_saved(small: Path) -> None:
    code, out = run(small, "1", "Factory", "7", "q")
    assert code == 0, out
    assert last_line(out) == f"saved: {small} (210 Minerals, 60 Vespene Gas)"


def test_the_quit_question_and_the_retry_lines_in_spanish(small: Path) -> None:
    # A number out of range in the main menu, a unit added, then q: the question.
    code, out = run(small, "9", "2", "Medic", "q", "c", "q", "n", lang="es")
    assert code == 0, out
    assert "no hay opción 9; elige un número del 0 al 8" in out
    assert "(la opción 3 compra sus mejoras)" in out
    assert out.count("¿Guardar los cambios antes de salir? [s/n/c]") == 2
    assert last_line(out) == (
        f"no se guardó: se descartaron los cambios; {small} queda como estaba "
        "(210 Minerals, 25 de Vespene Gas)"
    )

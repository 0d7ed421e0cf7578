"""Building a list in Spanish: `new`, a refused edit and the prompt builder speak
Spanish, the builder takes Spanish answers (and still the English ones), and the exit
codes are those of the English run."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from smalllist import SMALL
from typer.testing import CliRunner

from armylist.cli import app

runner = CliRunner()


@pytest.fixture
def small(tmp_path: Path) -> Path:
    path = tmp_path / "small.yaml"
    path.write_text(SMALL, encoding="utf-8")
    return path


def run(*args: str, answers: list[str] | None = None) -> tuple[int, str]:
    text = None if answers is None else "\n".join(answers) + "\n"
    result = runner.invoke(app, ["--lang", "es", *args], input=text)
    return result.exit_code, result.stdout + result.stderr


def test_the_builder_asks_in_spanish_and_takes_spanish_answers(small: Path) -> None:
    # A card menu left with `volver`, a card added, `salir`, then `s` (sí): save.
    code, out = run(
        "build", str(small), answers=["1", "volver", "1", "Factory", "salir", "s"]
    )
    assert code == 0, out
    assert "¿Qué quieres hacer?" in out
    assert "  1  añadir una Tactical Card" in out
    assert "  0  salir (o q)" in out
    assert "Tactical Cards que puede llevar Raynor's Raiders" in out
    assert "se añadió Factory" in out
    assert "s: guardar y salir; n: salir sin guardar; c o Enter: volver" in out
    assert "¿Guardar los cambios antes de salir? [s/n/c]" in out
    assert "lista guardada: " in out
    assert "Factory" in yaml.safe_load(small.read_text())["tactical_cards"]


def test_the_english_answers_still_work_in_spanish(small: Path) -> None:
    code, out = run("build", str(small), answers=["1", "Factory", "q", "c", "q", "n"])
    assert code == 0, out
    assert out.count("¿Guardar los cambios antes de salir?") == 2
    assert "no se guardó: se descartaron los cambios" in out
    assert small.read_text() == SMALL


def test_a_refusal_and_a_bad_answer_in_the_builder_are_spanish(small: Path) -> None:
    code, out = run("build", str(small), answers=["9", "2", "Marine", "7", "0", "q"])
    assert code == 0, out
    assert "no hay opción 9; elige un número del 0 al 8" in out
    assert "Marine: ¿cuántas miniaturas?" in out
    assert "   6 miniaturas, 160 Minerals, Supply 1" in out
    assert "Marine se recluta con 6 o 9 miniaturas" in out


def test_the_input_ending_in_the_builder_exits_1_in_spanish(small: Path) -> None:
    code, out = run("build", str(small), answers=["1", "Factory"])
    assert code == 1
    assert (
        "la entrada terminó: los cambios desde el último guardado no se escriben" in out
    )
    assert small.read_text() == SMALL


def test_a_refused_edit_exits_2_in_spanish_and_leaves_the_file(small: Path) -> None:
    code, out = run("add", str(small), "unit", "Marine")
    assert code == 2
    assert "Marine se recluta con 6 o 9 miniaturas: elige una" in out
    assert "sugerencia: añade --models 6 o --models 9" in out
    assert f"({small} no ha cambiado)" in out
    code, out = run("remove", str(small), "unit", "5")
    assert code == 2
    assert "no hay unidad 5: la lista tiene 1 unidad" in out
    assert small.read_text() == SMALL


def test_an_edit_says_what_it_did_in_spanish(small: Path) -> None:
    code, out = run("add", str(small), "unit", "Marine", "--models", "6")
    assert code == 0, out
    assert (
        "se añadió Marine (6 miniaturas, Supply 1, 160 Minerals) como unidad 2" in out
    )


def test_new_writes_a_starter_list_commented_in_spanish(tmp_path: Path) -> None:
    path = tmp_path / "zerg.yaml"
    code, out = run("new", "--faction", "kerrigans-swarm", "-o", str(path))
    assert code == 0, out
    assert f"Se escribió {path}: " in out
    assert "Siguientes pasos:" in out
    assert "# una lista Zerg necesita exactamente una Creep Card: " in out
    text = path.read_text(encoding="utf-8")
    assert "# Army Slots iniciales: " in text
    assert "# Unidades que puede llevar " in text
    assert "Accelerating Creep o Malignant Creep, una de ellas." in text
    # Keys stay as the format spells them, and the list reads as any other.
    assert "tactical_cards:" in text and "units: []" in text
    code, out = run("validate", str(path))
    assert code in (0, 1), out


def test_new_refuses_an_existing_file_with_exit_2_in_spanish(small: Path) -> None:
    code, out = run("new", "--faction", "Raynor's Raiders", "-o", str(small))
    assert code == 2
    assert "ya existe: no se sobrescribe" in out
    assert small.read_text() == SMALL


def test_set_reads_minerals_as_spanish_writes_them(small: Path) -> None:
    code, out = run("set", str(small), "scale", "grand-offensive", "--minerals", "3000")
    assert code == 0, out
    code, out = run("set", str(small), "minerals", "3.500")
    assert code == 0, out
    assert "se cambió minerals a 3500" in out
    assert yaml.safe_load(small.read_text())["minerals"] == 3500

"""`armylist --lang es game play` and the scoreboard in Spanish: the questions, the
refusals and the ending in Spanish, Spanish answers (Rojo/Azul, ambos, s/N, d to
undo, 3.000 as three thousand) accepted beside the English ones."""

from __future__ import annotations

import os
from pathlib import Path

from typer.testing import CliRunner

from armylist.cli import app
from armylist.gamedata.catalog import Catalog
from armylist.reporters.scoreboard import Scoreboard, render_text
from armylist.text import i18n
from tests.scoring.records import SUPPLY_DROP, scored
from tests.scoring.test_play_table import (
    BACK_TO_ROUND_4,
    ROUND_1,
    ROUND_2,
    ROUND_3,
    ROUND_4,
    ROUND_5,
    TERRAN,
    new_game,
)

runner = CliRunner()
GOLDEN = Path(__file__).parent.parent / "golden"
QUIET = [""] * 8  # Hold Position without lists: six markers' Supply, two losses


def _spanish(answers: list[str]) -> list[str]:
    """The same answers as a Spanish player types them: d to undo, s to confirm."""
    return [{"u": "d", "y": "s"}.get(a, a) for a in answers]


def test_a_whole_game_in_spanish_ends_on_the_right_score(tmp_path: Path) -> None:
    path, new = new_game(tmp_path, "--lang", "es")
    assert new.exit_code == 0, new.output
    assert "una partida de Hold Position (Skirmish), 5 rondas" in new.output
    # The roll-off of round 1 answered by colour name, in Spanish.
    answers = [*ROUND_1[:-1], "azul", *ROUND_2, *ROUND_3, *ROUND_4]
    answers += BACK_TO_ROUND_4 + ROUND_5
    result = runner.invoke(
        app,
        ["--lang", "es", "game", "play", str(path)],
        input="".join(f"{a}\n" for a in _spanish(answers)),
    )
    assert result.exit_code == 0, result.output
    out = " ".join(result.stdout.split())
    assert "d: deshacer la última respuesta; q: guardar y salir" in out
    assert "Marcador 1: Supply de las unidades de Rojo (Jim) que lo disputan" in out
    refusals = [
        "Rojo (Jim) no puede disputar el marcador 1 con 5 de Supply: el Supply Pool "
        "de la ronda 1 es 3",
        "la lista de Rojo no tiene ninguna unidad llamada 'Zergling'",
        "Rojo (Jim) ha disputado el marcador 2 en esta ronda: Rojo (Jim) tiene "
        "miniaturas en la mesa, así que no está eliminado",
        "al ejército de Azul (Ana) le quedan 4 de Supply (6 al empezar, 2 perdido)",
        "al ejército de Azul (Ana) le quedan 2 de Supply (6 al empezar, 4 perdido)",
    ]
    for refusal in refusals:
        assert refusal in out
    assert out.count("rechazada:") == len(refusals)
    assert out.count("deshecha:") == 3
    assert out.count("Esta respuesta termina la partida: gana Rojo (Jim) 14-13") == 2
    assert "¿Terminar la partida? [s/N]" in out
    assert "Resultado: gana Rojo (Jim) 14-13 tras la ronda 5" in out
    words = " ".join(out.split())
    assert (
        "Resultado de torneo: Estancamiento (1 VP de diferencia); un evento daría a "
        "Rojo (Jim) 1 Punto de Partida y 2 Puntos de Torneo, y a Azul (Ana) 1 Punto de "
        "Partida y 2 Puntos de Torneo"
    ) in words
    assert "La partida ha terminado." in out


def test_english_answers_still_work_under_spanish(tmp_path: Path) -> None:
    path = tmp_path / "game.yaml"
    path.write_text(
        "mission: Hold Position\nscale: skirmish\n"
        "players: {red: {name: Alice}, blue: {name: Bob}}\nfirst_player: red\n"
        "rounds:\n",
        encoding="utf-8",
    )
    typed = [*QUIET[:2], "3", "u", *QUIET[2:], "both", "y"]
    result = runner.invoke(
        app,
        ["--lang", "es", "game", "play", str(path)],
        input="".join(f"{a}\n" for a in typed),
    )
    out = " ".join(result.stdout.split())
    assert "deshecha: Marcador 2: Supply de las unidades de Rojo (Alice)" in out
    assert "los dos jugadores eliminados: sin +10, el resultado por VP" in out
    assert result.exit_code == 0, result.output


def test_a_spanish_grouped_number_is_read_as_thousands(tmp_path: Path) -> None:
    path = tmp_path / "game.yaml"
    path.write_text(
        "mission: Hold Position\nscale: skirmish\nplayers: {red: {}, blue: {}}\n"
        "first_player: red\nrounds:\n",
        encoding="utf-8",
    )
    result = runner.invoke(
        app, ["--lang", "es", "game", "play", str(path)], input="3.000\nq\n"
    )
    out = " ".join(result.stdout.split())
    assert "Rojo no puede disputar el marcador 1 con 3000 de Supply" in out
    assert result.exit_code == 0, result.output


def test_spanish_golden_scoreboard(catalog: Catalog) -> None:
    i18n.use(i18n.SPANISH)
    board = Scoreboard(scored(SUPPLY_DROP, catalog), "Alice", "Bob", show_pool=True)
    rendered = render_text(board, width=100)
    golden = GOLDEN / "scoreboard.es.txt"
    if os.environ.get("ARMYLIST_UPDATE_GOLDEN"):
        golden.write_text(rendered, encoding="utf-8")
    assert rendered == golden.read_text(encoding="utf-8")


def test_record_and_supply_refusals_in_spanish(tmp_path: Path) -> None:
    record = tmp_path / "game.yaml"
    record.write_text(
        "mission: Hold Positio\nscale: skirmish\n"
        "players: {red: {name: Ana}, blue: {name: Luis}}\nfirst_player: red\n"
        "rounds: []\n",
        encoding="utf-8",
    )
    score = runner.invoke(app, ["--lang", "es", "game", "score", str(record)])
    assert score.exit_code == 2
    assert "game.yaml:1: misión desconocida 'Hold Positio'" in score.stderr
    assert "las misiones son" in score.stderr
    supply = runner.invoke(
        app,
        [
            "--lang",
            "es",
            "supply",
            str(TERRAN),
            "-m",
            "Hold Position",
            "--order",
            "Zealot",
        ],
    )
    assert supply.exit_code == 2
    assert "--order nombra 'Zealot', que no está en la lista" in supply.stderr
    assert "sus unidades son Marine" in supply.stderr

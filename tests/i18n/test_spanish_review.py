"""A Spanish-speaking player's pass over armylist: what a person reads is Spanish
(the game record's comments, the game data's notes and sources, the help's names of
values), with the rules guide's words, and Spanish typed input is understood."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml
from projectpaths import OFFICIAL, ROOT
from typer.testing import CliRunner

from armylist.cli import app
from armylist.text import i18n
from armylist.text.extract import data_texts

FACTIONS = ROOT / "factions"


def run(*args: str, lang: str = "es") -> tuple[int, str, str]:
    """Exit code, stdout and stderr of `armylist ARGS --lang LANG`."""
    result = CliRunner().invoke(app, [*args, "--lang", lang], env={"COLUMNS": "120"})
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    shutil.copy(OFFICIAL, tmp_path / "official.yaml")
    monkeypatch.chdir(tmp_path)
    return tmp_path


# -- A. English left in what a person reads ------------------------------------------


def test_a_new_game_record_is_commented_in_spanish(folder: Path) -> None:
    code, _out, _err = run("game", "new", "-m", "Hold Position", "-o", "g.yaml")
    assert code == 0
    text = (folder / "g.yaml").read_text(encoding="utf-8")
    comments = [line for line in text.splitlines() if line.lstrip().startswith("#")]
    said = "\n".join(comments)
    assert "# Una partida de Hold Position (Standard): registro de partida" in said
    assert "+2 por ronda; 10 VP de ventaja ganan al instante" in said
    assert "Tras la fase de puntuación de cada ronda, añádela debajo de rounds:" in said
    assert "un jugador sin miniaturas en la mesa ni en la reserva" in said
    assert "quien ganó el Roll-Off cuando hay empate a VP" in said
    for english in ("A game of", "rounds;", "After each", "lost this round", "winner"):
        assert english not in said
    # The keys stay as the format names them, and the record still reads.
    assert "supply_lost: {red: 0, blue: 1}" in said
    assert yaml.safe_load(text)["mission"] == "Hold Position"


def test_a_drafted_record_is_spanish_below_its_spanish_header(folder: Path) -> None:
    shutil.copy(OFFICIAL, folder / "b.yaml")
    code, _out, _err = run("draft", "official.yaml", "b.yaml", "--auto", "-o", "d.yaml")
    assert code == 0
    text = (folder / "d.yaml").read_text(encoding="utf-8")
    assert text.startswith("# Draft hecho con `armylist draft`")
    assert "# Una partida de" in text
    assert "A game of" not in text


def test_info_gives_the_data_notes_and_sources_in_spanish() -> None:
    _code, out, _err = run("info", "Zergling")
    assert "Los costos de mejora son los de v1.0 (§12.10)" in out
    assert "reglamento v1.0 §12.10 (Minerals); hoja de cartas Zerg p. 10" in out
    assert "Upgrade costs" not in out and "card sheet" not in out
    _code, out, _err = run("info", "grand-offensive")
    assert "Mission Cards y Deployment Cards" in out
    assert "convención de armylist, a la espera de una respuesta oficial" in out
    assert "pending an official answer" not in out
    _code, english, _err = run("info", "Zergling", lang="en")
    assert "Upgrade costs are v1.0 (§12.10)" in english


def test_every_note_source_and_convention_of_the_data_has_a_spanish_text() -> None:
    texts = {
        text
        for path in sorted(FACTIONS.glob("*.yaml"))
        for text in data_texts(yaml.safe_load(path.read_text(encoding="utf-8")))
    }
    assert len(texts) > 100
    i18n.use("es")
    try:
        untranslated = sorted(t for t in texts if i18n.data_(t) == t)
    finally:
        i18n.use("en")
    assert untranslated == []


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_card_kind_is_named_as_the_cards_print_it(lang: str) -> None:
    _code, out, _err = run("cards", "--faction", "Raynor's Raiders", lang=lang)
    assert "Tactical Card" in out
    assert " tactical " not in out
    _code, out, _err = run("info", "Accelerating Creep", lang=lang)
    assert "Creep Card" in out
    assert " creep\n" not in out


def test_diff_says_with_in_spanish_and_the_json_keeps_its_data(folder: Path) -> None:
    medic = "  - unit: Medic\n    models: 3\n"
    text = OFFICIAL.read_text(encoding="utf-8")
    (folder / "a.yaml").write_text(text.replace(medic, ""), encoding="utf-8")
    upgraded = medic + "    upgrades: [A-13 Flash Grenade Launcher]\n"
    (folder / "b.yaml").write_text(text.replace(medic, upgraded), encoding="utf-8")
    _code, out, _err = run("diff", "a.yaml", "b.yaml")
    assert "+ unidad Medic (3) con A-13 Flash Grenade Launcher" in out
    assert " with " not in out
    _code, out, _err = run("diff", "a.yaml", "b.yaml", "--format", "json")
    assert '"Medic (3) with A-13 Flash Grenade Launcher"' in out


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_refused_choice_shows_no_pydantic_words(lang: str) -> None:
    code, _out, err = run("attack", "Marine", "Zergling", "--phase", "zzz", lang=lang)
    assert code == 2
    assert "Value error" not in err
    assert "'zzz'" in err


def test_spanish_help_names_values_in_spanish() -> None:
    _code, out, _err = run("attack", "--help")
    assert "{ATACANTE}... {OBJETIVO}" in out
    assert "PULGADAS" in out and "FORMATO" in out
    assert "INCHES" not in out and "ATTACKER" not in out
    _code, out, _err = run("add", "--help")
    assert "{ARCHIVO} {TIPO} {NOMBRE}" in out
    _code, out, _err = run("validate", "--help")
    assert "[RUTAS]..." in out
    _code, english, _err = run("attack", "--help", lang="en")
    assert "{ATTACKER}... {TARGET}" in english and "INCHES" in english


def test_hints_name_values_as_the_spanish_help_does() -> None:
    code, _out, err = run("info", "Zerglingz")
    assert code == 2
    assert "--faction NOMBRE" in err
    assert "NAME" not in err


# -- B. The rules guide's words ------------------------------------------------------

ROUND = "  - round: 1\n    contest: {1: {red: 2}}\n    supply_lost: {red: 0, blue: 1}\n"


@pytest.fixture
def scored(folder: Path) -> Path:
    """A Hold Position record with one round: Red holds marker 1, Blue lost 1 Supply."""
    code, _out, _err = run("game", "new", "-m", "Hold Position", "-o", "g.yaml")
    assert code == 0
    record = folder / "g.yaml"
    record.write_text(record.read_text(encoding="utf-8") + ROUND, encoding="utf-8")
    return record


def test_the_score_speaks_of_the_scoring_phase_and_vp_as_the_guide_does(
    scored: Path,
) -> None:
    code, out, _err = run("game", "score", "g.yaml")
    assert code == 0
    assert "tras la fase de\npuntuación" in out or "tras la fase de puntuación" in out
    assert "Scoring Phase" not in out
    assert "los marcadores de misión (Mission Markers" in out
    assert "VP ganados y por qué" in out
    assert "PV" not in out


def test_marcador_is_a_mission_marker_never_the_score_nor_the_damage() -> None:
    _code, out, _err = run("attack", "Marine", "Zealot")
    assert "queda en el marcador de daño" in out
    _code, out, _err = run("game", "--help")
    assert "la puntuación" in out and "el marcador." not in out
    _code, out, _err = run("game", "score", "--help")
    assert "La puntuación de una partida" in out


def test_equipo_is_a_team_and_a_loadout_is_a_variant() -> None:
    _code, out, _err = run("--help")
    compare = next(line for line in out.splitlines() if "compare" in line)
    assert "Variantes de una unidad" in compare
    assert "Equipos" not in out


def test_engaged_is_trabada() -> None:
    _code, out, _err = run("attack", "--help")
    assert "trabado en combate (Engaged)" in out
    assert "está Engaged" not in out
    code, _out, err = run("attack", "Marine", "Zealot", "--engaged")
    assert code == 2
    said = " ".join(err.split())
    assert (
        "Zealot está trabada en combate: solo un arma PINPOINT puede disparar" in said
    )


def test_phases_are_named_asalto_and_combate_in_the_weapon_table() -> None:
    _code, out, _err = run("info", "Marine")
    assert "Asalto" in out and "Combate" in out
    assert "Assault" not in out


def test_help_says_costo_and_la_terminal_and_matchup_says_supply_eliminado() -> None:
    _code, out, _err = run("--help")
    assert "coste" not in out
    for command in ("build", "new", "draft"):
        _code, out, _err = run(command, "--help")
        assert "un terminal" not in out and "el terminal" not in out
    _code, out, _err = run("matchup", "Marine", "Zealot", "--details")
    assert "quitado" not in out
    assert "eliminado" in out


# -- C. Grammar ------------------------------------------------------------------------

GAME = (
    "mission: Hold Position\nscale: skirmish\n"
    "players: {red: {name: Ana}, blue: {name: Luis}}\nfirst_player: red\nrounds:\n"
)
QUIET = [""] * 8  # the markers' Supply and the two losses of a round: none


def play(folder: Path, answers: list[str]) -> str:
    """`game play` in Spanish on a new Hold Position Skirmish record, its output on
    one line."""
    path = folder / "game.yaml"
    path.write_text(GAME, encoding="utf-8")
    typed = "".join(f"{answer}\n" for answer in answers)
    result = CliRunner().invoke(
        app, ["game", "play", str(path), "--lang", "es"], input=typed
    )
    assert result.exit_code == 0, result.output
    return " ".join(result.stdout.split())


def test_the_slots_used_agree_with_their_own_number(folder: Path) -> None:
    medic = "  - unit: Medic\n    models: 3\n"
    text = OFFICIAL.read_text(encoding="utf-8").replace(medic, "", 1)
    (folder / "one.yaml").write_text(text, encoding="utf-8")
    _code, out, _err = run("validate", "one.yaml")
    said = " ".join(out.split())
    assert "Army Slots Support: 1 usado de 3, 2 sin usar (se pierden)" in said
    _code, out, _err = run("validate", "official.yaml")
    said = " ".join(out.split())
    assert "Army Slots Support: 2 usados de 3, 1 sin usar (se pierde)" in said


def test_a_wipe_out_names_the_sides_as_everywhere_without_nested_brackets(
    folder: Path,
) -> None:
    out = play(folder, [*QUIET, "azul", "s"])
    assert (
        "eliminación total: Azul no tiene miniaturas en la mesa ni en la reserva; "
        "+10 VP para Rojo"
    ) in out
    assert "Azul eliminado (§8.9.3)" in out
    assert "azul no tiene" not in out and "para rojo" not in out


def test_an_undone_answer_about_players_was_nobody(folder: Path) -> None:
    out = play(folder, [*QUIET, "", "d", "q"])
    assert "(era: nadie)" in out
    assert "(era: ninguna)" not in out


def test_lists_of_names_are_joined_with_y_and_o(folder: Path) -> None:
    text = OFFICIAL.read_text(encoding="utf-8").replace(
        "unit: Goliath", "unit: Zerglin"
    )
    (folder / "typo.yaml").write_text(text, encoding="utf-8")
    _code, out, _err = run("validate", "typo.yaml")
    said = " ".join(out.split())
    assert '(¿quisiste decir "Zergling", "Raptor (Zergling)",' in said
    assert '" o "' in said and '" o "Raptor' not in said
    _code, out, _err = run("validate", "typo.yaml", lang="en")
    said = " ".join(out.split())
    assert '(did you mean "Zergling", "Raptor (Zergling)",' in said


def test_several_players_are_addressed_as_ustedes(folder: Path) -> None:
    shutil.copy(OFFICIAL, folder / "b.yaml")
    _code, out, _err = run("draft", "official.yaml", "b.yaml", "--auto")
    said = " ".join(out.split())
    assert "o coloquen la escenografía por turnos" in said
    assert "colocad la" not in said


# -- D. Clear Spanish ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "typed", "reads", "whole"),
    [("es", "2,500", "2,5", "2.500"), ("en", "2.500", "2.5", "2,500")],
)
def test_a_number_with_the_decimal_mark_reads_as_the_decimal_it_is(
    folder: Path, lang: str, typed: str, reads: str, whole: str
) -> None:
    code, _out, err = run(
        "new", "--faction", "Raynor's Raiders", "--minerals", typed, "-o", "n.yaml",
        lang=lang,
    )  # fmt: skip
    assert code == 2
    said = " ".join(err.replace("│", " ").split())
    assert f"'{typed}' " in said and f" {reads} (" in said
    assert f"{whole}, " in said and "2500 " in said
    assert " 2 o como " not in said and " 2 or as " not in said


def test_a_team_minerals_written_with_a_point_reads_as_its_decimal(
    folder: Path,
) -> None:
    team = "name: Dúo\nminerals: 3.500\nplayers: [a.yaml, b.yaml]\n"
    (folder / "team.yaml").write_text(team, encoding="utf-8")
    code, _out, err = run("validate", "--team", "team.yaml")
    assert code == 2
    assert (
        "minerals: 3.500 se lee como el decimal 3,5; escribe `minerals: 3500` para "
        "3.500"
    ) in err
    assert "4000" not in err


def test_the_scoreboard_says_who_goes_first_and_counts_points_of_supply(
    scored: Path,
) -> None:
    _code, out, _err = run("game", "score", "g.yaml")
    assert "Empieza la ronda siguiente" in out
    assert "1 punto de Supply enemigo destruido" in out
    assert "Siguiente primer jugador" not in out


def test_the_draft_by_priority_reads_as_spanish(folder: Path) -> None:
    shutil.copy(OFFICIAL, folder / "b.yaml")
    medic = "  - unit: Medic\n    models: 3\n"
    text = OFFICIAL.read_text(encoding="utf-8").replace(medic, "", 1)
    (folder / "c.yaml").write_text(text, encoding="utf-8")
    args = ("--priority", "op", "--auto", "--seed", "3")
    _code, out, err = run("draft", "official.yaml", "c.yaml", *args)
    said = " ".join(out.split())
    assert "gastó 1.560 Minerals frente a 1.670" in said
    assert "gastados contra" not in said
    assert "elecciones automáticas" in err
    _code, out, _err = run("draft", "official.yaml", "b.yaml", *args)
    said = " ".join(out.split())
    assert "orienta el despliegue desde su lado de la mesa" in said
    assert "desde el propio lado de la mesa de" in said


def test_set_names_the_scale_and_the_mineral_limit(folder: Path) -> None:
    code, out, err = run(
        "set", "official.yaml", "scale", "grand-offensive", "--minerals", "3.000"
    )
    assert code == 0, err
    assert (
        "se cambió la escala a Grand Offensive y el límite de Minerals a 3.000"
        in out + err
    )
    _code, _out, err = run("set", "official.yaml", "minerals", "tres")
    assert "el límite de Minerals tiene que ser un número entero" in err


def test_a_unit_typed_at_a_marker_question_is_told_where_it_goes(folder: Path) -> None:
    out = play(folder, ["Marine:3", "q"])
    assert "da el Supply como número, p. ej. 3" in out
    assert "p. ej. 3000" not in out


def test_files_written_are_said_alike(folder: Path) -> None:
    _code, out, err = run("game", "new", "-m", "Hold Position", "-o", "g.yaml")
    assert (out + err).startswith("Se escribió g.yaml: ")


def test_slots_lost_over_budget_are_said_without_a_negative_budget(
    folder: Path,
) -> None:
    more = "  - unit: Goliath\n" + "  - unit: Marauder\n    models: 4\n" * 2
    text = OFFICIAL.read_text(encoding="utf-8").replace("  - unit: Goliath\n", more)
    (folder / "over.yaml").write_text(text, encoding="utf-8")
    _code, out, _err = run("validate", "over.yaml")
    said = " ".join(out.split())
    assert "la lista ya se pasa de Minerals: el espacio Support se pierde" in said
    assert "y -" not in said


def test_the_quarters_are_counted_as_a_player_says_it() -> None:
    _code, out, _err = run("info", "Divide and Conquer")
    said = " ".join(out.split())
    assert "1 VP por cada cuarto de la mesa (de 4) donde tienes más Supply" in said


# -- E. Spanish typed input ----------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "phase"),
    [
        ("combate", "Combate"),
        ("asalto", "Asalto"),
        ("cuerpo a cuerpo", "Combate"),
        ("a distancia", "Asalto"),
        ("Combat", "Combate"),
    ],
)
def test_the_phase_is_read_in_either_language(typed: str, phase: str) -> None:
    code, out, err = run("attack", "Marine", "Zergling", "--phase", typed)
    assert code == 0, err
    assert f"fase de {phase}" in out


def test_a_phase_in_spanish_is_read_in_an_english_run_too() -> None:
    code, out, _err = run(
        "attack", "Marine", "Zergling", "--phase", "combate", lang="en"
    )
    assert code == 0
    assert "Combat phase" in out
    code, _out, err = run("attack", "Marine", "Zergling", "--phase", "zzz")
    assert code == 2
    assert "'zzz' no es una fase; usa asalto o combate" in " ".join(err.split())


def test_answers_are_matched_without_their_accents() -> None:
    from armylist.tui.answers import read_answer

    assert read_answer("mision", ["Misión", "Despliegue"]).index == 0
    assert read_answer("MISION", ["Misión", "Despliegue"]).index == 0
    assert read_answer("despliegue", ["Misión", "Despliegue"]).index == 1


def test_a_unit_named_in_the_plural_is_that_unit(folder: Path) -> None:
    text = "scale: standard\nfaction: Raynor's Raiders\nunits:\n"
    text += "  - unit: Marines\n    models: 9\n  - unit: Medics\n    models: 3\n"
    (folder / "plural.yaml").write_text(text, encoding="utf-8")
    code, out, _err = run("validate", "plural.yaml")
    assert code == 0, out
    assert "desconocida" not in out
    assert "Marine (9)" in out and "Medic (3)" in out


def test_a_plural_that_is_no_one_unit_is_still_unknown(folder: Path) -> None:
    text = "scale: standard\nfaction: Raynor's Raiders\nunits:\n  - unit: Marinez\n"
    (folder / "typo.yaml").write_text(text, encoding="utf-8")
    code, out, _err = run("validate", "typo.yaml")
    assert code == 1
    assert "unidad desconocida 'Marinez'" in " ".join(out.split())


@pytest.mark.parametrize(
    ("written", "scale"),
    [("estándar", "Standard"), ("escaramuza", "Skirmish"), ("Gran Ofensiva", None)],
)
def test_a_scale_written_in_spanish_is_read(
    folder: Path, written: str, scale: str | None
) -> None:
    text = f"scale: {written}\nfaction: Raynor's Raiders\n"
    if scale is None:
        text += "minerals: 3000\n"
    (folder / "scale.yaml").write_text(text, encoding="utf-8")
    _code, out, _err = run("validate", "scale.yaml")
    assert f"Escala: {scale or 'Grand Offensive'}" in out
    assert "escala desconocida" not in out


@pytest.mark.parametrize("named", ["español", "Spanish", "espanol", "castellano"])
def test_the_language_may_be_named(named: str) -> None:
    code, out, _err = run("info", "Marine", lang=named)
    assert code == 0
    assert "Raza" in out
    code, out, _err = run("info", "Marine", lang="english")
    assert "Race" in out


def test_armylist_lang_may_name_the_language() -> None:
    assert i18n.language_from([], {"ARMYLIST_LANG": "español"}) == "es"
    assert i18n.language_from(["--lang", "Spanish"], {}) == "es"
    assert i18n.language_from([], {"ARMYLIST_LANG": "inglés", "LANG": "es_ES"}) == "en"
    result = CliRunner().invoke(
        app, ["info", "Marine"], env={"ARMYLIST_LANG": "español"}
    )
    assert "warning" not in result.stderr


def test_an_unknown_scenario_card_is_answered_with_the_cards_in_spanish(
    folder: Path,
) -> None:
    Path("m.yaml").write_text(
        "faction: Raynor's Raiders\nscale: standard\n"
        "missions: [Hold the Line, Frontlines]\ndeployments: [Gantlet, Typhoon]\n",
        encoding="utf-8",
    )
    code, out, _ = run("validate", "m.yaml")
    words = " ".join(out.split())
    assert code == 1
    assert (
        "las Mission Cards son Divide and Conquer, Frontlines, Gather the Resources, "
        "Hold Position y Supply Drop"
    ) in words
    assert "las Deployment Cards de Standard son Gauntlet, Typhoon" in words
    assert "README" not in words

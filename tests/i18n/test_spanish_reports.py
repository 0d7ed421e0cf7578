"""Spanish goldens: a sample of every report a player or an organiser reads, run with
`--lang es` through the command line (set ARMYLIST_UPDATE_GOLDEN=1 to rewrite them on
purpose). The English goldens beside them are unchanged; these fix the Spanish words,
the decimal comma and the grouped thousands."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from projectpaths import OFFICIAL, ROOT
from typer.testing import CliRunner

from armylist.cli import app

GOLDEN = ROOT / "tests" / "golden" / "es"
EVENT = ROOT / "docs" / "event-example"
BIO = ROOT / "lists" / "raynors-raiders-veteran-bio.yaml"

BROKEN_EVENT = "scale: standard\nminerals: 1500\n"
TEAM = "name: Dúo\nminerals: 4500\nplayers: [a.yaml, b.yaml]\n"

# (golden file, arguments after the files are copied in, exit code, what is compared:
# stdout, or the message of an error on stderr)
CASES = [
    ("show.txt", ["show", "official.yaml"], 0, "stdout"),
    ("show-closed.txt", ["show", "official.yaml", "--closed"], 0, "stdout"),
    ("export.txt", ["export", "official.yaml"], 0, "stdout"),
    ("export.md", ["export", "bio.yaml", "--format", "markdown"], 0, "stdout"),
    ("export.discord", ["export", "bio.yaml", "--format", "discord"], 0, "stdout"),
    ("export.html", ["export", "bio.yaml", "--format", "html"], 0, "stdout"),
    (
        "attack.txt",
        ["attack", "Zergling", "Marine", "--phase", "combat", "--charge"],
        0,
        "stdout",
    ),
    ("focus.txt", ["attack", "Marine:9", "Marauder:4", "Zealot"], 0, "stdout"),
    ("matchup.txt", ["matchup", "Marine", "Zealot", "--details"], 0, "stdout"),
    (
        "compare.txt",
        ["compare", "Marine", "--vs", "Combat Shield", "--target", "Zealot:3"],
        0,
        "stdout",
    ),
    ("standings.txt", ["event", "standings", "event/round-3.yaml"], 0, "stdout"),
    (
        "standings.md",
        ["event", "standings", "event/round-3.yaml", "--format", "markdown"],
        0,
        "stdout",
    ),
    (
        "pairings.txt",
        ["event", "pair", "event/round-1.yaml", "--round", "2"],
        0,
        "stdout",
    ),
    ("event-check.txt", ["event", "standings", "broken-event.yaml"], 2, "message"),
    ("diff.txt", ["diff", "official.yaml", "bio.yaml"], 0, "stdout"),
    ("info-mission.txt", ["info", "Hold Position"], 0, "stdout"),
]


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The lists and the event of the cases, under short names in a folder of their
    own (so that the reports name `official.yaml`, not a path of this machine)."""
    shutil.copy(OFFICIAL, tmp_path / "official.yaml")
    shutil.copy(BIO, tmp_path / "bio.yaml")
    shutil.copytree(EVENT, tmp_path / "event")
    (tmp_path / "broken-event.yaml").write_text(BROKEN_EVENT, encoding="utf-8")
    for name in ("a.yaml", "b.yaml"):
        shutil.copy(OFFICIAL, tmp_path / name)
    (tmp_path / "team.yaml").write_text(TEAM, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.mark.parametrize(
    ("name", "args", "code", "stream"), CASES, ids=[c[0] for c in CASES]
)
def test_spanish_golden(
    folder: Path, name: str, args: list[str], code: int, stream: str
) -> None:
    result = CliRunner().invoke(app, [*args, "--lang", "es"], env={"COLUMNS": "100"})
    assert result.exit_code == code, result.output
    if stream == "message":
        # The error itself, after the command line's own `armylist: error: ` words.
        shown = result.stderr[result.stderr.index("broken-event.yaml") :]
    else:
        shown = getattr(result, stream)
    golden = GOLDEN / name
    if os.environ.get("ARMYLIST_UPDATE_GOLDEN"):
        golden.parent.mkdir(exist_ok=True)
        golden.write_text(shown, encoding="utf-8")
    assert shown == golden.read_text(encoding="utf-8")


def test_one_process_speaks_the_language_each_run_asks_for(folder: Path) -> None:
    runner = CliRunner()
    english = runner.invoke(app, ["show", "official.yaml"])
    spanish = runner.invoke(app, ["show", "official.yaml", "--lang", "es"])
    again = runner.invoke(app, ["show", "official.yaml", "--lang", "en"])
    assert "Totales: 9 unidades, 38 miniaturas" in spanish.stdout
    assert "1.670 de 2.000 Minerals" in spanish.stdout
    assert english.stdout == again.stdout
    assert "Totals: 9 units, 38 models" in english.stdout
    assert "1,670 of 2,000 Minerals" in english.stdout


def test_plural_forms_follow_the_count(folder: Path) -> None:
    runner = CliRunner()
    one = runner.invoke(app, ["attack", "Jim Raynor", "Zealot", "--lang", "es"])
    assert one.exit_code == 0
    assert "1 miniatura, 3 dados" in one.stdout
    assert "Total de 2 Batches" in one.stdout
    many = runner.invoke(app, ["attack", "Marine", "Zealot", "--lang", "es"])
    assert "9 miniaturas, 18 dados" in many.stdout
    assert "Total de 1 Batch\n" in many.stdout


def test_the_team_table_speaks_spanish(folder: Path) -> None:
    result = CliRunner().invoke(
        app, ["validate", "--team", "team.yaml", "--lang", "es"], env={"COLUMNS": "100"}
    )
    assert result.exit_code == 0
    assert "Equipo Dúo (team.yaml)" in result.stdout
    assert "Minerals del equipo: 4.000 de 4.500 repartidos entre los jugadores" in (
        result.stdout
    )
    assert "✔ equipo legal" in result.stdout


def test_words_worked_out_in_one_language_are_said_again_in_the_other() -> None:
    # The calculator keeps its answers (refusals and costs too) for the next question:
    # an answer worked out in English is not an answer in Spanish.
    runner = CliRunner()
    for lang in ("en", "es"):
        refused = runner.invoke(app, ["attack", "Zealot", "Marine", "--lang", lang])
        stimpack = ["--phase", "combat", "--ability", "Stimpack", "--lang", lang]
        costs = runner.invoke(app, ["attack", "Marine", "Zergling", *stimpack])
    assert refused.exit_code == 2
    assert "Zealot no tiene armas de la fase de Asalto" in refused.stderr
    assert "Costo: Stimpack: Marine sufre NON-LETHAL DAMAGE (2)" in costs.stdout

"""One vocabulary: machine formats give ids, text gives the names printed on the cards.

The scale is the case that went wrong: `validate` printed `Scale: standard` while `show`
printed `Scale: Standard`, and `export --format json` gave `"Standard"` while
`validate --format json` gave `"standard"`.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from projectpaths import LISTS, OFFICIAL
from typer.testing import CliRunner

from armylist.cli import app

runner = CliRunner()
GRAND = LISTS / "khalai-grand-offensive-grand-host.yaml"
GRAND_ZERG = LISTS / "zerg-swarm-grand-offensive-brood.yaml"


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize(
    ("command", "printed"),
    [
        (("validate", str(GRAND)), "Scale: Grand Offensive"),
        (("show", str(GRAND)), "Scale: Grand Offensive"),
        (("export", str(GRAND)), "Khalai (Protoss), Grand Offensive:"),
        (("diff", str(OFFICIAL), str(GRAND)), "scale: Standard -> Grand Offensive"),
        (
            ("draft", str(GRAND), str(GRAND_ZERG), "--seed", "7", "--auto"),
            "Draft (Grand Offensive, seed 7)",
        ),
    ],
    ids=lambda value: value[0] if isinstance(value, tuple) else None,
)
def test_text_names_the_scale_as_printed(
    command: tuple[str, ...], printed: str
) -> None:
    code, out, _ = run(*command)
    assert code in (0, 1)
    assert printed in out


@pytest.mark.parametrize(
    "command",
    [
        ("validate", "--format", "json", str(GRAND)),
        ("export", "--format", "json", str(GRAND)),
        (
            "draft",
            str(GRAND),
            str(GRAND_ZERG),
            "--seed",
            "7",
            "--auto",
            "--format",
            "json",
        ),
    ],
    ids=lambda value: value[0],
)
def test_json_gives_the_scale_id(command: tuple[str, ...]) -> None:
    code, out, _ = run(*command)
    assert code == 0
    data = json.loads(out)
    scale = data["results"][0]["scale"] if "results" in data else data["scale"]
    assert scale == "grand-offensive"


def test_diff_json_gives_scale_ids() -> None:
    code, out, _ = run("diff", "--format", "json", str(OFFICIAL), str(GRAND))
    assert code == 0
    assert json.loads(out)["scale"] == ["standard", "grand-offensive"]


def test_summary_files_give_ids_and_the_markdown_names_and_counts_in_words(
    tmp_path: Path,
) -> None:
    for suffix in ("csv", "json", "md"):
        code, _, _ = run(
            "validate", str(GRAND), "--summary", str(tmp_path / f"s.{suffix}")
        )
        assert code == 0
    assert ",grand-offensive," in (tmp_path / "s.csv").read_text()
    data = json.loads((tmp_path / "s.json").read_text())
    assert data["lists"][0]["scale"] == "grand-offensive"
    markdown = (tmp_path / "s.md").read_text()
    assert "| Grand Offensive |" in markdown
    assert "**1 list: 1 legal, 0 illegal (0 errors, 0 warnings)**" in markdown


def test_markdown_summary_says_one_warning_not_one_warnings(tmp_path: Path) -> None:
    listed = tmp_path / "old.yaml"
    listed.write_text(OFFICIAL.read_text() + "data_version: '1999.01'\n")
    code, _, _ = run("validate", str(listed), "--summary", str(tmp_path / "s.md"))
    assert code == 0
    markdown = (tmp_path / "s.md").read_text()
    assert "(0 errors, 1 warning)" in markdown


def test_game_new_names_the_scale_as_printed(tmp_path: Path) -> None:
    code, _, err = run(
        "game", "new", "-m", "Frontlines", "--scale", "grand-offensive", "-o", "-"
    )
    assert code == 0
    assert "(Grand Offensive)" in err


def test_a_mission_of_the_wrong_scale_is_refused_in_printed_names() -> None:
    code, _, err = run(
        "game", "new", "-m", "supply-drop-skirmish", "--scale", "grand-offensive"
    )
    assert code == 2
    assert (
        "is the Skirmish card of Supply Drop; a Grand Offensive game plays the "
        "Standard cards" in " ".join(err.split())
    )


def test_export_json_gives_slot_ids_and_counts_as_cards_json_does() -> None:
    code, out, _ = run("export", "--format", "json", str(OFFICIAL))
    assert code == 0
    data = json.loads(out)
    assert {u["slot"] for u in data["units"]} == {"core", "hero", "support", "elite"}
    code, listed, _ = run("cards", "--faction", "raynors-raiders", "--format", "json")
    slots = {card["id"]: card["slots"] for card in json.loads(listed)}
    for card in data["tactical_cards"]:
        assert card["slots"] == slots[card["id"]]


def test_show_still_prints_slot_names() -> None:
    code, out, _ = run("show", str(OFFICIAL))
    assert code == 0
    assert "Barracks (Proxy)   40 Gas  +2 Core" in out
    assert "1. Marine (9)  Core, Supply 2, 210 Minerals" in out

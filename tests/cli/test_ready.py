"""A legal list is not yet a list to play: the verdict says what a game still needs.

A list without units, Mission Cards or Deployment Cards is legal (the card keys are
optional), and a player reads "legal" as "ready to play". The verdict says which of them
a game of the list's scale still needs (§9.2); the exit code stays 0.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from projectpaths import OFFICIAL
from typer.testing import CliRunner

from armylist.cli import app

runner = CliRunner()

EMPTY = "name: Empty\nscale: standard\nfaction: Raynor's Raiders\n"


def validate(path: Path, *options: str) -> tuple[int, str]:
    result = runner.invoke(app, ["validate", str(path), *options])
    # The verdict may wrap: read the words only.
    return result.exit_code, " ".join(result.stdout.split())


def without(tmp_path: Path, key: str) -> Path:
    """The official example (which brings both kinds of cards) without ``key``."""
    lines = OFFICIAL.read_text(encoding="utf-8").splitlines()
    path = tmp_path / "list.yaml"
    path.write_text(
        "\n".join(line for line in lines if not line.startswith(f"{key}:")) + "\n",
        encoding="utf-8",
    )
    return path


def test_an_empty_list_is_legal_and_says_what_a_game_needs(tmp_path: Path) -> None:
    path = tmp_path / "empty.yaml"
    path.write_text(EMPTY, encoding="utf-8")
    code, out = validate(path)
    assert code == 0
    assert out.endswith(
        "✔ legal list, not ready for a Standard game: no units; no Mission Cards "
        "(2 needed); no Deployment Cards (2 needed)"
    )


def test_the_verdict_names_the_lists_scale(tmp_path: Path) -> None:
    path = tmp_path / "empty.yaml"
    path.write_text(EMPTY.replace("standard", "skirmish"), encoding="utf-8")
    code, out = validate(path)
    assert code == 0
    assert "not ready for a Skirmish game: no units;" in out


def test_an_empty_list_in_spanish(tmp_path: Path) -> None:
    path = tmp_path / "empty.yaml"
    path.write_text(EMPTY, encoding="utf-8")
    code, out = validate(path, "--lang", "es")
    assert code == 0
    assert out.endswith(
        "✔ lista legal, pero aún no preparada para una partida Standard: ninguna "
        "unidad; ninguna Mission Card (hacen falta 2); ninguna Deployment Card "
        "(hacen falta 2)"
    )


@pytest.mark.parametrize(
    ("key", "missing"),
    [("missions", "no Mission Cards"), ("deployments", "no Deployment Cards")],
)
def test_a_list_without_its_scenario_cards_is_not_ready(
    tmp_path: Path, key: str, missing: str
) -> None:
    path = without(tmp_path, key)
    code, out = validate(path)
    assert code == 0
    assert out.endswith(
        f"✔ legal list, not ready for a Standard game: {missing} (2 needed)"
    )
    code, out = validate(path, "--format", "json")
    (result,) = json.loads(out)["results"]
    assert (result["valid"], result["ready"], result["missing"]) == (True, False, [key])


def test_a_list_with_everything_is_ready() -> None:
    code, out = validate(OFFICIAL)
    assert code == 0
    assert out.endswith("✔ legal list") and "not ready" not in out
    code, out = validate(OFFICIAL, "--format", "json")
    (result,) = json.loads(out)["results"]
    assert (result["valid"], result["ready"], result["missing"]) == (True, True, [])


def test_an_illegal_list_keeps_its_verdict(tmp_path: Path) -> None:
    path = tmp_path / "list.yaml"
    path.write_text(EMPTY + "units:\n  - unit: Marine\n    models: 7\n", "utf-8")
    code, out = validate(path)
    assert code == 1
    assert "✘ illegal list" in out and "not ready" not in out
    code, out = validate(path, "--format", "json")
    (result,) = json.loads(out)["results"]
    assert (result["valid"], result["ready"]) == (False, False)

"""A replacement needs the weapon it replaces (§9.1.7): `add`, `validate`, `show` and
every export agree that a second upgrade FOR one weapon is not taken."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from armylist.cli import app

runner = CliRunner()

ONE = """\
scale: standard
faction: Terran Armed Forces
tactical_cards: [Factory]
units:
  - unit: Goliath
    upgrades: [Haywire Missiles]
"""
BOTH = ONE.replace("[Haywire Missiles]", "[Haywire Missiles, Scatter Missiles]")


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        (
            "en",
            "Scatter Missiles replaces Hellfire Missiles, which Haywire Missiles "
            "already replaces on Goliath",
        ),
        (
            "es",
            "Scatter Missiles reemplaza Hellfire Missiles, que Haywire Missiles ya "
            "reemplaza en Goliath",
        ),
    ],
)
def test_add_refuses_a_second_replacement_of_one_weapon(
    tmp_path: Path, lang: str, said: str
) -> None:
    path = tmp_path / "goliath.yaml"
    path.write_text(ONE, encoding="utf-8")
    code, _, err = run("add", str(path), "upgrade", "Scatter Missiles", "--lang", lang)
    assert code == 2
    assert said in " ".join(err.split())
    assert path.read_text(encoding="utf-8") == ONE
    # The same refusal when the unit is added with both.
    code, _, err = run(
        "add", str(path), "unit", "Goliath", "--lang", lang,
        "-u", "Haywire Missiles", "-u", "Scatter Missiles",
    )  # fmt: skip
    assert code == 2
    assert said in " ".join(err.split())
    assert path.read_text(encoding="utf-8") == ONE


def test_validate_calls_the_second_replacement_an_error(tmp_path: Path) -> None:
    path = tmp_path / "goliath.yaml"
    path.write_text(BOTH, encoding="utf-8")
    code, out, _ = run("validate", str(path), "--format", "json")
    assert code == 1
    (result,) = json.loads(out)["results"]
    assert result["valid"] is False
    (finding,) = [f for f in result["findings"] if f["code"] == "AL403"]
    assert finding["severity"] == "error"


@pytest.mark.parametrize(
    "command",
    [
        ["show"],
        ["export", "--format", "text"],
        ["export", "--format", "markdown"],
        ["export", "--format", "discord"],
        ["export", "--format", "html"],
    ],
)
def test_no_model_carries_the_second_replacement(
    tmp_path: Path, command: list[str]
) -> None:
    path = tmp_path / "goliath.yaml"
    path.write_text(BOTH, encoding="utf-8")
    _, out, _ = run(command[0], str(path), *command[1:])
    flat = " ".join(out.split())
    assert "Haywire Missiles (replaces Hellfire Missiles)" in flat
    assert "Scatter Missiles (replaces" not in flat
    # the loadout names the weapons once each: Scatter Missiles is only bought
    loadout = flat[flat.index("Autocannon") :]
    assert "Scatter Missiles," not in loadout.split("Stomp")[0]


def test_the_json_export_carries_only_the_first_replacement(tmp_path: Path) -> None:
    path = tmp_path / "goliath.yaml"
    path.write_text(BOTH, encoding="utf-8")
    _, out, _ = run("export", str(path), "--format", "json")
    (unit,) = json.loads(out)["units"]
    weapons = [w["name"] for group in unit["loadout"] for w in group["weapons"]]
    assert weapons == [
        "Autocannon",
        "Underbelly Machine Gun",
        "Haywire Missiles",
        "Stomp",
    ]

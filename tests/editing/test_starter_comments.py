"""`new` writes lists that are complete and whose comments are true (issue 11, item 9)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from armylist.cli import app

runner = CliRunner()


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def validate(path: Path) -> dict[str, object]:
    _, out, _ = run("validate", str(path), "--format", "json")
    result = json.loads(out)["results"][0]
    assert isinstance(result, dict)
    return result


def rules(result: dict[str, object]) -> list[str]:
    findings = result["findings"]
    assert isinstance(findings, list)
    return [f["rule"] for f in findings]


def follow(text: str, key: str) -> str:
    """Do what the comment just above the ``key:`` line says, literally.

    A comment may show lines to write (in backticks, on its own line below the key), or
    a block to write in place of the key's line (indented comment lines that start with
    the key). Either is done exactly as shown.
    """
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith(f"{key}:"))
    start = at
    while start > 0 and lines[start - 1].startswith("#"):
        start -= 1
    comment = lines[start:at]
    block_start = next(
        (i for i, line in enumerate(comment) if re.match(rf"^#\s+{key}:\s*$", line)),
        None,
    )
    if block_start is not None:
        indent = len(comment[block_start]) - len(comment[block_start][1:].lstrip())
        block = []
        for line in comment[block_start:]:
            if not line.startswith("#" + " " * (indent - 1)):
                break
            block.append(line[indent:])
        return "\n".join([*lines[:at], *block, *lines[at + 1 :]]) + "\n"
    shown = [s for line in comment for s in re.findall(r"`([^`]*)`", line)]
    # `  - unit: Marine` with `    models: 9` below it: each shown line, in order.
    written = [s for s in shown if s.startswith(" ")]
    assert written, f"the comment above {key} shows nothing to write:\n{comment}"
    return "\n".join([*lines[: at + 1], *written, *lines[at + 1 :]]) + "\n"


@pytest.mark.parametrize("faction", ["Raynor's Raiders", "daelaam", "kerrigans-swarm"])
def test_following_the_starters_instructions_gives_a_readable_list(
    tmp_path: Path, faction: str
) -> None:
    path = tmp_path / "new.yaml"
    assert run("new", "-f", faction, "-o", str(path))[0] == 0
    text = path.read_text()
    for key in ("tactical_cards", "units"):
        text = follow(text, key)
    path.write_text(text)
    result = validate(path)
    assert not {"yaml-syntax", "list-schema"} & set(rules(result)), result["findings"]
    gas = result["gas"]
    assert isinstance(gas, dict) and gas["used"] > 0  # the cards were read
    assert result["units"]


def test_a_new_zerg_swarm_list_takes_its_only_creep_card(tmp_path: Path) -> None:
    path = tmp_path / "zerg.yaml"
    code, _out, _ = run("new", "-f", "Zerg Swarm", "-o", str(path))
    assert code == 0
    result = validate(path)
    assert "creep-card" not in rules(result)
    assert result["valid"] is True
    assert "Accelerating Creep" in path.read_text().split("tactical_cards:")[1]


def test_a_new_kerrigans_swarm_list_says_it_needs_a_creep_card(tmp_path: Path) -> None:
    path = tmp_path / "kerrigan.yaml"
    code, out, _ = run("new", "-f", "Kerrigan's Swarm", "-o", str(path))
    assert code == 0
    steps = out.split("Next steps:")[1]
    assert "Creep Card" in steps
    assert "Accelerating Creep" in steps and "Malignant Creep" in steps


def comments(text: str) -> str:
    return "\n".join(
        line for line in text.splitlines() if line.lstrip().startswith("#")
    )


def test_set_faction_leaves_no_comment_about_the_old_faction(tmp_path: Path) -> None:
    path = tmp_path / "list.yaml"
    assert (
        run("new", "-f", "Raynor's Raiders", "--name", "Mine", "-o", str(path))[0] == 0
    )
    starter = path.read_text()
    assert run("set", str(path), "faction", "Terran Armed Forces")[0] == 0
    text = path.read_text()
    assert "Raynor's Raiders" not in comments(text)
    assert "# Tactical Cards Terran Armed Forces may take" in text
    assert "# Units Terran Armed Forces may take" in text
    # And back: the starter as it was written, byte for byte.
    assert run("set", str(path), "faction", "Raynor's Raiders")[0] == 0
    assert path.read_text() == starter


def test_set_faction_from_zerg_leaves_no_zerg_comments(tmp_path: Path) -> None:
    path = tmp_path / "list.yaml"
    assert run("new", "-f", "Zerg Swarm", "--name", "Mine", "-o", str(path))[0] == 0
    assert run("set", str(path), "faction", "Kerrigan's Swarm")[0] == 0
    text = comments(path.read_text())
    assert "Zerg Swarm" not in text and "Kerrigan's Swarm" in text

"""The prompt builder (`armylist build` without a terminal, or `--plain`): a way back
from quitting, menus that mark Unique and provisional entries and keep their numbers,
and answers echoed when they come from a pipe, so a transcript reads."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from projectpaths import OFFICIAL
from smalllist import SMALL
from typer.testing import CliRunner

from armylist.cli import app

runner = CliRunner()


def build(path: Path, answers: list[str]) -> tuple[int, str]:
    result = runner.invoke(app, ["build", str(path)], input="\n".join(answers) + "\n")
    return result.exit_code, result.stdout


@pytest.fixture
def small(tmp_path: Path) -> Path:
    path = tmp_path / "small.yaml"
    path.write_text(SMALL)
    return path


@pytest.fixture
def official(tmp_path: Path) -> Path:
    path = tmp_path / "official.yaml"
    path.write_text(OFFICIAL.read_text())
    return path


def menu(out: str, title: str) -> dict[str, str]:
    """The first menu under ``title``: each entry's name -> its number."""
    block = out.split(title, 1)[1].split("back", 1)[0]
    entries = re.findall(r"^\s+(\d+)\s{2}(\S+(?: \S+)*?)(?:\s{2}|$)", block, re.M)
    return {name: number for number, name in entries}


def test_quitting_with_unsaved_changes_can_be_cancelled(small: Path) -> None:
    code, out = build(small, ["1", "Factory", "q", "c", "save and quit"])
    assert code == 0, out
    assert "[y/n/c]" in out
    assert "saved" in out
    assert "Factory" in yaml.safe_load(small.read_text())["tactical_cards"]


def test_an_empty_answer_to_the_quit_question_goes_back_too(small: Path) -> None:
    code, out = build(small, ["1", "Factory", "q", "", "q", "n"])
    assert code == 0, out
    assert out.count("Save the changes first?") == 2
    assert small.read_text() == SMALL


def test_menus_mark_unique_and_provisional_entries(small: Path) -> None:
    code, out = build(small, ["add a unit", "0", "add a tactical card", "0", "q"])
    assert code == 0, out
    lines = out.splitlines()
    (raynor,) = [line for line in lines if "  Jim Raynor " in line]
    assert raynor.rstrip().endswith("(Unique)")
    (tank,) = [line for line in lines if "  Siege Tank " in line]
    assert tank.rstrip().endswith("(provisional)")
    (academy,) = [line for line in lines if "  Academy " in line]
    assert academy.rstrip().endswith("(Unique)")
    (lab,) = [line for line in lines if "  Factory (Tech Lab) " in line]
    assert lab.rstrip().endswith("(Unique, provisional)")


def test_a_taken_unique_keeps_its_number_and_is_refused_with_a_reason(
    small: Path, official: Path
) -> None:
    _, before = build(small, ["add a unit", "0", "q"])
    code, after = build(official, ["add a unit", "Jim Raynor", "0", "q"])
    assert code == 0, after
    assert len(menu(before, "Units (")) > 5
    assert menu(before, "Units (") == menu(after, "Units (")
    # Refused, the menu is offered again: Jim Raynor is listed twice, marked both times.
    offered = [line for line in after.splitlines() if "  Jim Raynor " in line]
    assert len(offered) == 2
    assert all(line.endswith("(Unique: in the list)") for line in offered)
    assert "Jim Raynor is Unique and is already in the list" in after
    assert official.read_text() == OFFICIAL.read_text()
    _, cards_before = build(small, ["add a tactical card", "0", "q"])
    _, cards_after = build(official, ["add a tactical card", "Academy", "0", "q"])
    assert len(menu(cards_before, "Tactical Cards Raynor")) > 5
    assert menu(cards_before, "Tactical Cards Raynor") == menu(
        cards_after, "Tactical Cards Raynor"
    )
    assert "Academy is Unique and is already in the list" in cards_after


def test_piped_answers_are_echoed_after_their_prompt(small: Path) -> None:
    code, out = build(small, ["add a tactical card", "Factory", "0", "n"])
    assert code == 0, out
    assert "Choice: add a tactical card\n" in out
    assert "Card: Factory\n" in out
    assert "[y/n/c]: n\n" in out

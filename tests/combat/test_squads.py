"""`armylist matchup` as a matrix: the cells agree with the details, work is bounded.

The matrix cell of row X and column Y is X's expected Supply removed from Y in one
activation: the very number the details (`--details`, JSON "matchups") give.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from armylist.cli import app
from armylist.combat import Combatant, squads
from armylist.combat.squads import activations, squad_matchup
from armylist.reporters.combat import dice
from armylist.reporters.combat_matchup import squads_view
from armylist.reporters.text import to_text

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[2]
KHALAI = ROOT / "lists" / "khalai-grand-offensive-grand-host.yaml"
BROOD = ROOT / "lists" / "zerg-swarm-grand-offensive-brood.yaml"

RAIDERS = """\
scale: standard
faction: Raynor's Raiders
units:
  - unit: Marine
    models: 9
    upgrades: [Combat Shield]
  - unit: Marauder
    models: 2
  - unit: Marine
    models: 9
    upgrades: [Combat Shield]
"""


def invoke(*args: str) -> Any:
    result = runner.invoke(app, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit)
    return result


def test_the_matrix_and_the_details_agree() -> None:
    result = invoke("matchup", str(KHALAI), str(BROOD), "--format", "json", "--exact")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    details = {(m["attacker"], m["target"], m["phase"]): m for m in data["matchups"]}
    assert len(data["matrices"]) == 4
    for matrix in data["matrices"]:
        for r, attacker in enumerate(matrix["attackers"]):
            row = matrix["supply_removed"][r]
            for c, target in enumerate(matrix["targets"]):
                entry = details[attacker, target, matrix["phase"]]
                expected = entry["expected"]
                assert row[c] == (expected and expected["supply_removed"])
            known = [v for v in row if v is not None]
            best = max(known, key=Fraction, default=None)
            marked = [row[c] for c in matrix["best_targets"][r]]
            if best is None or Fraction(best) == 0:
                assert marked == []
            else:
                assert marked and all(v == best for v in marked)


def test_the_printed_matrix_shows_the_details_numbers_and_marks_the_best(
    catalog: Any,
) -> None:
    from armylist.combat.lists import read_combatants

    side_a = read_combatants(KHALAI, catalog)
    side_b = read_combatants(BROOD, catalog)
    found = squad_matchup(side_a, side_b)
    text = to_text(squads_view(found), width=160)
    matrix = found.matrices()[0]  # A attacks B, Assault phase
    block = text.split("A attacks B, Assault phase\n")[1].split("\n\n")[0]
    rows = block.splitlines()[2:]
    for r, line in enumerate(rows):
        cells = line.split()[-len(matrix.targets) :]
        for c, cell in enumerate(cells):
            value = matrix.supply(r, c)
            assert cell.rstrip("*") == ("-" if value is None else dice(value))
            assert cell.endswith("*") == (c in matrix.best(r))


def test_details_only_when_asked() -> None:
    plain = invoke("matchup", "Marine", "Zealot")
    assert plain.exit_code == 0
    assert "A attacks B, Assault phase" in plain.stdout
    assert "Expected per activation" not in plain.stdout
    detailed = invoke("matchup", "Marine", "Zealot", "--details")
    assert "Expected per activation" in detailed.stdout
    assert "Psi Blades" in detailed.stdout


def test_identical_squads_are_worked_out_once(
    tmp_path: Path, unit: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    marines = Combatant(unit=unit("Marine"), models=9, upgrades=("Combat Shield",))
    marauders = Combatant(unit=unit("Marauder"), models=2)
    asked: list[tuple[str, str, str]] = []
    real = squads._activation

    def counting(attacker: Combatant, target: Combatant, phase: Any, **facts: Any):  # type: ignore[no-untyped-def]
        asked.append((attacker.unit.id, target.unit.id, phase))
        return real(attacker, target, phase, **facts)

    monkeypatch.setattr(squads, "_activation", counting)
    found = squad_matchup([marines, marauders], [marines])
    # Marines against Marines once a phase; Marauders both ways: 2 + 4.
    assert len(asked) == len(set(asked)) == activations([marines, marauders], [marines])
    assert len(asked) == 6
    assert len(found.entries) == 6


def test_targets_equal_as_the_calculator_sees_them_are_attacked_once(
    unit: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Grenades - Frag changes the Marines' C-14 Rifle, not how they take an attack;
    # Combat Shield does (Evade in close combat): a target of its own.
    plain = Combatant(unit=unit("Marine"), models=9)
    frag = Combatant(unit=unit("Marine"), models=9, upgrades=("Grenades - Frag",))
    shield = Combatant(unit=unit("Marine"), models=9, upgrades=("Combat Shield",))
    zealots = Combatant(unit=unit("Zealot"))
    asked: list[tuple[str, tuple[str, ...], str]] = []
    real = squads._activation

    def counting(attacker: Combatant, target: Combatant, phase: Any, **facts: Any):  # type: ignore[no-untyped-def]
        asked.append((attacker.unit.id, target.upgrades, phase))
        return real(attacker, target, phase, **facts)

    monkeypatch.setattr(squads, "_activation", counting)
    found = squad_matchup([zealots], [plain, frag, shield], range_inches=8)
    # The Zealots' attacks on the plain Marines serve the Grenades squad too: of 12
    # activations, 2 are the same questions as others.
    assert len(asked) == 10
    assert ("zealot", ("Grenades - Frag",), "combat") not in asked
    assert ("zealot", ("Combat Shield",), "combat") in asked
    entries = {(e.attacker, e.target, e.phase): e for e in found.entries}
    assert len(entries) == 12  # the details still show every activation
    for phase in ("assault", "combat"):
        shared = entries["Zealot", "Marine (9; Grenades - Frag)", phase]
        assert shared.result == entries["Zealot", "Marine (9)", phase].result
    shielded = entries["Zealot", "Marine (9; Combat Shield)", "combat"].result
    assert shielded != entries["Zealot", "Marine (9)", "combat"].result


def test_a_matchup_past_the_bound_is_refused_before_any_work(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # 8 by 11 different squads: 4 x 8 x 11 = 352 activations.
    monkeypatch.setattr(squads, "MOST_ACTIVATIONS", 351)
    refused = invoke("matchup", str(KHALAI), str(BROOD))
    assert refused.exit_code == 2 and refused.stdout == ""
    assert "8 by 11 different squads is 352 activations" in refused.stderr
    monkeypatch.setattr(squads, "MOST_ACTIVATIONS", 352)
    assert invoke("matchup", str(KHALAI), str(BROOD)).exit_code == 0


def test_progress_is_told_each_attacking_squad(unit: Any) -> None:
    told: list[tuple[int, int]] = []
    side = [Combatant(unit=unit("Marine")), Combatant(unit=unit("Zergling"))]
    squad_matchup(
        side, [Combatant(unit=unit("Zealot"))], progress=lambda *a: told.append(a)
    )
    assert told == [(1, 2), (2, 2)]


def test_the_progress_bar_is_drawn_only_on_a_terminal(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from armylist.cli import matchup as combat

    with combat._progress(10_000) as progress:
        assert progress is None  # the tests' stderr is not a terminal
    monkeypatch.setattr(combat.sys.stderr, "isatty", lambda: True, raising=False)
    with combat._progress(10) as progress:
        assert progress is None  # short work: no bar
    with combat._progress(10_000) as progress:
        assert progress is not None
        progress(1, 2)


@pytest.mark.parametrize("models", ["0", "-2"])
def test_a_unit_of_no_models_is_a_finding_not_a_traceback(
    tmp_path: Path, models: str
) -> None:
    odd = tmp_path / "odd.yaml"
    odd.write_text(RAIDERS.replace("models: 2", f"models: {models}"), encoding="utf-8")
    result = invoke("matchup", str(odd), "Zealot")
    assert result.exit_code == 1 and result.stdout == ""
    assert f"odd.yaml:8:13: Marauder has no composition of {models} models" in (
        result.stderr
    )
    assert "[composition, §9.1.6]" in result.stderr
    assert "Traceback" not in result.output and "pydantic" not in result.output


def test_a_list_with_its_compositions_as_printed_is_compared(tmp_path: Path) -> None:
    fine = tmp_path / "fine.yaml"
    fine.write_text(RAIDERS, encoding="utf-8")
    result = invoke("matchup", str(fine), "Zealot", "--format", "json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["matrices"][0]["attackers"] == [
        "Marine (9; Combat Shield)",
        "Marauder (2)",
    ]


def test_a_misspelt_unit_beside_a_list_is_named() -> None:
    result = invoke("matchup", "Zeolot", str(BROOD))
    assert result.exit_code == 2 and result.stdout == ""
    assert 'did you mean "Zealot"' in result.stderr

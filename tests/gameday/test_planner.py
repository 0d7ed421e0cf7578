"""The Supply planner (§6, §8.3, §8.10): the API and `armylist supply`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from projectpaths import OFFICIAL
from typer.testing import CliRunner

from armylist.cli import app
from armylist.engine import check_text
from armylist.findings import Refused
from armylist.gamedata.catalog import Catalog
from armylist.gamedata.models import Mission
from armylist.gameday.planner import (
    Loss,
    Recruit,
    parse_losses,
    plan,
    recruits,
    supply_pool,
)

runner = CliRunner()

# The seed chapter's example army: Marines (Supply 2) and Marauders (Supply 2).
SEED_LIST = """\
player: Katherine
scale: standard
faction: Raynor's Raiders
tactical_cards: [Barracks]
units:
  - unit: Marine
    models: 9
  - unit: Marauder
    models: 4
missions: [Hold Position, Supply Drop]
deployments: [Gauntlet, Typhoon]
"""


def units_of(text: str, catalog: Catalog) -> list[Recruit]:
    _, context = check_text(text, "list.yaml", catalog)
    return recruits(context)


def hold_position(catalog: Catalog) -> Mission:
    mission = catalog.mission("Hold Position", "standard")
    assert mission is not None
    return mission


def tiny_mission() -> Mission:
    return Mission(
        id="tiny",
        name="Tiny",
        source="test",
        scale="standard",
        starting_supply=1,
        supply_escalation=0,
        game_length=3,
    )


def test_seed_example_through_the_api(catalog: Catalog) -> None:
    result = plan(
        units_of(SEED_LIST, catalog),
        hold_position(catalog),
        losses=[Loss(unit="Marine", models=3)],
    )
    first, second = result.rounds[0], result.rounds[1]
    assert (first.pool, first.available) == (6, 6)
    assert [u.unit for u in first.entered] == ["Marine (9)", "Marauder (4)"]
    assert first.entered_supply == 4
    assert first.available_after == 2
    # The Marines lost 3 models: 6 left is Supply 1 by the Supply Profile.
    assert first.losses[0].models_left == 6
    assert first.losses[0].supply_after == 1
    assert (second.pool, second.on_table, second.available) == (8, 3, 5)
    last = result.rounds[-1]
    assert last.round == 5 == result.game_length
    assert last.pool is None and last.available is None
    assert result.total_supply == 4


def test_pool_grows_by_escalation_and_the_last_round_is_unlimited(
    catalog: Catalog,
) -> None:
    assert [supply_pool(hold_position(catalog), n) for n in range(1, 6)] == [
        6,
        8,
        10,
        12,
        None,
    ]
    divide = catalog.mission("Divide and Conquer", "standard")
    assert divide is not None
    assert [supply_pool(divide, n) for n in range(1, 5)] == [8, 10, 12, None]
    skirmish = catalog.mission("Hold Position", "skirmish")
    assert skirmish is not None
    assert [supply_pool(skirmish, n) for n in range(1, 6)] == [3, 4, 5, 6, None]


@pytest.mark.parametrize(
    ("lost", "supply", "destroyed"),
    [(3, 1, None), (6, 0, None), (9, 0, 1)],
)
def test_losses_follow_the_supply_profile(
    catalog: Catalog, lost: int, supply: int, destroyed: int | None
) -> None:
    result = plan(
        units_of(SEED_LIST, catalog),
        hold_position(catalog),
        losses=[Loss(unit="Marine", models=lost)],
    )
    assert result.rounds[0].losses[0].supply_after == supply
    assert result.rounds[1].on_table == supply + 2
    assert result.order[0].destroyed == destroyed


def test_order_and_first_fit(catalog: Catalog) -> None:
    units = units_of(OFFICIAL.read_text(encoding="utf-8"), catalog)
    result = plan(units, hold_position(catalog), order=["Goliath", "Medic"])
    assert [u.label for u in result.order][:3] == [
        "Goliath (1)",
        "Medic (3)",
        "Marine (9)",
    ]
    # Pool 6: Goliath 2 + Medic 1 + Marine 2 = 5; the second Marine (2) does not fit
    # and waits, the Marine squad of 6 (Supply 1) behind it enters.
    assert [u.unit for u in result.rounds[0].entered] == [
        "Goliath (1)",
        "Medic (3)",
        "Marine (9)",
        "Marine (6)",
    ]
    assert result.rounds[0].available_after == 0
    assert result.rounds[1].entered[0].unit == "Marine (9)"
    assert result.rounds[1].entered[0].position == 2


def test_the_official_list_keeps_the_goliath_for_the_last_round(
    catalog: Catalog,
) -> None:
    units = units_of(OFFICIAL.read_text(encoding="utf-8"), catalog)
    result = plan(units, hold_position(catalog))
    assert result.total_supply == 13
    goliath = next(u for u in result.order if u.unit == "Goliath")
    assert goliath.enters == 5
    kinds = {w.kind: w for w in result.warnings}
    assert "never-before-last-round" not in kinds
    assert kinds["reserve-at-final-scoring"].units == ["Goliath (1)"]
    assert kinds["reserve-at-final-scoring"].rule_ref == "§8.10"


def test_a_unit_too_big_for_every_pool_before_the_last_round_is_flagged(
    catalog: Catalog,
) -> None:
    result = plan(units_of(SEED_LIST, catalog), tiny_mission())
    assert [r.pool for r in result.rounds] == [1, 1, None]
    assert all(not r.entered for r in result.rounds[:2])
    never = next(w for w in result.warnings if w.kind == "never-before-last-round")
    assert never.units == ["Marine (9)", "Marauder (4)"]
    assert "largest Supply Pool before it is 1" in never.message


def test_parse_losses() -> None:
    assert parse_losses(["Marine:3", "Marauder#2:1@3, Medic : 2"]) == [
        Loss(unit="Marine", models=3),
        Loss(unit="Marauder", nth=2, models=1, round=3),
        Loss(unit="Medic", models=2),
    ]
    for bad in ("Marine", "Marine:x", "Marine:0", ":3", "Marine:3@0", "Marine#0:3"):
        with pytest.raises(Refused):
            parse_losses([bad])


def test_bad_losses_are_refused(catalog: Catalog) -> None:
    units = units_of(SEED_LIST, catalog)
    mission = hold_position(catalog)
    with pytest.raises(Refused, match='did you mean "Marine"'):
        plan(units, mission, losses=[Loss(unit="Marin", models=1)])
    with pytest.raises(Refused, match="list has 1"):
        plan(units, mission, losses=[Loss(unit="Marine", nth=2, models=1)])
    with pytest.raises(Refused, match="still in reserve"):
        plan(units, tiny_mission(), losses=[Loss(unit="Marine", models=1, round=1)])
    with pytest.raises(Refused, match="lasts 5 rounds"):
        plan(units, mission, losses=[Loss(unit="Marine", models=1, round=6)])
    # A squad of 9 cannot lose 12 models, nor 5 and then 5 more.
    with pytest.raises(Refused, match="has 9 model"):
        plan(units, mission, losses=[Loss(unit="Marine", models=12)])
    with pytest.raises(Refused, match="has 4 model"):
        plan(units, mission, losses=[Loss(unit="Marine", models=5)] * 2)
    with pytest.raises(Refused, match="not in the list"):
        plan(units, mission, order=["Zealot"])


# The command line.


def write(tmp_path: Path, text: str, name: str = "list.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_cli_seed_example_json(tmp_path: Path) -> None:
    path = write(tmp_path, SEED_LIST)
    result = runner.invoke(
        app,
        [
            "supply",
            str(path),
            "--mission",
            "Hold Position",
            "--losses",
            "Marine:3",
            "--format",
            "json",
        ],
    )
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    (only,) = data["plans"]
    rounds = only["rounds"]
    assert (rounds[0]["pool"], rounds[0]["available_after"]) == (6, 2)
    assert (rounds[1]["pool"], rounds[1]["on_table"], rounds[1]["available"]) == (
        8,
        3,
        5,
    )
    assert rounds[4]["pool"] is None
    assert only["starting_supply"] == 6 and only["supply_escalation"] == 2


def test_cli_text_table(tmp_path: Path) -> None:
    path = write(tmp_path, SEED_LIST)
    result = runner.invoke(
        app, ["supply", str(path), "-m", "hold position", "--losses", "Marine:3"]
    )
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    round_one = next(line.split() for line in lines if line.strip().startswith("1 "))
    assert round_one[:6] == ["1", "6", "0", "6", "+4", "2"]
    round_two = next(line.split() for line in lines if line.strip().startswith("2 "))
    assert round_two[:4] == ["2", "8", "3", "5"]
    assert any(line.split()[:2] == ["5", "unlimited"] for line in lines)
    assert "Supply 2→1" in result.stdout


def test_cli_without_mission_plans_every_mission_the_list_brings(
    tmp_path: Path,
) -> None:
    path = write(tmp_path, SEED_LIST)
    result = runner.invoke(app, ["supply", str(path), "--format", "json"])
    assert result.exit_code == 0
    names = [p["mission"] for p in json.loads(result.stdout)["plans"]]
    assert names == ["Hold Position", "Supply Drop"]


def test_cli_without_mission_or_list_missions_is_a_usage_error(
    tmp_path: Path,
) -> None:
    text = SEED_LIST.replace("missions: [Hold Position, Supply Drop]\n", "")
    result = runner.invoke(app, ["supply", str(write(tmp_path, text))])
    assert result.exit_code == 2
    assert "--mission" in result.stderr
    assert result.stdout == ""


def test_cli_mission_by_id(tmp_path: Path) -> None:
    path = write(tmp_path, SEED_LIST)
    result = runner.invoke(
        app,
        ["supply", str(path), "-m", "divide-and-conquer-standard", "--format", "json"],
    )
    assert result.exit_code == 0, result.stderr
    (only,) = json.loads(result.stdout)["plans"]
    assert (only["starting_supply"], only["game_length"]) == (8, 4)
    # The Skirmish card's id is not a Standard list's mission.
    result = runner.invoke(app, ["supply", str(path), "-m", "hold-position-skirmish"])
    assert result.exit_code == 2
    assert "'hold-position-standard'" in result.stderr
    assert result.stdout == ""


def test_cli_unknown_mission_suggests(tmp_path: Path) -> None:
    path = write(tmp_path, SEED_LIST)
    result = runner.invoke(app, ["supply", str(path), "--mission", "Hold Positon"])
    assert result.exit_code == 2
    assert 'did you mean "Hold Position"' in result.stderr
    assert result.stdout == ""


@pytest.mark.parametrize(
    "args",
    [
        ["--losses", "Marine"],
        ["--order", "Zealot"],
        ["--losses", "Zealot:1"],
        ["--losses", "Marine:3@0"],
        ["--losses", "Marine#0:3"],
        ["--losses", "Marine:12"],
    ],
)
def test_cli_bad_options_exit_2(tmp_path: Path, args: list[str]) -> None:
    path = write(tmp_path, SEED_LIST)
    result = runner.invoke(app, ["supply", str(path), "-m", "Hold Position", *args])
    assert result.exit_code == 2
    assert "Traceback" not in result.output


def test_cli_list_with_unknown_units_exits_1(tmp_path: Path) -> None:
    path = write(tmp_path, SEED_LIST.replace("unit: Marine\n", "unit: Marin\n"))
    result = runner.invoke(app, ["supply", str(path), "-m", "Hold Position"])
    assert result.exit_code == 1
    assert "unknown-unit" in result.stderr
    assert result.stdout == ""


def test_cli_missing_file_exits_2(tmp_path: Path) -> None:
    result = runner.invoke(app, ["supply", str(tmp_path / "nope.yaml")])
    assert result.exit_code == 2
    assert "no such list file" in result.stderr


def test_cli_folder_instead_of_a_file_exits_2(tmp_path: Path) -> None:
    result = runner.invoke(app, ["supply", str(tmp_path), "-m", "Hold Position"])
    assert result.exit_code == 2
    assert "is a folder" in result.stderr

"""Building a list from the terminal: new, add/remove/set, the interactive builder."""

from __future__ import annotations

import json
import os
import shlex
from pathlib import Path
from typing import Any

import pytest
import yaml
from projectpaths import OFFICIAL
from typer.testing import CliRunner

from armylist.cli import app
from armylist.cli import building as cli
from armylist.files import safewrite
from armylist.gamedata.catalog import Catalog

runner = CliRunner()

EXAMPLE_CARDS = [
    "Barracks",
    "Barracks (Proxy)",
    "Factory",
    "Orbital Command",
    "Academy",
    "Engineering Bay",
]
EXAMPLE_UNITS: list[tuple[str, int | None]] = [
    ("Marine", 9),
    ("Marine", 9),
    ("Marine", 6),
    ("Marauder", 4),
    ("Marauder", 2),
    ("Jim Raynor", None),
    ("Medic", 3),
    ("Medic", 3),
    ("Goliath", None),
]

HAND_COMMENTED = """\
# Club night list -- do not lose these notes!
name: Club night   # v3
scale: standard
faction: Raynor's Raiders

# Cards: Barracks first
tactical_cards:
  - Barracks        # Core
  - Academy         # for the Medics

# The army
units:
  # the anvil
  - unit: Marine
    models: 9       # nine, not six
  # the healers
  - unit: Medic
    models: 3
# that's all
"""


def run(*args: str, input: str | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), input=input)
    return result.exit_code, result.stdout, result.stderr


def official_copy(folder: Path) -> Path:
    """A copy of the rulebook's example list to edit."""
    path = folder / "list.yaml"
    path.write_text(OFFICIAL.read_text())
    return path


def hand_commented(folder: Path) -> Path:
    """The hand-commented list, byte for byte."""
    path = folder / "club.yaml"
    path.write_bytes(HAND_COMMENTED.encode())
    return path


def validate_json(path: Path) -> dict[str, object]:
    code, out, _ = run("validate", str(path), "--format", "json")
    result = json.loads(out)["results"][0]
    assert isinstance(result, dict)
    result["exit_code"] = code
    return result


# -- the acceptance run -------------------------------------------------------------


def test_new_and_add_build_the_rulebook_example_army(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert list(tmp_path.iterdir()) == []
    code, out, _ = run("new", "--faction", "Raynor's Raiders")
    assert code == 0
    path = tmp_path / "raynors-raiders.yaml"
    assert path.is_file()
    assert "Next steps" in out and "armylist add raynors-raiders.yaml" in out
    for card in EXAMPLE_CARDS:
        code, out, err = run("add", "raynors-raiders.yaml", "card", card)
        assert code == 0, err
        assert f"added {card}" in out
    for unit, models in EXAMPLE_UNITS:
        args = ["add", "raynors-raiders.yaml", "unit", unit]
        if models is not None:
            args += ["--models", str(models)]
        code, out, err = run(*args)
        assert code == 0, err
        assert f"added {unit}" in out
    result = validate_json(path)
    assert result["exit_code"] == 0
    assert result["valid"] is True
    assert result["minerals"] == {"used": 1670, "limit": 2000}
    assert result["gas"] == {"used": 185, "limit": 200}
    written = yaml.safe_load(path.read_text(encoding="utf-8"))
    official = yaml.safe_load(OFFICIAL.read_text(encoding="utf-8"))
    assert written["tactical_cards"] == official["tactical_cards"]
    assert [u["unit"] for u in written["units"]] == [
        u["unit"] for u in official["units"]
    ]

    # Two SPECIALIST upgrades on the first Marine squad: two different models.
    assert (
        run("add", "raynors-raiders.yaml", "upgrade", "AGG-12", "--unit", "1")[0] == 0
    )
    assert (
        run("add", "raynors-raiders.yaml", "upgrade", "Rocket Launcher", "--unit", "1")[
            0
        ]
        == 0
    )
    code, out, _ = run("show", "raynors-raiders.yaml")
    assert code == 0
    assert "model 1: AGG-12 (replaces C-14 Rifle), Strike" in out
    assert "model 2: Rocket Launcher, C-14 Rifle, Strike" in out
    assert "models 3-9: C-14 Rifle, Strike" in out
    assert validate_json(path)["minerals"] == {"used": 1720, "limit": 2000}


def test_every_edit_prints_the_ledger_and_an_over_budget_addition_is_written(
    tmp_path: Path,
) -> None:
    path = tmp_path / "list.yaml"
    assert (
        run("new", "-f", "raynors-raiders", "--scale", "skirmish", "-o", str(path))[0]
        == 0
    )
    code, out, _ = run("add", str(path), "unit", "Marine", "--models", "9")
    assert code == 0
    assert "Minerals 210/1,000 (790 left)" in out
    assert "Army Slots: Core 2/3" in out
    for _ in range(4):
        code, out, _ = run("add", str(path), "unit", "Marine", "--models", "9")
        assert code == 0
    assert "Minerals 1,050/1,000 (50 over)" in out
    assert "minerals-over-budget" in out and "slots-exceeded" in out
    assert "not legal yet" in out
    assert len(yaml.safe_load(path.read_text())["units"]) == 5


# -- new ----------------------------------------------------------------------------


def test_new_lists_what_the_faction_may_take_and_validates(tmp_path: Path) -> None:
    path = tmp_path / "swarm.yaml"
    code, _, _ = run("new", "-f", "Zerg Swarm", "-o", str(path))
    assert code == 0
    text = path.read_text()
    assert text.startswith("# yaml-language-server: $schema=armylist.schema.json\n")
    assert "#   Spawning Pool" in text and "#   Zergling" in text
    assert "Barracks" not in text  # the tag rule: no Terran card for a Zerg army
    data = yaml.safe_load(text)
    assert data == {
        "name": "Zerg Swarm",
        "scale": "standard",
        "faction": "Zerg Swarm",
        # Zerg Swarm's only Creep Card: a Zerg list needs one (issue 11, item 9).
        "tactical_cards": ["Accelerating Creep"],
        "units": [],
    }
    result = validate_json(path)
    assert result["exit_code"] == 0


def next_steps(faction: str) -> list[str]:
    """The lines `armylist new -f FACTION` prints after "Next steps:" (it writes the
    list in the working folder)."""
    code, out, _ = run("new", "-f", faction)
    assert code == 0
    return out.split("Next steps:\n", 1)[1].splitlines()


@pytest.mark.parametrize("faction", ["zerg-swarm", "khalai", "nerazim"])
def test_the_next_steps_new_prints_can_be_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, faction: str
) -> None:
    # The suggested card and unit are ones this faction may take (no Barracks
    # for the Zerg), so following the steps is never refused.
    monkeypatch.chdir(tmp_path)
    steps = [
        shlex.split(line.strip().split("#")[0])
        for line in next_steps(faction)
        if line.strip().startswith("armylist add ")
    ]
    assert len(steps) == 2
    for step in steps:
        code, _, err = run(*step[1:])
        assert code == 0, err


def test_new_suggests_the_schema_beside_the_list(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The list's `$schema=armylist.schema.json` is relative to the list file.
    monkeypatch.chdir(tmp_path)
    (tmp_path / "lists").mkdir()
    code, out, _ = run("new", "-f", "khalai", "-o", "lists/")
    assert code == 0
    assert "armylist schema -o lists/armylist.schema.json" in out


def test_new_never_overwrites_without_force(tmp_path: Path) -> None:
    path = tmp_path / "mine.yaml"
    path.write_text("# my precious list\n")
    code, _, err = run("new", "-f", "khalai", "-o", str(path))
    assert code == 2
    assert "already exists" in err and "--force" in err
    assert path.read_text() == "# my precious list\n"
    code, _, _ = run("new", "-f", "khalai", "-o", str(path), "--force")
    assert code == 0
    assert "faction: Khalai" in path.read_text()


def test_new_into_a_folder_uses_the_faction_name_and_dash_prints(
    tmp_path: Path,
) -> None:
    assert run("new", "-f", "kerrigans-swarm", "-o", str(tmp_path))[0] == 0
    assert (tmp_path / "kerrigans-swarm.yaml").is_file()
    code, out, _ = run("new", "-f", "kerrigans-swarm", "-o", "-")
    assert code == 0
    assert yaml.safe_load(out)["faction"] == "Kerrigan's Swarm"


def test_new_into_a_missing_folder_does_not_write_a_file_named_after_it(
    tmp_path: Path,
) -> None:
    code, _, err = run("new", "-f", "khalai", "-o", f"{tmp_path}/lists/")
    assert code == 2
    assert "cannot write" in err and "No such file or directory" in err
    assert list(tmp_path.iterdir()) == []


# `new` of a Daelaam Grand Offensive list at an agreed 3,000 Minerals
NEW_GO_3000 = [
    "new",
    "-f",
    "daelaam",
    "--scale",
    "grand-offensive",
    "--minerals",
    "3000",
]


def test_new_grand_offensive_needs_minerals(tmp_path: Path) -> None:
    code, _, err = run("new", "-f", "daelaam", "--scale", "grand-offensive", "-o", "-")
    assert code == 2 and "--minerals" in err
    code, out, _ = run(*NEW_GO_3000, "-o", "-")
    assert code == 0
    assert yaml.safe_load(out)["minerals"] == 3000
    code, _, err = run("new", "-f", "daelaam", "--minerals", "1500", "-o", "-")
    assert code == 2 and "Standard is 2,000" in err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["-f", "Raynors Raider"], 'did you mean "Raynor\'s Raiders"'),
        (["-f", "khalai", "--scale", "huge"], "unknown scale 'huge'"),
        ([], "no --faction given, and no terminal"),
    ],
)
def test_new_refuses_bad_input_with_exit_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str], message: str
) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = run("new", *args)
    assert code == 2
    assert message in err
    assert "Traceback" not in out + err
    assert list(tmp_path.iterdir()) == []


def test_new_in_a_terminal_asks_race_faction_and_scale(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(cli, "stdin_is_terminal", lambda: True)
    code, out, _ = run("new", input="Zerg\n2\nskirmish\n")
    assert code == 0
    assert "Race:" in out and "Faction Card:" in out and "Scale:" in out
    data = yaml.safe_load((tmp_path / "kerrigans-swarm.yaml").read_text())
    assert (data["faction"], data["scale"]) == ("Kerrigan's Swarm", "skirmish")


# -- refused and interrupted edits leave the file byte-identical ------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["card", "Barack"], 'did you mean "Barracks"'),
        (["card", "Spawning Pool"], "needs the Faction Tag ZERG"),
        (["card", "Academy"], "Unique and is already in the list"),
        (["unit", "Marine", "--models", "7"], "no 7-model composition"),
        (["unit", "Marine"], "comes as 6 or 9 models"),
        (["unit", "Zergling", "--models", "8"], "needs the Faction Tag ZERG"),
        (["unit", "Marine", "--models", "9", "--upgrade", "Stimpack"], "no upgrade"),
        (["unit", "Roachling"], "summoned unit"),
        (["upgrade", "AGG-12", "--unit", "7"], "there is no unit 7"),
        (["upgrade", "Kinetic Foam", "--unit", "1"], "Marine has no upgrade"),
        (["mission", "Hold Positoin"], "did you mean"),
    ],
)
def test_a_refused_add_exits_2_and_leaves_the_file_byte_identical(
    tmp_path: Path, args: list[str], message: str
) -> None:
    path = hand_commented(tmp_path)
    code, out, err = run("add", str(path), *args)
    assert code == 2, out + err
    assert message in err
    assert "is unchanged" in err
    assert path.read_bytes() == HAND_COMMENTED.encode()


@pytest.mark.parametrize(
    "args",
    [
        ["remove", "unit", "9"],
        ["remove", "card", "Factory"],
        ["remove", "upgrade", "AGG-12", "--unit", "1"],
        ["set", "scale", "huge"],
        ["set", "minerals", "lots"],
        ["set", "units", "[]"],
        ["set", "colour", "red"],
    ],
)
def test_a_refused_remove_or_set_leaves_the_file_byte_identical(
    tmp_path: Path, args: list[str]
) -> None:
    path = hand_commented(tmp_path)
    code, _, err = run(args[0], str(path), *args[1:])
    assert code == 2
    assert "armylist: error:" in err
    assert path.read_bytes() == HAND_COMMENTED.encode()


def test_an_interrupted_write_leaves_the_file_byte_identical(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = hand_commented(tmp_path)

    def crash(*_: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", crash)
    code, _, err = run("add", str(path), "card", "Factory")
    assert code == 2
    assert "No space left on device" in err
    assert path.read_bytes() == HAND_COMMENTED.encode()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["club.yaml"]  # no temp file


def test_a_read_only_list_is_not_replaced(tmp_path: Path) -> None:
    path = hand_commented(tmp_path)
    path.chmod(0o444)
    code, out, err = run("add", str(path), "card", "Factory")
    assert code == 2, out
    assert "read-only" in err and "is unchanged" in err
    assert path.read_bytes() == HAND_COMMENTED.encode()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["club.yaml"]


def test_atomic_write_keeps_the_old_file_until_the_rename(tmp_path: Path) -> None:
    path = tmp_path / "a.yaml"
    path.write_text("old\n")
    path.chmod(0o640)
    safewrite.write_text(path, "new\n")
    assert path.read_text() == "new\n"
    assert path.stat().st_mode & 0o777 == 0o640
    with pytest.raises(safewrite.TargetExists):
        safewrite.write_text(path, "newer\n", overwrite=False)
    assert path.read_text() == "new\n"


def test_an_edit_through_a_symlink_writes_the_linked_list(tmp_path: Path) -> None:
    real = tmp_path / "lists" / "club.yaml"
    real.parent.mkdir()
    real.write_text(HAND_COMMENTED)
    link = tmp_path / "club.yaml"
    link.symlink_to(real)
    code, _, err = run("add", str(link), "card", "Factory")
    assert code == 0, err
    assert link.is_symlink()
    assert "- Factory" in real.read_text()


def test_an_unreadable_list_is_refused_with_exit_1(tmp_path: Path) -> None:
    path = tmp_path / "broken.yaml"
    path.write_text("faction: [Raynor's Raiders\n")
    code, _, err = run("add", str(path), "card", "Barracks")
    assert code == 1
    assert "not valid YAML" in err
    assert path.read_text() == "faction: [Raynor's Raiders\n"
    assert run("add", str(tmp_path / "missing.yaml"), "card", "Barracks")[0] == 2


# -- comments survive edits ----------------------------------------------------------


def comment_lines(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip().startswith("#")]


def test_a_hand_commented_list_keeps_its_comments_through_add_and_remove(
    tmp_path: Path,
) -> None:
    path = hand_commented(tmp_path)
    assert run("add", str(path), "card", "Factory")[0] == 0
    assert run("add", str(path), "unit", "Goliath")[0] == 0
    assert run("add", str(path), "unit", "Marauder", "--models", "2")[0] == 0
    text = path.read_text()
    assert comment_lines(text) == comment_lines(HAND_COMMENTED)
    for kept in (
        "name: Club night   # v3",
        "  - Barracks        # Core",
        "  - Academy         # for the Medics",
        "    models: 9       # nine, not six",
    ):
        assert kept in text
    assert text.index("- Factory") < text.index("# The army")
    assert text.index("- unit: Marauder") < text.index("# that's all")

    assert run("remove", str(path), "unit", "Goliath")[0] == 0
    assert run("remove", str(path), "card", "Factory")[0] == 0
    assert run("remove", str(path), "unit", "Marauder")[0] == 0
    assert path.read_text() == HAND_COMMENTED


def test_removing_by_position_and_ambiguous_names(tmp_path: Path) -> None:
    path = official_copy(tmp_path)
    code, _, err = run("remove", str(path), "unit", "Marine")
    assert code == 2
    assert "#1 Marine (9), #2 Marine (9), #3 Marine (6)" in err
    code, out, _ = run("remove", str(path), "unit", "3")
    assert code == 0 and "removed unit #3 Marine (6)" in out
    units = yaml.safe_load(path.read_text())["units"]
    assert [u.get("models") for u in units[:3]] == [9, 9, 4]
    assert run("remove", str(path), "unit", "Goliath")[0] == 0
    assert "# The rulebook's official example army" in path.read_text()


def test_set_scale_faction_and_text_keys(tmp_path: Path) -> None:
    path = official_copy(tmp_path)
    code, out, _ = run("set", str(path), "scale", "Skirmish")
    assert code == 0
    assert "Minerals 1,670/1,000 (670 over)" in out
    assert run("set", str(path), "player", "Jim")[0] == 0
    assert run("set", str(path), "faction", "terran-armed-forces")[0] == 0
    data = yaml.safe_load(path.read_text())
    assert (data["scale"], data["player"], data["faction"]) == (
        "skirmish",
        "Jim",
        "Terran Armed Forces",
    )
    assert list(data)[:4] == ["name", "player", "scale", "faction"]
    # Terran Armed Forces grants no Hero slot for Jim Raynor: written, and reported.
    assert run("set", str(path), "faction", "raynors-raiders")[0] == 0
    code, out, _ = run("set", str(path), "faction", "Terran Armed Forces")
    assert code == 0
    assert "Hero Army Slots: 1 used of 0" in out and "slots-exceeded" in out


def test_set_a_fixed_scale_updates_minerals_to_match(tmp_path: Path) -> None:
    path = tmp_path / "go.yaml"
    assert run(*NEW_GO_3000, "-o", str(path))[0] == 0
    code, out, _ = run("set", str(path), "scale", "standard")
    assert code == 0 and "Mineral limit to 2,000" in out
    assert yaml.safe_load(path.read_text())["minerals"] == 2000


def test_crlf_and_bom_files_keep_their_newlines(tmp_path: Path) -> None:
    path = tmp_path / "win.yaml"
    text = HAND_COMMENTED.replace("\n", "\r\n")
    path.write_bytes(b"\xef\xbb\xbf" + text.encode())
    assert run("add", str(path), "card", "Factory")[0] == 0
    raw = path.read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")
    assert b"\n" not in raw.replace(b"\r\n", b"")
    assert b"  - Factory\r\n" in raw


def test_upgrade_edits_find_the_unit_and_refuse_too_many_specialists(
    tmp_path: Path,
) -> None:
    path = official_copy(tmp_path)
    code, _, err = run("add", str(path), "upgrade", "AGG-12")
    assert code == 2 and "which unit" in err and "#1 Marine (9)" in err
    assert run("add", str(path), "upgrade", "Haywire Missiles")[0] == 0  # only Goliath
    assert run("add", str(path), "upgrade", "Kinetic Foam", "--unit", "5")[0] == 0
    assert (
        run("add", str(path), "upgrade", "Veteran of Tarsonis", "--unit", "5")[0] == 0
    )
    data = yaml.safe_load(path.read_text())
    assert data["units"][4]["upgrades"] == ["Kinetic Foam", "Veteran of Tarsonis"]
    assert data["units"][8]["upgrades"] == ["Haywire Missiles"]
    code, out, _ = run("remove", str(path), "upgrade", "kinetic-foam", "--unit", "5")
    assert code == 0 and "removed Kinetic Foam" in out


def test_specialists_are_limited_by_models(catalog: Catalog, tmp_path: Path) -> None:
    goliath = catalog.units.get("Goliath")
    assert goliath is not None
    marine = catalog.units.get("Marine")
    assert marine is not None
    specialists = [u.name for u in marine.upgrades if u.specialist]
    assert len(specialists) >= 2
    path = official_copy(tmp_path)
    args = ["add", str(path), "unit", "Marine", "--models", "6"]
    for name in specialists:
        args += ["--upgrade", name]
    assert run(*args)[0] == 0  # 2 SPECIALISTs on 6 models is fine
    code, _, err = run(
        "add",
        str(path),
        "unit",
        "Marine",
        "--models",
        "6",
        "-u",
        "AGG-12",
        "-u",
        "agg-12",
    )
    assert code == 2 and "already has AGG-12" in err


# -- the interactive builder ---------------------------------------------------------


def builder_script(catalog: Catalog) -> str:
    """Answers that build the rulebook example in `armylist build`, then save and quit."""
    lines: list[str] = []
    for card in EXAMPLE_CARDS:
        lines += ["1", card]
    for unit, models in EXAMPLE_UNITS:
        lines += ["2", unit]
        found = catalog.units.get(unit)
        assert found is not None
        if len(found.compositions) > 1:
            lines.append(str(models))
    lines += ["3", "1", "AGG-12", "Rocket Launcher", "0"]  # upgrades of unit 1
    lines += ["8"]  # save and quit
    return "\n".join(lines) + "\n"


def test_the_interactive_builder_goes_from_input_to_a_saved_valid_list(
    tmp_path: Path, catalog: Catalog
) -> None:
    path = tmp_path / "built.yaml"
    code, out, err = run(
        "new",
        "-f",
        "Raynor's Raiders",
        "-o",
        str(path),
        "--interactive",
        input=builder_script(catalog),
    )
    assert code == 0, err
    assert "saved" in out
    # It offered only what the tag rule allows and marked what would not fit.
    assert "Spawning Pool" not in out and "Zergling" not in out
    assert "OVER" in out
    result = validate_json(path)
    assert result["exit_code"] == 0 and result["valid"] is True
    assert result["minerals"] == {"used": 1720, "limit": 2000}
    assert result["gas"] == {"used": 185, "limit": 200}
    data = yaml.safe_load(path.read_text())
    assert data["units"][0]["upgrades"] == ["AGG-12", "Rocket Launcher"]
    assert "# Units Raynor's Raiders may take" in path.read_text()


def test_the_builder_writes_nothing_until_saved(tmp_path: Path) -> None:
    path = hand_commented(tmp_path)
    code, out, _ = run("build", str(path), input="1\nFactory\n0\nn\n")
    assert code == 0
    assert "added Factory" in out and "not saved: the changes were discarded" in out
    assert path.read_text() == HAND_COMMENTED
    code, _, err = run("build", str(path), input="1\nFactory\n")  # input ends
    assert code == 1 and "input ended" in err
    assert path.read_text() == HAND_COMMENTED


def test_the_builder_removes_and_refuses_in_the_menu(tmp_path: Path) -> None:
    path = official_copy(tmp_path)
    script = "5\n3\n4\nAcademy\n3\n1\nKinetic\n99\n0\n7\n0\n"
    code, out, _ = run("build", str(path), input=script)
    assert code == 0, out
    assert "removed unit #3 Marine (6)" in out
    assert "removed Academy" in out
    assert "choose a number from 0 to" in out
    data = yaml.safe_load(path.read_text())
    assert "Academy" not in data["tactical_cards"]
    assert len(data["units"]) == 8


def test_build_refuses_a_list_without_a_known_faction(tmp_path: Path) -> None:
    path = tmp_path / "list.yaml"
    path.write_text("scale: standard\nfaction: Nobody\n")
    code, _, err = run("build", str(path), input="0\n")
    assert code == 2 and "no known Faction Card" in err


def test_a_failed_save_keeps_the_builder_session(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = hand_commented(tmp_path)
    real_write = safewrite.write_text
    failures = [OSError(28, "No space left on device")]

    def write_once_full(target: Path, text: str, **options: Any) -> str:
        if failures:
            raise failures.pop()
        return real_write(target, text, **options)

    monkeypatch.setattr(safewrite, "write_text", write_once_full)
    # Add the Factory, save (the disk is full), then save and quit (it has room).
    code, out, err = run("build", str(path), input="1\nFactory\n7\n8\n")
    assert code == 0, err
    assert "could not save" in out and "No space left on device" in out
    assert "- Factory" in path.read_text()


def test_the_builder_shows_an_unknown_supply_as_a_question_mark(
    tmp_path: Path,
) -> None:
    path = tmp_path / "list.yaml"
    path.write_text(
        "scale: standard\nfaction: Raynor's Raiders\nunits:\n"
        "  - unit: Marine\n    models: 7\n"
    )
    code, out, _ = run("build", str(path), input="0\n")
    assert code == 0
    assert "1. Marine (7), Supply ?, 0 Minerals" in out
    assert "None" not in out


def test_the_builder_agrees_a_one_model_composition(tmp_path: Path) -> None:
    path = tmp_path / "khalai.yaml"
    assert run("new", "-f", "Khalai", "-o", str(path))[0] == 0
    # A Stalker comes as 1 or 2 models: the menu of sizes says "1 model".
    code, out, _ = run("build", str(path), input="2\nStalker\n0\nq\n")
    assert code == 0, out
    assert "== Khalai (Protoss), Standard:" in out  # the scale's name, as `new` says
    assert "   1 model, 170 Minerals, Supply 1" in out
    assert "1 models" not in out
    assert "   2 models, 270 Minerals, Supply 2" in out


def test_a_card_position_out_of_range_counts_the_entries(tmp_path: Path) -> None:
    path = official_copy(tmp_path)
    code, _, err = run("remove", str(path), "card", "99")
    assert code == 2
    # As `add --at` says it: the count with its noun, not a bare "it has 6".
    assert "there is no entry 99 in tactical_cards: it has 6 entries" in err
    assert path.read_text() == OFFICIAL.read_text()


def test_an_upgrade_no_unit_of_that_name_offers_is_refused_at_once(
    tmp_path: Path,
) -> None:
    path = official_copy(tmp_path)
    # Two Medics: asking which one would only lead to "Medic has no upgrade".
    code, _, err = run("add", str(path), "upgrade", "AGG-12", "--unit", "Medic")
    assert code == 2
    assert "Medic has no upgrade 'AGG-12'" in err
    assert "say which one" not in err
    code, _, err = run(
        "add", str(path), "upgrade", "Stabilizer Medpacks", "--unit", "Medic"
    )
    assert code == 2 and "say which one by its position" in err


@pytest.mark.parametrize("faction", ["Raynor's Raiders", "Kerrigan's Swarm", "Khalai"])
def test_the_next_steps_comments_line_up(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, faction: str
) -> None:
    monkeypatch.chdir(tmp_path)
    steps = next_steps(faction)
    columns = {line.index("  # ") for line in steps if "  # " in line}
    assert len(columns) == 1, steps

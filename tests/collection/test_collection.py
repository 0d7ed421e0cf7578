"""The collection: the file, `armylist collection`, the AL708 warning in every format,
`fits --owned`, and nothing at all without a collection."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from projectpaths import LISTS, OFFICIAL
from typer.testing import CliRunner

from armylist.cli import app
from armylist.collection import where
from armylist.collection.boxes import printed_boxes
from armylist.collection.errors import CollectionError
from armylist.collection.owned import read_collection
from armylist.gamedata.catalog import Catalog

runner = CliRunner()
PACK = (
    LISTS / "zerg-swarm-skirmish-raiding-pack.yaml"
)  # 18 + 12 Zerglings, 3 + 3 Roaches


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def owned_file(tmp_path: Path) -> Path:
    path = tmp_path / "collection.yaml"
    path.write_text(
        "# what is on my shelf\nunits:\n  Zerglings: 12  # painted\n  roach: 6\n"
        "  Queen: 1\n",
        encoding="utf-8",
    )
    return path


def test_every_box_names_known_units_and_is_marked_guessed(catalog: Catalog) -> None:
    boxes = printed_boxes(catalog)
    assert [box.name for box in boxes] == ["Starter Set"]
    assert all(box.provisional and "guessed" in box.source for box in boxes)


def test_units_by_name_id_or_plural_and_boxes_add_up(
    tmp_path: Path, catalog: Catalog
) -> None:
    path = tmp_path / "c.yaml"
    path.write_text(
        "units: {Zerglings: 12, marine: 3}\nboxes: {Starter Set: 2, Roach: 1}\n",
        encoding="utf-8",
    )
    owned = read_collection(path, catalog)
    # 12 written + 18 in each of two Starter Sets; a Roach box holds its largest (3).
    assert owned.of("zergling") == 48
    assert owned.of("marine") == 3 + 2 * 9
    assert owned.of("roach") == 3
    assert owned.of("stalker") == 0


def test_a_bad_collection_names_each_problem_at_its_line(
    tmp_path: Path, catalog: Catalog
) -> None:
    path = tmp_path / "c.yaml"
    path.write_text("units:\n  Zerglin: 12\nboxes:\n  Big Box: 1\n", encoding="utf-8")
    with pytest.raises(CollectionError) as caught:
        read_collection(path, catalog)
    lines = str(caught.value).splitlines()
    assert lines[0].startswith(f"{path}:2:3: units: no unit 'Zerglin' (did you mean")
    assert lines[1].startswith(f"{path}:4:3: boxes: no box 'Big Box'")
    path.write_text("units: {Zergling: -1}\nbox: {}\n", encoding="utf-8")
    with pytest.raises(CollectionError) as caught:
        read_collection(path, catalog)
    assert "units.Zergling: -1 is not a whole number of 0 or more" in str(caught.value)
    assert 'box: unknown key (did you mean "boxes"?)' in str(caught.value)


def test_validate_warns_in_every_format(owned_file: Path) -> None:
    code, out, err = run("validate", str(PACK), "--collection", str(owned_file))
    assert code == 0
    assert (
        "AL708 models-not-owned takes 30 Zergling models (2 units); you own 12" in out
    )
    assert "1 legal, 0 illegal (0 errors, 1 warning)" in err
    code, out, _ = run(
        "validate", str(PACK), "--collection", str(owned_file), "--format", "json"
    )
    (finding,) = [
        f for f in json.loads(out)["results"][0]["findings"] if f["code"] == "AL708"
    ]
    assert (finding["severity"], finding["line"], finding["column"]) == (
        "warning",
        16,
        11,
    )
    assert finding["message"] == "takes 30 Zergling models (2 units); you own 12"
    _, out, _ = run(
        "validate", str(PACK), "--collection", str(owned_file), "--format", "github"
    )
    assert "::warning file=" in out and "AL708 models-not-owned" in out
    _, out, _ = run(
        "validate", str(PACK), "--collection", str(owned_file), "--format", "junit"
    )
    # A warning does not fail the test case: it is in the case's output.
    assert "warning AL708 models-not-owned" in ET.fromstring(out).findtext(
        ".//system-out", ""
    )
    code, _, _ = run("validate", str(PACK), "--collection", str(owned_file), "--strict")
    assert code == 1


def test_without_a_collection_nothing_changes(
    owned_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bare = run("validate", str(PACK), "--format", "json")
    assert "AL708" not in bare[1]
    # The data folder's collection is read when there; the variable before it.
    monkeypatch.setattr(where, "default_path", lambda: owned_file)
    assert "AL708" in run("validate", str(PACK))[1]
    monkeypatch.setenv(where.ENV, str(owned_file.with_name("missing.yaml")))
    code, _, err = run("validate", str(PACK))
    assert code == 2 and "cannot read the collection" in err


def test_collection_commands_keep_comments(tmp_path: Path, owned_file: Path) -> None:
    given = ("--collection", str(owned_file))
    code, out, _ = run("collection", "add", "Zergling", "6", *given)
    assert code == 0 and out.endswith(": 18 Zergling models\n")
    run("collection", "add", "Starter Set", "--box", *given)
    run("collection", "remove", "Queen", *given)
    code, out, _ = run("collection", "remove", "Roach", "2", *given)
    assert out.endswith(": 4 Roach models\n")
    assert owned_file.read_text(encoding="utf-8") == (
        "# what is on my shelf\nunits:\n  Zerglings: 18  # painted\n  roach: 4\n"
        "boxes:\n  Starter Set: 1\n"
    )
    code, _, err = run("collection", "remove", "Queen", *given)
    assert code == 2 and "the collection holds no Queen" in err
    code, _, err = run("collection", "add", "Zerglin", *given)
    assert code == 2 and 'did you mean "Zergling"' in err


def test_init_show_and_the_data_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = tmp_path / "data" / "collection.yaml"
    monkeypatch.setattr(where, "default_path", lambda: home)
    code, _, err = run("collection", "show")
    assert code == 2 and "armylist collection init" in err
    assert run("collection", "init")[0] == 0 and home.is_file()
    code, _, err = run("collection", "init")
    assert code == 2 and "exists" in err
    run("collection", "add", "Starter Set", "--box")
    code, out, err = run("collection", "show")
    assert code == 0
    assert "Starter Set (provisional)" in out and "guessed" in out
    assert "34 models owned" in err
    data = json.loads(run("collection", "show", "--format", "json")[1])
    assert data["boxes"][0]["provisional"] is True
    zergling = next(u for u in data["units"] if u["unit"] == "zergling")
    assert zergling == {
        "unit": "zergling",
        "name": "Zergling",
        "models": 18,
        "from_boxes": 18,
    }


def test_fits_owned_leaves_out_what_you_do_not_own(tmp_path: Path) -> None:
    path = tmp_path / "c.yaml"
    # The official example takes two Medic units of 3: a third needs 9 owned.
    path.write_text("units: {Medic: 6}\n", encoding="utf-8")
    args = ("fits", str(OFFICIAL), "--kind", "unit", "--format", "json", "--owned")
    code, out, _ = run(*args, "--collection", str(path))
    assert code == 0 and json.loads(out)["units"] == []
    path.write_text("units: {Medic: 9}\n", encoding="utf-8")
    code, out, _ = run(*args, "--collection", str(path))
    assert [u["unit"] for u in json.loads(out)["units"]] == ["medic"]
    code, _, err = run(*args)
    assert code == 2 and "--owned needs your collection" in err


def test_schema_collection_names_units_and_boxes() -> None:
    code, out, _ = run("schema", "--collection")
    assert code == 0
    schema = json.loads(out)
    assert "Zergling" in schema["properties"]["units"]["propertyNames"]["enum"]
    assert "Starter Set" in schema["properties"]["boxes"]["propertyNames"]["enum"]
    assert run("schema", "--collection", "--event")[0] == 2

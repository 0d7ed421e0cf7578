"""`new`'s work below the command line: a starter list printed or written."""

from __future__ import annotations

from pathlib import Path

import pytest

from armylist.editing.newlist import StarterRequest, new_list
from armylist.findings import Refused
from armylist.gamedata.catalog import Catalog


def _request(
    catalog: Catalog, output: str | None, force: bool = False
) -> StarterRequest:
    faction = catalog.factions.get("raynors-raiders")
    assert faction is not None
    scale = catalog.scale("standard")
    assert scale is not None
    return StarterRequest(faction, scale, output=output, force=force)


def test_dash_prints_and_writes_nothing(catalog: Catalog, tmp_path: Path) -> None:
    made = new_list(_request(catalog, "-"), catalog)
    assert made.path is None
    assert made.text
    assert list(tmp_path.iterdir()) == []


def test_a_folder_is_given_a_file_named_after_the_faction(
    catalog: Catalog, tmp_path: Path
) -> None:
    made = new_list(_request(catalog, f"{tmp_path}/"), catalog)
    assert made.path is not None and made.path.parent == tmp_path
    assert made.path.read_text(encoding="utf-8") == made.text


def test_an_existing_file_is_kept_without_force(
    catalog: Catalog, tmp_path: Path
) -> None:
    target = tmp_path / "mine.yaml"
    target.write_text("kept\n", encoding="utf-8")
    with pytest.raises(Refused, match="already exists") as refused:
        new_list(_request(catalog, str(target)), catalog)
    assert refused.value.exit_code == 2
    assert target.read_text(encoding="utf-8") == "kept\n"

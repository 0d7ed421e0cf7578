"""Work bounded by the input's size and the machine, never by a number the input
chooses: worker processes, the edit path's reader limits, pipes in folders."""

from __future__ import annotations

import json
import multiprocessing
import os
import shutil
from pathlib import Path
from typing import Any

import pytest
from projectpaths import OFFICIAL

from .helpers import run


def test_jobs_never_starts_more_workers_than_files_or_a_few_per_core(
    here: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    started: list[int] = []

    class NoPool:
        def Pool(self, workers: int) -> Any:
            started.append(workers)
            raise OSError("no processes in this test")  # checked in this process

    monkeypatch.setattr(multiprocessing, "get_context", lambda method: NoPool())
    for n in range(3):
        shutil.copy(OFFICIAL, here / f"list{n}.yaml")
    code, _, err = run("validate", "--jobs", "100000", str(here))
    assert code == 0, err
    assert "4 lists checked" in err
    assert started and started[0] <= min(4, 4 * (os.cpu_count() or 1))


def test_an_edit_of_a_list_validate_refuses_for_its_size_is_refused_first(
    here: Path,
) -> None:
    values = ", ".join(["x"] * 100_000)  # under 1 MiB, over 20,000 values
    path = Path("huge.yaml")
    path.write_text(
        f"faction: raynors-raiders\nscale: standard\ntactical_cards: [{values}]\n"
    )
    before = path.read_text()
    code, _, err = run("add", "huge.yaml", "unit", "Marine", "--models", "6")
    assert code == 1, err
    assert "more than 20,000 values" in err and "internal error" not in err
    assert path.read_text() == before


def test_an_edit_of_a_list_with_an_alias_loop_is_refused_as_validate_does(
    here: Path,
) -> None:
    path = Path("alias.yaml")
    path.write_text("faction: raynors-raiders\nscale: standard\nunits: &a [*a]\n")
    code, _, _ = run("validate", "alias.yaml")
    assert code == 1
    code, _, err = run("add", "alias.yaml", "unit", "Marine", "--models", "6")
    assert code == 1, err
    assert path.read_text().endswith("units: &a [*a]\n")  # the alias is kept


def test_a_fifo_in_a_folder_gets_the_finding_it_gets_by_name(here: Path) -> None:
    folder = here / "submissions"
    folder.mkdir()
    shutil.copy(OFFICIAL, folder / "alice.yaml")
    os.mkfifo(folder / "bob.yaml")
    _, by_name, _ = run("validate", str(folder / "bob.yaml"), "--format", "json")
    code, in_folder, _ = run("validate", str(folder), "--format", "json")
    assert code == 1
    results = {Path(r["file"]).name: r for r in json.loads(in_folder)["results"]}
    assert set(results) == {"alice.yaml", "bob.yaml"}
    assert (
        results["bob.yaml"]["findings"] == json.loads(by_name)["results"][0]["findings"]
    )


def test_export_html_of_a_folder_prints_the_lists_validate_finds_there(
    here: Path,
) -> None:
    folder = here / "submissions"
    folder.mkdir()
    shutil.copy(OFFICIAL, folder / "ana.yaml")
    for n in range(20):  # what no check reads as a list: no roster page each
        (folder / f"note{n}.yaml").write_text("name: x\n")
    (folder / "team.yaml").write_text("minerals: 4000\nplayers: [ana.yaml]\n")
    code, _, err = run("validate", "submissions")
    assert code == 0 and "1 list checked" in err, err
    code, out, err = run("export", "submissions", "--format", "html")
    assert code == 0, err
    assert "submissions: 1 roster" in err
    assert "skipped submissions/note0.yaml" in err
    assert out.count('<section class="roster"') == 1
    assert "note0" not in out and "team.yaml" not in out


def test_export_html_of_a_folder_of_no_list_is_a_usage_error(here: Path) -> None:
    Path("notes").mkdir()
    Path("notes/a.yaml").write_text("name: x\n")
    code, out, err = run("export", "notes", "--format", "html")
    assert code == 2, err
    assert "no army list found in notes" in err and out == ""

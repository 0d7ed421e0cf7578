"""The report of a generated mix of lists (tests/benchmarks/mix.py: every Faction Card
at every scale, about 40 % with a mistake of each kind) is pinned byte for byte: work on
speed must leave every verdict, finding, hint and total as it was (set
ARMYLIST_UPDATE_GOLDEN=1 to rewrite it when a change of the rules or the data means
it to change)."""

from __future__ import annotations

import importlib.util
import json
import os
import sys
from pathlib import Path

import pytest
from projectpaths import ROOT
from typer.testing import CliRunner

from armylist.cli import app

GOLDEN = Path(__file__).parent / "golden" / "mix-80.json"
COUNT = 80


def write_mix(folder: Path) -> None:
    """The benchmark's generated lists, ``COUNT`` of them."""
    name = "benchmark_mix"
    if name not in sys.modules:  # its dataclasses look their module up there
        spec = importlib.util.spec_from_file_location(
            name, ROOT / "tests" / "benchmarks" / "mix.py"
        )
        assert spec is not None and spec.loader is not None
        sys.modules[name] = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(sys.modules[name])
    sys.modules[name].write(folder, COUNT)


def test_the_mix_reports_as_pinned(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_mix(tmp_path / "mix")
    monkeypatch.chdir(tmp_path)  # the report names the files as given: mix/...
    result = CliRunner().invoke(app, ["validate", "mix", "--format", "json"])
    assert result.exit_code == 1
    if os.environ.get("ARMYLIST_UPDATE_GOLDEN"):
        GOLDEN.write_text(result.stdout, encoding="utf-8")
    assert result.stdout == GOLDEN.read_text(encoding="utf-8")
    summary = json.loads(result.stdout)["summary"]
    # Legal and illegal lists both, as a submissions folder before the deadline.
    assert summary["valid"] and summary["invalid"]

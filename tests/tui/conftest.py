"""The builder's tests: a list on disk (fixtures; the helpers are in helpers.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from projectpaths import OFFICIAL

from .helpers import cli


@pytest.fixture
def empty_list(tmp_path: Path) -> Path:
    """A new Raynor's Raiders list, as `armylist new` writes it."""
    path = tmp_path / "raiders.yaml"
    code, out = cli("new", "--faction", "Raynor's Raiders", "-o", str(path))
    assert code == 0, out
    return path


@pytest.fixture
def example_list(tmp_path: Path) -> Path:
    """A copy of the rulebook example army."""
    path = tmp_path / "official-example.yaml"
    path.write_bytes(OFFICIAL.read_bytes())
    return path

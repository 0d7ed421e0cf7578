"""What the reporters' tests share: a broken list and the rulebook example, written to
a folder the test runs in (their file names are what the reports print)."""

from __future__ import annotations

from pathlib import Path

import pytest
from projectpaths import OFFICIAL

BROKEN = """\
scale: standard
faction: Raynor's Raiders
tactical_cards: [Barracks, Academy]
units:
  - unit: Marine
    models: 9
  - unit: Marine
    models: 9
  - unit: Jim Raynor
  - unit: Goliath
    upgrades: [Haywire Missiles, Scatter Missiles]
"""


@pytest.fixture
def lists(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    (tmp_path / "broken.yaml").write_text(BROKEN, encoding="utf-8")
    (tmp_path / "official-example.yaml").write_text(
        OFFICIAL.read_text(encoding="utf-8"), encoding="utf-8"
    )
    monkeypatch.chdir(tmp_path)
    return [Path("broken.yaml"), Path("official-example.yaml")]

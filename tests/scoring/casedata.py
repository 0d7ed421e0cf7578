"""Rule cases as data: the YAML files under tests/scoring/cases."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

CASES = Path(__file__).parent / "cases"


def cases(name: str) -> list[dict[str, Any]]:
    """The cases of one YAML file under tests/scoring/cases."""
    data: list[dict[str, Any]] = yaml.safe_load(
        (CASES / name).read_text(encoding="utf-8")
    )
    return data

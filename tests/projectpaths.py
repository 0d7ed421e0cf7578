"""Where the project's own files are, for tests that name them at collection time
(in `parametrize`) as well as in their bodies: a plain module, not the conftest."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LISTS = ROOT / "lists"
OFFICIAL = LISTS / "official-example.yaml"

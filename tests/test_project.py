"""Project-wide promises: layering, the docs' rule table, the changelog."""

from __future__ import annotations

import ast
from pathlib import Path

from projectpaths import ROOT
from typer.testing import CliRunner

from armylist.cli import app
from armylist.rules import REGISTRY
from armylist.rules.listing import markdown_table

PACKAGE = ROOT / "armylist"


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_only_the_cli_imports_typer_only_the_tui_textual_and_rich_beside_reporters() -> (
    None
):
    for path in PACKAGE.rglob("*.py"):
        relative = path.relative_to(PACKAGE).as_posix()
        imports = _imports(path)
        if not relative.startswith("cli/"):
            assert not any(i.split(".")[0] == "typer" for i in imports), relative
        if not relative.startswith("tui/"):
            assert not any(i.split(".")[0] == "textual" for i in imports), relative
        if not relative.startswith(("cli/", "tui/", "reporters/")):
            assert not any(i.split(".")[0] == "rich" for i in imports), relative


def test_models_and_findings_import_nothing_from_the_engine() -> None:
    # Only the words module: their sentences are translated (as tests/test_layers.py),
    # and the markers of their fields' checks; the card models import each other
    # (`gamedata.models` names them all).
    cards = {f"armylist.gamedata.{m}" for m in ("cards", "units", "scenario")}
    for name in (
        "findings.py",
        "gamedata/models.py",
        "gamedata/cards.py",
        "gamedata/units.py",
        "gamedata/scenario.py",
    ):
        imports = (
            _imports(PACKAGE / name)
            - {"armylist.text.i18n", "armylist.files.checked"}
            - cards
        )
        assert not any(i.startswith("armylist") for i in imports), name


def test_docs_rule_table_is_current() -> None:
    readme = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    start = readme.index("<!-- rules:start")
    start = readme.index("\n", start) + 1
    end = readme.index("<!-- rules:end -->")
    assert readme[start:end] == markdown_table(), "run `armylist rules --markdown`"


def test_every_rule_code_is_in_the_changelog() -> None:
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    for rule in REGISTRY:
        assert f"{rule.code} `{rule.name}`" in changelog, rule.code


def test_version_names_both_versions() -> None:
    result = CliRunner().invoke(app, ["--version"])
    assert result.exit_code == 0
    assert "armylist 0.1.0" in result.output and "game data 2026.05" in result.output

"""The validate reports in Spanish: golden files beside the English ones, and the
machine parts (JSON keys, codes, rule names, enum values) the same in both languages.

Set ARMYLIST_UPDATE_GOLDEN=1 to rewrite the golden files after an intended change.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from projectpaths import ROOT
from typer.testing import CliRunner

from armylist.cli import app
from armylist.door.batch import validate_paths
from armylist.findings import Report
from armylist.gamedata.catalog import Catalog
from armylist.reporters import github, junit, ledger, oneline, summary, text
from armylist.reporters import json as json_reporter
from armylist.text import i18n

GOLDEN = ROOT / "tests" / "golden"


def _spanish(catalog: Catalog, lists: list[Path]) -> Report:
    i18n.use(i18n.SPANISH)
    return validate_paths(lists, catalog).report


def _ledger(report: Report) -> str:
    result = report.results[0]
    return ledger.edit_report(
        result.file, "añadida Goliath (1)", result, result.findings
    )


RENDERS: list[tuple[str, Callable[[Report], str]]] = [
    ("report.es.txt", lambda r: text.render(r, width=100, details=True)),
    ("report.brief.es.txt", lambda r: text.render(r, width=100)),
    ("report.es.json", json_reporter.render),
    ("report.es.github", github.render),
    ("report.es.junit.xml", junit.render),
    ("report.summary.es.md", lambda r: summary.render(r, "markdown")),
    ("report.ledger.es.txt", _ledger),
    ("report.oneline.es.txt", lambda r: oneline.report_line(r) + "\n"),
]


@pytest.mark.parametrize(("name", "render"), RENDERS, ids=[n for n, _ in RENDERS])
def test_spanish_golden(
    catalog: Catalog, lists: list[Path], name: str, render: Callable[[Report], str]
) -> None:
    rendered = render(_spanish(catalog, lists))
    golden = GOLDEN / name
    if os.environ.get("ARMYLIST_UPDATE_GOLDEN"):
        golden.write_text(rendered, encoding="utf-8")
    assert rendered == golden.read_text(encoding="utf-8")


def _machine(data: Any) -> Any:
    """The JSON report without the text meant for people (message, hint)."""
    if isinstance(data, dict):
        return {k: _machine(v) for k, v in data.items() if k not in ("message", "hint")}
    if isinstance(data, list):
        return [_machine(v) for v in data]
    return data


def test_json_keys_codes_rules_and_values_stay_english(
    catalog: Catalog, lists: list[Path]
) -> None:
    english = json.loads(json_reporter.render(validate_paths(lists, catalog).report))
    spanish = json.loads(json_reporter.render(_spanish(catalog, lists)))
    assert _machine(spanish) == _machine(english)
    messages = [f["message"] for r in spanish["results"] for f in r["findings"]]
    assert any(
        m.startswith("Army Slots Elite: 2 usados de 0, te pasas por 2")
        for m in messages
    )
    assert {f["severity"] for r in spanish["results"] for f in r["findings"]} == {
        "error",
        "info",
    }


def test_validate_speaks_spanish_with_the_same_exit_codes(lists: list[Path]) -> None:
    runner = CliRunner()
    broken = runner.invoke(app, ["--lang", "es", "validate", "broken.yaml"])
    assert broken.exit_code == 1
    assert "✘ lista ilegal: 2 errores, 0 advertencias" in broken.stdout
    assert "sugerencia: libera 2 espacios Elite" in broken.stdout
    assert "1 lista revisada: 0 legales, 1 ilegal" in broken.stderr
    legal = runner.invoke(app, ["--lang", "es", "validate", "official-example.yaml"])
    assert legal.exit_code == 0
    assert "✔ lista legal" in legal.stdout
    assert "Minerals: 1.670 de 2.000" in legal.stdout
    missing = runner.invoke(app, ["--lang", "es", "validate", "nowhere.yaml"])
    assert missing.exit_code == 2
    assert "no existe el archivo o la carpeta: nowhere.yaml" in missing.stderr


def test_rules_documentation_in_spanish() -> None:
    result = CliRunner().invoke(app, ["--lang", "es", "rules", "slots-exceeded"])
    assert result.exit_code == 0
    assert result.stdout.startswith("AL302 slots-exceeded (error, §9.1.5, §9.1.6)\n")
    assert "Las unidades no pueden ocupar más Army Slots" in result.stdout
    assert "  Mal:  Core 9 usados de 8\n  Bien: Core 8 usados de 8" in result.stdout
    imports = CliRunner().invoke(app, ["--lang", "es", "rules", "AL801"])
    assert "AL801 import-unknown-faction (advertencia, importación)" in imports.stdout
    assert "sugerencia: se mantiene con el nombre de la fuente" in imports.stdout

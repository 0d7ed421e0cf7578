"""The layer contract of the package, read from every module's imports.

models ← resolved ← rules ← engine ← tools ← reporters ← tui ← cli: a module imports
only from its own layer or the layers below it (lazy imports inside functions
included). Only `cli/` imports typer; only `tui/` imports Textual; only `cli/`, `tui/`
and `reporters/` import Rich. A new module must be given a layer here, so where it
belongs is decided in review.
"""

from __future__ import annotations

import ast
from pathlib import Path

from conftest import ROOT

PACKAGE = ROOT / "armylist"
LAYERS = (
    "models",
    "resolved",
    "rules",
    "engine",
    "tools",
    "reporters",
    "tui",
    "cli",
)
# Module (or package) name -> layer; the longest matching prefix wins.
PLACES = {
    # The game data, the list and event file formats, findings, and pure helpers.
    "armylist": "models",
    "armylist.findings": "models",
    "armylist.names": "models",
    "armylist.numbers": "models",
    "armylist.plain": "models",
    "armylist.wrap": "models",
    "armylist.yamlsource": "models",
    "armylist.gamedata": "models",
    "armylist.listfile": "models",
    "armylist.event": "models",
    "armylist.eventplay": "models",
    "armylist.fingerprint": "models",
    "armylist.paths": "models",
    "armylist.visible": "models",
    # The one writer: the reader records what it read so a write can compare.
    "armylist.safewrite": "models",
    "armylist.resolved": "resolved",
    "armylist.rules": "rules",
    "armylist.engine": "engine",
    # The tools, one package per capability (and the few shared modules they use).
    "armylist.checked": "tools",
    "armylist.roster": "tools",
    "armylist.editing": "tools",
    "armylist.gameday": "tools",
    "armylist.organiser": "tools",
    "armylist.importing": "tools",
    "armylist.scoring": "tools",
    "armylist.combat": "tools",
    "armylist.reporters": "reporters",
    # The full-screen builder: over the engine, the edits and the reporters.
    "armylist.tui": "tui",
    "armylist.cli": "cli",
    "armylist.__main__": "cli",
}
# Modules that import nothing at all from the package.
SELF_CONTAINED = ("armylist.findings", "armylist.gamedata.models")


def layer_of(module: str) -> str | None:
    """The layer of an armylist module, or None when it has not been given one."""
    parts = module.split(".")
    # Down to `armylist.x`: the bare `armylist` (its version) does not place a module.
    for end in range(len(parts), 1, -1):
        place = PLACES.get(".".join(parts[:end]))
        if place is not None:
            return place
    return PLACES.get(module)


def imports_of(module: str, source: str) -> set[str]:
    """Every module a source imports, at the top or inside a function."""
    names: set[str] = set()
    package = module.rsplit(".", 1)[0]
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: from the module's own package upwards
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            names.add(base)
            if base == "armylist":  # `from armylist import cli` imports armylist.cli
                names.update(f"{base}.{alias.name}" for alias in node.names)
    return names


def layer_violations(sources: dict[str, str]) -> list[str]:
    """Every import that breaks the contract, as 'module imports name (why)'."""
    problems: list[str] = []
    for module, source in sorted(sources.items()):
        own = layer_of(module)
        if own is None:
            problems.append(f"{module} has no layer: add it to PLACES")
            continue
        for name in sorted(imports_of(module, source)):
            top = name.split(".")[0]
            if top == "typer" and own != "cli":
                problems.append(f"{module} imports {name} (only cli/ imports typer)")
            if top == "textual" and own != "tui":
                problems.append(f"{module} imports {name} (only tui/ imports textual)")
            if top == "rich" and own not in ("cli", "tui", "reporters"):
                problems.append(
                    f"{module} imports {name} (only cli/, tui/ and reporters/ import "
                    "rich)"
                )
            if top != "armylist" or name == "armylist":
                continue
            if module in SELF_CONTAINED:
                problems.append(f"{module} imports {name} (it imports nothing of ours)")
                continue
            theirs = layer_of(name)
            if theirs is not None and LAYERS.index(theirs) > LAYERS.index(own):
                problems.append(
                    f"{module} imports {name} (the {own} layer is below {theirs})"
                )
    return problems


def package_sources() -> dict[str, str]:
    """Every module of the package by dotted name, with its source."""
    sources = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        sources[".".join(parts)] = path.read_text(encoding="utf-8")
    return sources


def test_the_package_keeps_its_layers() -> None:
    sources = package_sources()
    assert len(sources) > 40  # the whole package was read, not an empty folder
    assert layer_violations(sources) == []


def test_the_checker_fails_on_a_forbidden_import() -> None:
    sources = package_sources()
    broken = {
        **sources,
        # A tool that prints with typer, a rule that asks the engine, a model that
        # renders with Rich, and a findings module that reaches into the rules.
        "armylist.editing.chatty": "import typer\n",
        "armylist.rules.eager": "def f():\n    from armylist.engine import run\n",
        "armylist.gamedata.pretty": "from rich.table import Table\n",
        "armylist.findings": sources["armylist.findings"]
        + "\nfrom armylist.rules import RULES\n",
        "armylist.gameday.loud": "from armylist import cli\n",
        "armylist.reporters.windowed": "from textual.app import App\n",
        "armylist.tui.shell": "import armylist.cli.app\n",
        "armylist.stray": "x = 1\n",
    }
    assert layer_violations(broken) == [
        "armylist.editing.chatty imports typer (only cli/ imports typer)",
        "armylist.findings imports armylist.rules (it imports nothing of ours)",
        "armylist.gamedata.pretty imports rich.table (only cli/, tui/ and reporters/ "
        "import rich)",
        "armylist.gameday.loud imports armylist.cli (the tools layer is below cli)",
        "armylist.reporters.windowed imports textual.app (only tui/ imports textual)",
        "armylist.rules.eager imports armylist.engine (the rules layer is below "
        "engine)",
        "armylist.stray has no layer: add it to PLACES",
        "armylist.tui.shell imports armylist.cli.app (the tui layer is below cli)",
    ]


def test_a_forbidden_import_in_a_real_module_file_is_caught(tmp_path: Path) -> None:
    # The same check over a copy of a real module with one import added.
    source = (PACKAGE / "roster.py").read_text(encoding="utf-8")
    copy = tmp_path / "roster.py"
    copy.write_text(source + "\nimport typer\n", encoding="utf-8")
    problems = layer_violations({"armylist.roster": copy.read_text(encoding="utf-8")})
    assert problems == ["armylist.roster imports typer (only cli/ imports typer)"]

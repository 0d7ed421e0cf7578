"""The layer contract of the package, read from every module's imports.

models ← resolved ← importing ← rules ← engine ← tools ← reporters ← tui ← cli: a
module imports only from its own layer or the layers below it (lazy imports inside
functions included). Only `cli/` imports typer; only `tui/` imports Textual; only
`cli/`, `tui/` and `reporters/` import Rich. A tool never imports another tool, except
the shared modules named in `SHARED`. No module imports itself through others (an
import circle). A new module must be given a layer here, so where it belongs is decided
in review.
"""

from __future__ import annotations

import ast
from collections.abc import Collection
from pathlib import Path

from projectpaths import ROOT

PACKAGE = ROOT / "armylist"
LAYERS = (
    "models",
    "resolved",
    "importing",
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
    "armylist.gamedata": "models",
    "armylist.listfile": "models",
    # The event file whole: model, play, submission keys, points and its reader.
    "armylist.event": "models",
    "armylist.fingerprint": "models",
    # Every word a person reads: the language (imported by every layer), wording,
    # numbers, names, widths.
    "armylist.text": "models",
    # Bytes on disk: bounded reads, YAML with positions, paths, and the one writer (the
    # reader records what it read so a write can compare).
    "armylist.files": "models",
    "armylist.resolved": "resolved",
    # Other builders' formats translated to ours: no rule runs there.
    "armylist.importing": "importing",
    "armylist.rules": "rules",
    "armylist.engine": "engine",
    # Around the door: the folder search (below it) and a batch checked (over it).
    "armylist.door": "engine",
    # The tools, one package per capability (and the few shared modules they use).
    "armylist.sheet": "tools",
    "armylist.archive": "tools",
    "armylist.editing": "tools",
    "armylist.gameday": "tools",
    "armylist.organiser": "tools",
    "armylist.intake": "tools",
    "armylist.scoring": "tools",
    "armylist.collection": "tools",
    "armylist.combat": "tools",
    "armylist.fits": "tools",
    "armylist.reporters": "reporters",
    # The full-screen builder: over the engine, the edits and the reporters.
    "armylist.tui": "tui",
    "armylist.cli": "cli",
    "armylist.__main__": "cli",
}
# Modules that import nothing at all from the package (but the language they speak,
# and the checks a card's fields declare).
SELF_CONTAINED = (
    "armylist.findings",
    "armylist.files.checked",
    "armylist.gamedata.models",
    "armylist.gamedata.cards",
    "armylist.gamedata.units",
    "armylist.gamedata.scenario",
)
# ...but for the card models, which import each other (`models` gathers their names).
CARD_MODELS = (
    "armylist.gamedata.cards",
    "armylist.gamedata.units",
    "armylist.gamedata.scenario",
)
LANGUAGE = "armylist.text.i18n"
# The markers of a field's checks, read by pydantic only when data is validated.
CHECKS = "armylist.files.checked"
# The tools: none imports another's modules...
TOOLS = (
    "armylist.archive",
    "armylist.collection",
    "armylist.combat",
    "armylist.editing",
    "armylist.fits",
    "armylist.gameday",
    "armylist.intake",
    "armylist.organiser",
    "armylist.scoring",
    "armylist.sheet",
)
# ...but for these, shared on purpose (and why).
SHARED = {
    "armylist.files.safewrite": "the one writer of every file armylist saves",
    "armylist.gameday.planner": "the Supply Pool and the losses a game record replays",
    "armylist.editing.yamldoc": "round-trip YAML: the pairings are written into the "
    "event file as an edit keeps a list's comments",
    "armylist.scoring.files": "an event's results name game records: the standings "
    "read their final VP as `game score` reads them",
    "armylist.scoring.record": "the game record's errors, for the same",
    "armylist.scoring.score": "a game record scored, for the same",
    "armylist.organiser.standings": "what each result scores (who won, by the guide's "
    "bands): the archive counts and rates the very outcome the standings give",
    "armylist.organiser.submissions": "an event's roster files and their locked "
    "copies: the archive keeps the rosters as `event lock` locked them",
}


def tool_of(module: str) -> str | None:
    """The tool a module belongs to, or None."""
    return next((t for t in TOOLS if module == t or module.startswith(f"{t}.")), None)


def layer_of(module: str) -> str | None:
    """The layer of an armylist module, or None when it has not been given one."""
    parts = module.split(".")
    # Down to `armylist.x`: the bare `armylist` (its version) does not place a module.
    for end in range(len(parts), 1, -1):
        place = PLACES.get(".".join(parts[:end]))
        if place is not None:
            return place
    return PLACES.get(module)


def _type_checking_only(tree: ast.Module) -> set[int]:
    """The import nodes under `if TYPE_CHECKING:`: never run, so no circle."""
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skipped.update(id(n) for child in node.body for n in ast.walk(child))
    return skipped


def imports_of(
    module: str,
    source: str,
    *,
    run_time: bool = False,
    package: bool = False,
    modules: Collection[str] = (),
) -> set[str]:
    """Every module a source imports, at the top or inside a function; with
    ``run_time``, only those imported when the code runs (not under TYPE_CHECKING).
    ``package`` says the module is a package's `__init__`; ``modules`` are the
    package's modules (`from armylist.editing import pong` imports one of them)."""
    names: set[str] = set()
    package_name = module if package else module.rsplit(".", 1)[0]
    tree = ast.parse(source)
    skipped = _type_checking_only(tree) if run_time else set()
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: from the module's own package upwards
                parts = package_name.split(".")
                anchor = parts[: len(parts) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            names.add(base)
            # `from armylist import cli` imports armylist.cli
            names.update(
                f"{base}.{alias.name}"
                for alias in node.names
                if base == "armylist" or f"{base}.{alias.name}" in modules
            )
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
            if (
                module in SELF_CONTAINED
                and name not in (LANGUAGE, CHECKS)
                and not (
                    module.startswith("armylist.gamedata.") and name in CARD_MODELS
                )
            ):
                problems.append(f"{module} imports {name} (it imports nothing of ours)")
                continue
            theirs = layer_of(name)
            if theirs is not None and LAYERS.index(theirs) > LAYERS.index(own):
                problems.append(
                    f"{module} imports {name} (the {own} layer is below {theirs})"
                )
            mine, other = tool_of(module), tool_of(name)
            if (
                mine is not None
                and other is not None
                and mine != other
                and not any(name == s or name.startswith(f"{s}.") for s in SHARED)
            ):
                problems.append(
                    f"{module} imports {name} (a tool never imports another tool)"
                )
    return problems + circles(sources)


def circles(sources: dict[str, str], packages: set[str] | None = None) -> list[str]:
    """Every import circle among the modules, as 'import circle: a -> b -> a'.

    Imports run at import time and inside functions count; those under
    TYPE_CHECKING and a module's import of its own parent package do not.
    """
    packages = packages if packages is not None else _packages(sources)
    graph = {
        module: sorted(
            name
            for name in imports_of(
                module,
                source,
                run_time=True,
                package=module in packages,
                modules=sources,
            )
            if name in sources and name != module and not module.startswith(f"{name}.")
        )
        for module, source in sources.items()
    }
    found: list[str] = []
    seen: set[frozenset[str]] = set()
    done: set[str] = set()

    def visit(module: str, path: list[str]) -> None:
        if module in path:
            loop = path[path.index(module) :]
            key = frozenset(loop)
            if key not in seen:
                seen.add(key)
                start = loop.index(min(loop))
                ordered = loop[start:] + loop[:start]
                found.append("import circle: " + " -> ".join([*ordered, ordered[0]]))
            return
        if module in done:
            return
        for name in graph[module]:
            visit(name, [*path, module])
        done.add(module)

    for module in sorted(graph):
        visit(module, [])
    return sorted(found)


def _packages(sources: dict[str, str]) -> set[str]:
    """The modules that are packages: some other module's name starts with theirs."""
    return {m for m in sources if any(o.startswith(f"{m}.") for o in sources)}


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
        + "\nfrom armylist.rules.listing import RULES\n",
        "armylist.gameday.loud": "from armylist import cli\n",
        "armylist.reporters.windowed": "from textual.app import App\n",
        "armylist.tui.shell": "import armylist.cli.frame\n",
        "armylist.stray": "x = 1\n",
        # A tool reaching into another tool's modules.
        "armylist.combat.nosy": "from armylist.organiser.team import validate_team\n",
        # The new folders sit at the bottom: the event file, the words and the files
        # ask no tool, no engine and no renderer.
        "armylist.event.eager": "from armylist.organiser.team import validate_team\n",
        "armylist.text.shiny": "from rich.text import Text\n",
        "armylist.files.eager": "def f():\n    from armylist.engine import run\n",
    }
    problems = layer_violations(broken)
    # (the findings module importing the rules also closes circles: tested below)
    assert [p for p in problems if not p.startswith("import circle")] == [
        "armylist.combat.nosy imports armylist.organiser.team (a tool never imports "
        "another tool)",
        "armylist.editing.chatty imports typer (only cli/ imports typer)",
        "armylist.event.eager imports armylist.organiser.team (the models layer is "
        "below tools)",
        "armylist.files.eager imports armylist.engine (the models layer is below "
        "engine)",
        "armylist.findings imports armylist.rules.listing (it imports nothing of ours)",
        "armylist.gamedata.pretty imports rich.table (only cli/, tui/ and reporters/ "
        "import rich)",
        "armylist.gameday.loud imports armylist.cli (the tools layer is below cli)",
        "armylist.reporters.windowed imports textual.app (only tui/ imports textual)",
        "armylist.rules.eager imports armylist.engine (the rules layer is below "
        "engine)",
        "armylist.stray has no layer: add it to PLACES",
        "armylist.text.shiny imports rich.text (only cli/, tui/ and reporters/ import "
        "rich)",
        "armylist.tui.shell imports armylist.cli.frame (the tui layer is below cli)",
    ]


def test_the_checker_fails_on_an_import_circle() -> None:
    sources = {
        **package_sources(),
        # The first imports the second at the top, the second the first inside a
        # function; an import under TYPE_CHECKING closes no circle.
        "armylist.editing.ping": "from armylist.editing import pong\n",
        "armylist.editing.pong": "def f():\n    from armylist.editing.ping import x\n",
        "armylist.editing.typed": "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from armylist.editing.ping import x\n",
        "armylist.editing.back": "from armylist.editing import typed\n",
        # Across two of the bottom folders: the event file's words and its reader.
        "armylist.text.eventwords": "from armylist.event.reader import load_event\n",
        "armylist.event.reader": package_sources()["armylist.event.reader"]
        + "\nfrom armylist.text import eventwords\n",
    }
    assert layer_violations(sources) == [
        "import circle: armylist.editing.ping -> armylist.editing.pong -> "
        "armylist.editing.ping",
        "import circle: armylist.event.reader -> armylist.text.eventwords -> "
        "armylist.event.reader",
    ]


def test_a_forbidden_import_in_a_real_module_file_is_caught(tmp_path: Path) -> None:
    # The same check over a copy of a real module with one import added.
    source = (PACKAGE / "sheet" / "roster.py").read_text(encoding="utf-8")
    copy = tmp_path / "roster.py"
    copy.write_text(source + "\nimport typer\n", encoding="utf-8")
    problems = layer_violations(
        {"armylist.sheet.roster": copy.read_text(encoding="utf-8")}
    )
    assert problems == ["armylist.sheet.roster imports typer (only cli/ imports typer)"]

"""Every format armylist imports is one `Importer`, and the import model stands alone."""

from __future__ import annotations

import ast

from projectpaths import ROOT
from test_layers import circles, imports_of, package_sources

from armylist.importing import api
from armylist.importing.importer import Importer
from armylist.importing.model import ImportFormat


def test_every_registered_format_is_an_importer() -> None:
    assert api.IMPORTERS
    for importer in api.IMPORTERS:
        assert isinstance(importer, Importer), importer
    # one importer per format, and every format has one
    formats = [importer.FORMAT for importer in api.IMPORTERS]
    assert sorted(formats) == sorted(ImportFormat)


def test_a_module_without_read_is_no_importer() -> None:
    class Half:
        FORMAT = ImportFormat.SCT1

    assert not isinstance(Half(), Importer)


def _imports(module: str) -> set[str]:
    sources = package_sources()
    # every import, even one under TYPE_CHECKING: a tie is a tie for the reader too
    return imports_of(module, sources[module], modules=sources)


def test_the_model_never_imports_its_renderer() -> None:
    assert "armylist.importing.render" not in _imports("armylist.importing.model")
    assert "armylist.importing.model" in _imports("armylist.importing.render")


def test_the_dispatcher_has_no_chain_of_formats() -> None:
    # one registry, not an if/elif or match over the formats repeated in the dispatcher
    tree = ast.parse((ROOT / "armylist/importing/api.py").read_text(encoding="utf-8"))
    named = [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute) and node.attr in ImportFormat.__members__
    ]
    assert named == []


def test_the_importing_package_has_no_circle() -> None:
    sources = {
        m: s for m, s in package_sources().items() if m.startswith("armylist.importing")
    }
    assert circles(sources) == []

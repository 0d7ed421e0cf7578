"""`validate` on a source of another builder: rule and import findings at the source's lines."""

from __future__ import annotations

from armylist.engine import check_source, check_text
from armylist.gamedata.catalog import Catalog
from armylist.importing.render import to_yaml
from importing import fixtures
from importing.helpers import run


def test_rule_findings_point_at_the_source_entry(catalog: Catalog) -> None:
    text = fixtures.dumps(fixtures.ttpiba_flattened())
    source = check_source(text, "p1.json", catalog)
    checked, result = source.result, source.imported
    assert result is not None and not checked.valid
    lines = text.decode().splitlines()
    summoned = next(f for f in checked.findings if f.rule == "summoned-unit")
    assert lines[summoned.line].strip() == '"id": "pylon",'
    imported = next(f for f in checked.findings if f.rule == "import-summoned-unit")
    assert imported.line == summoned.line and imported.file == "p1.json"
    assert {"minerals-over-budget", "import-app-totals"} <= {
        f.rule for f in checked.findings
    }
    assert checked.findings == sorted(checked.findings, key=lambda f: f.sort_key())


def test_fingerprint_equals_the_yaml_imports(catalog: Catalog) -> None:
    data = fixtures.dumps(fixtures.mk_rulebook())
    checked = check_source(data, "list.json", catalog).result
    yaml_checked, _ = check_text(
        to_yaml(run(data, "list.json", catalog)), "list.yaml", catalog
    )
    assert checked.valid and checked.fingerprint == yaml_checked.fingerprint
    assert (checked.minerals.used, checked.faction) == (1670, "Raynor's Raiders")


def test_an_unreadable_source_is_one_error_not_an_exception(catalog: Catalog) -> None:
    source = check_source(b'{"broken": ', "p2.json", catalog)
    checked, result = source.result, source.imported
    assert result is None and not checked.valid
    [finding] = checked.findings
    assert (finding.code, finding.rule, finding.file) == (
        "AL800",
        "import-source",
        "p2.json",
    )
    assert "not valid JSON" in finding.message


def test_import_codes_are_their_own_family() -> None:
    from armylist.importing.model import KINDS
    from armylist.rules import REGISTRY

    codes = [k.code for k in KINDS]
    names = [k.rule for k in KINDS]
    assert len(set(codes)) == len(codes) and len(set(names)) == len(names)
    assert all(c.startswith("AL8") for c in codes)
    rule_names = {r.name for r in REGISTRY}
    rule_codes = {r.code for r in REGISTRY}
    assert not rule_codes & set(codes) and not rule_names & set(names)


def test_file_names_for_an_output_folder(catalog: Catalog) -> None:
    named = run(
        fixtures.dumps(fixtures.newrecruit_ttpiba()), "dir/nr-export.json", catalog
    )
    assert named.file_name() == "money.yaml"
    unnamed = run(
        fixtures.dumps(fixtures.ttpiba_cleaned()), "dir/ben's list.json", catalog
    )
    assert unnamed.file_name() == "bens-list.yaml"

"""The docs' pre-commit and GitHub Action snippets (docs/ci.md) pin a revision that exists.

armylist has no release tags: a snippet pinning `v0.1.0` made `pre-commit` fail to
clone it. The snippets pin a commit (`rev: <commit sha>`, `@<commit sha>`), which
always exists, and say how to get one.
"""

from __future__ import annotations

import re

import yaml
from projectpaths import ROOT

CI = (ROOT / "docs" / "ci.md").read_text(encoding="utf-8")
# Every file that shows a snippet or speaks of pinning armylist.
SHOWN = [
    (ROOT / name).read_text(encoding="utf-8")
    for name in ("README.md", "README.es.md", "docs/ci.md", "docs/ci.es.md")
]
SHA = re.compile(r"^(<commit sha>|[0-9a-f]{40})$")


def section(title: str) -> str:
    return re.split(r"\n##+ ", CI.split(f"## {title}\n", 1)[1], maxsplit=1)[0]


def yaml_block(text: str) -> object:
    return yaml.safe_load(text.split("```yaml\n", 1)[1].split("```", 1)[0])


def test_the_pre_commit_snippet_pins_a_commit() -> None:
    text = section("pre-commit")
    config = yaml_block(text)
    assert isinstance(config, dict)
    (repo,) = config["repos"]
    assert SHA.match(str(repo["rev"])), repo["rev"]
    assert "pre-commit autoupdate --bleeding-edge --freeze" in text


def test_the_action_snippet_pins_a_commit() -> None:
    workflow = yaml_block(section("GitHub Action"))
    assert isinstance(workflow, dict)
    steps = workflow["jobs"]["lists"]["steps"]
    (ours,) = [s for s in steps if "armylist" in s.get("uses", "")]
    ref = ours["uses"].split("@", 1)[1]
    assert SHA.match(ref), ref


def test_no_snippet_names_a_release_that_does_not_exist() -> None:
    for text in SHOWN:
        assert not re.search(r"(rev: |armylist@)v\d", text)

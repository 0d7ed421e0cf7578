"""`armylist export --format html`: the printable Army Roster (ORGANISED-PLAY.md §2)."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

import pytest
from projectpaths import LISTS, OFFICIAL
from typer.testing import CliRunner

from armylist.cli import app
from armylist.gamedata.catalog import Catalog
from armylist.sheet.roster import roster_file

runner = CliRunner()
EXAMPLES = sorted(LISTS.glob("*.yaml"))


class Page(HTMLParser):
    """The page as the tests read it: each roster's text by class, and every tag."""

    def __init__(self) -> None:
        super().__init__()
        self.rosters: list[dict[str, list[str]]] = []
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.open: list[tuple[str, set[str]]] = []
        self.style = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = set((dict(attrs).get("class") or "").split())
        self.tags.append((tag, dict(attrs)))
        if tag == "section" and "roster" in classes:
            self.rosters.append({})
        if tag not in ("meta", "br", "link", "img"):
            self.open.append((tag, classes))

    def handle_endtag(self, tag: str) -> None:
        while self.open:
            if self.open.pop()[0] == tag:
                break

    def handle_data(self, data: str) -> None:
        if self.open and self.open[-1][0] == "style":
            self.style += data
        if not self.rosters or not data.strip():
            return
        for _, classes in self.open:
            for name in classes:
                self.rosters[-1].setdefault(name, []).append(data.strip())


def page(args: list[str]) -> tuple[int, Page, str]:
    result = runner.invoke(app, ["export", *args, "--format", "html"])
    parsed = Page()
    parsed.feed(result.stdout)
    return result.exit_code, parsed, result.stdout


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_the_html_roster_of_every_example_holds_the_six_items(
    path: Path, catalog: Catalog
) -> None:
    code, parsed, _ = page([str(path)])
    assert code == 0
    sheet = roster_file(path, catalog)
    [roster] = parsed.rosters
    # 1. the player (none in the examples: the page says so) and the faction
    assert roster["player"] == ["not given"]
    assert any("player: NAME" in note for note in roster["note"])
    assert roster["faction"] == [f"{sheet.faction} ({sheet.race})"]
    # 2-4. every unit with loadout and upgrades, its Supply and Minerals, the totals
    assert len(roster["unit"]) >= len(sheet.units)
    assert roster["supply"] == [str(u.supply) for u in sheet.units]
    assert roster["minerals"] == [f"{u.minerals:,}" for u in sheet.units]
    for unit in sheet.units:
        assert unit.loadout is not None
        assert any(
            g.label in text for text in roster["loadout"] for g in unit.loadout.groups
        )
        for upgrade in unit.upgrades:
            assert any(upgrade.name in text for text in roster["upgrades"])
    assert roster["supply-total"] == [str(sheet.supply)]
    assert roster["minerals-total"][0].startswith(f"{sheet.minerals:,}")
    # 5. the Vespene Gas of every Tactical Card and the total
    assert roster["gas"] == [str(c.gas) for c in sheet.tactical_cards]
    assert roster["gas-total"][0].startswith(f"{sheet.gas:,}")
    # 6. the two Mission and two Deployment Cards
    assert roster["missions"] == list(sheet.missions) and len(sheet.missions) == 2
    assert roster["deployments"] == list(sheet.deployments)
    assert len(sheet.deployments) == 2
    # the footer: fingerprint and data version
    assert len(roster["fingerprint"][0]) == 19
    assert roster["data-version"] == [catalog.data_version]


def test_the_page_is_self_contained_and_prints_one_roster_a_page() -> None:
    code, parsed, text = page([str(OFFICIAL)])
    assert code == 0
    assert text.startswith("<!DOCTYPE html>")
    # nothing fetched: no script, no stylesheet link, no image, no URL anywhere
    assert not [t for t, _ in parsed.tags if t in ("script", "link", "img", "iframe")]
    assert "http" not in text and "url(" not in text
    assert "@page" in parsed.style and "size: auto" in parsed.style
    assert "break-after: page" in parsed.style
    assert ("meta", {"charset": "utf-8"}) in parsed.tags


def test_a_folder_gives_every_roster_on_one_page() -> None:
    # every list under the folder, in any builder's form (lists/imported/ too)
    every = sorted(p for p in LISTS.rglob("*") if p.is_file())
    code, parsed, _ = page([str(LISTS)])
    assert code == 0
    assert [r["file"][0] for r in parsed.rosters] == [str(p) for p in every]


def test_names_are_escaped(tmp_path: Path) -> None:
    path = tmp_path / "x.yaml"
    path.write_text(
        "name: <script>alert(1)</script>\nplayer: Ana & <b>Bo</b>\n"
        "scale: standard\nfaction: Raynor's Raiders\n"
    )
    code, parsed, text = page([str(path)])
    assert code == 0
    assert "<script>" not in text and "<b>" not in text
    assert "&lt;script&gt;" in text
    assert parsed.rosters[0]["player"] == ["Ana & <b>Bo</b>"]


def test_a_folder_with_another_format_is_a_usage_error() -> None:
    result = runner.invoke(app, ["export", str(LISTS), "--format", "text"])
    assert result.exit_code == 2
    assert "--format html" in result.stderr


def test_the_event_examples_rosters_name_their_players() -> None:
    from projectpaths import ROOT

    code, parsed, _ = page([str(ROOT / "docs" / "event-example" / "rosters")])
    assert code == 0
    players = [r["player"][0] for r in parsed.rosters]
    assert sorted(players) == ["Ana", "Ana", "Ben", "Cara", "Dan", "Eve", "Fay"]
    assert not any("note" in r for r in parsed.rosters)


def test_an_illegal_incomplete_list_is_printed_with_its_notes(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(
        "scale: standard\nfaction: Khalai\nunits:\n  - unit: Artanis\n"
        "  - unit: Artanis\nmissions: [Hold Position]\n"
    )
    code, parsed, text = page([str(path)])
    assert code == 1
    notes = parsed.rosters[0]["note"]
    # What a note quotes is set as code, not shown with its backticks.
    assert "No player is named: add <code>player: NAME</code> to the list." in text
    assert not any("`" in note for note in notes)
    assert "An event roster brings 2 Mission Cards; this list has 1." in notes
    assert any(note.startswith("Not a legal list: ") for note in notes)


def test_code_in_a_note_is_escaped_inside_its_code_tag(tmp_path: Path) -> None:
    path = tmp_path / "a&b <i>.yaml"
    path.write_text("scale: standard\nfaction: Khalai\nunits: [{unit: Marine}]\n")
    code, _, text = page([str(path)])
    assert code == 1
    assert "<code>armylist validate " in text
    assert "a&amp;b &lt;i&gt;.yaml</code>" in text
    assert "<i>" not in text


def test_the_loadout_names_the_upgrades_every_model_carries(tmp_path: Path) -> None:
    path = tmp_path / "shield.yaml"
    path.write_text(
        "scale: standard\nfaction: Terran Armed Forces\nunits:\n"
        "  - {unit: Marine, models: 9, upgrades: [Combat Shield, AGG-12]}\n"
    )
    _, parsed, _ = page([str(path)])
    (loadout,) = parsed.rosters[0]["loadout"]
    assert loadout.endswith("every model: Combat Shield")

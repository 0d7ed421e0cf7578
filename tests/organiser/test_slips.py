"""`event slips` (a result slip per table, HTML and PDF) and `event pair --format
html` (the pairings board): what a slip names, and the refusals."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from projectpaths import ROOT
from pypdf import PdfReader
from typer.testing import CliRunner

from armylist.cli import app
from armylist.event.points import BANDS
from armylist.organiser.slips import band_rows

runner = CliRunner()
LISTS = ROOT / "lists"
ROSTERS = {
    "ana.yaml": "raynors-raiders-veteran-bio.yaml",
    "ana-2.yaml": "terran-armed-forces-combined-arms.yaml",
    "ben.yaml": "zerg-swarm-roach-hydra.yaml",
    "cara.yaml": "khalai-artanis-vanguard.yaml",
    "dan.yaml": "nerazim-shadow-strike.yaml",
}
PLAYERS = """name: Spring Cup
players:
  - {name: Ana, rosters: [ana.yaml, ana-2.yaml]}
  - {name: Ben, rosters: [ben.yaml]}
  - {name: Cara, rosters: [cara.yaml]}
  - {name: Dan, rosters: [dan.yaml]}
  - {name: Eve}
"""
ROUND_ONE = """results:
  - {round: 1, red: Ana, blue: Ben, game: r1/ana-ben.yaml}
  - {round: 1, red: Cara, blue: Dan}
  - {round: 1, bye: Eve}
"""
RECORD = "mission: Hold Position\ndeployment: Gauntlet\nscale: standard\n"


def _event(tmp_path: Path, text: str = PLAYERS + ROUND_ONE) -> Path:
    for name, source in ROSTERS.items():
        shutil.copy(LISTS / source, tmp_path / name)
    (tmp_path / "r1").mkdir(exist_ok=True)
    (tmp_path / "r1" / "ana-ben.yaml").write_text(RECORD, encoding="utf-8")
    event = tmp_path / "event.yaml"
    event.write_text(text, encoding="utf-8")
    return event


def _slips(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["event", "slips", *args])
    return result.exit_code, result.stdout, result.stderr


def _locked(event: Path) -> dict[str, str]:
    result = runner.invoke(app, ["event", "lock", str(event)])
    assert result.exit_code == 0, result.stderr
    return {
        roster: fingerprint
        for fingerprint, roster in (
            line.split()[:2] for line in result.stdout.splitlines()
        )
    }


def _sections(page: str) -> list[str]:
    return re.findall(r'<section class="slip">.*?</section>', page, re.S)


def test_a_slip_names_the_table_the_players_and_their_locked_rosters(
    tmp_path: Path,
) -> None:
    event = _event(tmp_path)
    locked = _locked(event)
    # A change after the lock: the slip still names what was locked.
    (tmp_path / "ben.yaml").write_text(
        (LISTS / ROSTERS["cara.yaml"]).read_text(encoding="utf-8"), encoding="utf-8"
    )
    code, page, summary = _slips(str(event), "--round", "1")
    assert code == 0, summary
    assert summary == f"{event}: round 1: 2 slips\n"
    first, second = _sections(page)
    assert "Spring Cup: round 1, table 1" in first
    assert "Spring Cup: round 1, table 2" in second
    # Ana's two rosters (Dual List), each with the fingerprint it was locked with.
    assert f"Raynor&#x27;s Raiders <code>{locked['ana.yaml']}</code>" in first
    assert f"Terran Armed Forces <code>{locked['ana-2.yaml']}</code>" in first
    assert f"Zerg Swarm <code>{locked['ben.yaml']}</code>" in first
    # The table's game record names the drafted cards; the other table's are blank.
    assert "<strong>Mission Card:</strong> Hold Position" in first
    assert "<strong>Deployment Card:</strong> Gauntlet" in first
    assert second.count('<span class="blank">') == 2
    # Every band of the event's scale to tick, and both signatures.
    for band in ("Annihilation", "Decisive Victory", "Breakthrough", "Stalemate"):
        assert f"<td>{band}</td>" in first
    assert "<td>10 or more</td>" in first and "<td>0 to 2</td>" in first
    assert "Signature (Red)" in first and "Signature (Blue)" in first
    # The bye has no slip.
    assert "Eve" not in page


def test_a_roster_never_locked_says_so(tmp_path: Path) -> None:
    event = _event(tmp_path)
    code, page, _ = _slips(str(event), "--round", "1")
    assert code == 0
    assert page.count("</code> (not locked)</li>") == 5


def test_the_bands_are_the_event_scales() -> None:
    skirmish = band_rows("skirmish")
    assert [(r.band, r.least, r.most) for r in skirmish] == [
        ("annihilation", 8, None),
        ("decisive", 6, 7),
        ("breakthrough", 3, 5),
        ("stalemate", 0, 2),
    ]
    # the table's own numbers, not a copy of them
    assert [r.least for r in band_rows("standard")][:3] == [
        least for least, _ in BANDS["standard"]
    ]


def test_the_pdf_has_a_page_for_every_two_slips(tmp_path: Path) -> None:
    event = _event(tmp_path)
    out = tmp_path / "round-1.pdf"
    code, stdout, summary = _slips(str(event), "--round", "1", "-o", str(out))
    assert code == 0, summary
    assert stdout == ""
    assert summary == f"{event}: round 1: 2 slips, written to {out}\n"
    data = out.read_bytes()
    assert data.startswith(b"%PDF-")
    assert data.count(b"/Type /Page\n") == 1


def test_a_pdf_prints_spanish_and_a_name_outside_latin_1(tmp_path: Path) -> None:
    text = (PLAYERS + ROUND_ONE).replace("Cara", "Zoë Ñandú").replace("Dan", "Łukasz")
    event = _event(tmp_path, text)
    out = tmp_path / "ronda-1.pdf"
    result = runner.invoke(
        app, ["--lang", "es", "event", "slips", str(event), "-r", "1", "-o", str(out)]
    )
    assert result.exit_code == 0, result.stderr
    assert out.read_bytes().startswith(b"%PDF-")
    # The bundled font is embedded: every name prints as written, none as "?".
    text = "".join(page.extract_text() for page in PdfReader(out).pages)
    assert "Zoë Ñandú" in text and "Łukasz" in text


def test_a_round_without_pairings_is_refused(tmp_path: Path) -> None:
    event = _event(tmp_path)
    code, stdout, stderr = _slips(str(event), "--round", "2")
    assert code == 2 and stdout == ""
    assert "round 2 has no pairings in the event file (the last round paired is 1)" in (
        stderr
    )
    assert "armylist event pair" in stderr and "--round 2 --write" in stderr
    only_bye = _event(tmp_path, PLAYERS + "results:\n  - {round: 1, bye: Eve}\n")
    code, _, stderr = _slips(str(only_bye), "--round", "1")
    assert code == 2
    assert "round 1 has only a bye, and no table" in stderr


def test_a_pdf_needs_a_file_and_a_folder_is_no_file(tmp_path: Path) -> None:
    event = _event(tmp_path)
    code, stdout, stderr = _slips(str(event), "--round", "1", "--format", "pdf")
    assert code == 2 and stdout == ""
    assert "a PDF goes to a file: give -o FILE.pdf" in stderr
    folder = tmp_path / "out.pdf"
    folder.mkdir()
    code, _, stderr = _slips(str(event), "--round", "1", "-o", str(folder))
    assert code == 2
    assert "cannot write" in stderr or "directory" in stderr


@pytest.mark.parametrize("fmt", ["html", "pdf"])
def test_the_format_follows_the_file_name_unless_given(
    tmp_path: Path, fmt: str
) -> None:
    event = _event(tmp_path)
    out = tmp_path / "slips.out"
    code, _, _ = _slips(str(event), "-r", "1", "-o", str(out), "--format", fmt)
    assert code == 0
    assert out.read_bytes().startswith(b"%PDF-" if fmt == "pdf" else b"<!DOCTYPE html>")
    html = tmp_path / "slips.html"
    assert _slips(str(event), "-r", "1", "-o", str(html))[0] == 0
    assert html.read_bytes().startswith(b"<!DOCTYPE html>")


def test_names_are_data_never_markup(tmp_path: Path) -> None:
    text = (PLAYERS + ROUND_ONE).replace("Cara", "<script>x</script>")
    event = _event(tmp_path, text)
    code, page, _ = _slips(str(event), "-r", "1")
    assert code == 0
    assert "<script>" not in page and "&lt;script&gt;x&lt;/script&gt;" in page
    board = runner.invoke(
        app, ["event", "pair", str(event), "--round", "2", "--format", "html"]
    )
    assert board.exit_code == 2  # round 1 lacks a result: the board waits too


def test_the_board_shows_each_players_faction(tmp_path: Path) -> None:
    event = _event(tmp_path, PLAYERS + "  - {name: Fay}\n")  # six: no bye
    result = runner.invoke(
        app, ["event", "pair", str(event), "--round", "1", "--format", "html"]
    )
    assert result.exit_code == 0, result.stderr
    page = result.stdout
    assert page.startswith("<!DOCTYPE html>")
    assert "Spring Cup: round 1 pairings" in page
    assert "Ana<br><small>Raynor&#x27;s Raiders / Terran Armed Forces</small>" in page
    assert "Ben<br><small>Zerg Swarm</small>" in page
    # Eve names no roster: her name alone.
    assert "<td>Eve</td>" in page
    assert page.count('<td class="number">') == 3 and "Bye" not in page
    # The notes are the organiser's: on stderr, not on the board.
    assert "- Round 1 is paired at random with seed" in result.stderr
    assert "seed" not in page


def test_slips_and_board_in_spanish(tmp_path: Path) -> None:
    event = _event(tmp_path)
    result = runner.invoke(
        app, ["--lang", "es", "event", "slips", str(event), "-r", "1"]
    )
    assert result.exit_code == 0, result.stderr
    assert '<html lang="es">' in result.stdout
    assert "Spring Cup: ronda 1, mesa 1" in result.stdout
    assert "Aniquilación" in result.stdout


def test_a_lock_without_its_copies_still_names_the_locked_fingerprint(
    tmp_path: Path,
) -> None:
    event = _event(tmp_path)
    locked = _locked(event)
    shutil.rmtree(tmp_path / "event.locked")
    (tmp_path / "cara.yaml").write_text(
        (LISTS / ROSTERS["ben.yaml"]).read_text(encoding="utf-8"), encoding="utf-8"
    )
    code, page, _ = _slips(str(event), "-r", "1")
    assert code == 0
    # the faction is the file's now; the fingerprint the one the lock wrote
    assert f"Zerg Swarm <code>{locked['cara.yaml']}</code></li>" in page
    assert "not locked" not in page


def test_the_drafted_cards_are_named_as_printed(tmp_path: Path) -> None:
    event = _event(tmp_path)
    (tmp_path / "r1" / "ana-ben.yaml").write_text(
        "mission: hold-position-standard\ndeployment: gauntlet\nscale: standard\n",
        encoding="utf-8",
    )
    code, page, _ = _slips(str(event), "-r", "1")
    assert code == 0
    assert "<strong>Mission Card:</strong> Hold Position" in page
    assert "<strong>Deployment Card:</strong> Gauntlet" in page
    # a record that is no mapping leaves the lines blank to fill in
    (tmp_path / "r1" / "ana-ben.yaml").write_text("- not a record\n", encoding="utf-8")
    code, page, _ = _slips(str(event), "-r", "1")
    assert code == 0 and page.count('<span class="blank">') == 4

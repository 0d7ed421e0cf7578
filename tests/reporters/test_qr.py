"""`armylist export --format qr`: the list's SCT1 code as a QR code a phone reads.

A real decoder (zxing-cpp) reads every image back and must get exactly the code that
`--format sct1` prints, for every example list and a full Grand Offensive list.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
import zxingcpp
from PIL import Image
from projectpaths import LISTS, OFFICIAL, ROOT
from typer.testing import CliRunner

from armylist.cli import app
from armylist.gamedata.loading import load_catalog
from armylist.reporters import export, qr
from armylist.sheet.roster import roster_and_list

runner = CliRunner()
FULL_GRAND_OFFENSIVE = ROOT / "tests" / "data" / "grand-offensive-full.yaml"
# Every example list malkivian83's builder has ids for (Nerazim it has not).
EXPORTABLE = [
    path for path in sorted(LISTS.glob("*.yaml")) if "nerazim" not in path.name
] + [FULL_GRAND_OFFENSIVE]


def _sct1(path: Path) -> str:
    result = runner.invoke(app, ["export", str(path), "--format", "sct1"])
    assert result.exit_code == 0, result.output
    return result.stdout.strip()


def _decoded(png: bytes) -> str:
    found = zxingcpp.read_barcodes(Image.open(io.BytesIO(png)))
    assert len(found) == 1
    assert found[0].format == zxingcpp.BarcodeFormat.QRCode
    return found[0].text


@pytest.mark.parametrize("path", EXPORTABLE, ids=lambda p: p.name)
def test_the_png_reads_back_as_the_sct1_code(path: Path, tmp_path: Path) -> None:
    image = tmp_path / "list.png"
    result = runner.invoke(
        app, ["export", str(path), "--format", "qr", "-o", str(image)]
    )
    assert result.exit_code == 0, result.output
    assert result.stdout == ""
    assert _decoded(image.read_bytes()) == _sct1(path)


def test_the_largest_list_stays_a_code_a_phone_reads() -> None:
    # The version documented in reporters/qr.py: 57 modules a side, 65 columns.
    code = qr.make(_sct1(FULL_GRAND_OFFENSIVE))
    assert code.version == 10
    assert code.error in ("M", "Q", "H")
    assert qr.size(code) == (65, 33)


def _terminal_png(text: str) -> bytes:
    """The half blocks drawn back as pixels: what a phone sees on the screen."""
    lines = text.rstrip("\n").split("\n")
    width = len(lines[0])
    image = Image.new("L", (width * 8, len(lines) * 16), 255)
    for y, line in enumerate(lines):
        assert len(line) == width
        for x, char in enumerate(line):
            top = char in "█▀"
            bottom = char in "█▄"
            for dy, dark in ((0, top), (8, bottom)):
                if dark:
                    image.paste(0, (x * 8, y * 16 + dy, x * 8 + 8, y * 16 + dy + 8))
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def test_the_terminal_code_reads_back_with_its_quiet_zone() -> None:
    result = runner.invoke(app, ["export", str(OFFICIAL), "--format", "qr"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.rstrip("\n").split("\n")
    # The quiet zone: two blank lines above (4 modules) and 4 blank columns each side.
    assert lines[0].strip() == lines[1].strip() == ""
    assert all(line[:4] == "    " and line[-4:] == "    " for line in lines)
    assert _decoded(_terminal_png(result.stdout)) == _sct1(OFFICIAL)


def test_in_a_colour_terminal_the_code_is_black_on_white() -> None:
    drawn = qr.to_terminal(qr.make("SCT1-05HPR"), color=True)
    assert all(
        line.startswith("\x1b[30;107m") and line.endswith("\x1b[0m")
        for line in drawn.rstrip("\n").split("\n")
    )


def test_the_svg_is_an_image_of_the_code(tmp_path: Path) -> None:
    image = tmp_path / "list.svg"
    result = runner.invoke(
        app, ["export", str(OFFICIAL), "--format", "qr", "-o", str(image)]
    )
    assert result.exit_code == 0, result.output
    assert image.read_text(encoding="utf-8").lstrip().startswith("<?xml")
    assert "<svg" in image.read_text(encoding="utf-8")


def test_a_list_the_builder_cannot_hold_says_why() -> None:
    result = runner.invoke(
        app, ["export", str(LISTS / "nerazim-shadow-strike.yaml"), "--format", "qr"]
    )
    assert result.exit_code == 2
    assert "no id for the Faction Card Nerazim" in result.stderr
    assert result.stdout == ""


def test_an_image_of_another_kind_is_a_usage_error(tmp_path: Path) -> None:
    target = tmp_path / "list.jpg"
    result = runner.invoke(
        app, ["export", str(OFFICIAL), "--format", "qr", "-o", str(target)]
    )
    assert result.exit_code == 2
    assert "FILE.svg or FILE.png" in result.stderr
    assert not target.exists()


def test_the_html_sheet_carries_the_code_beside_the_fingerprint(
    tmp_path: Path,
) -> None:
    result = runner.invoke(app, ["export", str(OFFICIAL), "--format", "html"])
    assert result.exit_code == 0, result.output
    footer = result.stdout.split("<footer>")[1].split("</footer>")[0]
    assert 'class="fingerprint"' in footer
    assert '<figure class="qr"><svg' in footer
    assert f"<title>{_sct1(OFFICIAL)}</title>" in footer


def test_a_terminal_too_small_for_the_code_is_told(tmp_path: Path) -> None:
    # 49 columns and 25 lines: an 80 x 24 terminal cuts the top off, 80 x 40 does not.
    _, resolved = roster_and_list(OFFICIAL, load_catalog())
    note = export.qr_note(resolved, 80, 24)
    assert note is not None and "49 columns and 25 lines" in note
    assert "-o FILE.png" in note
    assert export.qr_note(resolved, 80, 40) is None


def test_any_format_goes_to_a_file_with_o(tmp_path: Path) -> None:
    target = tmp_path / "list.txt"
    result = runner.invoke(
        app, ["export", str(OFFICIAL), "--format", "sct1", "-o", str(target)]
    )
    assert result.exit_code == 0, result.output
    assert result.stdout == ""
    assert target.read_text(encoding="utf-8").strip() == _sct1(OFFICIAL)

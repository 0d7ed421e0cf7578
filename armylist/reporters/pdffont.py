"""The font every PDF armylist makes embeds: DejaVu Sans, regular and bold, shipped
in `armylist/fonts` with its licence. It prints Spanish and every Latin name as
written (`Łukasz` too), in black and white, on any printer."""

from __future__ import annotations

from importlib import resources

from fpdf import FPDF

FONT = "DejaVu"


def embed_font(pdf: FPDF) -> str:
    """Add the bundled font to ``pdf`` (regular and bold); its family name."""
    fonts = resources.files("armylist") / "fonts"
    with resources.as_file(fonts / "DejaVuSans.ttf") as regular:
        pdf.add_font(FONT, "", regular)
    with resources.as_file(fonts / "DejaVuSans-Bold.ttf") as bold:
        pdf.add_font(FONT, "B", bold)
    return FONT

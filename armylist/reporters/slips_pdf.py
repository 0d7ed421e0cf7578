"""`event slips --format pdf`: the result slips of a round as a PDF (fpdf2), two to an
A4 page, with the same words as the HTML slips (`reporters.slips`).

The font is chosen in one place, `slip_font`: DejaVu Sans, embedded as in every PDF
armylist makes (`reporters.pdffont`), so every name prints as written (`Łukasz` too).
"""

from __future__ import annotations

from fpdf import FPDF

from armylist.organiser.slips import RoundSlips, Slip, SlipPlayer
from armylist.reporters.pdffont import embed_font
from armylist.reporters.slips import (
    SlipWords,
    band_words,
    roster_words,
    slip_title,
    slip_words,
)
from armylist.text.i18n import _
from armylist.text.visible import visible

PAGE_WIDTH = 210.0  # A4, in mm
MARGIN = 10.0
SLIP_HEIGHT = 133.0
WIDTH = PAGE_WIDTH - 2 * MARGIN


def slip_font(pdf: FPDF) -> tuple[str, bool]:
    """Set up the slips' font: its family, and whether it prints only Latin-1 (a
    core font) so that text must be made to fit it (`_fit`): the bundled TrueType
    font of every armylist PDF, which prints every name as written."""
    return embed_font(pdf), False


class _Slips:
    """The document being drawn, with its font."""

    def __init__(self) -> None:
        self.pdf = FPDF(orientation="portrait", unit="mm", format="A4")
        self.pdf.set_auto_page_break(auto=False)
        self.pdf.set_margins(MARGIN, MARGIN, MARGIN)
        self.family, self.latin1 = slip_font(self.pdf)
        self.words: SlipWords = slip_words()

    def fit(self, text: str) -> str:
        shown = visible(text)
        if self.latin1:
            return shown.encode("latin-1", "replace").decode("latin-1")
        return shown

    def font(self, size: float, style: str = "") -> None:
        self.pdf.set_font(self.family, style, size)

    def text(self, x: float, y: float, w: float, h: float, text: str) -> None:
        self.pdf.set_xy(x, y)
        self.pdf.cell(w, h, self.within(self.fit(text), w))

    def within(self, text: str, width: float) -> str:
        """The text cut to fit ``width`` (a name longer than its box ends in ...)."""
        if self.pdf.get_string_width(text) <= width:
            return text
        while text and self.pdf.get_string_width(text + "...") > width:
            text = text[:-1]
        return text + "..."

    def side(self, x: float, y: float, colour: str, player: SlipPlayer) -> float:
        """One player's box: name, rosters to tick, and the final VP box."""
        w = (WIDTH - 5) / 2
        self.pdf.rect(x, y, w, 44)
        self.font(11, "B")
        self.text(x + 2, y + 1.5, w - 4, 6, f"{colour}: {player.name}")
        self.font(8.5)
        self.text(x + 2, y + 8, w - 4, 5, self.words.roster)
        line = y + 13
        rosters = player.rosters[:3]
        if not rosters:
            self.text(x + 2, line, w - 4, 5, self.words.no_roster)
        for roster in rosters:
            faction, fingerprint, note = roster_words(roster, self.words)
            shown = f"{faction}  {fingerprint}" + (f" ({note})" if note else "")
            self.pdf.rect(x + 2.5, line + 1.2, 3, 3)
            self.text(x + 7, line, w - 9, 5, shown)
            line += 5.5
        self.font(10)
        self.text(x + 2, y + 33, 30, 8, self.words.final_vp)
        self.pdf.set_line_width(0.4)
        self.pdf.rect(x + 32, y + 32, 22, 10)
        self.pdf.set_line_width(0.2)
        return w

    def slip(self, slips: RoundSlips, slip: Slip, top: float) -> None:
        pdf, words = self.pdf, self.words
        pdf.set_dash_pattern(dash=1.5, gap=1)
        pdf.rect(MARGIN - 3, top - 3, WIDTH + 6, SLIP_HEIGHT - 4)
        pdf.set_dash_pattern()
        self.font(13, "B")
        self.text(MARGIN, top, WIDTH, 7, slip_title(slips, slip))
        y = top + 9
        w = self.side(MARGIN, y, words.red, slip.red)
        self.side(MARGIN + w + 5, y, words.blue, slip.blue)
        y += 47
        for label, value, x in (
            (words.mission, slip.mission, MARGIN),
            (words.deployment, slip.deployment, MARGIN + WIDTH / 2),
        ):
            self.font(10, "B")
            shown = self.fit(f"{label}:")
            after = pdf.get_string_width(shown) + 2
            self.text(x, y, after + 1, 6, shown)
            self.font(10)
            if value:
                self.text(x + after, y, WIDTH / 2 - after - 1, 6, value)
            else:
                pdf.line(x + after, y + 5.5, x + WIDTH / 2 - 3, y + 5.5)
        y += 9
        self.bands(slips, y)
        y += 6 * (len(slips.bands) + 1) + 4
        for colour, x in ((words.red, MARGIN), (words.blue, MARGIN + WIDTH / 2 + 2.5)):
            pdf.line(x, y + 10, x + WIDTH / 2 - 2.5, y + 10)
            self.font(8)
            self.text(x, y + 10.5, 60, 4, f"{words.signature} ({colour})")

    def bands(self, slips: RoundSlips, y: float) -> None:
        words = self.words
        widths = (8.0, 52.0, 40.0, 45.0, 45.0)
        head = ("", words.band, words.difference, words.winner, words.loser)
        rows = [head, *(("", *band_words(row)) for row in slips.bands)]
        for index, cells in enumerate(rows):
            x = MARGIN
            self.font(9, "B" if index == 0 else "")
            for width, cell in zip(widths, cells, strict=True):
                self.pdf.set_xy(x, y)
                self.pdf.cell(width, 6, self.within(self.fit(cell), width), border=1)
                if index and width == widths[0]:
                    self.pdf.rect(x + 2.5, y + 1.5, 3, 3)
                x += width
            y += 6

    def render(self, slips: RoundSlips) -> bytes:
        title = _("{event}: result slips, round {round}").format(
            event=slips.event, round=slips.round
        )
        self.pdf.set_title(self.fit(title))
        self.pdf.set_creator("armylist")
        for index, slip in enumerate(slips.slips):
            if index % 2 == 0:
                self.pdf.add_page()
            self.slip(slips, slip, MARGIN + 3 + (index % 2) * (SLIP_HEIGHT + 4))
        return bytes(self.pdf.output())


def render_pdf(slips: RoundSlips) -> bytes:
    """Every slip of the round, two to an A4 page."""
    return _Slips().render(slips)

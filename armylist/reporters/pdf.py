"""`armylist export --format pdf`: the roster and a page for the table, made without a
browser.

Per list a page set: the Army Roster of the Organised Play guide (§2: its six items,
with the fingerprint, the game data version and the list's QR code), then the page
the player keeps at the table: casualty boxes per unit with the Supply bands marked,
the Army's starting Supply, the scenario cards, a Victory Points grid per round and,
with a Mission Card, its Supply Pool per round. Black on white with grey only as a
second cue, so it prints on any printer; DejaVu Sans is embedded (armylist/fonts), so
every accent prints. Only `export --format pdf` imports this module (fpdf2 stays off
`validate`'s path).
"""

from __future__ import annotations

from collections.abc import Sequence

from fpdf import FPDF
from fpdf.enums import XPos, YPos
from fpdf.fonts import FontFace

from armylist import __version__
from armylist.reporters import Paper, QrTooLong, qr
from armylist.reporters.export import faction_text, player_text, scenario_text
from armylist.reporters.html import PrintedRoster, roster_notes
from armylist.reporters.pdffont import FONT, embed_font
from armylist.reporters.unitwords import loadout_text, supply_text
from armylist.sheet.roster import Roster, RosterUnit
from armylist.sheet.table import ROUNDS, TableSheet, TableUnit
from armylist.text.i18n import _, current
from armylist.text.numbers import people

MARGIN = 12.0  # mm
LINE = 5.0  # mm: a line of body text
BOX = 6.0  # mm: a casualty box at most
QR_SIZE = 30.0  # mm: the QR code with its quiet zone
CARDS_WIDTH = 100.0  # mm: the Tactical Cards table, the scenario cards beside it
GREY = 225  # the fill of a box where Supply drops: a cue, the border says it too


_FORMATS = {Paper.A4: "A4", Paper.LETTER: "Letter"}


def _document(paper: Paper, title: str) -> FPDF:
    pdf = FPDF(orientation="portrait", unit="mm", format=_FORMATS[paper])
    embed_font(pdf)
    pdf.set_margins(MARGIN, MARGIN, MARGIN)
    pdf.set_auto_page_break(auto=True, margin=MARGIN)
    pdf.set_title(title)
    pdf.set_creator(f"armylist {__version__}")
    pdf.set_lang(current())
    pdf.set_draw_color(0)
    pdf.set_text_color(0)
    return pdf


def _font(pdf: FPDF, size: float, *, bold: bool = False) -> None:
    pdf.set_font(FONT, "B" if bold else "", size)


def _line(pdf: FPDF, text: str, *, size: float = 10, bold: bool = False) -> None:
    _font(pdf, size, bold=bold)
    pdf.multi_cell(0, size * 0.5, text, new_x=XPos.LMARGIN, new_y=YPos.NEXT)


def _label(pdf: FPDF, label: str, value: str) -> None:
    """'Player: Ana' with the label in bold."""
    _font(pdf, 10, bold=True)
    pdf.cell(pdf.get_string_width(label + ": ") + 1, LINE, label + ":")
    _font(pdf, 10)
    pdf.multi_cell(0, LINE, value, new_x=XPos.LMARGIN, new_y=YPos.NEXT)


def _heading(pdf: FPDF, text: str) -> None:
    pdf.ln(2)
    _line(pdf, text, size=11, bold=True)


def _unit_cells(unit: RosterUnit) -> tuple[str, ...]:
    if unit.unknown:
        return (str(unit.position), unit.name, unit.note, "-", "?", "-")
    upgrades = "; ".join(u.describe() for u in unit.upgrades) or "-"
    return (
        str(unit.position),
        unit.label,
        loadout_text(unit),
        upgrades,
        supply_text(unit),
        people(unit.minerals),
    )


def _of(used: int, limit: int | None) -> str:
    if limit is None:
        return people(used)
    return _("{used} of {limit}").format(used=people(used), limit=people(limit))


def _units_table(pdf: FPDF, roster: Roster) -> None:
    _font(pdf, 8)
    head = ("#", _("Unit"), _("Loadout"), _("Upgrades"), "Supply", "Minerals")
    with pdf.table(
        col_widths=(6, 34, 58, 50, 14, 24),
        text_align=("RIGHT", "LEFT", "LEFT", "LEFT", "RIGHT", "RIGHT"),
        line_height=3.8,
        padding=0.8,
        headings_style=_headings(),
    ) as table:
        table.row(head)
        for unit in roster.units:
            table.row(_unit_cells(unit))
        table.row(
            (
                "",
                _("Total"),
                "",
                "",
                str(roster.supply),
                _of(roster.minerals, roster.mineral_limit),
            )
        )


def _headings() -> FontFace:
    return FontFace(emphasis="BOLD", fill_color=GREY)


def _cards_table(pdf: FPDF, roster: Roster) -> None:
    _font(pdf, 8)
    with pdf.table(
        col_widths=(70, 30),
        width=CARDS_WIDTH,
        align="LEFT",
        text_align=("LEFT", "RIGHT"),
        line_height=3.8,
        padding=0.8,
        headings_style=_headings(),
    ) as table:
        table.row(("Tactical Card", "Vespene Gas"))
        for card in roster.tactical_cards:
            table.row((card.name, "?" if card.unknown else str(card.gas)))
        if not roster.tactical_cards:
            table.row((_("none"), ""))
        table.row((_("Total"), _of(roster.gas, roster.gas_limit)))


def _draw_qr(pdf: FPDF, code: str, x: float, y: float) -> None:
    """The code's modules as black squares, quiet zone included, QR_SIZE wide."""
    try:
        rows = qr.modules(qr.make(code))
    except QrTooLong:
        return
    module = QR_SIZE / len(rows)
    pdf.set_fill_color(0)
    for r, row in enumerate(rows):
        for c, dark in enumerate(row):
            if dark:
                pdf.rect(x + c * module, y + r * module, module, module, style="F")


def _footer(pdf: FPDF, printed: PrintedRoster) -> None:
    """Fingerprint, game data and verdict, with the QR code beside them."""
    roster = printed.roster
    pdf.ln(3)
    if pdf.will_page_break(QR_SIZE + 4):
        pdf.add_page()
    top = pdf.get_y()
    pdf.line(MARGIN, top, pdf.w - MARGIN, top)
    pdf.set_y(top + 2)
    verdict = _("legal list") if roster.valid else _("not a legal list")
    text_width = pdf.epw - QR_SIZE - 4
    _font(pdf, 9)
    for label, value in (
        (_("Fingerprint"), printed.fingerprint or _("none")),
        (_("Game data"), printed.data_version),
        (_("Verdict"), verdict),
        ("armylist", __version__),
    ):
        pdf.multi_cell(
            text_width, 4.5, f"{label}: {value}", new_x=XPos.LMARGIN, new_y=YPos.NEXT
        )
    if printed.code is not None:
        _draw_qr(pdf, printed.code, pdf.w - MARGIN - QR_SIZE, top + 1)
        pdf.set_xy(pdf.w - MARGIN - QR_SIZE - 10, top + QR_SIZE + 1)
        _font(pdf, 7)
        pdf.cell(
            QR_SIZE + 10,
            3,
            _("SCT1 code (`armylist import` reads it)"),
            align="C",
            new_x=XPos.LMARGIN,
            new_y=YPos.NEXT,
        )
    pdf.set_y(max(pdf.get_y(), top + QR_SIZE + 5))


def roster_page(pdf: FPDF, printed: PrintedRoster) -> None:
    """Page 1: the Army Roster, its six items (the Organised Play guide, §2)."""
    roster = printed.roster
    pdf.add_page()
    _line(pdf, roster.name or roster.file, size=16, bold=True)
    pdf.ln(1)
    race = f" ({roster.race})" if roster.race else ""
    _label(pdf, _("Player"), player_text(roster))
    _label(pdf, _("Faction"), faction_text(roster) + race)
    _label(pdf, _("Scale"), roster.scale_name or "?")
    _label(pdf, _("File"), roster.file)
    for note in roster_notes(roster):
        _line(pdf, "! " + note, size=9, bold=True)
    _heading(pdf, _("Units"))
    _units_table(pdf, roster)
    _heading(pdf, "Tactical Cards")
    top = pdf.get_y()
    _cards_table(pdf, roster)
    below_cards = pdf.get_y()
    _scenario_column(pdf, roster, top)
    pdf.set_y(max(below_cards, pdf.get_y()))
    _footer(pdf, printed)


def _scenario_column(pdf: FPDF, roster: Roster, top: float) -> None:
    """The Mission and Deployment Cards to the right of the Tactical Cards table."""
    left = MARGIN + CARDS_WIDTH + 8
    pdf.set_y(top)
    for title, cards in (
        ("Mission Cards", roster.missions),
        ("Deployment Cards", roster.deployments),
    ):
        pdf.set_x(left)
        _font(pdf, 10, bold=True)
        pdf.cell(0, LINE, title, new_x=XPos.LMARGIN, new_y=YPos.NEXT)
        pdf.set_x(left)
        _font(pdf, 10)
        pdf.multi_cell(
            0, LINE, scenario_text(cards), new_x=XPos.LMARGIN, new_y=YPos.NEXT
        )
        pdf.ln(1)


def _boxes(pdf: FPDF, unit: TableUnit) -> None:
    """A box per model to tick, the boxes where Supply drops grey and bold-edged with
    the Supply left under them."""
    indent = 8.0
    size = min(BOX, (pdf.epw - indent) / unit.models)
    if pdf.will_page_break(size + 4):
        pdf.add_page()
    x0, y = MARGIN + indent, pdf.get_y()
    _font(pdf, 6)
    for lost in range(1, unit.models + 1):
        x = x0 + (lost - 1) * size
        drop = unit.drops.get(lost)
        pdf.set_line_width(0.6 if drop is not None else 0.2)
        pdf.set_fill_color(GREY)
        pdf.rect(x, y, size, size, style="DF" if drop is not None else "D")
        if drop is not None:
            pdf.set_xy(x - 1, y + size + 0.3)
            pdf.cell(size + 2, 2.5, f"→{drop}", align="C")
    pdf.set_line_width(0.2)
    pdf.set_fill_color(255)  # the tables after the boxes fill their cells white
    pdf.set_xy(MARGIN, y + size + 3.5)


def _table_unit(pdf: FPDF, unit: TableUnit) -> None:
    bands = ", ".join(band.text for band in unit.bands)
    _font(pdf, 9, bold=True)
    head = f"{unit.position}. {unit.label}"
    pdf.cell(pdf.get_string_width(head) + 3, 4.5, head)
    _font(pdf, 9)
    pdf.multi_cell(
        0,
        4.5,
        _("starting Supply {supply}; Supply Profile (models: Supply) {bands}").format(
            supply=unit.starting_supply, bands=bands
        ),
        new_x=XPos.LMARGIN,
        new_y=YPos.NEXT,
    )
    _boxes(pdf, unit)


def _rounds(pdf: FPDF, roster: Roster, table: TableSheet) -> None:
    """The Victory Points grid, both players, round by round; the Supply Pool above it
    when a Mission Card was chosen."""
    _font(pdf, 9)
    rounds = [_("Round {number}").format(number=r) for r in range(1, ROUNDS + 1)]
    with pdf.table(
        col_widths=(62, *([19] * ROUNDS), 20),
        text_align=("LEFT", *(["CENTER"] * (ROUNDS + 1))),
        line_height=7,
        padding=0.8,
        headings_style=_headings(),
    ) as grid:
        grid.row(("", *rounds, _("Total")))
        if table.mission is not None:
            pool = ["∞" if p is None else str(p) for p in table.pool[:ROUNDS]] + [
                "-"
            ] * (ROUNDS - len(table.pool))
            grid.row(
                (_("Supply Pool ({mission})").format(mission=table.mission), *pool, "")
            )
        me = roster.player or _("player")
        grid.row((_("VP: {player}").format(player=me), *([""] * (ROUNDS + 1))))
        grid.row((_("VP: opponent"), *([""] * (ROUNDS + 1))))


def table_page(pdf: FPDF, printed: PrintedRoster) -> None:
    """Page 2: what the player ticks and writes down during the game."""
    roster, table = printed.roster, printed.table
    assert table is not None, "export.printed builds every roster's table page"
    pdf.add_page()
    _line(
        pdf,
        _("At the table: {name}").format(name=roster.name or roster.file),
        size=14,
        bold=True,
    )
    _line(
        pdf,
        _(
            "Tick a box for each model lost; a grey box is where the unit's Supply "
            "drops, to the Supply under it."
        ),
        size=8,
    )
    pdf.ln(1)
    for unit in table.units:
        _table_unit(pdf, unit)
    _label(pdf, _("Army's starting Supply"), str(table.army_supply))
    _label(pdf, "Mission Cards", scenario_text(roster.missions))
    _label(pdf, "Deployment Cards", scenario_text(roster.deployments))
    _heading(pdf, _("Victory Points"))
    _rounds(pdf, roster, table)


def to_pdf(rosters: Sequence[PrintedRoster], title: str, paper: Paper) -> bytes:
    """The PDF: every roster's page set, in order."""
    pdf = _document(paper, title)
    for printed in rosters:
        roster_page(pdf, printed)
        table_page(pdf, printed)
    return bytes(pdf.output())

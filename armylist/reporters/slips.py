"""`event slips --format html` and `event pair --format html`: the result slips of a
round and its pairings board, each one self-contained page (no script, no font, no
image, nothing fetched). Every name from a file is escaped: it is data, never markup.

The words of a slip are made here once (`slip_words`, `band_words`, `roster_words`)
and read by the PDF too (`reporters.slips_pdf`), so both print the same slip.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from html import escape

from armylist.event.points import BAND_NAMES
from armylist.organiser.pairing import Pairings
from armylist.organiser.slips import BandRow, RoundSlips, Slip, SlipRoster
from armylist.organiser.standings import BYE
from armylist.reporters.htmlpage import page
from armylist.text.i18n import _
from armylist.text.numbers import people
from armylist.text.visible import visible


@dataclass(frozen=True)
class SlipWords:
    """The labels every slip repeats, in the language in use."""

    red: str
    blue: str
    mission: str
    deployment: str
    roster: str
    final_vp: str
    band: str
    difference: str
    winner: str
    loser: str
    signature: str
    not_locked: str
    no_roster: str


def slip_words() -> SlipWords:
    """The slip's labels."""
    return SlipWords(
        red=_("Red"),
        blue=_("Blue"),
        mission=_("Mission Card"),
        deployment=_("Deployment Card"),
        roster=_("Roster played (tick one)"),
        final_vp=_("Final VP"),
        band=_("Result band (tick one)"),
        difference=_("VP difference"),
        winner=_("Winner"),
        loser=_("Loser"),
        signature=_("Signature"),
        not_locked=_("not locked"),
        no_roster=_("no roster in the event file"),
    )


def slip_title(slips: RoundSlips, slip: Slip) -> str:
    """The slip's heading: the event, the round and the table."""
    return _("{event}: round {round}, table {table}").format(
        event=visible(slips.event), round=slips.round, table=slip.table
    )


def band_words(row: BandRow) -> tuple[str, str, str, str]:
    """A band's name, its VP difference, and the winner's and loser's points."""
    if row.most is None:
        difference = _("{least} or more").format(least=people(row.least))
    elif row.most == row.least:
        difference = people(row.least)
    else:
        difference = _("{least} to {most}").format(
            least=people(row.least), most=people(row.most)
        )
    return (
        _(BAND_NAMES[row.band]),
        difference,
        _("{mp} MP, {tp} TP").format(mp=row.winner[0], tp=row.winner[1]),
        _("{mp} MP, {tp} TP").format(mp=row.loser[0], tp=row.loser[1]),
    )


def roster_words(roster: SlipRoster, words: SlipWords) -> tuple[str, str, str]:
    """A roster as the slip names it: its faction (or file), its fingerprint, and
    what to say of its lock ("not locked", or nothing)."""
    name = visible(roster.faction or roster.file)
    return name, roster.fingerprint or "-", "" if roster.locked else words.not_locked


STYLE = """
:root { font-family: "DejaVu Sans", Arial, Helvetica, sans-serif; font-size: 10pt;
  color: #000; }
body { margin: 0; padding: 10mm; background: #fff; }
section.slip { max-width: 190mm; height: 132mm; box-sizing: border-box;
  margin: 0 auto 6mm; padding: 4mm 5mm; border: 0.4mm dashed #555;
  display: flex; flex-direction: column; gap: 2mm; break-inside: avoid; }
h1 { font-size: 13pt; margin: 0; }
div.sides { display: flex; gap: 5mm; }
div.side { flex: 1; border: 0.3mm solid #555; padding: 1.5mm 2.5mm; }
div.side h2 { font-size: 11pt; margin: 0 0 1mm; overflow-wrap: anywhere; }
div.side h2 span.colour { font-weight: normal; color: #333; }
ul.rosters { list-style: none; margin: 0.5mm 0; padding: 0; font-size: 9pt; }
ul.rosters li::before { content: "\\2610  "; font-size: 11pt; }
ul.rosters li.none::before { content: none; }
code { font-family: "DejaVu Sans Mono", Consolas, monospace; }
p.vp { margin: 1.5mm 0 0; }
span.box { display: inline-block; width: 16mm; height: 7mm; vertical-align: middle;
  border: 0.4mm solid #000; margin-left: 2mm; }
p.cards { margin: 0; }
span.blank { display: inline-block; min-width: 45mm; border-bottom: 0.3mm solid #000; }
table { border-collapse: collapse; width: 100%; font-size: 9pt; }
th, td { border: 0.3mm solid #555; padding: 0.6mm 1.5mm; text-align: left; }
td.tick { width: 5mm; text-align: center; font-size: 11pt; }
thead th { background: #e6e6e6; }
div.signatures { display: flex; gap: 5mm; margin-top: auto; }
div.signatures div { flex: 1; border-bottom: 0.3mm solid #000; height: 10mm;
  font-size: 8pt; }
h1.board { font-size: clamp(22pt, 3vw, 54pt); margin: 0 0 3mm; }
table.board { font-size: clamp(16pt, 2.2vw, 40pt); table-layout: fixed; }
table.board th:first-child { width: 12%; }
table.board td.number { text-align: right; }
p.bye { font-size: clamp(14pt, 2vw, 36pt); }
@page { size: A4; margin: 8mm; }
@media print {
  body { padding: 0; }
  section.slip { margin: 0 auto 4mm; }
  section.slip:nth-of-type(2n) { break-after: page; page-break-after: always; }
  section.slip:last-of-type { break-after: auto; page-break-after: auto; }
  thead th { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
}
"""


def _e(text: object) -> str:
    return escape(str(text), quote=True)


def _page(title: str, body: str) -> str:
    return page(title, STYLE, body)


def _side(colour: str, name: str, rosters: tuple[SlipRoster, ...]) -> str:
    words = slip_words()
    items = (
        "".join(
            f"<li>{_e(faction)} <code>{_e(fingerprint)}</code>"
            + (f" ({_e(note)})" if note else "")
            + "</li>"
            for faction, fingerprint, note in (roster_words(r, words) for r in rosters)
        )
        or f'<li class="none">{_e(words.no_roster)}</li>'
    )
    return (
        f'<div class="side"><h2><span class="colour">{_e(colour)}:</span> '
        f"{_e(visible(name))}</h2>"
        f"<div>{_e(words.roster)}</div>"
        f'<ul class="rosters">{items}</ul>'
        f'<p class="vp">{_e(words.final_vp)}<span class="box"></span></p></div>'
    )


def _card(label: str, value: str | None) -> str:
    shown = _e(visible(value)) if value else '<span class="blank"></span>'
    return f"<strong>{_e(label)}:</strong> {shown}"


def _slip(slips: RoundSlips, slip: Slip) -> str:
    words = slip_words()
    bands = "".join(
        '<tr><td class="tick">\u2610</td>'
        + "".join(f"<td>{_e(cell)}</td>" for cell in band_words(row))
        + "</tr>"
        for row in slips.bands
    )
    head = "".join(
        f"<th>{_e(cell)}</th>"
        for cell in ("", words.band, words.difference, words.winner, words.loser)
    )
    return (
        f'<section class="slip"><h1>{_e(slip_title(slips, slip))}</h1>'
        '<div class="sides">'
        + _side(words.red, slip.red.name, slip.red.rosters)
        + _side(words.blue, slip.blue.name, slip.blue.rosters)
        + "</div>"
        f'<p class="cards">{_card(words.mission, slip.mission)} &nbsp; '
        f"{_card(words.deployment, slip.deployment)}</p>"
        f"<table><thead><tr>{head}</tr></thead><tbody>{bands}</tbody></table>"
        '<div class="signatures">'
        f"<div>{_e(words.signature)} ({_e(words.red)})</div>"
        f"<div>{_e(words.signature)} ({_e(words.blue)})</div>"
        "</div></section>\n"
    )


def render_html(slips: RoundSlips) -> str:
    """Every slip of the round, two to a printed A4 page."""
    title = _("{event}: result slips, round {round}").format(
        event=visible(slips.event), round=slips.round
    )
    return _page(title, "".join(_slip(slips, slip) for slip in slips.slips))


def render_board(pairings: Pairings, factions: Mapping[str, str], event: str) -> str:
    """The round's pairings board, for a projector or the wall: table, players and
    their factions, in large type; then the bye."""

    def player(name: str) -> str:
        faction = factions.get(name)
        shown = _e(visible(name))
        return f"{shown}<br><small>{_e(visible(faction))}</small>" if faction else shown

    head = "".join(f"<th>{_e(cell)}</th>" for cell in (_("Table"), _("Red"), _("Blue")))
    rows = "".join(
        f'<tr><td class="number">{p.table}</td><td>{player(p.red)}</td>'
        f"<td>{player(p.blue)}</td></tr>"
        for p in pairings.pairings
    )
    title = _("{event}: round {round} pairings").format(
        event=visible(event), round=pairings.round
    )
    bye = ""
    if pairings.bye is not None:
        text = _("Bye: {player} ({mp} MP / {tp} TP)").format(
            player=visible(pairings.bye), mp=BYE[0], tp=BYE[1]
        )
        bye = f'<p class="bye">{_e(text)}</p>'
    return _page(
        title,
        f'<h1 class="board">{_e(title)}</h1>'
        f'<table class="board"><thead><tr>{head}</tr></thead>'
        f"<tbody>{rows}</tbody></table>{bye}\n",
    )

"""`armylist export --format html`: the printable Army Roster (the Organised Play guide, §2).

One self-contained page (no script, no font, no image, nothing fetched), one list per
printed page on A4 or Letter, with the fingerprint and the game data version in each
roster's footer so that a printed sheet can be matched with the list submitted. Every
name from a list is HTML-escaped: a list is data, never markup.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from armylist import __version__
from armylist.reporters import QrTooLong, qr
from armylist.reporters.htmlpage import page
from armylist.reporters.unitwords import (
    loadout_text,
    model_count,
    supply_text,
    unit_count,
)
from armylist.sheet.roster import Roster, RosterUnit
from armylist.sheet.table import TableSheet
from armylist.text.i18n import _, ngettext
from armylist.text.numbers import people

# The page fits the narrower A4 width (210 mm) and the shorter Letter height (279 mm),
# so `size: auto` prints right on either without a setting per paper.
STYLE = """
:root { font-family: "DejaVu Sans", Arial, Helvetica, sans-serif; font-size: 10pt;
  color: #000; }
body { margin: 0; padding: 12mm; background: #fff; }
section.roster { max-width: 186mm; margin: 0 auto 12mm; }
h1 { font-size: 16pt; margin: 0 0 2mm; }
h2 { font-size: 11pt; margin: 4mm 0 1mm; }
dl.identity { display: grid; grid-template-columns: max-content 1fr; gap: 0.5mm 4mm;
  margin: 0 0 2mm; }
dl.identity dt { font-weight: bold; }
dl.identity dd { margin: 0; }
table { border-collapse: collapse; width: 100%; margin: 1mm 0; }
th, td { border: 0.3mm solid #555; padding: 0.8mm 1.5mm; text-align: left;
  vertical-align: top; }
td.number, th.number { text-align: right; white-space: nowrap; }
thead th { background: #e6e6e6; }
tfoot th, tfoot td { font-weight: bold; background: #f2f2f2; }
ul.scenario { margin: 0; padding-left: 5mm; }
div.cards { display: flex; gap: 6mm; align-items: flex-start; }
div.cards > div { flex: 1; }
p.note { border-left: 1.2mm solid #b00; padding-left: 2mm; color: #900; }
code { font-family: "DejaVu Sans Mono", Consolas, monospace; }
footer { margin-top: 4mm; font-size: 8pt; color: #333; border-top: 0.3mm solid #555;
  padding-top: 1mm; display: flex; gap: 4mm; align-items: flex-start;
  justify-content: space-between; }
figure.qr { margin: 0; text-align: center; }
figure.qr svg { width: 30mm; height: 30mm; display: block; }
figure.qr figcaption { font-size: 7pt; }
@page { size: auto; margin: 12mm; }
@media print {
  :root { font-size: 8.5pt; }
  body { padding: 0; }
  section.roster { margin: 0; break-after: page; page-break-after: always; }
  section.roster:last-child { break-after: auto; page-break-after: auto; }
  tr { break-inside: avoid; }
  thead th, tfoot th, tfoot td { -webkit-print-color-adjust: exact;
    print-color-adjust: exact; }
}
"""


@dataclass(frozen=True)
class PrintedRoster:
    """A roster with what its footer names: its fingerprint and game data version."""

    roster: Roster
    fingerprint: str | None
    data_version: str
    # The list's SCT1 code, drawn as a QR code; None when malkivian83's builder has
    # no id for one of its items.
    code: str | None = None
    # The page for the table (the PDF sheet's second page).
    table: TableSheet | None = None


def _e(text: object) -> str:
    return escape(str(text), quote=True)


_CODE = re.compile(r"`([^`\n]+)`")


def _prose(text: str) -> str:
    """A sentence for the page, escaped, with what it quotes in `backticks` (a
    command, a key to add) set as code, as a reader of the page expects it."""
    return _CODE.sub(r"<code>\1</code>", _e(text))


def _unit_row(unit: RosterUnit) -> str:
    if unit.unknown:
        return (
            f'<tr class="unit unknown"><td class="number">{unit.position}</td>'
            f"<td>{_e(unit.name)}</td><td>{_e(unit.note)}</td><td>-</td>"
            f'<td class="number">?</td><td class="number">-</td></tr>'
        )
    upgrades = "; ".join(u.describe() for u in unit.upgrades) or "-"
    return (
        f'<tr class="unit"><td class="number">{unit.position}</td>'
        f'<td class="name">{_e(unit.label)}</td>'
        f'<td class="loadout">{_e(loadout_text(unit))}</td>'
        f'<td class="upgrades">{_e(upgrades)}</td>'
        f'<td class="number supply">{_e(supply_text(unit))}</td>'
        f'<td class="number minerals">{people(unit.minerals)}</td></tr>'
    )


def roster_notes(roster: Roster) -> list[str]:
    """What an event needs and the list lacks (the Organised Play guide, §2)."""
    notes = []
    if not roster.player and roster.form == "yaml":
        notes.append(_("No player is named: add `player: NAME` to the list."))
    elif not roster.player:
        # another builder's export cannot be edited: the event file names its player
        notes.append(
            _(
                "No player is named: name the player in the event file's `players:` "
                "and export with `--event EVENT.yaml`."
            )
        )
    if len(roster.missions) != 2:
        notes.append(
            _("An event roster brings 2 Mission Cards; this list has {count}.").format(
                count=len(roster.missions)
            )
        )
    if len(roster.deployments) != 2:
        notes.append(
            _(
                "An event roster brings 2 Deployment Cards; this list has {count}."
            ).format(count=len(roster.deployments))
        )
    if not roster.valid:
        notes.append(
            ngettext(
                "Not a legal list: {count} error; `armylist validate {file}` explains.",
                "Not a legal list: {count} errors; `armylist validate {file}` "
                "explains.",
                roster.errors,
            ).format(count=people(roster.errors), file=roster.file)
        )
    return notes


def _scenario(title: str, kind: str, cards: Sequence[str]) -> str:
    items = "".join(f"<li>{_e(card)}</li>" for card in cards) or (
        "<li>" + _e(_("none")) + "</li>"
    )
    return f'<h2>{title}</h2><ul class="scenario {kind}">{items}</ul>'


def roster_section(printed: PrintedRoster) -> str:
    """One roster: a page when printed."""
    roster = printed.roster
    race = f" ({roster.race})" if roster.race else ""
    notes = "".join(
        f'<p class="note">{_prose(note)}</p>' for note in roster_notes(roster)
    )
    units = "".join(_unit_row(unit) for unit in roster.units) or (
        '<tr><td colspan="6">' + _e(_("no units")) + "</td></tr>"
    )
    cards = (
        "".join(
            f'<tr class="card"><td>{_e(card.name)}</td>'
            f'<td class="number gas">{"?" if card.unknown else card.gas}</td></tr>'
            for card in roster.tactical_cards
        )
        or '<tr><td colspan="2">' + _e(_("none")) + "</td></tr>"
    )
    limit = _of(roster.mineral_limit)
    gas_limit = _of(roster.gas_limit)
    verdict = _("legal list") if roster.valid else _("not a legal list")
    total = _("Total ({units},\n{models})").format(
        units=unit_count(roster), models=model_count(roster)
    )
    # Every heading in the language in use, escaped (a translation is text too).
    w_player = _e(_("Player"))
    w_faction = _e(_("Faction"))
    w_scale = _e(_("Scale"))
    w_file = _e(_("File"))
    w_units = _e(_("Units"))
    w_unit = _e(_("Unit"))
    w_loadout = _e(_("Loadout"))
    w_upgrades = _e(_("Upgrades"))
    w_total = _e(_("Total"))
    w_fingerprint = _e(_("Fingerprint"))
    w_game_data = _e(_("game data"))
    w_not_given, w_unknown, w_none = _("not given"), _("unknown"), _("none")
    return f"""<section class="roster">
<h1>{_e(roster.name or roster.file)}</h1>
<dl class="identity">
<dt>{w_player}</dt><dd class="player">{_e(roster.player or w_not_given)}</dd>
<dt>{w_faction}</dt><dd class="faction">{_e(roster.faction or w_unknown)}{_e(race)}</dd>
<dt>{w_scale}</dt><dd class="scale">{_e(roster.scale_name or "?")}</dd>
<dt>{w_file}</dt><dd class="file">{_e(roster.file)}</dd>
</dl>
{notes}<h2>{w_units}</h2>
<table class="units">
<thead><tr><th class="number">#</th><th>{w_unit}</th><th>{w_loadout}</th><th>{w_upgrades}</th>
<th class="number">Supply</th><th class="number">Minerals</th></tr></thead>
<tbody>{units}</tbody>
<tfoot><tr><th colspan="4">{_e(total)}</th><td class="number supply-total">{roster.supply}</td>
<td class="number minerals-total">{people(roster.minerals)}{limit}</td></tr></tfoot>
</table>
<div class="cards"><div>
<h2>Tactical Cards</h2>
<table class="cards">
<thead><tr><th>Tactical Card</th><th class="number">Vespene Gas</th></tr></thead>
<tbody>{cards}</tbody>
<tfoot><tr><th>{w_total}</th><td class="number gas-total">{people(roster.gas)}{gas_limit}</td>
</tr></tfoot>
</table></div>
<div>{_scenario("Mission Cards", "missions", roster.missions)}
{_scenario("Deployment Cards", "deployments", roster.deployments)}</div></div>
<footer><div>{w_fingerprint} <span class="fingerprint">{_e(printed.fingerprint or w_none)}</span>
· {w_game_data} <span class="data-version">{_e(printed.data_version)}</span>
· {_e(verdict)} · armylist {_e(__version__)}</div>{_qr(printed.code)}</footer>
</section>
"""


def _qr(code: str | None) -> str:
    """The SCT1 code as a QR code a phone reads, with its caption; nothing without."""
    if code is None:
        return ""
    try:
        svg = qr.to_svg_inline(qr.make(code), code)
    except QrTooLong:  # a list of hundreds of entries: the fingerprint still names it
        return ""
    caption = _prose(_("SCT1 code (`armylist import` reads it)"))
    return f'<figure class="qr">{svg}<figcaption>{caption}</figcaption></figure>'


def _of(limit: int | None) -> str:
    """' of 2,000' after a total, or nothing without a limit."""
    return " " + _("of {limit}").format(limit=people(limit)) if limit else ""


def to_html(rosters: Sequence[PrintedRoster], title: str) -> str:
    """The whole page: every roster, one per printed page."""
    body = "".join(roster_section(printed) for printed in rosters)
    return page(title, STYLE, body)

"""How the builder draws a list, a catalogue entry and a finding: Rich text only, no
widgets, so the lines can be read (and tested) on their own."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.cells import cell_len
from rich.text import Text

from armylist.findings import Finding, ListResult, Severity
from armylist.gamedata.models import SlotType, TacticalCard, Unit, Upgrade
from armylist.reporters.ledger import budget, finding_line
from armylist.text.i18n import _, ngettext
from armylist.text.numbers import people
from armylist.text.visible import visible

if TYPE_CHECKING:  # views only read a session: they need not import its modules
    from armylist.tui.session import Entry, Row, Session


def safe(text: str) -> str:
    """A name from a file as text, never terminal codes: its control characters
    (bidi overrides and line separators too) written as escapes, as everything
    armylist prints (`armylist.text.visible`): Textual's own driver writes the screen, past
    the command line's sanitiser."""
    return visible(text)


def title(session: Session) -> Text:
    """The verdict, then the list's name, faction and scale."""
    result = session.result
    scale = session.context.scale
    name = safe(result.name or _("(no name)"))
    line = verdict(result)
    line.append(" · ")
    line.append(name, style="bold")
    line.append(
        f" · {result.faction} · "
        + (scale.name if scale else safe(result.scale or _("no scale")))
    )
    return line


def file_title(session: Session) -> str:
    """The list pane's title: the file, and whether it is saved."""
    state = " " + _("(unsaved changes)") if session.changed else ""
    return f"{safe(session.path.name)}{state}"


def verdict(result: ListResult) -> Text:
    """'LEGAL', or the number of errors (and warnings)."""
    errors = result.count(Severity.ERROR)
    warnings = result.count(Severity.WARNING)
    counted = {
        "errors": ngettext("{count} error", "{count} errors", errors).format(
            count=people(errors)
        ),
        "warnings": ngettext("{count} warning", "{count} warnings", warnings).format(
            count=people(warnings)
        ),
    }
    if errors:
        words = (
            _("ILLEGAL: {errors}, {warnings}") if warnings else _("ILLEGAL: {errors}")
        )
        return Text(words.format(**counted), style="bold red")
    words = _("LEGAL, {warnings}") if warnings else _("LEGAL")
    return Text(words.format(**counted), style="bold green")


def ledger(result: ListResult, width: int | None = None) -> Text:
    """Minerals and Vespene Gas used of the limit, then every Army Slot type. When the
    slots do not fit in ``width`` cells, they go on to the next line between two slot
    types, never inside one (a wrapped line left "Hero 2/1 (1" above "over)")."""
    line = Text()
    for label, spent in (("Minerals", result.minerals), ("Vespene Gas", result.gas)):
        over = spent.limit is not None and spent.used > spent.limit
        line.append(budget(label, spent), style="bold red" if over else "")
        line.append("   " if label == "Minerals" else "\n")
    slots = []
    for slot in SlotType:
        use = result.slots.get(slot.value)
        if use is None:
            continue
        text = Text(f"{slot.label} {use.used}/{use.available}")
        if use.used > use.available:
            # By how much: "(2 over)", and in Spanish "(2 de más)".
            excess = _("({count} over)").format(count=use.used - use.available)
            text.append(" " + excess, style="bold")
            text.stylize("red")
        slots.append(text)
    heading = "Army Slots: "
    line.append(heading)
    if not slots:
        line.append(_("unknown"))
    used = cell_len(heading)
    for index, text in enumerate(slots):
        if index and width is not None and used + 2 + text.cell_len > width:
            line.append("\n" + " " * cell_len(heading))
            used = cell_len(heading)
        elif index:
            line.append("  ")
            used += 2
        line.append_text(text)
        used += text.cell_len
    return line


def _marks(card: Unit | TacticalCard) -> str:
    marks = []
    if card.unique:
        marks.append("Unique")
    if card.provisional:
        marks.append(_("provisional"))
    return f" ({', '.join(marks)})" if marks else ""


def compositions(unit: Unit) -> str:
    """E.g. '6: 160 M (S1) · 9: 210 M (S2)': models, Minerals and Supply."""
    return " · ".join(
        f"{c.models}: {people(c.minerals)} M (S{c.supply})" for c in unit.compositions
    )


def entry_prompt(entry: Entry) -> Text:
    """A catalogue line: what it is, its cost and slots; dimmed (and marked ×) when
    it cannot be added now."""
    card = entry.card
    mark = "× " if entry.blocked else "  "
    if isinstance(card, Unit):
        slot = card.slot.label if card.slot else "-"
        text = Text(f"{mark}{card.name}{_marks(card)}  [{slot}]\n")
        if entry.owned is None:
            text.append(f"  {compositions(card)}", style="italic")
        else:
            owned = _("owned {count}").format(count=people(entry.owned))
            text.append(f"  {owned} · ")
            text.append(compositions(card), style="italic")
    elif isinstance(card, TacticalCard):
        granted = f"  +{card.slots.describe()}" if card.slots.items() else ""
        text = Text(f"{mark}{card.name}{_marks(card)}  {card.gas} Gas{granted}")
    else:
        text = Text(f"{mark}{card.name}")
    if entry.blocked:
        text.stylize("dim")
    return text


def row_prompt(row: Row) -> Text:
    """A line of the list: a heading, a card with its Gas, a unit with its models,
    upgrades and cost."""
    if row.kind == "heading":
        return Text(row.text, style="bold underline")
    if row.kind == "empty":
        return Text(f"   {row.text}", style="dim italic")
    card = row.card
    if row.unit is not None:
        unit = row.unit
        models = unit.composition.models if unit.composition else unit.entry.models
        supply = unit.supply if unit.supply is not None else "?"
        text = Text(f"{row.position:>2} {unit.unit.name}", style="bold")
        text.append(
            f" ({models if models is not None else '?'})  Supply {supply}  "
            f"{people(unit.minerals)} M"
        )
        if unit.upgrades:
            text.append(
                "\n     + " + ", ".join(b.upgrade.name for b in unit.upgrades),
                style="italic",
            )
        return text
    if isinstance(card, TacticalCard):
        granted = f"  +{card.slots.describe()}" if card.slots.items() else ""
        return Text(f"   {card.name}  {card.gas} Gas{granted}")
    return Text(f"   {row.text}")


def finding_prompt(finding: Finding) -> Text:
    """A finding as `validate` words it, with its fix."""
    style = {"error": "red", "warning": "yellow", "info": ""}[finding.severity.value]
    text = Text(finding_line(finding))
    text.stylize(style, 0, len(finding.severity.value))
    return text


def upgrade_prompt(upgrade: Upgrade, models: int, bought: bool) -> Text:
    """An upgrade of a unit: bought or not, its cost at that composition, its marks."""
    cost = upgrade.cost_for(models)
    price = _("not offered") if cost is None else f"{people(cost)} M"
    tags = " SPECIALIST" if upgrade.specialist else ""
    if upgrade.replaces:
        tags += " " + _("(replaces {weapon})").format(weapon=upgrade.replaces)
    text = Text(f"{'[x]' if bought else '[ ]'} {upgrade.name}  {price}{tags}")
    if cost is None:
        text.stylize("dim")
    return text

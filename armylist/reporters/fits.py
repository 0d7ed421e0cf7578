"""What a list can still add (`armylist fits`): text (Rich) and JSON."""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.text import Text

from armylist.fits.answer import Fits
from armylist.reporters import Terminal, ViewFormat, render_view
from armylist.reporters.fit import FitTable
from armylist.rules.takeable import NO_FACTION
from armylist.text.i18n import _, ngettext
from armylist.text.numbers import people


def data(fits: Fits) -> dict[str, Any]:
    """The JSON contract of `fits --format json` (docs/outputs.md)."""
    return {
        "file": fits.file,
        "left": {
            "minerals": fits.minerals,
            "gas": fits.gas,
            "slots": {slot.value: free for slot, free in fits.slots.items()},
        },
        "units": [
            {
                "unit": u.unit.id,
                "models": u.composition.models,
                "minerals": u.composition.minerals,
                "slot": u.unit.slot.value if u.unit.slot else None,
                "slots": u.composition.supply,
            }
            for u in fits.units
        ],
        "upgrades": [
            {
                "entry": u.position,
                "unit": u.placed.unit.id,
                "upgrade": u.upgrade.id,
                "minerals": u.cost,
            }
            for u in fits.upgrades
        ],
        "cards": [{"card": c.id, "gas": c.gas} for c in fits.cards],
    }


def _amount(value: int | None) -> str:
    return _("no limit") if value is None else people(value)


def _left(fits: Fits) -> Text:
    slots = ", ".join(
        f"{slot.label} {free}" for slot, free in fits.slots.items() if free > 0
    )
    return Text(
        _(
            "Left: {minerals} Minerals, {gas} Vespene Gas; free Army Slots: {slots}"
        ).format(
            minerals=_amount(fits.minerals),
            gas=_amount(fits.gas),
            slots=slots or _("none"),
        )
    )


def _units(fits: Fits) -> FitTable:
    table = FitTable(
        title=_("Units"), box=box.SIMPLE_HEAD, title_justify="left", whole=(_("Unit"),)
    )
    table.add_column(_("Unit"))
    table.add_column(_("Models"), justify="right")
    table.add_column(_("Army Slots"))
    table.add_column(_("Minerals"), justify="right")
    for fit in fits.units:
        slot = fit.unit.slot.label if fit.unit.slot else "-"
        table.add_row(
            fit.unit.name,
            str(fit.composition.models),
            f"{fit.composition.supply} {slot}",
            people(fit.composition.minerals),
        )
    return table


def _upgrades(fits: Fits) -> FitTable:
    table = FitTable(
        title=_("Upgrades"),
        box=box.SIMPLE_HEAD,
        title_justify="left",
        whole=(_("Upgrade"),),
    )
    table.add_column("#", justify="right")
    table.add_column(_("Unit"))
    table.add_column(_("Upgrade"))
    table.add_column(_("Minerals"), justify="right")
    for fit in fits.upgrades:
        table.add_row(
            str(fit.position), fit.placed.label, fit.upgrade.name, people(fit.cost)
        )
    return table


def _cards(fits: Fits) -> FitTable:
    table = FitTable(
        title=_("Tactical Cards"),
        box=box.SIMPLE_HEAD,
        title_justify="left",
        whole=(_("Card"),),
    )
    table.add_column(_("Card"))
    table.add_column(_("Army Slots"))
    table.add_column(_("Vespene Gas"), justify="right")
    for card in fits.cards:
        granted = f"+{card.slots.describe()}" if card.slots.items() else "-"
        table.add_row(card.name, granted, people(card.gas))
    return table


def view(fits: Fits) -> RenderableType:
    """The answer in words: what is left, then the units, upgrades and cards that fit,
    each group the most of what is left first."""
    parts: list[RenderableType] = [Text(fits.file, style="bold")]
    if not fits.faction_known:
        parts.append(Text(_(NO_FACTION)))
        return Group(*parts)
    parts.append(_left(fits))
    if fits.nothing:
        parts.append(Text(_("Nothing fits: the list can add nothing as it is.")))
        return Group(*parts)
    if fits.units:
        parts.append(_units(fits))
    if fits.upgrades:
        parts.append(_upgrades(fits))
    if fits.cards:
        parts.append(_cards(fits))
    return Group(*parts)


def summary(fits: Fits) -> str:
    """The one line on stderr: how many things fit."""
    count = len(fits.units) + len(fits.upgrades) + len(fits.cards)
    return ngettext(
        "{file}: {count} thing fits", "{file}: {count} things fit", count
    ).format(file=fits.file, count=people(count))


def render(fits: Fits, chosen: ViewFormat, terminal: Terminal) -> str:
    """The answer as text or as its JSON contract."""
    return render_view(view(fits), data(fits), chosen, terminal, sort_keys=False)

"""Words of the editing layer in the language of the run: alternatives ('6, 9 or
12', 'A or B or C'), a scale's label, and what the builders say when a list needs its
agreed Mineral limit or a session ends; light enough for the full-screen builder's
first screen."""

from __future__ import annotations

from typing import TYPE_CHECKING

from armylist.text.i18n import _
from armylist.text.numbers import people

if TYPE_CHECKING:
    from pathlib import Path

    from armylist.findings import ListResult
    from armylist.gamedata.models import Scale


def or_list(values: list[str]) -> str:
    """'6, 9 or 12'."""
    if len(values) <= 1:
        return "".join(values)
    return _("{first} or {last}").format(first=", ".join(values[:-1]), last=values[-1])


def or_each(values: list[str]) -> str:
    """'--models 6 or --models 9 or --models 12': each alternative named."""
    joined = values[0] if values else ""
    for value in values[1:]:
        joined = _("{first} or {last}").format(first=joined, last=value)
    return joined


def scale_label(scale: Scale) -> str:
    """'Standard  (2,000 Minerals)', 'Grand Offensive  (2,001 Minerals or more,
    agreed)'."""
    if scale.minerals is not None:
        return _("{scale}  ({minerals} Minerals)").format(
            scale=scale.name, minerals=people(scale.minerals)
        )
    return _("{scale}  ({least} Minerals or more, agreed)").format(
        scale=scale.name, least=people(scale.minerals_min)
    )


def needs_minerals(scale: Scale) -> str:
    """A list at a scale whose Mineral limit is agreed, made without the limit."""
    return _(
        "a {scale} list needs --minerals N, the agreed limit ({least} or more)"
    ).format(scale=scale.name, least=people(scale.minerals_min))


def session_ended(
    path: Path, *, written: bool, discarded: bool, held: ListResult | None
) -> str:
    """The last line of a builder session: whether it wrote the file, whether changes
    were left unsaved, and the totals of what the file holds (``held``; None: there
    is no file), never those of the changes left."""
    if held is None:
        return _("quit: nothing written to {path}").format(path=path)
    facts = {
        "path": path,
        "minerals": people(held.minerals.used),
        "gas": people(held.gas.used),
    }
    if discarded and written:
        return _(
            "not saved: the changes since the last save were discarded; {path} "
            "holds the list as last saved ({minerals} Minerals, {gas} Vespene Gas)"
        ).format(**facts)
    if discarded:
        return _(
            "not saved: the changes were discarded; {path} is as it was "
            "({minerals} Minerals, {gas} Vespene Gas)"
        ).format(**facts)
    if written:
        return _("saved: {path} ({minerals} Minerals, {gas} Vespene Gas)").format(
            **facts
        )
    return _("nothing changed: {path} ({minerals} Minerals, {gas} Vespene Gas)").format(
        **facts
    )

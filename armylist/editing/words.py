"""Words of the editing layer in the language of the run: alternatives ('6, 9 or
12', 'A or B or C') and a scale's label; light enough for the full-screen builder's
first screen."""

from __future__ import annotations

from typing import TYPE_CHECKING

from armylist.text.i18n import _
from armylist.text.numbers import people

if TYPE_CHECKING:
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

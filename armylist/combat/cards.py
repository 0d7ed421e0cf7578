"""Reading a unit's card for the calculator: its printed numbers, its keywords, the
upgrades chosen for it, and how a sentence names one of its parts."""

from __future__ import annotations

from armylist.gamedata.models import Keyword, Unit, Upgrade
from armylist.text.i18n import _
from armylist.text.numbers import plain_digits

from .question import CombatError


def printed_number(printed: str, what: str, unit: Unit) -> int:
    """A number as the card prints it ("3", "4+"); CombatError when it is none."""
    number = plain_digits(printed.strip().rstrip("+"))
    if number is None:
        raise CombatError(
            _("{unit}: {what} {printed} is not a number").format(
                unit=unit.name, what=what, printed=repr(printed)
            )
        )
    return number


def merge_keywords(keywords: list[Keyword]) -> dict[str, Keyword]:
    """One entry per keyword name, at its highest value (§2.6.1, FAQ #40)."""
    merged: dict[str, Keyword] = {}
    for keyword in keywords:
        held = merged.get(keyword.keyword)
        if held is None or (keyword.value or 0) > (held.value or 0):
            merged[keyword.keyword] = keyword
    return merged


def chosen_upgrades(unit: Unit, names: tuple[str, ...]) -> list[Upgrade]:
    """The unit's upgrades named (by name or id), as named; CombatError for one it lacks."""
    chosen = []
    for name in names:
        wanted = name.casefold()
        upgrade = next(
            (u for u in unit.upgrades if wanted in (u.name.casefold(), u.id)), None
        )
        if upgrade is None:
            known = ", ".join(u.name for u in unit.upgrades) or _("none")
            raise CombatError(
                _("{unit} has no upgrade {name} (its upgrades: {known})").format(
                    unit=unit.name, name=repr(name), known=known
                )
            )
        chosen.append(upgrade)
    return chosen


def part_of(unit: Unit, name: str) -> str:
    """'Marauder's Veteran of Tarsonis'."""
    return _("{unit}'s {name}").format(unit=unit.name, name=name)


def no_stat_line(unit: Unit) -> str:
    """The refusal of a unit whose card has no stat line in the data."""
    return _("{unit} has no stat line in the data").format(unit=unit.name)

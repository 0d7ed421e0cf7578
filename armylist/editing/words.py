"""Alternatives in words, in the language of the run: '6, 9 or 12', 'A or B or C'."""

from __future__ import annotations

from armylist.i18n import _


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

"""`armylist data diff`: the changes between two data versions, as text or JSON."""

from __future__ import annotations

import re
import textwrap
from dataclasses import asdict
from typing import assert_never

from armylist.findings import verdict
from armylist.organiser.datadiff import AffectedList, DataChange
from armylist.reporters import ViewFormat
from armylist.reporters.json import to_json
from armylist.text.i18n import _, ngettext
from armylist.text.numbers import people


def render(
    old: str,
    new: str,
    changes: list[DataChange],
    affected: list[AffectedList] | None,
    chosen: ViewFormat,
    width: int = 100,
) -> str:
    """The changes from data version ``old`` to ``new``, and the lists they affect
    (None when no lists were re-checked)."""
    match chosen:
        case ViewFormat.TEXT:
            return _text(old, new, changes, affected, width)
        case ViewFormat.JSON:
            return to_json(
                {
                    "old": old,
                    "new": new,
                    "changes": [_change_json(c) for c in changes],
                    "lists": [asdict(a) for a in affected or []],
                }
            )
        case _:
            assert_never(chosen)


def _change_json(change: DataChange) -> dict[str, object]:
    """A change as the JSON contract names it: a unit under `"unit"`, a Faction,
    Tactical or Creep Card under `"card"`."""
    name_key = "unit" if change.kind == "unit" else "card"
    return {
        "kind": change.kind,
        name_key: change.card,
        "field": change.field,
        "old": change.old,
        "new": change.new,
    }


def _text(
    old: str,
    new: str,
    changes: list[DataChange],
    affected: list[AffectedList] | None,
    width: int,
) -> str:
    lines = [
        ngettext(
            "game data {old} -> {new}: {count} change",
            "game data {old} -> {new}: {count} changes",
            len(changes),
        ).format(old=old, new=new, count=people(len(changes)))
    ]
    lines += [f"  {change.describe()}" for change in changes]
    if affected is not None:
        lines.append(_("lists affected: {count}").format(count=len(affected)))
        lines += [
            "  "
            + _(
                "{file}: {before} -> {after}, Minerals {minerals_before} -> "
                "{minerals_after}, Gas {gas_before} -> {gas_after}"
            ).format(
                file=a.file,
                before=_(verdict(a.valid[0])),
                after=_(verdict(a.valid[1])),
                minerals_before=people(a.minerals[0]),
                minerals_after=people(a.minerals[1]),
                gas_before=a.gas[0],
                gas_after=a.gas[1],
            )
            for a in affected
        ]
    return "\n".join(_fill(line, width) for line in lines) + "\n"


def _fill(line: str, width: int) -> str:
    """One line wrapped to the width, never inside a word, an id or a path."""
    indent = line[: len(line) - len(line.lstrip())]
    # "Gas 185 -> 190" stays on one line: its spaces do not break (no-break spaces).
    glued = _CHANGE.sub(
        lambda m: (
            m.group(0).replace(" ", "\xa0")
            if len(m.group(0)) < width - 8
            else m.group(0)
        ),
        line.strip(),
    )
    return textwrap.fill(
        glued,
        width=width,
        initial_indent=indent,
        subsequent_indent=indent + "  ",
        break_long_words=False,
        break_on_hyphens=False,
    ).replace("\xa0", " ")


_CHANGE = re.compile(r"(?:[A-Z][a-z]+ )?\S+ -> \S+")

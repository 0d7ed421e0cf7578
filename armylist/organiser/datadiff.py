"""`armylist data diff`: what changed between two versions of the game data."""

from __future__ import annotations

import subprocess
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from armylist.door.discovery import discover
from armylist.engine import NotAList, check_source
from armylist.files.reading import UnusableFile, read_list_bytes
from armylist.gamedata.catalog import Catalog
from armylist.gamedata.models import Card, FactionCard, TacticalCard, Unit
from armylist.text.i18n import N_, _

# A changed field as people read it; the JSON keeps the field's own name.
FIELD_WORDS = {
    "gas": N_("gas"),
    "slots": N_("slots"),
    "tags": N_("tags"),
    "unique": N_("unique"),
    "slot": N_("slot"),
    "compositions": N_("compositions"),
    "supply profile": N_("supply profile"),
}
CARD_WORDS = {"added": N_("added"), "removed": N_("removed")}


class DataChange(BaseModel):
    """One changed number or set on one card."""

    kind: str
    card: str
    field: str
    old: Any
    new: Any

    def describe(self) -> str:
        """E.g. 'Engineering Bay: gas 25 -> 30'."""
        if self.field == "card":
            return f"{self.card}: {_(CARD_WORDS[self.new])}"
        if self.field in FIELD_WORDS:
            field = _(FIELD_WORDS[self.field])
        else:
            upgrade = self.field.removeprefix("upgrade ")
            field = _("upgrade {name}").format(name=upgrade)
        return f"{self.card}: {field} {_show(self.old)} -> {_show(self.new)}"


def _show(value: Any) -> str:
    if isinstance(value, list | tuple):
        return "[" + ", ".join(str(v) for v in value) + "]"
    if value is None:
        return _("none")
    if isinstance(value, bool):
        return _("True") if value else _("False")
    return str(value)


def _faction_fields(card: FactionCard) -> dict[str, Any]:
    return {"slots": card.slots.describe(), "tags": list(card.tags)}


def _card_fields(card: TacticalCard) -> dict[str, Any]:
    return {
        "gas": card.gas,
        "slots": card.slots.describe(),
        "tags": list(card.tags),
        "unique": card.unique,
    }


def _unit_fields(unit: Unit) -> dict[str, Any]:
    fields: dict[str, Any] = {
        "slot": unit.slot.value if unit.slot else None,
        "unique": unit.unique,
        "tags": list(unit.tags),
        "compositions": [
            f"{c.models}: {c.minerals}/{c.supply}" for c in unit.compositions
        ],
        "supply profile": [
            f"{b.min_models}-{b.max_models}: {b.supply}" for b in unit.supply_profile
        ],
    }
    for upgrade in unit.upgrades:
        fields[f"upgrade {upgrade.name}"] = " / ".join(
            f"{m}: {c}" for m, c in sorted(upgrade.cost.items())
        )
    return fields


def _compare(
    kind: str, old: dict[str, Card], new: dict[str, Card], fields: Any
) -> Iterator[DataChange]:
    for card_id in sorted(set(old) | set(new)):
        before, after = old.get(card_id), new.get(card_id)
        if before is None and after is not None:
            yield DataChange(
                kind=kind, card=after.name, field="card", old=None, new="added"
            )
        elif after is None and before is not None:
            yield DataChange(
                kind=kind, card=before.name, field="card", old=None, new="removed"
            )
        elif before is not None and after is not None:
            a, b = fields(before), fields(after)
            for name in sorted(set(a) | set(b)):
                if a.get(name) != b.get(name):
                    yield DataChange(
                        kind=kind,
                        card=after.name,
                        field=name,
                        old=a.get(name),
                        new=b.get(name),
                    )


def diff(old: Catalog, new: Catalog) -> list[DataChange]:
    """Every changed cost, slot, tag and composition."""
    changes: list[DataChange] = []
    changes += _compare(
        "faction",
        {c.id: c for c in old.factions.all},
        {c.id: c for c in new.factions.all},
        _faction_fields,
    )
    changes += _compare(
        "card",
        {c.id: c for c in old.cards.all},
        {c.id: c for c in new.cards.all},
        _card_fields,
    )
    changes += _compare(
        "unit",
        {c.id: c for c in old.units.all},
        {c.id: c for c in new.units.all},
        _unit_fields,
    )
    return changes


@dataclass(frozen=True)
class AffectedList:
    """A list whose verdict or totals change with the new data: (old, new) pairs."""

    file: str
    valid: tuple[bool, bool]
    minerals: tuple[int, int]
    gas: tuple[int, int]

    @property
    def turned_illegal(self) -> bool:
        """Legal with the old data, illegal with the new: what CI fails on."""
        return self.valid == (True, False)


def affected_lists(
    paths: Iterable[Path], before: Catalog, after: Catalog
) -> list[AffectedList]:
    """The lists under the paths whose verdict, totals or slots differ between two
    versions of the game data."""
    pairs = []
    for entry in discover(paths):
        # Read once, checked with both versions: a pipe or standard input reads once.
        file = str(entry.path)
        try:
            data = read_list_bytes(entry.path, file)
            pairs.append(
                tuple(
                    check_source(data, file, catalog, found=entry.found).result
                    for catalog in (before, after)
                )
            )
        except (UnusableFile, NotAList):
            continue  # no list to compare
    affected = []
    for a, b in pairs:
        # Slots count too: a list can keep its totals and still lose a slot.
        if (a.valid, a.minerals.used, a.gas.used, a.slots) != (
            b.valid,
            b.minerals.used,
            b.gas.used,
            b.slots,
        ):
            affected.append(
                AffectedList(
                    file=a.file,
                    valid=(a.valid, b.valid),
                    minerals=(a.minerals.used, b.minerals.used),
                    gas=(a.gas.used, b.gas.used),
                )
            )
    return affected


class RevisionError(Exception):
    """A git revision's game data could not be read."""


def export_revision(revision: str, repository: Path, target: Path) -> Path:
    """Write the `factions/` folder of a git revision into ``target``; return it."""

    def git(*args: str) -> str:
        try:
            done = subprocess.run(
                ["git", "-C", str(repository), *args],
                capture_output=True,
                text=True,
                check=False,
                timeout=60,
            )
        except (OSError, subprocess.TimeoutExpired) as error:
            raise RevisionError(_("git failed: {error}").format(error=error)) from None
        if done.returncode != 0:
            raise RevisionError(
                done.stderr.strip() or _("git {command} failed").format(command=args[0])
            )
        return done.stdout

    names = git("ls-tree", "--name-only", f"{revision}:factions").split()
    if not names:
        raise RevisionError(
            _("no factions/ folder at {revision}").format(revision=revision)
        )
    target.mkdir(parents=True, exist_ok=True)
    for name in names:
        if name.endswith(".yaml"):
            text = git("show", f"{revision}:factions/{name}")
            (target / name).write_text(text, encoding="utf-8")
    return target

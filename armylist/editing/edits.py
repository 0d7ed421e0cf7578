"""Editing a list: add or remove cards, units and upgrades, set a key.

Every edit checks first that it is possible (the name exists, the tag rule lets the
faction take it, the composition is printed on the card, the upgrade is on the unit's
card) and refuses with the reason otherwise. What is possible but not legal yet (over
budget, too few Army Slots) is written and reported by the same engine as `validate`.
The file changes only through one atomic write of the whole new text.

This module holds ``apply`` and the writing of the file; an edit (``Edit``) is in
``kinds``, the edits themselves in ``units``, ``cards`` and ``keys``, on the list as
``listeditor`` reads it, and ``refusals`` words what they refuse about units.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from armylist.editing.cards import CardEdits
from armylist.editing.errors import EditError as EditError
from armylist.editing.errors import EditRefused as EditRefused
from armylist.editing.errors import Unreadable as Unreadable
from armylist.editing.errors import could_not_save as could_not_save
from armylist.editing.errors import refusal as refusal
from armylist.editing.keys import KeyEdits
from armylist.editing.kinds import Edit as Edit
from armylist.editing.kinds import EditKind
from armylist.editing.reading import ListFileText as ListFileText
from armylist.editing.reading import read_text as read_text
from armylist.editing.reading import refuse_unbuildable as refuse_unbuildable
from armylist.editing.starter import Setup, refresh_comments
from armylist.editing.units import UnitEdits
from armylist.engine import check_text
from armylist.files import safewrite
from armylist.files.reading import as_written
from armylist.findings import Finding, ListResult, Severity
from armylist.gamedata.catalog import Catalog
from armylist.listfile import read_list
from armylist.text.i18n import _, ngettext, os_reason
from armylist.text.names import did_you_mean

KINDS: tuple[str, ...] = tuple(kind.value for kind in EditKind)


@dataclass(frozen=True)
class EditedText:
    """The list's new text and a sentence saying what changed."""

    text: str
    done: str


@dataclass
class EditOutcome:
    """An edit written to a file: what changed, and the list before and after."""

    done: str
    before: ListResult
    after: ListResult
    new_findings: list[Finding] = field(default_factory=list)


class _Editor(UnitEdits, CardEdits, KeyEdits):
    """Every edit `apply` can make, on one list's document."""


def apply(text: str, catalog: Catalog, edit: Edit) -> EditedText:
    """Apply one edit to a list's text; raise ``EditError`` when it cannot be made."""
    editor = _Editor(text, catalog)
    if editor.doc.empty and edit.action != "set":
        # Nothing to add to or remove from: not a readable list, as `validate` says
        # of an empty file (exit 1).
        raise Unreadable(
            _(
                "cannot edit this file: it is empty, and an army list is a mapping of "
                "keys (faction, scale, ...)"
            ),
            _(
                "start the list with `armylist set FILE faction NAME`, or with "
                "`armylist new --faction NAME -o FILE --force`"
            ),
        )
    setup = editor.setup()
    if edit.action == "set":
        done = editor.set_key(edit.kind, edit.name, edit.minerals)
    elif edit.kind not in KINDS:
        facts = {
            "kind": repr(edit.kind),
            "did_you_mean": did_you_mean(edit.kind, KINDS),
            "kinds": ", ".join(KINDS),
        }
        if edit.action == "add":
            raise EditRefused(
                _("cannot add a {kind}{did_you_mean}").format(**facts),
                _("what can be added: {kinds}").format(**facts),
            )
        raise EditRefused(
            _("cannot remove a {kind}{did_you_mean}").format(**facts),
            _("what can be removed: {kinds}").format(**facts),
        )
    elif edit.action == "add":
        if edit.kind == "card":
            done = editor.add_card(edit.name, edit.at)
        elif edit.kind == "unit":
            done = editor.add_unit(edit.name, edit.models, list(edit.upgrades), edit.at)
        elif edit.kind == "upgrade":
            done = editor.add_upgrade(edit.name, edit.unit, edit.at)
        else:
            done = editor.add_scenario(edit.kind, edit.name, edit.at)
    elif edit.kind == "unit":
        done = editor.remove_unit(edit.name)
    elif edit.kind == "upgrade":
        done = editor.remove_upgrade(edit.name, edit.unit)
    else:
        done = editor.remove_named(edit.kind, edit.name)
    new_text = editor.doc.text()
    changed = editor.setup()
    if setup is not None and changed is not None and changed != setup:
        # The comments `armylist new` wrote describe the old faction or scale.
        cards = [str(c) for c in editor.items("tactical_cards")]
        new_text = refresh_comments(new_text, catalog, setup, changed, cards)
        stale = _stale_comment_lines(new_text, setup, changed)
        if stale:
            done = ngettext(
                "{done} (the comment on line {lines} still names {faction})",
                "{done} (the comment on line {lines} still names {faction})",
                len(stale),
            ).format(
                done=done, lines=", ".join(map(str, stale)), faction=setup.faction.name
            )
        name = editor.doc.data.get("name")
        if setup.faction.id != changed.faction.id and name == setup.faction.name:
            done = _(
                "{done} (the list's name is still {name}: `armylist set FILE name ...`)"
            ).format(done=done, name=repr(name))
    _still_readable(new_text)
    return EditedText(new_text, done)


def _stale_comment_lines(text: str, old: Setup, new: Setup) -> list[int]:
    """Comment lines that name a faction the list no longer has."""
    if old.faction.id == new.faction.id:
        return []
    name = old.faction.name.casefold()
    return [
        number
        for number, line in enumerate(text.splitlines(), 1)
        if "#" in line and name in line[line.index("#") :].casefold()
    ]


def _still_readable(text: str) -> None:
    # A safety net: never write a text the validator could not read back.
    loaded = read_list(text)
    broken = [p for p in loaded.problems if p.kind in ("yaml-syntax", "duplicate-key")]
    if broken:
        raise Unreadable(
            _("internal error: the edited list would not read back ({problem})").format(
                problem=broken[0].message
            ),
            _("the file was left untouched; please report this with the list"),
        )


def new_findings(before: ListResult, after: ListResult) -> list[Finding]:
    """Errors and warnings after an edit that were not there before it."""
    seen = {(f.code, f.message) for f in before.findings}
    return [
        f
        for f in after.findings
        if f.severity is not Severity.INFO and (f.code, f.message) not in seen
    ]


def edit_file(
    path: Path, catalog: Catalog, edit: Edit, label: str | None = None
) -> EditOutcome:
    """Apply one edit to a list file and write it atomically; the file is untouched
    when the edit is refused, the write fails or the file changed meanwhile."""
    file = label or str(path)
    read = read_text(path)
    before = check_text(read.text, file, catalog)[0]
    change = apply(read.text, catalog, edit)
    after = check_text(change.text, file, catalog)[0]
    write_list(path, change.text, read)
    return EditOutcome(change.done, before, after, new_findings(before, after))


class Changed(EditError):
    """The file changed since it was read: the edit was not written over it."""

    exit_code = 1


def save_list(path: Path, text: str, *, bom: bool, crlf: bool) -> str:
    """Write a list's text atomically over the file as it is now (a new file is
    created, never over one that appeared meanwhile); the digest written."""
    if path.exists() and not path.is_file():
        raise EditRefused(
            _("{path} is not a regular file: nothing was written").format(path=path)
        )
    try:
        now = path.read_bytes()
    except FileNotFoundError:
        return safewrite.write_text(
            path, as_written(text, bom=bom, crlf=crlf), overwrite=False
        )
    except OSError as error:
        raise EditRefused(
            _("cannot read {path}: {reason}").format(path=path, reason=os_reason(error))
        ) from None
    return write_list(path, text, ListFileText(text, bom, crlf, safewrite.digest(now)))


def write_list(path: Path, text: str, read: ListFileText) -> str:
    """Write a list's text atomically, with the BOM and newlines the file had, over
    the bytes it was ``read`` from only; the digest written (for the next save)."""
    try:
        return safewrite.write_text(
            path, as_written(text, bom=read.bom, crlf=read.crlf), expected=read.digest
        )
    except safewrite.FileChanged as changed:
        raise Changed(changed.message) from None

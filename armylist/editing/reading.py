"""Reading a list file to build on, without the editing layer's YAML round trip
(ruamel.yaml): the full-screen builder opens and checks a list with this alone, and
loads the editing layer at the first change."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from armylist.editing.errors import EditRefused, Unreadable
from armylist.engine import sniff
from armylist.files import paths
from armylist.files.reading import STDIN, UnusableFile, decode_list, read_list_bytes
from armylist.listfile import read_list
from armylist.text.i18n import _

if TYPE_CHECKING:
    from pathlib import Path

    from armylist.resolved import Context


@dataclass(frozen=True)
class ListFileText:
    """A list file read for an edit: its text with LF newlines, how it was written
    (BOM, CRLF, kept when it is saved), and the digest of the bytes read."""

    text: str
    bom: bool
    crlf: bool
    digest: str


def read_text(path: Path) -> ListFileText:
    """A list file read for an edit, with the validator's limits applied first: a file
    `validate` cannot read (too many values, an alias loop, bad YAML) is refused.

    An edit writes the list back: standard input, a pipe and another builder's list
    (which `armylist import` turns into one) are refused.
    """
    if str(path) == STDIN or paths.is_fifo(path):
        raise EditRefused(
            _(
                "{path} is a pipe or standard input, not a file: an edit writes the "
                "list back to its file"
            ).format(path=path),
            _("give the list file itself"),
        )
    try:
        raw = read_list_bytes(path)
        if sniff(raw, str(path)) != "yaml":
            raise EditRefused(
                _(
                    "{path} is not an armylist YAML list (another builder's list or "
                    "an SCT1 code): edits write YAML only"
                ).format(path=path),
                _(
                    "turn it into one first: `armylist import {path} -o list.yaml`, "
                    "then edit list.yaml"
                ).format(path=path),
            )
        read = decode_list(raw, str(path))
    except UnusableFile as error:
        match error.kind:
            case "missing":
                raise EditRefused(
                    _("no such file: {path}").format(path=path),
                    _("create it with `armylist new --faction NAME -o {path}`").format(
                        path=path
                    ),
                ) from None
            case "folder" | "pipe" | "unreadable":
                raise EditRefused(error.message) from None
            case "content":
                raise Unreadable(
                    _("cannot read {path}: {reason}").format(
                        path=path, reason=error.reason
                    ),
                    error.hint,
                ) from None
    broken = [p for p in read_list(read.text).problems if p.kind == "yaml-syntax"]
    if broken:
        raise Unreadable(
            _(
                "cannot read {path}: the file is not valid YAML that armylist reads "
                "({problem}, line {line})"
            ).format(
                path=path, problem=broken[0].message, line=broken[0].position.line
            ),
            broken[0].hint,
        )
    return ListFileText(
        read.text.replace("\r\n", "\n"), read.bom, read.crlf, read.digest
    )


def refuse_unbuildable(path: Path, context: Context) -> None:
    """Refuse to build on a list that does not read or names no known Faction Card
    (the prompt builder and the full-screen one alike)."""
    problems = context.loaded.problems
    if problems:
        raise Unreadable(
            _("cannot build {path}: {problem}").format(
                path=path, problem=problems[0].message
            ),
            _("fix it first: `armylist validate FILE` shows where"),
        )
    if context.faction is None:
        raise EditRefused(
            _("cannot build {path}: it has no known Faction Card").format(path=path),
            _("set it first: `armylist set {path} faction NAME`").format(path=path),
        )

"""Paths as a user or a file gives them: questions about them that never raise, and the
one rule for files named inside other files.

`Path.exists()`, `is_file()` and `is_dir()` raise on a name too long for the system
(ENAMETOOLONG) and `Path.resolve()` on a symlink loop; the functions here answer
False (or the path as far as it resolves) instead, so a hostile name is an ordinary
"no such file" for the reader to report.

A team file's `players:` and a game record's `list:` name list files. `inside` reads
such a name against the naming file's folder and refuses one that leaves it (`..`, an
absolute path elsewhere, a symlink out): otherwise a team file could make armylist
read `/etc/shadow` and report its lines.
"""

from __future__ import annotations

import os
from pathlib import Path

from armylist.i18n import _


def exists(path: Path) -> bool:
    """Whether something is at the path (a broken name is nothing)."""
    try:
        os.stat(path)
    except (OSError, ValueError):
        return False
    return True


def is_file(path: Path) -> bool:
    """Whether the path is a regular file (through a symlink)."""
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False


def is_dir(path: Path) -> bool:
    """Whether the path is a folder (through a symlink)."""
    try:
        return path.is_dir()
    except (OSError, ValueError):
        return False


def resolved(path: Path) -> Path:
    """The absolute path with symlinks followed as far as they go (a loop stops)."""
    return Path(os.path.realpath(path))


class OutsideFolder(Exception):
    """A file named inside another file leaves that file's folder."""

    def __init__(self, named: str, folder: Path) -> None:
        super().__init__(named)
        self.named = named
        self.folder = folder

    @property
    def message(self) -> str:
        """The sentence a tool prints."""
        return _(
            "{named} is outside the folder {folder}; a file named in another file "
            "must be beside it or below it (--allow-outside reads it anyway)"
        ).format(named=repr(self.named), folder=repr(str(self.folder)))


def inside(folder: Path, named: str, *, allow_outside: bool = False) -> Path:
    """The file ``named`` in a file of ``folder``: relative to that folder, and (unless
    ``allow_outside``) refused with `OutsideFolder` when it leaves it: by `..`, an
    absolute path elsewhere or a symlink."""
    path = folder / named
    if allow_outside:
        return path
    base = resolved(folder)
    target = resolved(path)
    if not target.is_relative_to(base):
        raise OutsideFolder(named, folder)
    return path

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

import errno
import os
from pathlib import Path

from armylist.text.i18n import _, os_reason


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


def reason(error: OSError) -> str:
    """Why the system refused a path, in words: a symlink loop is called one (the
    system says "Too many levels of symbolic links"), else `i18n.os_reason`."""
    if error.errno == errno.ELOOP:
        return _("it is a symlink loop: its links lead back to themselves")
    return os_reason(error)


def unreachable(path: Path) -> str | None:
    """Why nothing can be read at the path although it may be there (a symlink loop,
    a name too long for the system), in words; None when something is there or
    plainly nothing is (the caller's "no such file")."""
    try:
        os.stat(path)
    except ValueError:
        return None
    except OSError as error:
        if error.errno in (errno.ENOENT, errno.ENOTDIR):
            return None
        return reason(error)
    return None


def is_fifo(path: Path) -> bool:
    """Whether the path is a pipe (`<(cat list.yaml)`: through a symlink)."""
    try:
        return path.is_fifo()
    except (OSError, ValueError):
        return False


def resolved(path: Path) -> Path:
    """The absolute path with symlinks followed as far as they go (a loop stops)."""
    return Path(os.path.realpath(path))


class UnusablePath(Exception):
    """A file named inside another file that armylist will not read: `message` says
    why, to follow "the list" or "the player list" in a sentence."""

    def __init__(self, named: str, folder: Path) -> None:
        super().__init__(named)
        self.named = named
        self.folder = folder

    @property
    def message(self) -> str:
        """The sentence a tool prints."""
        raise NotImplementedError


class OutsideFolder(UnusablePath):
    """A file named inside another file leaves that file's folder."""

    @property
    def message(self) -> str:
        """The sentence a tool prints."""
        return _(
            "{named} is outside the folder {folder}; a file named in another file "
            "must be beside it or below it (--allow-outside reads it anyway)"
        ).format(named=repr(self.named), folder=repr(str(self.folder)))


class NoFileName(UnusablePath):
    """A name no file can have: it holds a NUL byte (which ends a name for the
    system, so Python refuses it)."""

    @property
    def message(self) -> str:
        """The sentence a tool prints."""
        return _(
            "{named} is no file name: it holds a NUL character (\\0), which no file "
            "name can hold"
        ).format(named=repr(self.named[:200]))


def inside(folder: Path, named: str, *, allow_outside: bool = False) -> Path:
    """THE checked resolver of a file ``named`` in a file of ``folder`` (a team's
    players, an event's rosters and games, a game record's lists): relative to that
    folder; refused with `NoFileName` when no file can have that name (a NUL byte),
    and (unless ``allow_outside``) with `OutsideFolder` when it leaves the folder: by
    `..`, an absolute path elsewhere or a symlink."""
    if "\0" in named:
        raise NoFileName(named, folder)
    path = folder / named
    if allow_outside:
        return path
    base = resolved(folder)
    target = resolved(path)
    if not target.is_relative_to(base):
        raise OutsideFolder(named, folder)
    return path

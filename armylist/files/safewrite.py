"""THE writer of everything armylist saves: lists, game records, summaries, schemas.

A file is written so that a reader never sees half of it and a failure loses nothing:
the text goes to a temporary file in the same folder (so the final rename stays on one
file system), is flushed to disk, then replaces the target in one ``os.replace``. Until
that call the old file is untouched; if anything fails the temporary file is removed.

Only a regular file is ever replaced: a device node, a named pipe or a socket is
refused (`NotRegularFile`), also behind a symlink; a symlink to a regular file is
written through to its target and the link is kept. A caller that read the file first
passes the `digest` of what it read as ``expected``: the file is replaced only while
it still holds those bytes (checked under a lock, just before the rename), otherwise
`FileChanged` is raised and nothing is written, so two edits at once never lose one.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import os
import stat
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from armylist.text.i18n import N_, _

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: the compare alone
    fcntl = None  # type: ignore[assignment]

# A temporary file older than this is a leftover whatever its name says.
_STALE_SECONDS = 3600


class TargetExists(Exception):
    """The file exists and overwriting was not allowed."""


class NotRegularFile(OSError):
    """The target is a device node, a named pipe, a socket or a folder: never replaced."""

    def __init__(self, path: str, what: str) -> None:
        super().__init__(
            errno.EINVAL,
            _(
                "it is {what}, not a regular file: armylist writes regular files only"
            ).format(what=_(what)),
            path,
        )


class FileChanged(Exception):
    """The file changed since it was read: writing would lose that change."""

    def __init__(self, path: str) -> None:
        super().__init__(path)
        self.path = path

    @property
    def message(self) -> str:
        """The sentence a tool prints."""
        return _(
            "{file} changed since it was read (another edit or program wrote it): "
            "nothing was written; run the command again"
        ).format(file=self.path)


def digest(data: bytes) -> str:
    """The fingerprint of a file's bytes that ``expected`` compares."""
    return hashlib.blake2b(data, digest_size=16).hexdigest()


def write_text(
    path: Path, text: str, *, overwrite: bool = True, expected: str | None = None
) -> str:
    """Write ``text`` (UTF-8) to ``path`` atomically; return the `digest` written.

    With ``overwrite=False`` an existing file is never replaced, even one created while
    the text was being written: the temporary file is hard-linked to the target name,
    which fails when the name exists. A read-only file is never replaced. With
    ``expected`` the file must still hold the bytes of that digest (a missing file
    counts as changed). Raises ``TargetExists``, ``FileChanged``, ``NotRegularFile`` or
    another ``OSError``.
    """
    return write_bytes(
        path, text.encode("utf-8"), overwrite=overwrite, expected=expected
    )


def write_bytes(
    path: Path, data: bytes, *, overwrite: bool = True, expected: str | None = None
) -> str:
    """`write_text` for bytes written as they are (a copy of a zip or an XML export)."""
    if overwrite and path.is_symlink():
        # Replace the file the link points to, not the link itself.
        path = Path(os.path.realpath(path))
    _refuse_special(path)
    folder = path.parent if str(path.parent) else Path(".")
    if not overwrite and path.exists():
        raise TargetExists(str(path))
    if overwrite and path.is_file() and not _writable(path):
        raise PermissionError(errno.EACCES, _("the file is read-only"), str(path))
    if path.exists():
        # Only the next write of the same file looks: a batch of new files (import -o
        # FOLDER) must not scan the folder once per file.
        _remove_leftovers(folder, path.name)
    handle, temporary = tempfile.mkstemp(
        prefix=f".{path.name}.{os.getpid()}.", suffix=".tmp", dir=folder
    )
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        if path.exists():
            # Keep the file's permissions; mkstemp creates 0600.
            os.chmod(temporary, path.stat().st_mode & 0o7777)
        else:
            os.chmod(temporary, 0o666 & ~_umask())
        if not overwrite:
            _create(Path(temporary), path)
        elif expected is None:
            os.replace(temporary, path)
        else:
            with _unchanged(path, expected):
                os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    return digest(data)


_KINDS = (
    (stat.S_ISCHR, N_("a character device")),
    (stat.S_ISBLK, N_("a block device")),
    (stat.S_ISFIFO, N_("a named pipe (FIFO)")),
    (stat.S_ISSOCK, N_("a socket")),
    (stat.S_ISDIR, N_("a folder")),
)


def special_kind(mode: int) -> str | None:
    """What a file of this mode is when it is no regular file (None: regular)."""
    for test, what in _KINDS:
        if test(mode):
            return what
    return None if stat.S_ISREG(mode) else N_("not a regular file")


def _refuse_special(path: Path) -> None:
    try:
        mode = os.stat(path).st_mode  # through a symlink: what would be written
    except FileNotFoundError:
        return
    what = special_kind(mode)
    if what is not None:
        raise NotRegularFile(str(path), what)


@contextlib.contextmanager
def _unchanged(path: Path, expected: str) -> Iterator[None]:
    """Hold the file locked while it is compared with what was read and replaced.

    Two writers of one file each lock the file they compare: the second waits, then
    finds the first one's text (a new file, or the same one changed) and refuses.
    """
    for _attempt in range(100):
        try:
            handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        except FileNotFoundError:
            raise FileChanged(str(path)) from None
        try:
            if fcntl is not None:
                fcntl.flock(handle, fcntl.LOCK_EX)
            try:
                replaced = os.stat(path).st_ino != os.fstat(handle).st_ino
            except FileNotFoundError:
                raise FileChanged(str(path)) from None
            if replaced:
                continue  # replaced while waiting for the lock: lock the new one
            if digest(_read_all(handle)) != expected:
                raise FileChanged(str(path))
            yield
            return
        finally:
            os.close(handle)  # closing releases the lock
    raise FileChanged(str(path))


def _read_all(handle: int) -> bytes:
    chunks = []
    while chunk := os.read(handle, 1 << 20):
        chunks.append(chunk)
    return b"".join(chunks)


def _remove_leftovers(folder: Path, name: str) -> None:
    """Remove the temporary files of a write that was killed before its rename.

    Its name holds the writer's process id: a file of a process that is gone (or an
    old one) is a leftover; a live writer's file is left alone.
    """
    prefix, now = f".{name}.", time.time()
    with contextlib.suppress(OSError), os.scandir(folder) as entries:
        for entry in entries:
            if not (entry.name.startswith(prefix) and entry.name.endswith(".tmp")):
                continue
            pid = entry.name[len(prefix) :].split(".", 1)[0]
            with contextlib.suppress(OSError):
                old = now - entry.stat(follow_symlinks=False).st_mtime > _STALE_SECONDS
                if old or (pid.isdigit() and not _alive(int(pid))):
                    os.unlink(entry.path)


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError):
        return True  # another user's process (or no such number): keep its file
    return True


def _writable(path: Path) -> bool:
    # The rename needs only the folder to be writable, so it would replace a list
    # its owner made read-only (even for root, when no write bit is set at all).
    return os.access(path, os.W_OK) and bool(path.stat().st_mode & 0o222)


def _create(temporary: Path, path: Path) -> None:
    try:
        os.link(temporary, path)
    except FileExistsError:
        raise TargetExists(str(path)) from None
    except OSError:
        # A file system without hard links: check, then rename (a small race remains).
        if path.exists():
            raise TargetExists(str(path)) from None
        os.replace(temporary, path)
        return
    os.unlink(temporary)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask

"""Writing files so that a reader never sees half a file and a failure loses nothing.

The text goes to a temporary file in the same folder (so the final rename stays on one
file system), is flushed to disk, then replaces the target in one ``os.replace``. Until
that call the old file is untouched; if anything fails the temporary file is removed.
"""

from __future__ import annotations

import contextlib
import errno
import os
import tempfile
from pathlib import Path


class TargetExists(Exception):
    """The file exists and overwriting was not allowed."""


def write_text(path: Path, text: str, *, overwrite: bool = True) -> None:
    """Write ``text`` (UTF-8) to ``path`` atomically.

    With ``overwrite=False`` an existing file is never replaced, even one created while
    the text was being written: the temporary file is hard-linked to the target name,
    which fails when the name exists. A read-only file is never replaced. Raises
    ``TargetExists`` or ``OSError``.
    """
    if overwrite and path.is_symlink():
        # Replace the file the link points to, not the link itself.
        path = Path(os.path.realpath(path))
    folder = path.parent if str(path.parent) else Path(".")
    if not overwrite and path.exists():
        raise TargetExists(str(path))
    if overwrite and path.is_file() and not _writable(path):
        raise PermissionError(errno.EACCES, "the file is read-only", str(path))
    handle, temporary = tempfile.mkstemp(
        prefix=f".{path.name}.", suffix=".tmp", dir=folder
    )
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(text.encode("utf-8"))
            stream.flush()
            os.fsync(stream.fileno())
        if path.exists():
            # Keep the file's permissions; mkstemp creates 0600.
            os.chmod(temporary, path.stat().st_mode & 0o7777)
        else:
            os.chmod(temporary, 0o666 & ~_umask())
        if overwrite:
            os.replace(temporary, path)
        else:
            _create(Path(temporary), path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


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

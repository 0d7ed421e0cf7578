"""Bounded reads: the ONE reader of the bytes of a list (or a team or event file).

`read_list_bytes` applies every limit (1 MiB, read no further; no sockets, terminals or
folders) before any YAML is parsed; `-` is standard input. `read_list_file` decodes what
it read as text, and keeps how it was written (BOM, newlines, a digest for the writer).
"""

from __future__ import annotations

import codecs
import errno
import os
import stat
import sys
from pathlib import Path
from typing import Literal, NamedTuple

from armylist.files import paths, safewrite, yamlsource
from armylist.files.yamlsource import Position
from armylist.findings import EXIT_INVALID, EXIT_USAGE
from armylist.text.i18n import N_, _

UnusableKind = Literal["missing", "folder", "pipe", "unreadable", "content"]


class UnusableFile(Exception):
    """A list file that cannot be read as a list; nothing was parsed.

    ``kind`` says why: `missing`, `folder`, `pipe` (a socket or a terminal: reading it
    could wait forever) and `unreadable` (permissions, I/O) are wrong paths, a usage error
    (exit 2); `content` is a file that is there but is no list text (over 1 MiB, binary,
    not UTF-8; exit 1). ``reason`` says why without the file name, for a finding.
    """

    def __init__(
        self,
        kind: UnusableKind,
        file: str,
        reason: str,
        hint: str = "",
        position: Position = yamlsource.START,
    ) -> None:
        self.kind = kind
        self.file = file
        self.reason = reason
        self.hint = hint
        self.position = position
        super().__init__(self.message)

    @property
    def message(self) -> str:
        """The sentence a tool prints: the file, and why it cannot be read."""
        match self.kind:
            case "missing":
                return _("no such file: {file}").format(file=self.file)
            case "folder":
                return _("{file} is a folder, not a list file").format(file=self.file)
            case "pipe" | "unreadable" | "content":
                return _("cannot read {file}: {reason}").format(
                    file=self.file, reason=self.reason
                )

    @property
    def exit_code(self) -> int:
        """2 for a wrong path, 1 for a file that is not list text."""
        return EXIT_INVALID if self.kind == "content" else EXIT_USAGE


# A named tuple, not a frozen dataclass: building one costs every start ~0.4 ms.
class ListText(NamedTuple):
    """A list file's text as read, and how it was written (kept when it is edited)."""

    text: str
    bom: bool
    # The `safewrite.digest` of the bytes read: an edit writes only over these bytes.
    digest: str = ""

    @property
    def crlf(self) -> bool:
        """Whether the file has Windows (CRLF) newlines."""
        return "\r\n" in self.text

    def as_written(self, text: str) -> str:
        """``text`` (LF newlines) with this file's BOM and newlines, to write back."""
        return as_written(text, bom=self.bom, crlf=self.crlf)


def as_written(text: str, *, bom: bool, crlf: bool) -> str:
    """LF text with the BOM and newlines a file is written with."""
    return ("\ufeff" if bom else "") + (text.replace("\n", "\r\n") if crlf else text)


_CHUNK = 64 * 1024


def _read_bounded(handle: int, expected: int = 0) -> bytes:
    # One byte past the limit is enough to know the file is too large: `/dev/zero` or
    # a device that never ends is read no further. Each read asks for what the file
    # says it holds and one byte more, then a chunk at a time: a read costs a buffer
    # of the size asked, and asking 1 MiB for a list of a few hundred bytes cost more
    # than all the rest of reading it.
    most = yamlsource.MAX_BYTES + 1
    chunks: list[bytes] = []
    size = 0
    ask = min(expected + 1, most) if expected > 0 else min(_CHUNK, most)
    while size < most:
        chunk = os.read(handle, ask)
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
        ask = min(_CHUNK, most - size)
    return b"".join(chunks)


def read_list_file(path: Path, label: str | None = None) -> ListText:
    """Read a list file with every limit applied; raise `UnusableFile` when it cannot
    be read as a list.

    A folder, a socket or a terminal is refused without reading; a pipe is read until
    its writer closes it; a file (or a device such as `/dev/zero`) is read up to
    1 MiB and one byte, never further; the bytes must be UTF-8 text without NUL bytes.
    """
    file = label or str(path)
    return decode_list(read_list_bytes(path, file), file)


def decode_list(raw: bytes, file: str) -> ListText:
    """A list's bytes as text (`UnusableFile` of kind `content` when they are not)."""
    try:
        text = yamlsource.decode(raw)
    except yamlsource.YamlProblem as problem:
        raise UnusableFile(
            "content",
            file,
            problem.message,
            problem.hint or _("save the list as UTF-8 text"),
            problem.position,
        ) from None
    return ListText(text, raw.startswith(codecs.BOM_UTF8), safewrite.digest(raw))


STDIN = "-"  # the source name that reads standard input


def read_list_bytes(path: Path, label: str | None = None) -> bytes:
    """A list's bytes, read as `read_list_file` reads them but not decoded: the
    importer's sources (.json, .ros, and .rosz, which is a zip) come through here.

    ``-`` is standard input; a pipe (`<(cat list.yaml)`, a FIFO) is read until its
    writer closes it. Refuses a missing file, a folder, a socket or a terminal
    (`UnusableFile`); reads at most 1 MiB and one byte, so a caller sees a source over
    the limit without reading it all.
    """
    file = label or str(path)
    if str(path) == STDIN:
        return _read_stdin(file)
    try:
        # O_NONBLOCK: opening a FIFO must not wait for a writer, nor reading a terminal.
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise UnusableFile("missing", file, _("no such file")) from None
    except IsADirectoryError:
        raise UnusableFile("folder", file, _("it is a folder")) from None
    except OSError as error:
        if error.errno == errno.ENXIO:  # a socket cannot be opened
            raise UnusableFile(
                "pipe", file, _(_NOT_A_FILE).format(_("a socket"))
            ) from None
        raise UnusableFile("unreadable", file, paths.reason(error)) from None
    try:
        status = os.fstat(handle)
        mode = status.st_mode
        # A regular file (nearly every source) is no folder, socket, terminal or pipe.
        regular = stat.S_ISREG(mode)
        if not regular:
            _refuse_special(handle, mode, file)
        try:
            raw = _read_bounded(handle, status.st_size if regular else 0)
        except OSError as error:
            raise UnusableFile("unreadable", file, paths.reason(error)) from None
    finally:
        os.close(handle)
    return raw


def _refuse_special(handle: int, mode: int, file: str) -> None:
    """Refuse a folder, a socket or a terminal; ready a pipe to be read."""
    if stat.S_ISDIR(mode):
        raise UnusableFile("folder", file, _("it is a folder"))
    if stat.S_ISSOCK(mode):
        raise UnusableFile("pipe", file, _(_NOT_A_FILE).format(_("a socket")))
    if os.isatty(handle):
        raise UnusableFile("pipe", file, _(_NOT_A_FILE).format(_("a terminal")))
    if stat.S_ISFIFO(mode):
        # A pipe is read as a file is, until its writer closes it (a pipe that no
        # one writes to reads as empty at once).
        os.set_blocking(handle, True)


def _read_stdin(file: str) -> bytes:
    stream = sys.stdin
    if stream is None:
        raise UnusableFile("unreadable", file, _("there is no standard input"))
    if stream.isatty():
        raise UnusableFile(
            "pipe",
            file,
            _(
                "standard input is a terminal: pipe a list into it, e.g. "
                "`armylist import roster.json | armylist validate -`"
            ),
        )
    try:
        return stream.buffer.read(yamlsource.MAX_BYTES + 1)
    except (OSError, ValueError) as error:
        raise UnusableFile("unreadable", file, str(error)) from None


_NOT_A_FILE = N_("it is {}, not a file: armylist reads lists from files and pipes")

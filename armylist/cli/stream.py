"""What a command writes to the terminal: every text through `visible` (data is
never a terminal code), and the width and colour it renders for."""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any, TextIO

from armylist.reporters import Terminal
from armylist.text import i18n
from armylist.text.i18n import _
from armylist.text.numbers import plain_digits
from armylist.text.visible import visible, visible_keeping_colour

if TYPE_CHECKING:
    from armylist.door.batch import Skipped

# -- every text printed goes through `visible`: data is never a terminal code --------


class _VisibleStream:
    """A text stream (stdout, stderr) that writes through `visible.visible`; on a
    colour terminal the colour codes Rich writes still pass."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream
        forced = any(os.environ.get(v) for v in ("FORCE_COLOR", "PY_COLORS"))
        colour = forced or "GITHUB_ACTIONS" in os.environ or _isatty(stream)
        self._clean = visible_keeping_colour if colour else visible

    def write(self, text: str) -> int:
        """Write the text with its control characters made visible."""
        if not isinstance(text, str):
            # click tells text streams from binary ones by writing b"" to them.
            raise TypeError(f"write() argument must be str, not {type(text).__name__}")
        self._stream.write(self._clean(text))
        return len(text)

    def writelines(self, lines: Iterable[str]) -> None:
        """Write each line."""
        for line in lines:
            self.write(line)

    def __getattr__(self, name: str) -> Any:
        # flush, isatty, fileno, encoding, errors: the stream's own.
        return getattr(self._stream, name)


def unwrapped(stream: TextIO) -> TextIO:
    """The stream under `visible_output`'s wrapper: for a progress bar's cursor
    codes, which write only armylist's own words and numbers, never data."""
    return stream._stream if isinstance(stream, _VisibleStream) else stream


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


@contextlib.contextmanager
def visible_output() -> Iterator[None]:
    """stdout and stderr written through `visible` while a command runs: its report,
    its messages, its prompts, and typer's own usage errors."""
    if isinstance(sys.stdout, _VisibleStream):
        yield
        return
    saved = sys.stdout, sys.stderr
    sys.stdout = _VisibleStream(sys.stdout)
    sys.stderr = _VisibleStream(sys.stderr)
    try:
        yield
    finally:
        sys.stdout, sys.stderr = saved


def forget_bad_sizes() -> None:
    """Forget `COLUMNS` and `LINES` when they are no number: Rich reads them with
    int() after str.isdigit(), and "²" or 5,000 digits would raise in every console;
    a size that is no number is no size."""
    for name in ("COLUMNS", "LINES"):
        if name in os.environ and plain_digits(os.environ[name]) is None:
            del os.environ[name]


def language_warning() -> None:
    """A warning on stderr when `ARMYLIST_LANG` names a language armylist does not
    speak: it is ignored (the locale, else English, decides), so a misspelt setting
    does not stop every command."""
    asked = os.environ.get("ARMYLIST_LANG", "")
    if asked and i18n.language_named(asked) is None:
        sys.stderr.write(
            visible(
                _(
                    "armylist: warning: ARMYLIST_LANG={value} is not a language "
                    "armylist speaks ({languages}); it is ignored"
                ).format(value=asked, languages=", ".join(i18n.LANGUAGES))
            )
            + "\n"
        )


def _width() -> int:
    """The width to render for: `COLUMNS`, else the terminal's, else 100.

    Piped output (`armylist factions | less`) still has a terminal on stderr or stdin;
    below 40 columns no table is readable, and past 140 lines are too long to read.
    """
    columns = plain_digits(os.environ.get("COLUMNS", ""))
    if columns is not None and columns > 0:
        return max(40, min(columns, 140))
    for stream in (sys.stdout, sys.stderr, sys.stdin):
        try:
            return max(40, min(os.get_terminal_size(stream.fileno()).columns, 140))
        except (AttributeError, OSError, ValueError):
            continue
    return 100


def terminal() -> Terminal:
    """How stdout looks: its width, and whether it takes colour and pretty JSON."""
    tty = sys.stdout.isatty()
    return Terminal(width=_width(), color=tty and "NO_COLOR" not in os.environ, tty=tty)


def say(text: str) -> None:
    """A line on stderr (a note, a summary line, an error): what click's
    ``echo(..., err=True)`` does, without the command frame, for the commands that
    run without it (`validate`'s common forms)."""
    sys.stderr.write(text + "\n")
    sys.stderr.flush()


def note_skipped(skipped: Iterable[Skipped]) -> None:
    """A note on stderr for each file skipped as no list, with the reason."""
    for item in skipped:
        sys.stderr.write(
            _("armylist: note: skipped {file}: {reason}").format(
                file=item.file, reason=item.reason
            )
            + "\n"
        )

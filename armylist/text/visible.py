"""Text that reaches a person with its control characters made visible.

A list's name, a player, a file name or a key from a file is data, never a terminal
code: `ESC ]0;…` would set the window title, `ESC [2J` clear the screen. Every text
armylist prints goes through `visible` (the command line wraps stdout and stderr, see
`cli.stream`), which writes such a character as an escape: `\\x1b` for the C0 controls,
as `repr` does, and `\\u009b` for the others (DEL, C1, bidi overrides, line
separators), which a JSON string reads back as the same character.
"""

from __future__ import annotations

import re

# Everything but tab, newline and printable ASCII: the fast path is a failed search.
_SUSPECT = re.compile(r"[^\t\n\x20-\x7e]")
# The colour codes (SGR) Rich writes to a colour terminal; nothing else passes.
_SGR = re.compile(r"(\x1b\[[0-9;]*m)")


def _escape(match: re.Match[str]) -> str:
    char = match.group()
    if char.isprintable():
        return char
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x20 else f"\\u{code:04x}"


def visible(text: str) -> str:
    """``text`` with every control character written as an escape."""
    # Nearly every text has none: asked of the whole text at once (a report, a batch's
    # JSON list by list), not character by character for each accent or `§`.
    if text.isprintable() or text.replace("\n", "").replace("\t", "").isprintable():
        return text
    return _SUSPECT.sub(_escape, text)


def visible_keeping_colour(text: str) -> str:
    """`visible`, but the colour codes (SGR sequences) pass: for a colour terminal."""
    if "\x1b" not in text:
        return visible(text)
    return "".join(
        part if i % 2 else visible(part) for i, part in enumerate(_SGR.split(text))
    )

"""The list's SCT1 code as a QR code: in the terminal, as an SVG or PNG image, and as
the modules the roster sheets draw.

The code is uppercase letters, digits and dashes, which QR's alphanumeric mode holds at
5.5 bits a character. Error correction is M (15% of the code may be lost: a glare on a
screen, a crease in a sheet) and raised to Q or H when that fits the same version;
the version is the smallest that holds the code. The largest list the tests check, a
Grand Offensive list that uses every Army Slot its cards grant, is version 10 (57 by 57
modules, 65 columns of a terminal with its quiet zone).

Only `export --format qr|html|pdf` imports this module (segno stays off `validate`'s
path).
"""

from __future__ import annotations

import io

import segno

from armylist.reporters import QrTooLong
from armylist.text.i18n import _

ERROR_LEVEL = "M"
# The light margin every reader needs around the code (ISO/IEC 18004: 4 modules).
QUIET_ZONE = 4
# Dark modules as black on white whatever the terminal's theme: a phone reads dark on
# light, and a dark theme's default colours would turn the code inside out.
_BLACK_ON_WHITE = "\x1b[30;107m"
_RESET = "\x1b[0m"
# Two module rows in one character cell: (top dark, bottom dark) -> character.
_HALF_BLOCKS = {
    (False, False): " ",
    (True, False): "▀",
    (False, True): "▄",
    (True, True): "█",
}


def make(code: str) -> segno.QRCode:
    """The QR code of an SCT1 code (raises `QrTooLong` past version 40)."""
    try:
        return segno.make_qr(code, error=ERROR_LEVEL, boost_error=True)
    except segno.DataOverflowError as overflow:
        raise QrTooLong(
            _(
                "the code has {count} characters, more than a QR code holds: export "
                "it with --format sct1"
            ).format(count=len(code))
        ) from overflow


def modules(qr: segno.QRCode) -> list[list[bool]]:
    """The code's modules row by row, True for dark, with the quiet zone around."""
    return [
        [bool(module) for module in row] for row in qr.matrix_iter(border=QUIET_ZONE)
    ]


def to_terminal(qr: segno.QRCode, *, color: bool) -> str:
    """The code in half-block characters, two module rows a line, quiet zone included.

    With ``color`` every line is drawn black on white; without it the dark modules
    are the characters, for a light page or a light terminal.
    """
    rows = modules(qr)
    if len(rows) % 2:
        rows.append([False] * len(rows[0]))
    lines = []
    for top, bottom in zip(rows[::2], rows[1::2], strict=True):
        text = "".join(_HALF_BLOCKS[pair] for pair in zip(top, bottom, strict=True))
        lines.append(f"{_BLACK_ON_WHITE}{text}{_RESET}" if color else text)
    return "\n".join(lines) + "\n"


def size(qr: segno.QRCode) -> tuple[int, int]:
    """Columns and lines `to_terminal` takes."""
    width = int(qr.symbol_size(scale=1, border=QUIET_ZONE)[0])
    return width, (width + 1) // 2


def to_svg_inline(qr: segno.QRCode, title: str) -> str:
    """The code as an SVG element for an HTML page (no XML declaration, no size: the
    page's style sizes it), its title read by screen readers."""
    out = io.BytesIO()
    qr.save(
        out,
        kind="svg",
        xmldecl=False,
        svgns=False,  # inline in HTML5: no namespace, no URL on the page
        omitsize=True,  # the page sizes it
        title=title,
        scale=1,
        border=QUIET_ZONE,
        dark="#000",
        light="#fff",
        svgclass="qr",
        lineclass=None,
    )
    return out.getvalue().decode("utf-8")


def to_image(qr: segno.QRCode, suffix: str) -> bytes:
    """The code as an SVG or PNG file (``suffix`` one of `QR_IMAGES`), 10 pixels a
    module, black on white."""
    out = io.BytesIO()
    qr.save(out, kind=suffix.lstrip("."), scale=10, border=QUIET_ZONE, dark="#000")
    return out.getvalue()

"""`validate`'s common forms read without the command frame.

`armylist validate FILES... [--format F] [--strict] [--show-info] [--details]
[--skip-non-lists] [--jobs N]` is what a player, a hook and a CI job type, again and
again. Building typer's command for it (its parameters' converters, and the modules
behind them) is a noticeable share of such a run, so `validate_args` reads these
forms itself, into the same `ValidateArgs` the command's options give. Anything else
(`--help`, `--lang`, `--event`, a misspelt option, a value it does not read as
given) is None: the command frame reads it, with its help and its errors. A test
checks, form by form, that both readings give the same arguments.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

from armylist.reporters import ReportFormat
from armylist.text.numbers import NotAWholeNumber, parse_whole


# A named tuple, not a frozen dataclass: building one costs every start ~0.4 ms.
class ValidateArgs(NamedTuple):
    """`validate`'s arguments, as its options give them (their defaults here)."""

    paths: tuple[Path, ...] = ()
    output: ReportFormat | None = None
    strict: bool = False
    show_info: bool = False
    details: bool = False
    data: Path | None = None
    summary: Path | None = None
    event: Path | None = None
    team: Path | None = None
    jobs: int = 1
    exclude: tuple[str, ...] = ()
    skip_non_lists: bool = False
    allow_outside: bool = False
    collection: Path | None = None


# The flags read here, each the argument it sets.
FLAGS = {
    "--strict": "strict",
    "--show-info": "show_info",
    "--details": "details",
    "--skip-non-lists": "skip_non_lists",
}
# The options with a value read here, each the argument it sets.
VALUED = {"--format": "output", "--jobs": "jobs", "-j": "jobs"}
FORMATS = {member.value: member for member in ReportFormat}


def validate_args(argv: Sequence[str]) -> ValidateArgs | None:
    """`validate`'s arguments when ``argv`` is one of its common forms, else None."""
    if not argv or argv[0] != "validate":
        return None
    given: dict[str, object] = {}
    paths: list[Path] = []
    words = iter(argv[1:])
    for word in words:
        if word == "-" or not word.startswith("-"):
            paths.append(Path(word))
            continue
        name, equals, value = word.partition("=")
        read: object | None = True
        if name in FLAGS and not equals:
            setting = FLAGS[name]
        elif name in VALUED:
            if not equals:
                value = next(words, "")
            setting, read = VALUED[name], _value(VALUED[name], value)
        else:
            return None
        if read is None or setting in given:
            return None  # for the command frame to word, or to settle
        given[setting] = read
    if not paths:
        return None
    return ValidateArgs(tuple(paths), **given)  # type: ignore[arg-type]


def _value(setting: str, value: str) -> object | None:
    """An option's value as the command reads it, or None when it would refuse it."""
    if setting == "output":
        return FORMATS.get(value.strip().casefold())
    try:
        jobs = parse_whole(value, signed=True)
    except NotAWholeNumber:
        return None
    return jobs if jobs >= 1 else None

"""Exits a command takes on bad input: a plain message on stderr and exit 2
(`fail`), and the game data or a card found, or that exit."""

from __future__ import annotations

from pathlib import Path
from typing import NoReturn, Protocol, TypeVar

from armylist.cli import stream
from armylist.cli.lasting import lasting
from armylist.files import safewrite
from armylist.findings import EXIT_INVALID, EXIT_USAGE
from armylist.gamedata.catalog import Catalog, Index
from armylist.gamedata.loading import DataError, load_catalog
from armylist.gamedata.models import Card, FactionCard, Scale
from armylist.reporters.oneline import not_legal_note
from armylist.text.i18n import _, os_reason
from armylist.text.names import did_you_mean, meant
from armylist.text.visible import visible

C = TypeVar("C", bound=Card)


class Legal(Protocol):
    """What was printed of a list: whether it is legal, and its errors."""

    @property
    def valid(self) -> bool: ...  # noqa: D102

    @property
    def errors(self) -> int: ...  # noqa: D102


def fail(message: str, code: int = EXIT_USAGE) -> NoReturn:
    """Print an error on stderr and exit."""
    # Made visible here already: off a terminal click would drop an ESC [ sequence
    # (a file name's) without a trace.
    stream.say(visible(_("armylist: error: {message}").format(message=message)))
    raise SystemExit(code)


def stdin_once(*sources: Path | str) -> None:
    """Exit 2 when standard input (`-`) is named for more than one list: it can be
    read only once, and the second list would read as empty."""
    if sum(str(source) == "-" for source in sources) > 1:
        fail(
            _(
                "standard input (-) can give only one of the lists: save the other to "
                "a file, or pass it as a pipe (`<(armylist import roster.json)`)"
            )
        )


def catalog_or_exit(data: Path | None) -> Catalog:
    """Load the game data once, or exit 2 with every problem."""
    # The game data lives as long as the process: out of the cyclic GC's reach, its
    # thousands of objects are not rescanned by every collection of a batch.
    try:
        with lasting():
            catalog = load_catalog(data)
    except DataError as error:
        fail(_("the game data cannot be loaded:\n{problems}").format(problems=error))
    return catalog


def card_or_exit(cards: Index[C], name: str, unknown: str, hint: str) -> C:
    """A card by printed name or id, or exit 2: ``unknown`` and the name, a
    did-you-mean, then the ``hint`` (the command that lists the cards); both marked
    for translation (`N_`) where they are written, and translated here."""

    found = cards.get(name)
    if found is None:
        fail(
            _("{unknown} {name!r}{suggestion}; {hint}").format(
                unknown=_(unknown),
                name=name,
                suggestion=did_you_mean(name, cards.names()),
                hint=_(hint),
            )
        )
    return found


def faction_or_exit(catalog: Catalog, name: str) -> FactionCard:
    """A Faction Card by name or id, or exit 2 with a did-you-mean (a race's name
    suggests its Faction Cards)."""

    faction = catalog.factions.get(name)
    if faction is None:
        fail(
            _(
                "unknown Faction Card {name!r}{suggestion}; `armylist factions` lists "
                "them"
            ).format(name=name, suggestion=meant(catalog.suggest_faction(name)))
        )
    return faction


def scale_or_exit(catalog: Catalog, name: str) -> Scale:
    """A scale by id or name, or exit 2 naming the scales."""

    found = catalog.scale(name)
    if found is None:
        ids = [s.id for s in catalog.game.scales]
        fail(
            _("unknown scale {name!r}{suggestion}; one of {scales}").format(
                name=name, suggestion=did_you_mean(name, ids), scales=", ".join(ids)
            )
        )
    return found


def legal_or_exit(file: Path | str, sheet: Legal) -> None:
    """Exit 1 with a note on stderr when the list printed is not legal."""
    if not sheet.valid:
        stream.say(not_legal_note(file, sheet.errors))
        raise SystemExit(EXIT_INVALID)


def write_or_exit(target: Path, data: bytes, *, say: bool = True) -> None:
    """Write a file a command made through the one writer (never half a file), and
    say so on stderr (``say``); exit 2 when it cannot be written."""
    try:
        safewrite.write_bytes(target, data)
    except OSError as error:
        fail(
            _("cannot write {file}: {reason}").format(
                file=target, reason=os_reason(error)
            )
        )
    if say:
        stream.say(_("wrote {file}").format(file=target))

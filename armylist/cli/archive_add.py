"""`armylist archive add EVENT.yaml`: an event into the archive."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

import typer

from armylist.archive.add import Added, archive_event
from armylist.archive.record import mission_id
from armylist.archive.store import ArchiveError, archive_path
from armylist.cli.archive import ArchiveOption, archive_app
from armylist.cli.event import event_or_exit
from armylist.cli.exits import catalog_or_exit, fail
from armylist.cli.options import DataOption
from armylist.event.model import Event
from armylist.findings import Refused
from armylist.gamedata.catalog import Catalog
from armylist.organiser.eventgames import game_vp
from armylist.scoring.files import open_game
from armylist.scoring.record import RecordError
from armylist.text.i18n import N_, _, ngettext
from armylist.text.numbers import people
from armylist.text.visible import visible


@dataclass(frozen=True)
class AddRequest:
    """What `archive add` was asked: the event file, the archive, the game data."""

    event_file: Path
    archive: Path
    data: Path | None


def _missions(file: Path, event: Event, catalog: Catalog) -> dict[str, str]:
    """The Mission Card id of every game record the results name (already checked
    by `game_vp`)."""
    found = {}
    for entry in event.results:
        if entry.game is None or entry.game in found:
            continue
        try:
            game = open_game(file.parent / entry.game, catalog)
        except (RecordError, Refused) as error:
            fail(f"{file}: {entry.game}: {error}")
        scale = catalog.scale(game.record.scale)
        found[entry.game] = mission_id(
            catalog, game.mission.name, scale.scenario_scale if scale else "standard"
        )
    return found


def _say(request: AddRequest, added: Added) -> None:
    for near in added.near:
        typer.echo(
            visible(
                _(
                    "note: {name} is close to {archived}, already archived as "
                    "another player: if they are one person, give both the same "
                    "`id:` in their event files"
                ).format(name=repr(near.name), archived=repr(near.archived))
            ),
            err=True,
        )
    games = ngettext("{count} game", "{count} games", added.games).format(
        count=people(added.games)
    )
    players = ngettext("{count} player", "{count} players", added.players).format(
        count=people(added.players)
    )
    summary = (
        _("{file}: {event} updated in {archive} ({players}, {games})")
        if added.replaced
        else _("{file}: {event} added to {archive} ({players}, {games})")
    ).format(
        file=request.event_file,
        event=repr(added.name),
        archive=request.archive,
        players=players,
        games=games,
    )
    if added.pending:
        summary += ngettext(
            "; {count} pairing without a result left out",
            "; {count} pairings without a result left out",
            added.pending,
        ).format(count=people(added.pending))
    typer.echo(visible(summary), err=True)


@archive_app.command("add")
def add_command(
    file: Annotated[
        Path,
        typer.Argument(
            help=N_("The event file (with `date:`)."),
            dir_okay=False,
            metavar="EVENT.yaml",
        ),
    ],
    archive: ArchiveOption = None,
    data: DataOption = None,
) -> None:
    """Put an event into the archive: its players, their rosters as locked (by
    fingerprint, with faction and units), its pairings and results.

    The event needs a `date:` (its first day). Adding the same event again (the
    same name and date) replaces what was kept of it: nothing is counted twice.
    Players are matched across events by their `id:`, else by their name; a name
    close to another archived player's is noted. The archive is made when missing;
    one made by an older armylist is migrated. All or nothing: on any error the
    archive is left as it was.

    Exit codes: 0 archived; 2 the event file cannot be used (the message names its
    line), it has no `date:`, a roster cannot be read, or the archive cannot be used
    (not an archive, locked, read-only).

    Examples: `armylist archive add event.yaml`, `armylist archive add event.yaml
    --archive club.sqlite`.
    """
    request = AddRequest(file, archive_path(archive), data)
    catalog = catalog_or_exit(request.data)
    event = event_or_exit(request.event_file, catalog)
    try:
        final_vp = game_vp(request.event_file, event, catalog)
    except Refused as refused:
        fail(refused.message, refused.exit_code)
    missions = _missions(request.event_file, event, catalog)
    try:
        added = archive_event(
            request.event_file, event, catalog, request.archive, final_vp, missions
        )
    except ArchiveError as error:
        fail(error.message)
    _say(request, added)

"""What the standings read besides the event file: the final VP of the game records
its results name, and each player's race from their rosters."""

from __future__ import annotations

import os
from pathlib import Path

from armylist.engine import open_list
from armylist.event.model import Event
from armylist.event.play import ResultEntry
from armylist.findings import Refused
from armylist.gamedata.catalog import Catalog
from armylist.organiser.standings import band_scale
from armylist.organiser.submissions import roster_paths
from armylist.scoring.files import open_game
from armylist.scoring.record import RecordError
from armylist.scoring.score import score
from armylist.text.i18n import _


def game_vp(file: Path, event: Event, catalog: Catalog) -> dict[str, tuple[int, int]]:
    """The final VP of every finished game record the results name; refused (exit
    2) for a record that cannot be used, naming the result's line."""

    scale = band_scale(event)
    found: dict[str, tuple[int, int]] = {}
    # One record is one game: the result that names it first (`./a.yaml` is `a.yaml`;
    # the same record under another name is refused below by its players).
    owner: dict[str, ResultEntry] = {}
    for entry in event.results:
        if entry.game is None:
            continue
        where = _("{file}:{line}: round {round}: {game}").format(
            file=file, line=entry.line, round=entry.round, game=entry.game
        )
        key = os.path.normpath(entry.game.replace("\\", "/"))
        first = owner.setdefault(key, entry)
        if first is not entry:
            raise Refused(
                _(
                    "{where}: this record is the game of {red} and {blue} (round "
                    "{round}, line {line}): one record is one game; give this "
                    "game its own record, or its final VP with `vp: [red, blue]`"
                ).format(
                    where=where,
                    red=first.red,
                    blue=first.blue,
                    round=first.round,
                    line=first.line,
                )
            )
        try:
            game = open_game(file.parent / entry.game, catalog)
            scored = score(game)
        except RecordError as error:
            raise Refused(f"{where}: {error}") from None
        except Refused as refused:
            raise Refused(f"{where}: {refused.message}") from None
        result = scored.result
        if result.ended_after_round is None:
            raise Refused(
                _(
                    "{where}: the game is not finished ({red}-{blue} so far): finish "
                    "it with `armylist game play`, or give `vp: [red, blue]` instead"
                ).format(where=where, red=result.vp.red, blue=result.vp.blue)
            )
        if game.record.scale != scale:
            raise Refused(
                _(
                    "{where}: a {game} game in a {event} event (the event file's "
                    "`scale:`, Standard when not given)"
                ).format(where=where, game=game.record.scale, event=scale)
            )
        players = game.record.players
        for side, name in (("red", players.red.name), ("blue", players.blue.name)):
            wanted = entry.red if side == "red" else entry.blue
            if name is not None and name != wanted:
                raise Refused(
                    (
                        _(
                            "{where}: the record's red player is {name}, the "
                            "result's is {wanted}: swap red and blue, or fix the "
                            "record"
                        )
                        if side == "red"
                        else _(
                            "{where}: the record's blue player is {name}, the "
                            "result's is {wanted}: swap red and blue, or fix the "
                            "record"
                        )
                    ).format(where=where, name=name, wanted=wanted)
                )
        found[entry.game] = (result.vp.red, result.vp.blue)
    return found


def player_races(file: Path, event: Event, catalog: Catalog) -> dict[str, str | None]:
    """Each player's race, from their rosters (None when they disagree or say none)."""

    races: dict[str, str | None] = {}
    for player in event.players or ():
        seen = set()
        # a missing roster is refused below, naming its player
        for path in roster_paths(file, player.rosters, must_exist=False):
            roster = path.relative_to(file.parent).as_posix()
            try:
                seen.add(open_list(path, catalog, label=roster).result.race)
            except Refused as refused:
                raise Refused(
                    _("{file}: {player}'s roster: {message}").format(
                        file=file, player=player.name, message=refused.message
                    )
                ) from None
        races[player.name] = seen.pop() if len(seen) == 1 else None
    return races

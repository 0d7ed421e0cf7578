"""`event slips`: a result slip per table of a round, to print and fill in.

A round's tables are its pairings in the event file (`event pair --write` appends
them to `results:`, table 1 first). Each slip names both players with the rosters they
locked (faction and fingerprint, read from the copy `event lock` kept, so the slip
says what was locked, not what the file says now), the Mission and Deployment Cards
when the table's game record already names them (a draft made, `game new` written),
and the result bands of the event's scale, so that the players tick theirs.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from armylist.engine import open_list
from armylist.event.model import Event
from armylist.event.play import ResultEntry
from armylist.event.points import BANDS, STALEMATE, WIN_LOSS, Band, Points
from armylist.event.reader import EventError, load_event
from armylist.files import paths, yamlsource
from armylist.files.reading import UnusableFile, read_list_file
from armylist.findings import Refused
from armylist.gamedata.catalog import Catalog
from armylist.organiser.standings import band_scale
from armylist.organiser.submissions import (
    SubmissionError,
    copy_path,
    list_options,
    locked_key,
    roster_paths,
)
from armylist.text.i18n import _


class SlipError(Exception):
    """The round has no slips to print: the message says why and what to do."""


@dataclass(frozen=True)
class SlipRoster:
    """One roster a player may play: its faction and fingerprint, and whether the
    fingerprint is the one `locked:` holds (False: the roster as it is now, never
    locked)."""

    file: str
    faction: str | None
    fingerprint: str | None
    locked: bool


@dataclass(frozen=True)
class SlipPlayer:
    """A player at a table, with the rosters they may play."""

    name: str
    rosters: tuple[SlipRoster, ...]


@dataclass(frozen=True)
class Slip:
    """One table of the round."""

    table: int
    red: SlipPlayer
    blue: SlipPlayer
    mission: str | None = None
    deployment: str | None = None


@dataclass(frozen=True)
class BandRow:
    """A result band of the event's scale: the VP difference it takes (``most``
    None: or more), and the winner's and loser's (MP, TP)."""

    band: Band
    least: int
    most: int | None
    winner: Points
    loser: Points


@dataclass(frozen=True)
class RoundSlips:
    """Every slip of a round, with what each slip repeats: the event and the bands."""

    event: str
    round: int
    slips: tuple[Slip, ...]
    bands: tuple[BandRow, ...]
    bye: str | None


def band_rows(scale: str) -> tuple[BandRow, ...]:
    """The bands of a scale, Annihilation first, with their VP differences."""
    rows = []
    above: int | None = None
    for least, name in BANDS.get(scale, BANDS["standard"]):
        winner, loser = WIN_LOSS[name]
        rows.append(BandRow(name, least, above, winner, loser))
        above = least - 1
    rows.append(BandRow("stalemate", 0, above, STALEMATE, STALEMATE))
    return tuple(rows)


def _drafted(
    event_file: Path, entry: ResultEntry, catalog: Catalog
) -> tuple[str | None, str | None]:
    """The Mission and Deployment Cards the table's game record names, when it
    exists and names them, by their printed names (an unknown one as written); a
    record that cannot be read leaves them blank (the standings say what is wrong
    with it)."""
    if entry.game is None:
        return None, None
    try:
        path = paths.inside(event_file.parent, entry.game.replace("\\", "/"))
        data = yamlsource.load(read_list_file(path).text).data
    except (paths.UnusablePath, UnusableFile, yamlsource.YamlProblem, OSError):
        return None, None
    if not isinstance(data, dict):
        return None, None
    mission, deployment, scale = (
        value if isinstance(value, str) else None
        for value in (data.get("mission"), data.get("deployment"), data.get("scale"))
    )
    scale_card = catalog.scale(scale or "standard")
    scenario_scale = scale_card.scenario_scale if scale_card else "standard"
    mission_card = catalog.mission(mission, scenario_scale) if mission else None
    deployment_card = catalog.deployments.get(deployment) if deployment else None
    return (
        mission_card.name if mission_card else mission,
        deployment_card.name if deployment_card else deployment,
    )


def _rosters(
    event_file: Path, event: Event, catalog: Catalog
) -> dict[str, tuple[SlipRoster, ...]]:
    """Each player's rosters: the locked copy where there is one, else the file."""
    options = list_options(event_file, event)
    found: dict[str, tuple[SlipRoster, ...]] = {}
    for player in event.players or ():
        rosters = []
        for path in roster_paths(event_file, player.rosters, must_exist=False):
            key = locked_key(event_file, path)
            fingerprint = event.locked.get(key)
            copy = copy_path(event_file, key)
            locked = fingerprint is not None
            # the copy `event lock` kept; without it (removed), the file's faction
            source = copy if locked and copy.is_file() else path
            try:
                result = open_list(source, catalog, options=options, label=key).result
            except Refused:
                # a missing roster gets a blank line on the slip, to write in
                rosters.append(SlipRoster(key, None, fingerprint, locked))
                continue
            rosters.append(
                SlipRoster(
                    key,
                    result.faction,
                    fingerprint if locked else result.fingerprint,
                    locked,
                )
            )
        found[player.name] = tuple(rosters)
    return found


def round_tables(
    event_file: Path, event: Event, round_number: int
) -> list[ResultEntry]:
    """The round's tables: its pairings in the event file, table 1 first (as `event
    pair --write` appends them); raises SlipError when it has none."""
    entries = [e for e in event.results if e.round == round_number]
    tables = [e for e in entries if e.bye is None]
    if tables:
        return tables
    last = max((e.round for e in event.results), default=0)
    message = (
        _(
            "round {round} has no pairings in the event file (the last round "
            "paired is {last}): pair it first with `armylist event pair {file} "
            "--round {next} --write`"
        ).format(round=round_number, last=last, file=event_file, next=last + 1)
        if round_number > last
        else _("round {round} has only a bye, and no table").format(round=round_number)
    )
    raise SlipError(f"{event_file}: {message}")


def round_slips(
    event_file: Path, event: Event, catalog: Catalog, round_number: int
) -> RoundSlips:
    """The slips of a round, one per table in the order of the event file; raises
    SlipError when the round has no pairing (or SubmissionError for a roster path
    that leaves the event's folder)."""
    entries = [e for e in event.results if e.round == round_number]
    tables = round_tables(event_file, event, round_number)
    rosters = _rosters(event_file, event, catalog)
    slips = []
    for table, entry in enumerate(tables, start=1):
        red, blue = entry.red or "", entry.blue or ""
        mission, deployment = _drafted(event_file, entry, catalog)
        slips.append(
            Slip(
                table,
                SlipPlayer(red, rosters.get(red, ())),
                SlipPlayer(blue, rosters.get(blue, ())),
                mission,
                deployment,
            )
        )
    bye = next((e.bye for e in entries if e.bye is not None), None)
    return RoundSlips(
        event.name or event_file.stem,
        round_number,
        tuple(slips),
        band_rows(band_scale(event)),
        bye,
    )


def player_factions(event_file: Path, event: Event, catalog: Catalog) -> dict[str, str]:
    """Each player's faction as a pairings board shows it: their rosters' Faction
    Cards (the locked copies'), joined; empty when no roster says."""
    found: dict[str, str] = {}
    for name, rosters in _rosters(event_file, event, catalog).items():
        names = dict.fromkeys(r.faction for r in rosters if r.faction)
        found[name] = " / ".join(names)
    return found


def read_slips(event_file: Path, catalog: Catalog, round_number: int) -> RoundSlips:
    """The event file read, and the slips of its round; raises SlipError for an event
    file that cannot be used or a round with nothing to print."""
    try:
        event = load_event(event_file, catalog)
        return round_slips(event_file, event, catalog, round_number)
    except (EventError, SubmissionError) as error:
        raise SlipError(str(error)) from None

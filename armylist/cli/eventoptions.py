"""How a command reads its lists under `--event EVENT.yaml`: as the event file names
them (its player's name, their scenario cards, its rules)."""

from __future__ import annotations

from pathlib import Path

from armylist.cli.exits import fail
from armylist.engine import ListOptions
from armylist.findings import Refused
from armylist.gamedata.catalog import Catalog
from armylist.organiser.submissions import event_options


def list_options(event: Path | None, catalog: Catalog) -> ListOptions:
    """The options the lists are read with: the event file's with --event, else the
    plain ones; exit with the event's problem when it cannot be used."""
    if event is None:
        return ListOptions()
    try:
        return event_options(event, catalog)[1]
    except Refused as refused:
        fail(refused.message, refused.exit_code)

"""`armylist archive`: events across a season in one file, and what they tell (win
rates per faction and Mission Card, Elo ratings). Importing this module registers the
group and its subcommands, each in its own module."""

from __future__ import annotations

from armylist.cli import archive_add, archive_ratings, archive_stats
from armylist.cli.archive_group import archive_app

__all__ = ["archive_add", "archive_app", "archive_ratings", "archive_stats"]

"""The event archive: events across a season in one SQLite file (`archive add`), and
what it tells (`archive stats`: win rates per faction and Mission Card; `archive
ratings`: Elo per player, overall and per race)."""

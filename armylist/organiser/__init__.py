"""Organiser tools: team games, data-version and list diffs."""

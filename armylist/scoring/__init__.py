"""Scoring a game of StarCraft: TMG round by round from a game record (§8.9-8.10)."""

"""A small legal start of a list (nine Marines under Barracks) that the prompt
builder's tests build on: one text, so that every test starts from the same list."""

SMALL = """\
name: Small
scale: standard
faction: Raynor's Raiders
tactical_cards:
  - Barracks
units:
  - unit: Marine
    models: 9
"""

"""The full-screen army builder (`armylist build` in a terminal), with Textual.

Only this package imports Textual, and only `armylist build` imports this package, so
no other command pays for it at start-up.
"""

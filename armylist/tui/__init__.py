"""Both front-ends of `armylist build`: the full-screen builder (Textual: app.py and
its screens) and the numbered-menu builder (prompts.py, with answers.py), used outside a
terminal (or when asked for) and importing no Textual.

Only the full-screen builder's modules import Textual, and only `armylist build` in a
terminal imports them, so no other command pays for it at start-up.
"""

"""The documented policy of an unattended draft (`--auto`, or no terminal):
`auto_chooser` answers each `Choice` so:

- orientation (organised play): the player without priority orients the Deployment
  from their own side of the table;
- colour: the player with priority takes Red (Red places terrain first);
- control: the player with priority controls the mission draft (the mission sets
  Starting Supply, Escalation and scoring);
- bans: the player without control bans the controller's own cards first (in the order
  the controller listed them), so the pick is between the banning player's cards;
- pick: the controller picks a remaining card they also brought, else the first left.
"""

from __future__ import annotations

from armylist.gameday.draftrecord import Choice, ChoiceKind


def auto_chooser(choice: Choice) -> str:
    """The documented policy for unattended drafts (see the module docstring)."""
    if choice.kind is ChoiceKind.ORIENTATION:
        return choice.options[0]  # the chooser's own side
    if choice.kind is ChoiceKind.COLOUR:
        return "Red"
    if choice.kind is ChoiceKind.CONTROL:
        return "mission"
    if choice.kind is ChoiceKind.BAN:
        theirs = [o for o in choice.options if o not in choice.own]
        return (theirs or choice.options)[0]
    # A pick: a card the controller brought too (from either player), else the first.
    # The card's name comes from `cards`: a player's name may hold " (" too.
    liked = [
        o
        for o in choice.options
        if choice.cards.get(o, o.rsplit(" (", 1)[0]) in choice.brought
    ]
    return (liked or choice.options)[0]

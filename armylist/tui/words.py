"""The builder's keys described in the language of the run.

Textual reads a class's `BINDINGS` when the class is made, at import, and every
node copies them when it is made: the descriptions the key line shows are written in
English (marked with `N_`), and each node that has keys translates its own copy as
it is made (`speak`).
"""

from __future__ import annotations

from dataclasses import replace

from textual.dom import DOMNode

from armylist.text import i18n
from armylist.text.i18n import _


def speak(node: DOMNode) -> None:
    """The descriptions of ``node``'s keys in the language of the run."""
    if i18n.current() == i18n.ENGLISH:
        return
    bindings = node._bindings
    bindings.key_to_bindings = {
        key: [
            replace(binding, description=_(binding.description))
            if binding.description
            else binding
            for binding in keyed
        ]
        for key, keyed in bindings.key_to_bindings.items()
    }

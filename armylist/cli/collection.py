"""`armylist collection`: the models you own (init, show, add, remove).

Each subcommand is in its own module beside this one (`collection_<name>`), registered
on the group of `collection_group` when imported here.
"""

from __future__ import annotations

from armylist.cli import (  # noqa: F401  (each registers its subcommand)
    collection_add,
    collection_init,
    collection_remove,
    collection_show,
)

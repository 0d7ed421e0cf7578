"""`armylist collection`: the models you own (init, show, add, remove).

Each subcommand is in its own module beside this one (`collection_<name>`), registered
on the group of `collection_group` when imported here, in the order of
`armylist collection --help`.
"""

from __future__ import annotations

# isort: off
from armylist.cli import collection_init  # noqa: F401  (registers its subcommand)
from armylist.cli import collection_show  # noqa: F401
from armylist.cli import collection_add  # noqa: F401
from armylist.cli import collection_remove  # noqa: F401

# isort: on

"""`armylist collection`: the models you own (init, show, add, remove).

Each subcommand is in its own module beside this one (`collection_<name>`), imported
at the bottom so it registers on `collection_app`.
"""

from __future__ import annotations

from armylist.cli.app import App, app
from armylist.text.i18n import N_

collection_app = App(
    help=N_(
        "Your collection: the models you own, per unit and in boxes. validate warns "
        "when a list takes more models than you own; fits --owned leaves them out."
    ),
    no_args_is_help=True,
)
app.add_typer(collection_app, name="collection")

# The subcommands register themselves on collection_app when imported.
from armylist.cli import (  # noqa: E402,F401
    collection_add,
    collection_init,
    collection_remove,
    collection_show,
)

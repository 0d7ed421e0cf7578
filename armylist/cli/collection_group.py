"""The `armylist collection` group, which its subcommands register on; `collection`
beside this module imports them all."""

from __future__ import annotations

from armylist.cli.app import App, app
from armylist.text.i18n import N_

collection_app = App(
    help=N_(
        "Your collection: the models you own, per unit and in boxes.\n\n"
        "validate warns when a list takes more models than you own; fits --owned "
        "leaves them out."
    ),
    no_args_is_help=True,
)
app.add_typer(collection_app, name="collection")

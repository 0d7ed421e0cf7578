"""`armylist collection`: the group its commands register on, each in a module of its
own (`collection_init`, `collection_show`, `collection_add`, `collection_remove`)."""

from __future__ import annotations

from armylist.cli.frame import App, app
from armylist.text.i18n import N_

collection_app = App(
    help=N_(
        "Your collection: the models you own, per unit and in boxes.\n\n"
        "validate warns when a list takes more models than you own; fits --owned "
        "leaves them out.\n\n"
        "Examples:\n\n"
        "  armylist collection init\n\n"
        "  armylist collection add Zergling 12\n\n"
        "  armylist collection show"
    ),
    no_args_is_help=True,
)
app.add_typer(collection_app, name="collection")

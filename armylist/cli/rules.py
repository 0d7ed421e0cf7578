"""`rules`: the rules armylist checks, with their codes and documentation."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from armylist.cli.exits import fail
from armylist.cli.frame import app
from armylist.cli.stream import terminal
from armylist.importing import model as imported
from armylist.rules.listing import RULES, by_name, describe, markdown_table
from armylist.text.i18n import N_, _
from armylist.text.names import did_you_mean


@app.command()
def rules(
    name: Annotated[
        str | None,
        typer.Argument(
            help=N_("A rule name or code, or `import` for the import findings.")
        ),
    ] = None,
    markdown: Annotated[
        bool,
        typer.Option(
            "--markdown",
            help=N_("A Markdown table (as on the rules page of the documentation)."),
        ),
    ] = False,
) -> None:
    """Print the rules armylist checks, with their codes and documentation.

    The import findings (AL800-AL819, what `import` and `validate` report about
    another builder's list) follow the rules; `armylist rules import` prints only them.

    Examples: `armylist rules`, `armylist rules slots-exceeded`, `armylist rules AL202`,
    `armylist rules import --markdown`.
    """
    width = terminal().width
    if name == imported.RULE_REF:
        sys.stdout.write(
            imported.markdown_table() if markdown else imported.describe(width=width)
        )
        return
    if markdown:
        sys.stdout.write(markdown_table())
        return
    if name is None:
        sys.stdout.write(describe(RULES, width) + "\n" + imported.describe(width=width))
        return
    rule = by_name(name)
    if rule is not None:
        sys.stdout.write(describe((rule,), width))
        return
    kind = imported.kind_named(name)
    if kind is None:
        everything = [r.name for r in RULES] + [k.rule for k in imported.KINDS]
        everything += [r.code for r in RULES] + [k.code for k in imported.KINDS]
        fail(
            _("no rule {name}{close}; `armylist rules` lists them").format(
                name=repr(name), close=did_you_mean(name, everything)
            )
        )
    sys.stdout.write(imported.describe((kind,), width))

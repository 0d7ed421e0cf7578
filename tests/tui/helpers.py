"""The builder's test helpers: one armylist command, and the application driven by key
presses over a list."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path

from textual.pilot import Pilot
from typer.testing import CliRunner

from armylist.cli import app as cli_app
from armylist.gamedata.catalog import Catalog
from armylist.tui.app import BuildApp
from armylist.tui.session import Session

Script = Callable[[BuildApp, Pilot[object]], Awaitable[None]]

runner = CliRunner()


def cli(*args: str) -> tuple[int, str]:
    """One armylist command: its exit code and what it printed."""
    result = runner.invoke(cli_app, list(args))
    return result.exit_code, result.stdout + result.stderr


def drive(
    catalog: Catalog,
    path: Path,
    script: Script,
    *,
    size: tuple[int, int] = (80, 24),
    new: str | None = None,
) -> BuildApp:
    """Open the builder on a list (or a new starter text), run the key presses of
    ``script``, and return the application to look at."""
    if new is not None:
        session = Session.new(path, catalog, new)
    elif path.exists():
        session = Session.open(path, catalog)
    else:
        session = None
    app = BuildApp(catalog, path, session, blink=False)

    async def run() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await script(app, pilot)
            await pilot.pause()

    asyncio.run(run())
    return app


def message(app: BuildApp) -> str:
    """The line that says what the last change did, or why not."""
    return app.last_message

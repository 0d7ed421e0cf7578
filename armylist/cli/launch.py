"""`main`, the console script: `validate`'s common forms (`quick`) run at once; every
other command goes through the command frame (`frame`, typer), loaded only then."""

from __future__ import annotations

import importlib
import os
import sys

from armylist.cli import quick
from armylist.cli.lasting import lasting
from armylist.cli.stream import forget_bad_sizes, language_warning, visible_output


def main() -> None:
    """Entry point of the `armylist` console script and `python -m armylist`.

    Ctrl-C before a command takes it over (while its modules load) exits 130 without
    a traceback, as a command interrupted does.
    """
    # The package's own handler: `armylist.cli` imports this module, so its names are
    # taken when `main` runs.
    from armylist.cli import interrupted, release_ctrl_c

    try:
        release_ctrl_c()
        argv = sys.argv[1:]
        # Shell completion calls the script with no arguments: the frame answers it.
        if "_ARMYLIST_COMPLETE" not in os.environ:
            asked = quick.validate_args(argv)
            if asked is not None:
                validate_now(asked)
                return
        with lasting():
            frame = importlib.import_module("armylist.cli.frame")
        frame.app_for(argv)(prog_name="armylist")
    except KeyboardInterrupt:
        interrupted()


def validate_now(args: quick.ValidateArgs) -> None:
    """Run `validate` on arguments read without the command frame, as the command
    runs them: its output made visible, its exit code, a closed pipe as exit 1."""
    forget_bad_sizes()
    language_warning()
    with lasting():  # the checking's modules, as `registry` imports a command's
        validating = importlib.import_module("armylist.cli.validating")
    with visible_output():
        try:
            validating.run(args)
        except BrokenPipeError:
            # The reader went away (`armylist validate lists/ | head`): as the command
            # frame does, no traceback and exit 1. What stdout still holds goes to
            # the null device: `visible_output` puts the stream object back, so only
            # its file descriptor can be redirected for the flush at exit.
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            raise SystemExit(1) from None

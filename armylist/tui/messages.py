"""Messages between the builder's dialogs and its main screen."""

from __future__ import annotations

from textual.message import Message


class Changed(Message):
    """A dialog changed the list: the main screen redraws and shows what it did."""

    def __init__(self, done: str) -> None:
        super().__init__()
        self.done = done

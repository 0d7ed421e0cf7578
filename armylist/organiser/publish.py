"""`event publish --round N`: a round's pairings, checked by the organiser, become
published (the event file's `published:`, written with its comments kept)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ruamel.yaml.comments import CommentedSeq

from armylist.editing.yamldoc import ListDocument
from armylist.event.model import Event
from armylist.files import safewrite
from armylist.files.reading import read_list_file
from armylist.organiser.pairing import Pairing, Pairings
from armylist.organiser.rounds import rounds_of, tables
from armylist.text.i18n import _


class PublishError(Exception):
    """The round cannot be published: the message says why and what to do."""


def round_pairings(event: Event, round_number: int) -> Pairings:
    """A round's pairings as the event file holds them; raises PublishError when the
    file has none for that round."""
    if not any(e.round == round_number for e in event.results):
        last = max(rounds_of(event), default=0)
        raise PublishError(
            _(
                "round {round} has no pairings in the event file (the last paired "
                "round is {last}): pair it first with `armylist event pair "
                "EVENT.yaml --round {round} --write`"
            ).format(round=round_number, last=last)
        )
    bye = next(
        (e.bye for e in event.results if e.round == round_number and e.bye), None
    )
    return Pairings(
        round=round_number,
        pairings=tuple(
            Pairing(t.number, t.entry.red or "", t.entry.blue or "")
            for t in tables(event, round_number)
        ),
        bye=bye,
        notes=(),
        seed=0,
    )


def with_published(text: str, event: Event, round_number: int) -> str:
    """The event file's text with the round added to `published:` (made, before
    `results:`, when missing); every comment stays where it was."""
    document = ListDocument(text)
    rounds = sorted({*event.published, round_number})
    value = CommentedSeq(rounds)
    value.fa.set_flow_style()
    keys = [str(key) for key in document.data]
    # A new `published:` goes just before `results:` (else last).
    at = keys.index("results") if "results" in keys else len(keys)
    document.set_value("published", value, [*keys[:at], "published", *keys[at:]])
    return document.text()


@dataclass(frozen=True)
class Published:
    """A round published: its pairings, and whether it was published already."""

    pairings: Pairings
    already: bool


def publish(path: Path, event: Event, round_number: int) -> Published:
    """Add the round to the event file's `published:`, never over a change made
    meanwhile; raises PublishError, safewrite.FileChanged, UnusableFile, OSError."""
    pairings = round_pairings(event, round_number)
    if round_number in event.published:
        return Published(pairings, already=True)
    before = read_list_file(path)
    text = with_published(before.text.replace("\r\n", "\n"), event, round_number)
    # Compared with what was read under a lock just before the rename.
    safewrite.write_text(path, before.as_written(text), expected=before.digest)
    return Published(pairings, already=False)

"""THE reader of the small YAML files (an event, a team, a game record): each read as
its pydantic model with every problem at its line and column (`read_model`)."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

from armylist.files.yamlsource import Document, Position, YamlProblem, load, written
from armylist.text import wording
from armylist.text.i18n import _

if TYPE_CHECKING:
    from pydantic import BaseModel


class Located(NamedTuple):
    """One problem of a file at its place."""

    position: Position
    message: str


class FileProblem(Exception):
    """A small YAML file (an event, a team, a game record) that cannot be read as its
    model: every problem found, each at its line and column."""

    def __init__(self, file: str, problems: list[Located]) -> None:
        self.file = file
        self.problems = problems
        super().__init__(str(self))

    def __str__(self) -> str:
        return "\n".join(
            f"{self.file}:{p.position.line}:{p.position.column}: {p.message}"
            for p in self.problems
        )


# How one pydantic error reads, and where: the caller's words for its own file kind.
Describe = Callable[[Any, Document], Located]
Model = TypeVar("Model", bound="BaseModel")


def located(item: Any, document: Document) -> Position:
    """Where a pydantic error points: an unknown key at the key, a value at itself."""
    path = tuple(p for p in item["loc"] if isinstance(p, str | int))
    if item["type"] == "extra_forbidden":
        return document.where_key(path)
    return document.where(path)


def read_as_decimal(
    item: Any, document: Document, lines: Sequence[str] = ()
) -> Located | None:
    """A whole number a side file writes with a thousands mark that YAML reads as a
    decimal (`minerals: 3.000` is three), said in words; None for any other error."""
    if not isinstance(item["input"], float):
        return None
    key = str(item["loc"][0]) if item["loc"] else ""
    at = located(item, document)
    words = wording.decimal_words(written(lines, at), item["input"], key, key)
    return Located(at, "; ".join(words)) if words else None


def read_model(
    text: str,
    model: type[Model],
    *,
    file: str,
    shape: str,
    describe: Describe,
    empty: bool = False,
    leave: Collection[str] = (),
) -> tuple[Model, Document]:
    """THE reader of the small YAML files: load, refuse duplicate keys, validate the
    model, and put every problem at its place; raises FileProblem.

    ``shape`` says what the file is when it is no mapping ("a team file is a mapping
    like `minerals: 4000` ..."); ``describe`` words each schema error; with
    ``empty``, an empty file is an empty mapping (every key optional); the keys in
    ``leave`` are not validated here (the caller reads them with its own checks).
    """
    try:
        document = load(text)
    except YamlProblem as problem:
        raise FileProblem(file, [Located(problem.position, problem.message)]) from None
    if document.duplicates:
        # The loader keeps the first value: a second one must not pass unseen.
        raise FileProblem(
            file,
            [
                Located(
                    d.position,
                    _("the key {key} is given twice (first on line {line})").format(
                        key=repr(d.key), line=d.first.line
                    ),
                )
                for d in document.duplicates
            ],
        )
    data = {} if document.data is None and empty else document.data
    if not isinstance(data, dict):
        raise FileProblem(file, [Located(document.where(()), shape)])
    # Loaded here: a run that checks lists reads no file of this kind.
    from pydantic import ValidationError

    try:
        return (
            model.model_validate({k: v for k, v in data.items() if k not in leave}),
            document,
        )
    except ValidationError as error:
        raise FileProblem(
            file, [describe(item, document) for item in error.errors()]
        ) from None

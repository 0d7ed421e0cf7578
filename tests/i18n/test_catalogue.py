"""The Spanish catalogue is complete and sound: every message the code marks (and every
command's help) has a Spanish translation with the same placeholders and markup, and
the catalogue holds nothing fuzzy and nothing the code no longer says.

A new English message cannot land untranslated: `tools/catalog` adds it to the `.po`,
and this test fails until its `msgstr` is filled. Failures are listed one a line as
`file:line: msgid` so that what is left to translate can be read at a glance.
"""

from __future__ import annotations

import string
from collections import Counter
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest
import typer.main
from babel.messages.catalog import Catalog, Message, TranslationError
from babel.messages.checkers import num_plurals
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po
from projectpaths import ROOT
from rich.errors import StyleSyntaxError
from rich.markup import RE_TAGS
from rich.style import Style
from typer._click import Context

from armylist.cli import app, translated
from armylist.text.extract import KEYWORDS

PO = ROOT / "armylist" / "text" / "locale" / "es" / "LC_MESSAGES" / "armylist.po"
SHOWN = 40  # problems listed in full per kind; the rest counted

MessageId = str | tuple[str, ...]


@cache
def extracted() -> dict[MessageId, list[str]]:
    """Every message the code marks, with where (`armylist/x.py:12`), and every note,
    source and convention of the game data (`factions/x.yaml:3`), extracted as
    `tools/catalog` extracts them: Babel with our `babel.cfg` and keywords, over the
    same two folders."""
    with (ROOT / "babel.cfg").open(encoding="utf-8") as config:
        method_map, options_map = parse_mapping_cfg(config)
    found: dict[MessageId, list[str]] = {}
    for folder in ("armylist", "factions"):
        for filename, line, message, _, _ in extract_from_dir(
            str(ROOT / folder),
            method_map,
            options_map,
            keywords={**DEFAULT_KEYWORDS, **KEYWORDS},
        ):
            found.setdefault(message, []).append(f"{folder}/{filename}:{line}")
    return found


@cache
def catalogue() -> Catalog:
    with PO.open("rb") as stream:
        return read_po(stream, locale="es", domain="armylist")


def key(message: MessageId) -> str:
    return message[0] if isinstance(message, tuple) else message


def shown(message: MessageId) -> str:
    text = key(message).replace("\n", "\\n")
    return text if len(text) <= 90 else text[:87] + "..."


def where(message: MessageId) -> str:
    places = extracted().get(message) or extracted().get(key(message)) or ["?"]
    return places[0] + (f" (+{len(places) - 1})" if len(places) > 1 else "")


def report(kind: str, problems: list[str]) -> None:
    if problems:
        listed = problems[:SHOWN]
        more = len(problems) - len(listed)
        pytest.fail(
            f"{len(problems)} {kind}:\n"
            + "\n".join(listed)
            + (f"\n... and {more} more" if more else ""),
            pytrace=False,
        )


def forms(message: Message) -> list[str]:
    return (
        list(message.string) if isinstance(message.string, tuple) else [message.string]
    )


def entries() -> Iterator[Message]:
    return (m for m in catalogue() if m.id)


def test_every_message_of_the_code_has_a_spanish_translation() -> None:
    missing = []
    for message in sorted(extracted(), key=lambda m: where(m)):
        entry = catalogue().get(key(message))
        if entry is None:
            missing.append(
                f"{where(message)}: not in the .po (run tools/catalog): {shown(message)}"
            )
        elif not all(forms(entry)) or (
            isinstance(message, tuple) and len(forms(entry)) < catalogue().num_plurals
        ):
            missing.append(f"{where(message)}: {shown(message)}")
    report("messages without a Spanish translation", missing)


def test_no_entry_is_fuzzy() -> None:
    fuzzy = [f"{where(m.id)}: {shown(m.id)}" for m in entries() if m.fuzzy]
    report("fuzzy entries (check the translation, then drop `#, fuzzy`)", fuzzy)


def test_no_entry_is_obsolete() -> None:
    said = {key(m) for m in extracted()}
    stale = [f"armylist.po: {shown(m.id)}" for m in entries() if key(m.id) not in said]
    stale += [f"armylist.po (#~): {shown(m.id)}" for m in catalogue().obsolete.values()]
    report("obsolete entries (the code no longer says them: run tools/catalog)", stale)


def _placeholders(text: str) -> Counter[str]:
    """The `{name!r:>4}` fields of a text, as written (`{{` is no field)."""
    try:
        fields = string.Formatter().parse(text)
        return Counter(
            "{"
            + name
            + (f"!{conversion}" if conversion else "")
            + (f":{spec}" if spec else "")
            + "}"
            for _, name, spec, conversion in fields
            if name is not None
        )
    except ValueError:
        return Counter({"<not a format string>": 1})


def _markup(text: str) -> list[str] | None:
    """Rich's style tags of a text in order (`[bold]`, `[/]`), or None when a tag is
    closed that was not open or one is left open."""
    tags, open_ = [], []
    for match in RE_TAGS.finditer(text):
        escapes, tag = match.group(2), match.group(3)
        if len(escapes) % 2:
            continue  # `\[bold]` is written as text
        if tag.startswith("/"):
            if not open_ or tag not in ("/", "/" + open_[-1]):
                return None
            open_.pop()
        else:
            try:
                Style.parse(tag)
            except StyleSyntaxError:
                continue  # `[default: {}]`, `[required]`: brackets, not a style
            open_.append(tag)
        tags.append(tag)
    return None if open_ else sorted(tags)


def test_translations_keep_placeholders_and_markup() -> None:
    problems = []
    for message in entries():
        originals = list(message.id) if isinstance(message.id, tuple) else [message.id]
        for translation in forms(message):
            if not translation:
                continue
            wanted = [_placeholders(o) for o in originals]
            if _placeholders(translation) not in wanted:
                problems.append(
                    f"{where(message.id)}: placeholders {sorted(_placeholders(translation))} "
                    f"instead of {sorted(wanted[0])}: {shown(message.id)}"
                )
            if _markup(translation) != _markup(originals[0]):
                problems.append(
                    f"{where(message.id)}: Rich markup differs or is unbalanced: {shown(message.id)}"
                )
    # Babel's own check of the plural forms. Its python-format check is not run:
    # armylist never formats with `%`, and it reads "10 % del" as a conversion.
    for message in entries():
        try:
            num_plurals(catalogue(), message)
        except TranslationError as error:
            problems.append(f"{where(message.id)}: {error}: {shown(message.id)}")
    report("translations that change placeholders or markup", problems)


def _english(thing: Any, attribute: str) -> Any:
    """A help as the code writes it: a help shown in Spanish earlier in the process
    keeps its English beside it (`translated._translate`), the catalogue's key."""
    return getattr(thing, f"{translated._ORIGINAL}_{attribute}", None) or getattr(
        thing, attribute, None
    )


def _helps(command: Any, path: str) -> Iterator[tuple[str, str]]:
    ctx = Context(command, info_name=path.rsplit(" ", 1)[-1])
    if _english(command, "help"):
        yield path, _english(command, "help")
    for param in command.get_params(ctx):
        if _english(param, "help") and not getattr(param, "hidden", False):
            name = param.opts[0] if param.opts else param.name
            yield f"{path} {name}", _english(param, "help")
    for name, sub in getattr(command, "commands", {}).items():
        yield from _helps(sub, f"{path} {name}")


def test_every_help_text_shown_is_translated() -> None:
    root = typer.main.get_command(app)
    problems = []
    for place, help_text in _helps(root, "armylist"):
        entry = catalogue().get(help_text)
        if entry is None or not all(forms(entry)):
            said = "not a message of the catalogue" if entry is None else "untranslated"
            problems.append(f"{place}: {said}: {shown(help_text)}")
    report("help texts shown in English", problems)


def test_the_markup_check_tells_style_tags_from_brackets() -> None:
    assert _markup("[bold]3[/] of [red]5[/red]") == _markup(
        "[red]5[/red] de [bold]3[/]"
    )
    assert _markup("[bold]3 sin cerrar") is None
    assert _markup("[default: {}]") == _markup("[por defecto: {}]") == []
    assert _placeholders("{a!r} y {b}") == _placeholders("{b} and {a!r}")
    assert _placeholders("{a}") != _placeholders("{a!r}")


def test_the_catalogue_passes_babels_own_checks() -> None:
    # What `pybabel compile` checks before it writes a `.mo` (the number of plural
    # forms, %-format placeholders): a text Babel takes for %-formatted ("10% of")
    # would make it refuse the catalogue.
    failed = [
        f"{where(message.id)}: {shown(message.id)}: {'; '.join(map(str, errors))}"
        for message, errors in catalogue().check()
    ]
    report("entries Babel's checks refuse", failed)

"""`armylist import`: sources in (files, folders, SCT1 codes, share codes), list files
out.

Every source is imported before anything is written, and no file is ever replaced: a
batch writes all its lists or none (exit 2 with the reason), unless `--keep-going`
writes the ones that imported. In a folder each list is named after the file it came
from (`ben-TTPIBA.json` -> `ben-TTPIBA.yaml`), so an organiser keeps who sent what.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from armylist.door.batch import failed_on
from armylist.door.discovery import YAML_SUFFIXES, discover
from armylist.engine import NotAList, check_source
from armylist.files.reading import STDIN, UnusableFile, read_list_bytes
from armylist.files.safewrite import TargetExists, write_text
from armylist.findings import EXIT_INVALID, EXIT_OK, EXIT_USAGE, Refused, is_valid
from armylist.gamedata.catalog import Catalog
from armylist.importing.detect import SHARE_CODE
from armylist.importing.fetch import fetch_shared_roster
from armylist.importing.model import ImportFailure, ImportFormat, ImportResult
from armylist.importing.render import to_yaml
from armylist.text.i18n import _, os_reason


@dataclass(frozen=True)
class Source:
    """One thing to import: its name (path, code), its bytes, and whether it is a
    file (its written list is named after it)."""

    name: str
    data: bytes
    is_file: bool = True


def read_source(argument: str) -> Source:
    """A file's bytes (with a list file's limits; ``-`` is standard input), or an SCT1
    code given as itself.

    Raises ImportFailure with one line when the path cannot be read.
    """
    path = Path(argument)
    code = argument.strip()
    # A file of that name still wins: a code is read as itself only when no file is.
    if code[:4].upper() == "SCT1" and not _is_file(path):
        return Source(code, code.encode(), is_file=False)
    if SHARE_CODE.fullmatch(code.upper()) and not _is_file(path):
        raise ImportFailure(
            _(
                "no such file: {argument} (a Command Center share code is fetched with --seed {value})"
            ).format(argument=argument, value=code.upper())
        )
    try:
        data = read_list_bytes(path, argument)
    except UnusableFile as error:
        raise ImportFailure(error.message) from None
    return Source(argument, data, is_file=argument != STDIN)


def _is_folder(path: Path) -> bool:
    try:
        return path.is_dir()
    except OSError:  # a seed code is longer than a file name may be
        return False


def _is_file(path: Path) -> bool:
    try:
        return path.exists() or path.is_symlink()
    except OSError:  # a seed code is longer than a file name may be
        return False


def fetch_source(code: str, base_url: str | None) -> Source:
    """A Command Center shared roster fetched by its share code (FetchError if not)."""
    return Source(
        code.strip().upper(), fetch_shared_roster(code, base_url), is_file=False
    )


@dataclass(frozen=True)
class Imported:
    """A source imported: its list, and the name of the file it goes to in a folder."""

    result: ImportResult
    file_name: str


@dataclass
class Batch:
    """What a batch imported, the one-line reason of each source that failed, and
    the files of a folder left out as no list."""

    imported: list[Imported] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)

    @property
    def results(self) -> list[ImportResult]:
        """The lists imported, in the order of the sources."""
        return [i.result for i in self.imported]

    @property
    def exit_code(self) -> int:
        """1 when a source failed or an import finding is an error (the lists are
        still written), else 0."""
        findings = [f for r in self.results for f in r.findings]
        return EXIT_OK if is_valid(findings) and not self.failures else EXIT_INVALID


def _failure(name: str, failure: ImportFailure) -> str:
    message = str(failure)
    # most messages name the source already ("x.json is not a mk source ...")
    return message if name in message else f"{name}: {message}"


def import_one(
    source: Source, fmt: ImportFormat | None, catalog: Catalog, *, found: bool = False
) -> Imported:
    """One source through the engine's door: the import, with the builder's totals
    compared with the list's one check. Raises ImportFailure when it is no list of
    another builder (of the ``fmt`` given); with ``found`` (a folder's file), NotAList
    when it is plainly no list."""
    checked = check_source(source.data, source.name, catalog, found=found)
    result = checked.imported
    if result is None:
        if checked.context is not None and checked.context.army is not None:
            raise ImportFailure(
                _(
                    "{name} is an armylist list already: nothing to import (check it with `armylist validate {name}`)"
                ).format(name=source.name)
            )
        findings = checked.result.findings
        raise ImportFailure(findings[0].message if findings else _("nothing to import"))
    if fmt is not None and checked.form != fmt.value:
        raise ImportFailure(
            _("{name} is not {format} (--from {value}): it is {detected}").format(
                name=source.name,
                format=fmt.described,
                value=fmt.value,
                detected=ImportFormat(checked.form).described,
            )
        )
    # A file's list is named after it, as the organiser received it; a code's after
    # the list's own name.
    stem = Path(source.name).stem if source.is_file else ""
    return Imported(result, f"{stem}.yaml" if stem else result.file_name())


def _sources(arguments: Sequence[str]) -> list[tuple[str, bool]]:
    """The arguments with each folder replaced by the other builders' files found in
    it (its YAML lists are armylist's already), each with whether it was found."""
    named: list[tuple[str, bool]] = []
    for argument in arguments:
        if argument != STDIN and _is_folder(Path(argument)):
            named.extend(
                (str(entry.path), True)
                for entry in discover([Path(argument)])
                if entry.path.suffix.lower() not in YAML_SUFFIXES
            )
        else:
            named.append((argument, False))
    return named


def import_all(
    arguments: Sequence[str],
    seeds: Sequence[str],
    fmt: ImportFormat | None,
    catalog: Catalog,
    *,
    seed_url: str | None = None,
) -> Batch:
    """Import every source (a folder: every other builder's list found in it); a
    source that cannot be imported is a failure line."""
    batch = Batch()
    for argument, found in _sources(arguments):
        try:
            source = read_source(argument)
            batch.imported.append(import_one(source, fmt, catalog, found=found))
        except NotAList as not_a_list:
            batch.skipped.append(f"{not_a_list.file}: {not_a_list.reason}")
        except ImportFailure as failure:
            batch.failures.append(_failure(argument, failure))
        except Exception as error:  # one source never stops the batch
            batch.failures.append(f"{argument}: {failed_on(error)}")
    for code in seeds:
        try:
            source = fetch_source(code, seed_url)
            batch.imported.append(import_one(source, fmt, catalog))
        except ImportFailure as failure:
            batch.failures.append(_failure(code, failure))
    return batch


def _numbered(names: list[str]) -> list[str]:
    """Each name once: a second 'money.yaml' of the batch becomes 'money-2.yaml'."""
    seen: set[str] = set()
    unique = []
    for name in names:
        stem, suffix = name.rsplit(".", 1)
        candidate, n = name, 1
        # case-insensitive, as the file systems of Windows and macOS are
        while candidate.lower() in seen:
            n += 1
            candidate = f"{stem}-{n}.{suffix}"
        seen.add(candidate.lower())
        unique.append(candidate)
    return unique


def output_paths(imported: Sequence[Imported], target: str) -> list[Path]:
    """Where each list goes: ``target`` itself (one list) or a file in the folder.

    ``target`` is a folder when it is one, ends in a slash, or several lists are
    imported. Refuses (exit 2) a file that exists, or a file given for several lists.
    """
    output = Path(target)
    slash = target.endswith(("/", os.sep))
    as_folder = len(imported) > 1 or output.is_dir() or slash
    if as_folder:
        if output.exists() and not output.is_dir():
            raise Refused(
                _(
                    "-o {output} is a file: several lists go to a folder, one .yaml each"
                ).format(output=output),
                EXIT_USAGE,
            )
        named_as_file = output.suffix.lower() in (".yaml", ".yml") and not slash
        if named_as_file and not output.exists():
            # a folder named "both.yaml" is never what was meant
            raise Refused(
                _(
                    "-o {output} names a list file, but {imported} lists go to a folder, one .yaml each: give -o FOLDER/"
                ).format(output=output, imported=len(imported)),
                EXIT_USAGE,
            )
        paths = [output / name for name in _numbered([i.file_name for i in imported])]
    else:
        paths = [output]
    existing = [str(p) for p in paths if p.exists() or p.is_symlink()]
    if existing:
        raise Refused(
            _(
                "{value} exists already: armylist import never replaces a file; move it away or give another -o (nothing was written)"
            ).format(value=", ".join(existing)),
            EXIT_USAGE,
        )
    return paths


def write_lists(paths: Sequence[Path], results: Sequence[ImportResult]) -> None:
    """Write each list atomically; on any failure remove what this batch wrote."""
    written: list[Path] = []
    try:
        for path, result in zip(paths, results, strict=True):
            path.parent.mkdir(parents=True, exist_ok=True)
            write_text(path, to_yaml(result), overwrite=False)
            written.append(path)
    except TargetExists as exists:
        _remove(written)
        raise Refused(
            _("{exists} appeared while importing: nothing was written").format(
                exists=exists
            ),
            EXIT_USAGE,
        ) from None
    except OSError as error:
        _remove(written)
        # the list file, never the atomic write's temporary file beside it
        where = paths[len(written)] if len(written) < len(paths) else error.filename
        raise Refused(
            _("cannot write {where}: {value} (nothing was written)").format(
                where=where, value=os_reason(error)
            ),
            EXIT_USAGE,
        ) from None


def _remove(paths: Sequence[Path]) -> None:
    for path in paths:
        # best effort: the error that stopped the batch is the one to report
        with contextlib.suppress(OSError):
            path.unlink()

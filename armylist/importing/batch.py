"""`armylist import`: sources in (files, SCT1 codes, share codes), list files out.

Every source is imported before anything is written, and no file is ever replaced: a
batch either writes all its lists or none (exit 2 with the reason).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from armylist.checked import Refused
from armylist.findings import EXIT_INVALID, EXIT_OK, EXIT_USAGE, is_valid
from armylist.gamedata.catalog import Catalog
from armylist.importing.api import import_source
from armylist.importing.detect import SHARE_CODE
from armylist.importing.fetch import fetch_shared_roster
from armylist.importing.model import ImportFailure, ImportFormat, ImportResult
from armylist.listfile import UnusableFile, read_list_bytes
from armylist.safewrite import TargetExists, write_text


@dataclass(frozen=True)
class Source:
    """One thing to import: its name (path, code) and its bytes."""

    name: str
    data: bytes


def read_source(argument: str) -> Source:
    """A file's bytes (with a list file's limits), or an SCT1 code given as itself.

    Raises ImportFailure with one line when the path cannot be read.
    """
    path = Path(argument)
    code = argument.strip()
    # A file of that name still wins: a code is read as itself only when no file is.
    if code[:4].upper() == "SCT1" and not _is_file(path):
        return Source(code, code.encode())
    if SHARE_CODE.fullmatch(code.upper()) and not _is_file(path):
        raise ImportFailure(
            f"no such file: {argument} (a Command Center share code is fetched with "
            f"--seed {code.upper()})"
        )
    try:
        return Source(argument, read_list_bytes(path, argument))
    except UnusableFile as error:
        raise ImportFailure(error.message) from None


def _is_file(path: Path) -> bool:
    try:
        return path.exists() or path.is_symlink()
    except OSError:  # a seed code is longer than a file name may be
        return False


def fetch_source(code: str, base_url: str | None) -> Source:
    """A Command Center shared roster fetched by its share code (FetchError if not)."""
    return Source(code.strip().upper(), fetch_shared_roster(code, base_url))


@dataclass
class Batch:
    """What a batch imported, and the one-line reason of each source that failed."""

    results: list[ImportResult] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)

    @property
    def exit_code(self) -> int:
        """1 when an import finding is an error (the list is still written), else 0."""
        findings = [f for r in self.results for f in r.findings]
        return EXIT_OK if is_valid(findings) else EXIT_INVALID


def _failure(name: str, failure: ImportFailure) -> str:
    message = str(failure)
    # most messages name the source already ("x.json is not a mk source ...")
    return message if name in message else f"{name}: {message}"


def import_all(
    arguments: Sequence[str],
    seeds: Sequence[str],
    fmt: ImportFormat | None,
    catalog: Catalog,
    *,
    seed_url: str | None = None,
) -> Batch:
    """Import every source; a source that cannot be imported is a failure line."""
    batch = Batch()
    for argument in arguments:
        try:
            source = read_source(argument)
            batch.results.append(import_source(source.data, source.name, fmt, catalog))
        except ImportFailure as failure:
            batch.failures.append(_failure(argument, failure))
    for code in seeds:
        try:
            source = fetch_source(code, seed_url)
            batch.results.append(import_source(source.data, source.name, fmt, catalog))
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


def output_paths(results: Sequence[ImportResult], target: str) -> list[Path]:
    """Where each list goes: ``target`` itself (one list) or a file in the folder.

    ``target`` is a folder when it is one, ends in a slash, or several lists are
    imported. Refuses (exit 2) a file that exists, or a file given for several lists.
    """
    output = Path(target)
    slash = target.endswith(("/", os.sep))
    as_folder = len(results) > 1 or output.is_dir() or slash
    if as_folder:
        if output.exists() and not output.is_dir():
            raise Refused(
                f"-o {output} is a file: several lists go to a folder, one .yaml each",
                EXIT_USAGE,
            )
        named_as_file = output.suffix.lower() in (".yaml", ".yml") and not slash
        if named_as_file and not output.exists():
            # a folder named "both.yaml" is never what was meant
            raise Refused(
                f"-o {output} names a list file, but {len(results)} lists go to a "
                "folder, one .yaml each: give -o FOLDER/",
                EXIT_USAGE,
            )
        paths = [output / name for name in _numbered([r.file_name() for r in results])]
    else:
        paths = [output]
    existing = [str(p) for p in paths if p.exists() or p.is_symlink()]
    if existing:
        raise Refused(
            f"{', '.join(existing)} exists already: armylist import never replaces a "
            "file; move it away or give another -o (nothing was written)",
            EXIT_USAGE,
        )
    return paths


def write_lists(paths: Sequence[Path], results: Sequence[ImportResult]) -> None:
    """Write each list atomically; on any failure remove what this batch wrote."""
    written: list[Path] = []
    try:
        for path, result in zip(paths, results, strict=True):
            path.parent.mkdir(parents=True, exist_ok=True)
            write_text(path, result.to_yaml(), overwrite=False)
            written.append(path)
    except TargetExists as exists:
        _remove(written)
        raise Refused(
            f"{exists} appeared while importing: nothing was written", EXIT_USAGE
        ) from None
    except OSError as error:
        _remove(written)
        # the list file, never the atomic write's temporary file beside it
        where = paths[len(written)] if len(written) < len(paths) else error.filename
        raise Refused(
            f"cannot write {where}: {error.strerror or error} (nothing was written)",
            EXIT_USAGE,
        ) from None


def _remove(paths: Sequence[Path]) -> None:
    for path in paths:
        # best effort: the error that stopped the batch is the one to report
        with contextlib.suppress(OSError):
            path.unlink()

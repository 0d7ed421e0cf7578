"""armylist's benchmark: each speed target as a ratio of CPU time against an honest floor.

Run after the README's install command, with the bench extra for the peer:
    pip install -e ".[bench]"; python tests/benchmarks/run.py [--quick] [--count N]

THE figure is CPU time: user + system of the whole child process and of every process
it waited for (`os.wait4`), which a busy machine inflates far less than the wall clock
(printed beside it). Every ratio is measured side by side in this one run, on this
machine, with the runs of a subject and of its floor interleaved (floor, subject,
floor, subject, ...) so that a busy moment falls on both; each figure is a median, and
the machine's load average is printed before and after. A target is met with margin
when the median is at least 0.1x under it (what survives the machine's swing).

1. Cold start. A fresh `armylist validate lists/official-example.yaml` against a bare
   `python -c "import yaml, pydantic.main, rich.console, rich.table, typer"`, the import
   cost of the stack itself, in English and in Spanish (`ARMYLIST_LANG=es`: the compiled
   catalogue is read at start-up). Target: at most 1.5x in both.
2. Peer. The same fresh `armylist validate` against `check-jsonschema --schemafile
   <schema> lists/official-example.yaml`, the schema being `armylist schema`'s. Measured
   when check-jsonschema is installed (the bench extra). Target: at most 0.75x.
3. Batch. `armylist validate DIR --format json` over a generated mix of 1,000 lists
   (tests/benchmarks/mix.py: every Faction Card at every scale, about 40 % illegal with
   every kind of mistake, so every hint's search runs), against a bare
   `yaml.load(text, CSafeLoader)` + `json.dumps` over the same files in a fresh Python,
   start-up included in both. Target: at most 3x; on 1,000 legal lists, at most 2.5x.
4. Peak RSS of the largest process of that batch. Target: under 100 MB.
5. Workers: `--jobs 2` against `--jobs 1` on 5,000 lists of the mix, by the wall clock
   (what workers buy; their CPU time is the same work plus the workers' start).
   Target: faster by a tenth at least, on a machine with two idle cores.
6. Linearity: the CPU time per list added from 1,000 to 10,000 lists against the CPU time
   per list of the first 1,000 after start-up. Target: at most 10% more (a later list
   may cost less: the batch's stores of lines read and offers worded fill as it goes).
   `--quick` skips 5 and 6.

"Cold" means a fresh process with the game-data cache warm: the validated catalog is
kept as a pickle in the cache folder after the first run (armylist/gamedata/loading.py),
so every run but a user's very first finds it. The benchmark points XDG_CACHE_HOME at
a scratch folder, fills it once, and also prints (as information, not a target) a
first run with an empty cache.
"""

from __future__ import annotations

import argparse
import compileall
import itertools
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import mix  # the generated lists, beside this file

ROOT = Path(__file__).resolve().parents[2]
LISTS = ROOT / "lists"
OFFICIAL = LISTS / "official-example.yaml"
BIN = Path(sys.executable).parent
ARMYLIST = shutil.which("armylist", path=str(BIN)) or "armylist"
CHECK_JSONSCHEMA = shutil.which("check-jsonschema", path=str(BIN)) or shutil.which(
    "check-jsonschema"
)
STACK_IMPORTS = "import yaml, pydantic.main, rich.console, rich.table, typer"

# The floor of the batch: read, parse with libyaml, serialise, as armylist must at least.
BARE_BATCH = """
import json, sys
from pathlib import Path
import yaml
out = []
for path in sorted(Path(sys.argv[1]).rglob("*.yaml")):
    try:
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=yaml.CSafeLoader)
    except yaml.YAMLError as error:
        data = {"error": str(error)}
    out.append(json.dumps({"file": str(path), "data": data}))
sys.stdout.write("[" + ",".join(out) + "]")
"""


@dataclass(frozen=True)
class Run:
    """One child process: wall seconds, CPU seconds (its children too), peak RSS."""

    wall: float
    cpu: float
    rss_kib: int


def run(
    command: Sequence[str], env: dict[str, str], ok: tuple[int, ...] = (0, 1)
) -> Run:
    """Run one child process to the end, its output discarded."""
    start = time.perf_counter()
    child = subprocess.Popen(
        command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env
    )
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    code = os.waitstatus_to_exitcode(status)
    if code not in ok:
        raise SystemExit(f"{' '.join(command)} failed with exit {code}")
    # wait4 counts the child and every descendant it waited for (pool workers).
    return Run(wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss)


def side_by_side(
    commands: dict[str, Callable[[], Run]], repeat: int
) -> dict[str, list[Run]]:
    """Each command once to warm the file cache, then `repeat` interleaved rounds."""
    for measure in commands.values():
        measure()
    runs: dict[str, list[Run]] = {name: [] for name in commands}
    for _ in range(repeat):
        for name, measure in commands.items():
            runs[name].append(measure())
    return runs


def median(runs: list[Run], field: str) -> float:
    """The median of one field over runs."""
    return statistics.median(float(getattr(r, field)) for r in runs)


# A median this far under its target survives the machine's swing.
MARGIN = 0.1


@dataclass(frozen=True)
class Row:
    """One line of the table: what, the figures, the target and its verdict."""

    name: str
    value: str
    target: str = ""
    met: bool | None = None
    margin: bool = True

    def verdict(self) -> str:
        """met / met without margin / MISSED / nothing for an informative row."""
        if self.met is None:
            return ""
        if not self.met:
            return "MISSED"
        return "met" if self.margin else "met, without the 0.1x margin"


def ratio_row(name: str, subject: list[Run], floor: list[Run], most: float) -> Row:
    """A subject's CPU median over its floor's, the wall clock's ratio beside it."""
    cpu = median(subject, "cpu") / median(floor, "cpu")
    wall = median(subject, "wall") / median(floor, "wall")
    return Row(
        name,
        f"{cpu:.2f}x CPU (wall {wall:.2f}x)",
        f"<= {most}x",
        cpu <= most,
        cpu <= most - MARGIN,
    )


def figure(name: str, runs: list[Run]) -> Row:
    """One command's CPU median, its wall-clock median beside it."""
    return Row(name, f"{ms(median(runs, 'cpu'))} CPU ({ms(median(runs, 'wall'))} wall)")


def load() -> str:
    """The machine's load averages over 1, 5 and 15 minutes."""
    return ", ".join(f"{value:.2f}" for value in os.getloadavg())


def main() -> None:
    """Measure every target and print the table."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--repeat", type=int, default=15, help="rounds per median")
    parser.add_argument("--count", type=int, default=1_000, help="lists in the mix")
    parser.add_argument(
        "--quick", action="store_true", help="skip the 5,000 and 10,000 lists"
    )
    args = parser.parse_args()
    # Byte-compile the package as a regular install does, so an editable install (or
    # PYTHONDONTWRITEBYTECODE) does not charge compilation to every run.
    compileall.compile_dir(str(ROOT / "armylist"), quiet=1)
    # And compile the Spanish catalogue as the build does (hatch_build.py): a `.po`
    # newer than its `.mo` would be compiled in memory at every Spanish start.
    from armylist.text import i18n

    locale_dir = ROOT / "armylist" / "text" / "locale"
    for po in sorted(locale_dir.glob("*/LC_MESSAGES/*.po")):
        i18n.compile_language(po, locale_dir)
    before = load()
    rows: list[Row] = []
    with tempfile.TemporaryDirectory() as scratch_name:
        scratch = Path(scratch_name)
        env = {k: v for k, v in os.environ.items() if k != "GITHUB_ACTIONS"}
        env["XDG_CACHE_HOME"] = str(scratch / "cache")
        for name in ("ARMYLIST_NO_CACHE", "PYTHONDONTWRITEBYTECODE", "ARMYLIST_LANG"):
            env.pop(name, None)
        rows += cold_start(scratch, env, args.repeat)
        rows += batch(scratch, env, max(3, args.repeat // 3), args.count)
        if not args.quick:
            rows += workers(scratch, env, max(3, args.repeat // 5))
            rows += linear(scratch, env, max(3, args.repeat // 5), args.count)
    print(
        f"armylist benchmark on {platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}, {platform.system()}; "
        f"load average {before} before, {load()} after"
    )
    widths = [
        max(len(getattr(r, f)) for r in rows) for f in ("name", "value", "target")
    ]
    for row in rows:
        print(
            f"{row.name:<{widths[0]}}  {row.value:<{widths[1]}}  "
            f"{row.target:<{widths[2]}}  {row.verdict()}".rstrip()
        )


def cold_start(scratch: Path, env: dict[str, str], repeat: int) -> list[Row]:
    """Targets 1 and 2: fresh processes on the official example."""
    validate = [ARMYLIST, "validate", str(OFFICIAL)]
    fresh = itertools.count()

    def empty() -> Path:
        """A cache folder no run has used yet."""
        return scratch / f"empty-{next(fresh)}"

    commands: dict[str, Callable[[], Run]] = {
        "floor": lambda: run([sys.executable, "-c", STACK_IMPORTS], env),
        "armylist": lambda: run(validate, env),
        # The same in Spanish: the compiled catalogue read at start-up.
        "spanish": lambda: run(validate, dict(env, ARMYLIST_LANG="es")),
        # A user's very first run: no cached catalog, so the game data is validated.
        "first": lambda: run(validate, dict(env, XDG_CACHE_HOME=str(empty()))),
    }
    if CHECK_JSONSCHEMA:
        schema = scratch / "armylist.schema.json"
        subprocess.run(
            [ARMYLIST, "schema", "-o", str(schema)],
            check=True,
            env=env,
            timeout=60,
            capture_output=True,
        )
        peer = [CHECK_JSONSCHEMA, "--schemafile", str(schema), str(OFFICIAL)]
        commands["peer"] = lambda: run(peer, env)
    runs = side_by_side(commands, repeat)
    rows = [
        figure(
            "floor: import yaml, pydantic.main, rich.console/table, typer",
            runs["floor"],
        ),
        figure("armylist validate official-example.yaml", runs["armylist"]),
        ratio_row(
            "1. cold start: armylist / floor", runs["armylist"], runs["floor"], 1.5
        ),
        figure("armylist validate, in Spanish (ARMYLIST_LANG=es)", runs["spanish"]),
        ratio_row(
            "1. cold start in Spanish: armylist / floor",
            runs["spanish"],
            runs["floor"],
            1.5,
        ),
    ]
    if "peer" in runs:
        rows += [
            figure("check-jsonschema on the same list", runs["peer"]),
            ratio_row(
                "2. peer: armylist / check-jsonschema",
                runs["armylist"],
                runs["peer"],
                0.75,
            ),
            ratio_row(
                "2. peer in Spanish: armylist / check-jsonschema",
                runs["spanish"],
                runs["peer"],
                0.75,
            ),
        ]
    else:
        rows.append(Row("2. peer: check-jsonschema not installed", "not measured"))
    rows.append(figure("   (information) first run, empty cache", runs["first"]))
    return rows


def folder(scratch: Path, count: int, *, legal_only: bool = False) -> Path:
    """A generated folder of ``count`` lists (made once per run)."""
    path = scratch / f"{'legal' if legal_only else 'mix'}-{count}"
    if not path.exists():
        mix.write(path, count, legal_only=legal_only)
    return path


def validate(path: Path, env: dict[str, str], *more: str) -> Callable[[], Run]:
    """`armylist validate FOLDER --format json`, as a measurement."""
    command = [ARMYLIST, "validate", str(path), "--format", "json", *more]
    return lambda: run(command, env)


def bare(path: Path, env: dict[str, str]) -> Callable[[], Run]:
    """The batch's floor over the same folder, as a measurement."""
    command = [sys.executable, "-c", BARE_BATCH, str(path)]
    return lambda: run(command, env, ok=(0,))


def batch(scratch: Path, env: dict[str, str], repeat: int, count: int) -> list[Row]:
    """Targets 3 and 4: one `validate DIR --format json` call over many lists."""
    mixed, legal = folder(scratch, count), folder(scratch, count, legal_only=True)
    runs = side_by_side(
        {
            "bare": bare(mixed, env),
            "armylist": validate(mixed, env),
            "bare legal": bare(legal, env),
            "legal": validate(legal, env),
        },
        repeat,
    )
    rss = max(r.rss_kib for r in runs["armylist"]) / 1024
    lists = f"{count:,} lists"
    return [
        figure(f"floor: yaml.load(CSafeLoader) + json.dumps, {lists}", runs["bare"]),
        figure(f"validate DIR --format json, {lists} of the mix", runs["armylist"]),
        ratio_row(
            "3. batch on the mix: armylist / floor", runs["armylist"], runs["bare"], 3
        ),
        figure(f"floor on {lists}, all legal", runs["bare legal"]),
        figure(f"validate DIR --format json, {lists}, all legal", runs["legal"]),
        ratio_row(
            "3. batch, all legal: armylist / floor",
            runs["legal"],
            runs["bare legal"],
            2.5,
        ),
        Row(
            "4. peak RSS of the batch on the mix (largest process)",
            f"{rss:.0f} MB",
            "< 100 MB",
            rss < 100,
        ),
    ]


def workers(scratch: Path, env: dict[str, str], repeat: int) -> list[Row]:
    """Target 5: `--jobs 2` against `--jobs 1` on 5,000 lists, by the wall clock."""
    big = folder(scratch, 5_000)
    runs = side_by_side(
        {
            "one": validate(big, env, "--jobs", "1"),
            "two": validate(big, env, "--jobs", "2"),
        },
        repeat,
    )
    wall = median(runs["two"], "wall") / median(runs["one"], "wall")
    return [
        figure("validate 5,000 lists --jobs 1", runs["one"]),
        figure("validate 5,000 lists --jobs 2", runs["two"]),
        Row(
            "5. workers: --jobs 2 / --jobs 1, wall clock",
            f"{wall:.2f}x (CPU {median(runs['two'], 'cpu') / median(runs['one'], 'cpu'):.2f}x)",
            "<= 0.9x",
            wall <= 0.9,
        ),
    ]


def linear(scratch: Path, env: dict[str, str], repeat: int, count: int) -> list[Row]:
    """Target 6: the CPU time per list does not grow from 1,000 to 10,000 lists."""
    runs = side_by_side(
        {
            "one": validate(folder(scratch, 1), env),
            "first": validate(folder(scratch, count), env),
            "ten": validate(folder(scratch, 10 * count), env),
        },
        repeat,
    )
    fixed, first = median(runs["one"], "cpu"), median(runs["first"], "cpu")
    per_first = (first - fixed) / (count - 1)
    per_next = (median(runs["ten"], "cpu") - first) / (9 * count)
    change = per_next / per_first - 1
    rss = max(r.rss_kib for r in runs["ten"]) / 1024
    return [
        Row(
            f"6. linear: CPU per list, first {count:,} vs the next {9 * count:,}",
            f"{per_list(per_first)} vs {per_list(per_next)} ({change:+.0%})",
            "<= +10%",
            change <= 0.10,
        ),
        Row(
            f"   peak RSS at {10 * count:,} lists",
            f"{rss:.0f} MB",
            "< 100 MB",
            rss < 100,
        ),
    ]


def ms(seconds: float) -> str:
    """Seconds as whole milliseconds."""
    return f"{seconds * 1000:.0f} ms"


def per_list(seconds: float) -> str:
    """CPU seconds per list, in milliseconds."""
    return f"{seconds * 1000:.3f} ms CPU/list"


if __name__ == "__main__":
    main()

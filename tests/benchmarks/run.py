"""armylist's benchmark: each speed target as a ratio against an honest floor.

Run after the README's install command:  python tests/benchmarks/run.py [--quick]

Every ratio is measured side by side in this one run, on this machine, with the runs of
a subject and of its floor interleaved (floor, subject, floor, subject, ...) so that a
busy moment of the machine falls on both; each figure is a median.

1. Cold start. A fresh `armylist validate lists/official-example.yaml` against a bare
   `python -c "import yaml, pydantic.main, rich.console, rich.table, typer"`, the import
   cost of the stack itself, in English and in Spanish (`ARMYLIST_LANG=es`: the compiled
   catalogue is read at start-up). Target: at most 1.5x in both.
2. Peer. The same fresh `armylist validate` against `check-jsonschema --schemafile
   <schema> lists/official-example.yaml`, the schema being `armylist schema`'s. Measured
   only when check-jsonschema is installed (it is not a test dependency).
   Target: at most 0.75x.
3. Batch. CPU time (user + system, worker processes included) per list of
   `armylist validate DIR --format json` over 1,000 generated lists, against a bare
   `yaml.load(text, CSafeLoader)` + `json.dumps` over the same files in a fresh Python.
   Both figures are the whole command's CPU time divided by the number of lists, start-up
   included. Target: at most 4x.
4. Peak RSS of the largest process of that batch. Target: under 100 MB.
5. Linearity: the CPU time per list added from 1,000 to 10,000 lists against the CPU time
   per list of the first 1,000 after start-up. Target: within 10%. `--quick` skips it.

"Cold" means a fresh process with the game-data cache warm: the validated catalog is
kept as a pickle in the cache folder after the first run (armylist/gamedata/catalog.py),
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
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import yaml

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


def mutate(text: str, rng: random.Random) -> str:
    """Some lists stay legal; others get a typical mistake."""
    roll = rng.random()
    if roll < 0.15:
        return text.replace("models: 9", "models: 7", 1).replace(
            "models: 6", "models: 5", 1
        )
    if roll < 0.25:
        return text.replace("units:\n", "units:\n- unit: Pylon\n", 1)
    if roll < 0.35:
        return text.replace("faction:", "factio:", 1)
    if roll < 0.40:
        return text + "\nunits: [\n"
    return text


def make_lists(folder: Path, count: int, seed: int = 2026) -> None:
    """Lists as a builder writes them (no comment headers), a third of them illegal."""
    rng = random.Random(seed)
    sources = [
        yaml.safe_dump(yaml.safe_load(p.read_text(encoding="utf-8")), sort_keys=False)
        for p in sorted(LISTS.glob("*.yaml"))
    ]
    folder.mkdir(parents=True, exist_ok=True)
    for i in range(count):
        (folder / f"list-{i:05d}.yaml").write_text(
            mutate(rng.choice(sources), rng), encoding="utf-8"
        )


@dataclass(frozen=True)
class Row:
    """One line of the table: what, the figures, the target and its verdict."""

    name: str
    value: str
    target: str = ""
    met: bool | None = None

    def verdict(self) -> str:
        """met / MISSED / nothing for an informative row."""
        if self.met is None:
            return ""
        return "met" if self.met else "MISSED"


def main() -> None:
    """Measure every target and print the table."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--repeat", type=int, default=11, help="rounds per median")
    parser.add_argument("--quick", action="store_true", help="skip the 10,000 lists")
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
    rows: list[Row] = []
    with tempfile.TemporaryDirectory() as scratch_name:
        scratch = Path(scratch_name)
        env = {k: v for k, v in os.environ.items() if k != "GITHUB_ACTIONS"}
        env["XDG_CACHE_HOME"] = str(scratch / "cache")
        env.pop("ARMYLIST_NO_CACHE", None)
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        rows += cold_start(scratch, env, args.repeat)
        rows += batch(scratch, env, max(3, args.repeat // 3), args.quick)
    print(
        f"armylist benchmark on {platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}, {platform.system()}, "
        f"load average {os.getloadavg()[0]:.2f}"
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
    floor, single = median(runs["floor"], "wall"), median(runs["armylist"], "wall")
    # CPU time as well: on a busy machine it says whether a wall-time ratio is noise.
    cpu = {name: median(r, "cpu") for name, r in runs.items()}
    ratio = single / floor
    rows = [
        Row("floor: import yaml, pydantic.main, rich.console/table, typer", ms(floor)),
        Row("armylist validate official-example.yaml (cache warm)", ms(single)),
        Row(
            "1. cold start: armylist / floor",
            f"{ratio:.2f}x (CPU {cpu['armylist'] / cpu['floor']:.2f}x)",
            "<= 1.5x",
            ratio <= 1.5,
        ),
    ]
    spanish = median(runs["spanish"], "wall")
    rows += [
        Row("armylist validate, in Spanish (ARMYLIST_LANG=es)", ms(spanish)),
        Row(
            "1. cold start in Spanish: armylist / floor",
            f"{spanish / floor:.2f}x (CPU {cpu['spanish'] / cpu['floor']:.2f}x)",
            "<= 1.5x",
            spanish / floor <= 1.5,
        ),
    ]
    if "peer" in runs:
        peer_time = median(runs["peer"], "wall")
        rows.append(Row("check-jsonschema on the same list", ms(peer_time)))
        rows.append(
            Row(
                "2. peer: armylist / check-jsonschema",
                f"{single / peer_time:.2f}x (CPU {cpu['armylist'] / cpu['peer']:.2f}x)",
                "<= 0.75x",
                single / peer_time <= 0.75,
            )
        )
    else:
        rows.append(Row("2. peer: check-jsonschema not installed", "not measured"))
    rows.append(
        Row(
            "   (information) first run, empty cache", ms(median(runs["first"], "wall"))
        )
    )
    return rows


def batch(scratch: Path, env: dict[str, str], repeat: int, quick: bool) -> list[Row]:
    """Targets 3, 4 and 5: one `validate DIR --format json` call over many lists."""
    folders = {}
    for count in (1, 1_000) if quick else (1, 1_000, 10_000):
        folders[count] = scratch / f"lists-{count}"
        make_lists(folders[count], count)

    def armylist(count: int) -> Callable[[], Run]:
        command = [ARMYLIST, "validate", str(folders[count]), "--format", "json"]
        return lambda: run(command, env)

    def bare(count: int) -> Callable[[], Run]:
        command = [sys.executable, "-c", BARE_BATCH, str(folders[count])]
        return lambda: run(command, env, ok=(0,))

    runs = side_by_side(
        {"bare": bare(1_000), "armylist": armylist(1_000), "one": armylist(1)}, repeat
    )
    bare_cpu = median(runs["bare"], "cpu") / 1_000
    cpu = median(runs["armylist"], "cpu") / 1_000
    wall = median(runs["armylist"], "wall")
    rss = max(r.rss_kib for r in runs["armylist"]) / 1024
    rows = [
        Row(
            "floor: yaml.load(CSafeLoader) + json.dumps, 1,000 lists",
            per_list(bare_cpu),
        ),
        Row(
            "validate DIR --format json, 1,000 lists",
            f"{per_list(cpu)} ({wall:.2f} s wall)",
        ),
        Row(
            "3. batch: armylist / floor",
            f"{cpu / bare_cpu:.2f}x",
            "<= 4x",
            cpu / bare_cpu <= 4,
        ),
        Row(
            "4. peak RSS of that batch (largest process)",
            f"{rss:.0f} MB",
            "< 100 MB",
            rss < 100,
        ),
    ]
    if not quick:
        fixed = median(runs["one"], "cpu")
        ten = [armylist(10_000)() for _ in range(max(1, repeat // 2))]
        per_1k = (cpu * 1_000 - fixed) / 999
        per_10k = (median(ten, "cpu") - cpu * 1_000) / 9_000
        change = per_10k / per_1k - 1
        rss_10k = max(r.rss_kib for r in ten) / 1024
        rows.append(
            Row(
                "5. linear: CPU per list, first 1,000 vs the next 9,000",
                f"{per_list(per_1k)} vs {per_list(per_10k)} ({change:+.0%})",
                "within 10%",
                abs(change) <= 0.10,
            )
        )
        rows.append(
            Row(
                "   peak RSS at 10,000 lists",
                f"{rss_10k:.0f} MB",
                "< 100 MB",
                rss_10k < 100,
            )
        )
    return rows


def ms(seconds: float) -> str:
    """Seconds as whole milliseconds."""
    return f"{seconds * 1000:.0f} ms"


def per_list(seconds: float) -> str:
    """CPU seconds per list, in milliseconds."""
    return f"{seconds * 1000:.3f} ms CPU/list"


if __name__ == "__main__":
    main()

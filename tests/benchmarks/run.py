"""armylist's benchmark: start-up against the import floor, batch throughput, memory.

Run after the README's install command:  python tests/benchmarks/run.py [--quick]

It prints one table:
1. the floor: `python -c "import yaml, pydantic, rich, typer"` (median of N runs);
2. `armylist validate lists/official-example.yaml` as a fresh process (median of N);
3. the ratio 2 / 1 (target: at most 1.5);
4. 1,000 generated legal and illegal lists in one `armylist validate DIR --format json`:
   wall time and lists per second (target: at least 2,000 per second);
5. the peak memory (RSS) of that batch (target: under 100 MB);
and the cost per list for 1,000 and 10,000 lists (target: within 10%).
"""

from __future__ import annotations

import argparse
import compileall
import os
import platform
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
LISTS = ROOT / "lists"
OFFICIAL = LISTS / "official-example.yaml"
BIN = Path(sys.executable).parent
ARMYLIST = shutil.which("armylist", path=str(BIN)) or "armylist"


def run(command: list[str]) -> tuple[float, int]:
    """Wall seconds and peak RSS (KiB) of one child process."""
    start = time.perf_counter()
    child = subprocess.Popen(
        command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    _, status, usage = os.wait4(child.pid, 0)
    elapsed = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(command)} failed with exit {child.returncode}")
    return elapsed, usage.ru_maxrss


def median_time(command: list[str], repeat: int) -> float:
    run(command)  # warm the file cache
    return statistics.median(run(command)[0] for _ in range(repeat))


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


def batch(folder: Path) -> tuple[float, int]:
    return run([ARMYLIST, "validate", str(folder), "--format", "json"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=15, help="runs per median")
    parser.add_argument("--quick", action="store_true", help="skip the 10,000 lists")
    args = parser.parse_args()
    # Byte-compile the package as a regular install does, so an editable install (or
    # PYTHONDONTWRITEBYTECODE) does not charge compilation to every run.
    compileall.compile_dir(str(ROOT / "armylist"), quiet=1)

    floor = median_time(
        [sys.executable, "-c", "import yaml, pydantic, rich, typer"], args.repeat
    )
    single = median_time([ARMYLIST, "validate", str(OFFICIAL)], args.repeat)
    with tempfile.TemporaryDirectory() as scratch:
        thousand = Path(scratch) / "1000"
        make_lists(thousand, 1_000)
        batch(thousand)  # warm
        wall, rss = batch(thousand)
        # The cost per list leaves out the fixed start-up (one list in batch mode).
        one = Path(scratch) / "1"
        make_lists(one, 1)
        fixed = statistics.median(batch(one)[0] for _ in range(3))
        per_list_1k = (wall - fixed) / 1_000
        per_list_10k = None
        if not args.quick:
            ten_thousand = Path(scratch) / "10000"
            make_lists(ten_thousand, 10_000)
            per_list_10k = (batch(ten_thousand)[0] - fixed) / 10_000

    rows = [
        ("1. import floor (yaml, pydantic, rich, typer)", f"{floor * 1000:.0f} ms", ""),
        ("2. armylist validate official example", f"{single * 1000:.0f} ms", ""),
        ("3. ratio 2 / 1", f"{single / floor:.2f}", "<= 1.5"),
        (
            "4. 1,000 lists in one call",
            f"{wall:.2f} s, {1_000 / wall:,.0f} lists/s",
            ">= 2,000 lists/s",
        ),
        ("5. peak RSS of that batch", f"{rss / 1024:.0f} MB", "< 100 MB"),
    ]
    if per_list_10k is not None:
        change = per_list_10k / per_list_1k - 1
        rows.append(
            (
                "   per list after start-up: 1,000 vs 10,000",
                f"{per_list_1k * 1e3:.3f} ms vs {per_list_10k * 1e3:.3f} ms "
                f"({change:+.0%})",
                "within 10%",
            )
        )
    print(
        f"armylist benchmark on {platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}, {platform.system()}"
    )
    width = max(len(r[0]) for r in rows)
    for name, value, target in rows:
        print(f"{name:<{width}}  {value:<32}  {target}")


if __name__ == "__main__":
    main()

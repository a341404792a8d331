#!/usr/bin/env python3
"""Peak memory and time of ``casino validate`` on one big JSON Lines line (not run in CI).

Each case is a valid record plus one user-data array (``"_data"``) of tiny items filling
the line to SIZE megabytes (default 15; the line limit is 16): the shapes that cost the
most memory per byte once parsed. Reports the child's peak resident set (ru_maxrss), its
ratio to the line's size, and seconds. The bounds the project keeps (issue 17): peak at
most 64 x the line and at most 500 MB at the limit, time linear in the size (compare
``--size 4`` with ``--size 15``).

    python bench/line_memory.py
    python bench/line_memory.py --size 4 --case objects
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

# name: the repeated item (objects-at-cap: 1,990,000 objects, then ints to the size)
CASES = {
    "ints": b"0,",
    "big-ints": b"123456,",
    "floats": b"1.5,",
    "strings": b'"",',
    "short-strings": b'"ab",',
    "objects": b"{},",  # refused beyond the container limit: the cap holds
    "arrays": b"[],",
    "objects-at-cap": b"{},",
    "nested": b"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[0]]]]]]]]]]]]]]]]]]]]]]]]]]]]]],",
}


def record_line() -> bytes:
    sim = subprocess.run(
        [sys.executable, "-m", "casino_cli", "simulate", "--games", "1", "--seed", "bench"],
        capture_output=True,
        check=True,
    )
    return sim.stdout.strip()


def build(base: bytes, case: str, megabytes: float) -> bytes:
    item = CASES[case]
    room = int(megabytes * 1024 * 1024) - len(base) - 20
    if case == "objects-at-cap":
        capped = item * 1_990_000
        body = capped + b"0," * ((room - len(capped)) // 2)
    else:
        body = item * (room // len(item))
    return base[:-1] + b',"_data":[' + body[:-1] + b"]}\n"


def measure(path: Path) -> tuple[int, float, int]:
    """(exit code, seconds, peak RSS in kB) of one ``casino validate`` run."""
    started = time.perf_counter()
    pid = os.fork()
    if pid == 0:  # a fresh child per case, so its ru_maxrss is this run's own peak
        quiet = os.open(os.devnull, os.O_WRONLY)
        os.dup2(quiet, 1)
        os.dup2(quiet, 2)
        os.execv(sys.executable, [sys.executable, "-m", "casino_cli", "validate", str(path)])
    _, status, usage = os.wait4(pid, 0)
    return os.waitstatus_to_exitcode(status), time.perf_counter() - started, usage.ru_maxrss


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=float, default=15.0, help="megabytes per line (default 15)")
    parser.add_argument("--case", choices=sorted(CASES), action="append", help="only these cases")
    args = parser.parse_args()
    base = record_line()
    print(f"{'case':<16}{'MB':>7}{'exit':>6}{'seconds':>9}{'peak MB':>9}{'x line':>8}")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "line.jsonl"
        for case in args.case or list(CASES):
            line = build(base, case, args.size)
            path.write_bytes(line)
            code, seconds, peak_kb = measure(path)
            size_mb = len(line) / 1024 / 1024
            peak_mb = peak_kb / 1024
            print(f"{case:<16}{size_mb:>7.1f}{code:>6}{seconds:>9.1f}{peak_mb:>9.0f}{peak_mb / size_mb:>8.1f}")


if __name__ == "__main__":
    main()

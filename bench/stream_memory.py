#!/usr/bin/env python3
"""Peak memory and speed of ``casino validate`` on a long JSON Lines stream (not run in CI).

Builds a stream of about SIZE megabytes (default 100) by repeating the records of
``casino simulate --games 200``, then runs ``casino validate`` on it and reports the peak
resident set (the child's ru_maxrss, and VmHWM polled from /proc while it runs) and
records per second. A reader that streams keeps the peak flat whatever the size:
compare ``--size 10`` with ``--size 100``.

    python bench/stream_memory.py                # ~100 MB
    python bench/stream_memory.py --size 10 --keep /tmp/stream.jsonl
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path


def build_stream(path: Path, megabytes: float, games: int, seed: str) -> int:
    """Write the stream; returns the number of records."""
    sim = subprocess.run(
        [sys.executable, "-m", "casino_cli", "simulate", "--games", str(games), "--seed", seed],
        capture_output=True,
        check=True,
    )
    lines = [line + b"\n" for line in sim.stdout.splitlines()]
    target = int(megabytes * 1024 * 1024)
    written = records = 0
    with path.open("wb") as out:
        while written < target:
            line = lines[records % len(lines)]
            out.write(line)
            written += len(line)
            records += 1
    return records


def poll_hwm(pid: int, peak: list[int], done: threading.Event) -> None:
    status = Path(f"/proc/{pid}/status")
    while not done.is_set():
        try:
            for row in status.read_text().splitlines():
                if row.startswith("VmHWM:"):
                    peak[0] = max(peak[0], int(row.split()[1]))
        except (OSError, ValueError):
            pass
        time.sleep(0.05)


def validate(path: Path) -> tuple[int, int, float, bytes]:
    """(exit code, peak RSS in kB, seconds, stderr) of ``casino validate PATH``."""
    started = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-m", "casino_cli", "validate", str(path)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    peak, done = [0], threading.Event()
    poller = threading.Thread(target=poll_hwm, args=(proc.pid, peak, done), daemon=True)
    poller.start()
    err = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - started
    done.set()
    proc.returncode = os.waitstatus_to_exitcode(status)
    return proc.returncode, max(peak[0], usage.ru_maxrss), elapsed, err


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=float, default=100, help="stream size in MB (default 100)")
    parser.add_argument("--games", type=int, default=200, help="distinct simulated records to repeat")
    parser.add_argument("--seed", default="bench")
    parser.add_argument("--keep", type=Path, help="write the stream here and keep it")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = args.keep or Path(tmp) / "stream.jsonl"
        t0 = time.perf_counter()
        records = build_stream(path, args.size, args.games, args.seed)
        size = path.stat().st_size
        print(f"stream: {records} records, {size / 1024 / 1024:.1f} MB (built in {time.perf_counter() - t0:.1f} s)")
        code, peak_kb, seconds, err = validate(path)
        print(
            f"casino validate: exit {code}, {seconds:.1f} s, {records / seconds:,.0f} records/s, "
            f"{size / 1024 / 1024 / seconds:.2f} MB/s"
        )
        print(f"peak RSS: {peak_kb / 1024:.1f} MB")
        print(err.decode().strip())
    return 0 if code == 0 else 1


if __name__ == "__main__":
    sys.exit(main())

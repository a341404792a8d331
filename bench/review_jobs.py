"""``casino review`` of a stream with --jobs 1 and --jobs 2, side by side.

--records R records (whole games of greedy against random, classic, 2 players, from
``casino simulate --seed bench``; made once, not timed) are reviewed by each command in
turn, --rounds times, interleaved. The figure is wall time, best and median: the point of
more workers is to finish sooner, and their CPU time is spent in other processes, so CPU
time would show no gain. Not pinned (it measures two cores); on a machine shared with
other work, --jobs 2 gains only what the second core has to spare: note the load printed.
Usage: python bench/review_jobs.py [--records N] [--rounds N]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

from _common import machine_facts, print_wall, wall_rounds


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--records", type=int, default=6, help="records in the stream (default 6)")
    ap.add_argument("--rounds", type=int, default=3, help="runs of each command, interleaved (default 3)")
    args = ap.parse_args()
    casino = [sys.executable, "-m", "casino_cli"]
    games = ["simulate", "--games", str(args.records), "--seed", "bench", "--bots", "greedy,random"]
    facts = machine_facts("not pinned (the point is to use both cores)")
    with tempfile.TemporaryDirectory() as folder:
        stream = Path(folder) / "games.jsonl"
        stream.write_bytes(subprocess.run([*casino, *games], capture_output=True, check=True).stdout)
        commands = {
            f"--jobs {jobs}": [*casino, "review", str(stream), "-f", "json", "--jobs", str(jobs)] for jobs in (1, 2)
        }
        times = wall_rounds(commands, args.rounds)
    print(f"review_jobs: casino review of {args.records} whole games, {args.rounds} interleaved rounds, wall time")
    print(f"[{facts}]")
    print_wall(times, 9)


if __name__ == "__main__":
    main()

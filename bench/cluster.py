"""When a Dask cluster pays: ``casino simulate`` with --jobs 1, --jobs 2 and --dask on a
LocalCluster of two worker processes, side by side.

--games G games (random bots, classic, 2 players) are simulated by each command in
turn, --rounds times, interleaved; the table gives wall time (the point of spreading
work is to finish sooner, so here wall time is the figure; the cluster's CPU time is
spent in its worker processes) best and median, and the ratios to --jobs 1. It also
shows the CPU time of one default Dask task (per_task_default(GAMES_PER_TASK) games, in this process).
Needs ``pip install 'casino-cli[dask]'``. One machine cannot show what many give: the
ratio --dask / --jobs 2 here is the overhead, which many machines repay.
Usage: python bench/cluster.py [--games N] [--rounds N]
"""

from __future__ import annotations

import argparse
import sys
import time

from _common import machine_facts, print_wall, wall_rounds


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "--games",
        type=int,
        default=1200,
        help="games per run (default 1200: four default tasks of the pure engine, two of the compiled one)",
    )
    ap.add_argument("--rounds", type=int, default=2, help="runs of each command, interleaved (default 2)")
    args = ap.parse_args()
    try:
        from distributed import LocalCluster
    except ImportError:
        sys.exit("Dask is not installed (pip install 'casino-cli[dask]'); nothing to measure")
    from casino_cli.cli.cluster import GAMES_PER_TASK, per_task_default
    from casino_cli.cli.cmd_simulate import game_line
    from casino_cli.engine import make_rules

    rules = make_rules("classic", 2)
    task = per_task_default(GAMES_PER_TASK)
    cpu = time.process_time()
    for number in range(1, task + 1):
        game_line(rules, "bench", number, ["random", "random"], None)
    task_cpu = time.process_time() - cpu

    facts = machine_facts("not pinned (the point is to use both cores)")
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0") as cluster:
        base = [sys.executable, "-m", "casino_cli", "simulate", "--games", str(args.games), "--seed", "bench"]
        commands = {
            "--jobs 1": base,
            "--jobs 2": [*base, "--jobs", "2"],
            "--dask (2 local workers)": [*base, "--dask", cluster.scheduler_address],
        }
        times = wall_rounds(commands, args.rounds)
    print(f"cluster: casino simulate --games {args.games}, {args.rounds} interleaved rounds, wall time")
    print(f"[{facts}]")
    print(f"one default task ({task} games): {task_cpu:.2f} s CPU")
    print_wall(times, 26)


if __name__ == "__main__":
    main()

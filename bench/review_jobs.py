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

from _common import casino_output, compare_jobs, jobs_args


def main() -> None:
    args = jobs_args(__doc__, "records", 6)
    stream = casino_output("simulate", "--games", str(args.records), "--seed", "bench", "--bots", "greedy,random")
    compare_jobs(
        f"review_jobs: casino review of {args.records} whole games", stream, ["review", "-f", "json"], args.rounds
    )


if __name__ == "__main__":
    main()

"""``casino hint`` of a stream of positions with --jobs 1 and --jobs 2, side by side.

--positions P positions (those of the replay of whole games of greedy against random,
classic, 2 players, from ``casino simulate --seed bench``; made once, not timed) are
hinted by each command in turn, --rounds times, interleaved: wall time, best and median,
as in review_jobs.py (CPU time would show no gain; not pinned; note the load printed).
Usage: python bench/hint_jobs.py [--positions N] [--rounds N]
"""

from __future__ import annotations

from _common import casino_output, compare_jobs, jobs_args


def main() -> None:
    args = jobs_args(__doc__, "positions", 120)
    games = casino_output("simulate", "--games", "4", "--seed", "bench", "--bots", "greedy,random")
    replayed = casino_output("replay", "-", "-f", "jsonl", stdin=games).splitlines(keepends=True)
    stream = b"".join(replayed[: args.positions])
    assert len(replayed) >= args.positions, f"the games have {len(replayed)} positions"
    compare_jobs(f"hint_jobs: casino hint of {args.positions} positions", stream, ["hint", "-f", "json"], args.rounds)


if __name__ == "__main__":
    main()

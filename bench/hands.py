"""Engine throughput in-process: random full hands per second, and legal-move
listings per second over positions met in random play.

What it measures, for classic / royal / american-royal with 2 players and
classic / royal with 4 (partnerships):

1. Hands per second. Each hand starts from ``start_position(rules,
   seeded_deck("bench-hands/<variant>/<players>/<i>"), dealer)`` and is played to
   the end (``pos.finished``) by listing ``legal_moves(pos)``, choosing one with a
   seeded ``random.Random`` and applying it with ``play_judged(pos, move, facts)``.
   The same --hands hands are played --repeat times (same seeds, same work, the
   engine's memo tables cleared before each); the best wall time counts, and the
   best CPU time of this process (time.process_time) is shown next to it: on a
   busy core it is the steadier figure. Moves per second (positions listed and
   played) are shown too.
2. Listings per second. --positions positions per configuration are collected
   first from seeded random play (not timed), then ``legal_moves`` is timed over
   all of them: "cold" = memo tables cleared before the pass (best of --repeat,
   wall and CPU time), "warm" = one more pass right after, the tables as that pass
   left them (the table-groups cache keeps only recent tables, so warm is close to cold).

Deterministic seeds; one core (pinned to CPU 0 with os.sched_setaffinity where
available). Usage: python bench/hands.py [--hands N] [--positions N] [--repeat N] [--json]
"""

from __future__ import annotations

import argparse
import random
import time

from _common import CONFIGS, clear_caches, collect_positions, machine_facts, pin_one_core, random_hand, report

from casino_cli.engine import legal_moves, make_rules


def time_hands(variant: str, players: int, hands: int, repeat: int) -> tuple[float, float, int]:
    """Best wall and best CPU time of playing ``hands`` seeded random hands, and the moves played."""
    rules = make_rules(variant, players)
    best, best_cpu, played = float("inf"), float("inf"), 0
    for _ in range(repeat):
        clear_caches()
        rng = random.Random(f"bench-hands/{variant}/{players}")  # same choices every repeat
        start, cpu = time.perf_counter(), time.process_time()
        played = sum(random_hand(rules, f"bench-hands/{variant}/{players}/{i}", rng) for i in range(hands))
        best = min(best, time.perf_counter() - start)
        best_cpu = min(best_cpu, time.process_time() - cpu)
    return best, best_cpu, played


def time_listing(positions: list, repeat: int) -> tuple[float, float, float, int, int]:
    """(best cold wall time, best cold CPU time, warm wall time, moves listed, truncated
    listings) over ``positions``."""
    cold, cold_cpu = float("inf"), float("inf")
    for _ in range(repeat):
        clear_caches()
        start, cpu = time.perf_counter(), time.process_time()
        for pos in positions:
            legal_moves(pos)
        cold = min(cold, time.perf_counter() - start)
        cold_cpu = min(cold_cpu, time.process_time() - cpu)
    start = time.perf_counter()
    for pos in positions:  # warm: the memo tables hold what the last pass left
        legal_moves(pos)
    warm = time.perf_counter() - start
    # Counted apart, untimed: keeping 20,000 listings alive would time the garbage collector.
    listings = [legal_moves(pos) for pos in positions]
    return cold, cold_cpu, warm, sum(len(m.moves) for m in listings), sum(m.truncated for m in listings)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=200, help="hands per configuration (default 200)")
    ap.add_argument(
        "--positions",
        type=int,
        default=4000,
        help="positions per configuration for the listing (default 4000; 20,000 in all)",
    )
    ap.add_argument("--repeat", type=int, default=3, help="timed repeats, best counts (default 3)")
    ap.add_argument("--json", action="store_true", help="print one JSON object instead of tables")
    args = ap.parse_args()
    facts = machine_facts(pin_one_core())

    rows, results = [], []
    for label, variant, players in CONFIGS:
        secs, cpu, played = time_hands(variant, players, args.hands, args.repeat)
        positions = collect_positions(variant, players, args.positions, "bench-list")
        cold, cold_cpu, warm, listed, truncated = time_listing(positions, args.repeat)
        n = len(positions)
        results.append(
            {
                "config": label,
                "variant": variant,
                "players": players,
                "hands": args.hands,
                "hands_seconds": round(secs, 4),
                "hands_per_s": round(args.hands / secs, 1),
                "hands_per_cpu_s": round(args.hands / cpu, 1),
                "moves_per_hand": round(played / args.hands, 1),
                "moves_per_s": round(played / secs),
                "positions": n,
                "listings_per_s_cold": round(n / cold),
                "listings_per_cpu_s_cold": round(n / cold_cpu),
                "listings_per_s_warm": round(n / warm),
                "us_per_listing_cold": round(cold / n * 1e6, 1),
                "mean_moves_listed": round(listed / n, 2),
                "truncated_listings": truncated,
            }
        )
        r = results[-1]
        rows.append(
            [
                label,
                r["hands_per_s"],
                r["hands_per_cpu_s"],
                r["moves_per_s"],
                r["listings_per_s_cold"],
                r["listings_per_cpu_s_cold"],
                r["listings_per_s_warm"],
                r["mean_moves_listed"],
                truncated,
            ]
        )
    header = [
        "config",
        "hands/s",
        "hands/cpu-s",
        "moves/s",
        "list/s cold",
        "list/cpu-s cold",
        "list/s warm",
        "moves/list",
        "truncated",
    ]
    report(
        "hands: random full hands and legal-move listings, in-process",
        header,
        rows,
        {"repeat": args.repeat, "results": results},
        facts,
        args.json,
    )
    if not args.json:
        print(
            f"(hands: {args.hands} per config, {results[0]['moves_per_hand']} moves each; listings: "
            f"{args.positions} random-play positions per config; best of {args.repeat}; cold = memo caches "
            "cleared first; cpu-s = per second of this process's CPU time, less hurt by a busy core)"
        )


if __name__ == "__main__":
    main()

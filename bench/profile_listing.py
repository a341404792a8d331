"""Where the time of the legal-move listing goes: cProfile over positions from
random play, top functions by total (own) time.

--positions positions per configuration (classic / royal / american-royal with 2
players, classic / royal with 4; or only --config) are collected from seeded random
play (not profiled); then, memo caches cleared (cold, as in a fresh process),
``legal_moves`` is called on all of them under cProfile. The table lists the --top
functions by tottime (time in the function itself, callees excluded) with call
counts and cumtime (callees included), and each one's share of the profiled total.
cProfile adds overhead to every call, so read the shares, not the absolute times
(bench/hands.py gives those).

Deterministic seeds; one core (pinned to CPU 0 with os.sched_setaffinity where
available). Usage: python bench/profile_listing.py [--positions N] [--config LABEL] [--top N] [--json]
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import re

from _common import CONFIGS, clear_caches, collect_positions, machine_facts, pin_one_core, report

from casino_cli.engine import legal_moves

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def where(file: str, line: int, name: str) -> str:
    """A short name: the path inside the project (or the file's base name), line, function."""
    if file == "~":  # a built-in: drop the object address, which changes every run
        return re.sub(r" at 0x[0-9a-f]+", "", name)
    path = os.path.relpath(file, ROOT) if file.startswith(ROOT) else os.path.basename(file)
    return f"{path}:{line}({name})"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "--positions", type=int, default=4000, help="positions per configuration (default 4000; 20,000 in all)"
    )
    ap.add_argument("--config", choices=[c[0] for c in CONFIGS], help="profile one configuration only")
    ap.add_argument("--top", type=int, default=15, help="functions shown (default 15)")
    ap.add_argument("--json", action="store_true", help="print one JSON object instead of tables")
    args = ap.parse_args()
    facts = machine_facts(pin_one_core())

    positions = []
    for label, variant, players in CONFIGS:
        if args.config in (None, label):
            positions += collect_positions(variant, players, args.positions, "bench-profile")

    clear_caches()
    profiler = cProfile.Profile()
    profiler.enable()
    for pos in positions:
        legal_moves(pos)
    profiler.disable()

    stats = pstats.Stats(profiler)
    stats.sort_stats("tottime")
    total = stats.total_tt
    rows, top = [], []
    for func in stats.fcn_list[: args.top]:
        prim, calls, tottime, cumtime, _ = stats.stats[func]
        name = where(*func)
        top.append(
            {
                "function": name,
                "calls": calls,
                "primitive_calls": prim,
                "tottime_s": round(tottime, 4),
                "cumtime_s": round(cumtime, 4),
                "share": round(tottime / total, 4),
            }
        )
        rows.append(
            [
                name,
                calls if calls == prim else f"{calls}/{prim}",
                f"{tottime:.3f}",
                f"{cumtime:.3f}",
                f"{100 * tottime / total:.1f}%",
            ]
        )
    report(
        f"profile_listing: legal_moves over {len(positions)} random-play positions "
        f"({args.config or 'all configurations'}), top {args.top} by tottime",
        ["function", "calls", "tottime s", "cumtime s", "share"],
        rows,
        {"positions": len(positions), "config": args.config or "all", "profiled_total_s": round(total, 4), "top": top},
        facts,
        args.json,
    )
    if not args.json:
        print(
            f"(profiled total {total:.3f} s incl. cProfile overhead; "
            f"{total / len(positions) * 1e6:.0f} us per listing under the profiler)"
        )


if __name__ == "__main__":
    main()

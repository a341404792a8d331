"""The worst case of the move listing: crowded tables, 2 players, each variant.

For classic, royal and american-royal (2 players) and 20, 25, 30, 35, 40, 44 loose
cards, --samples random positions are built from a seeded shuffle (the mover and the
opponent hold 4 cards each, last deal, every other card in a captured pile), and as
many again with two builds (one per seat, two cards each, worth a card its owner
holds) where the table has room (up to 40 loose). Each position passes the engine's
check_position, so it is one ``casino moves`` would accept.

``legal_moves(pos)`` (library defaults: limit 2,000 moves, budget 200,000 steps) is
timed on each, memo caches cleared first (cold, as in a fresh process), best of
--repeat; the table shows per variant and table size the worst time, its move count
and whether it was truncated, and the mean. For the worst position of each variant
also: in-process with a larger limit of 10,000 moves and the wall time of
``casino moves FILE --format json`` from the shell (best of 3, start-up included).

Deterministic seeds; one core (pinned to CPU 0 with os.sched_setaffinity where
available; the CLI children inherit it). Usage: python bench/crowded.py [--samples N] [--json]
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _common import clear_caches, machine_facts, pin_one_core, report

from casino_cli.engine import Position, check_position, legal_moves, make_build, make_rules
from casino_cli.notation.fields import dumps
from casino_cli.notation.position import position_json

LOOSE = (20, 25, 30, 35, 40, 44)
VARIANTS = ("classic", "royal", "american-royal")
CASINO = str(Path(sys.executable).parent / "casino")


def crowded(rules, loose_n: int, with_builds: bool, rng: random.Random) -> Position:
    """A last-deal position: ``loose_n`` loose cards, 4 cards in each hand, maybe 2 builds
    (seats 0 and 1), every other card in seat 0's captured pile; seat 0 to play."""
    n = rules.players
    pool = list(range(52))
    rng.shuffle(pool)
    hands = [pool[4 * i : 4 * i + 4] for i in range(n)]
    pool = pool[4 * n :]
    builds = []
    for owner in (0, 1) if with_builds else ():
        targets = [rules.values[c] for c in hands[owner] if rules.values[c] >= 3]
        pairs = [
            (a, b)
            for v in targets
            for i, a in enumerate(pool)
            for b in pool[i + 1 :]
            if rules.values[a]
            and rules.values[b]
            and rules.values[a] + rules.values[b] == v
            and v not in (bb.value for bb in builds)
        ]
        if pairs:
            a, b = rng.choice(pairs)
            pool.remove(a), pool.remove(b)
            builds.append(make_build(rules, rules.values[a] + rules.values[b], owner, (1 << a) | (1 << b)))
    mask = lambda cards: sum(1 << c for c in cards)  # noqa: E731
    rest = mask(pool[loose_n:])
    pos = Position(
        rules=rules,
        dealer=n - 1,
        turn=0,
        deal=rules.deals_per_hand,
        loose=mask(pool[:loose_n]),
        builds=tuple(sorted(builds, key=lambda b: b.lowest)),
        hands=tuple(mask(h) for h in hands),
        stock=(),
        captured=(rest,) + (0,) * (n - 1),
        sweeps=(0,) * n,
        last_capture=0 if rest else None,
        scores=(0,) * rules.sides,
    )
    check_position(pos)
    return pos


def cold_time(pos: Position, repeat: int, **kw) -> tuple[float, object]:
    """Best cold wall time of legal_moves(pos, **kw), and the listing."""
    best = float("inf")
    for _ in range(repeat):
        clear_caches()
        start = time.perf_counter()
        listing = legal_moves(pos, **kw)
        best = min(best, time.perf_counter() - start)
    return best, listing


def shell_time(pos: Position) -> dict:
    """``casino moves FILE --format json`` on ``pos``: best wall time of 3, count, truncated."""
    with tempfile.NamedTemporaryFile("wb", suffix=".json", delete=False) as f:
        f.write(dumps(position_json(pos)))
    times, out = [], None
    for _ in range(3):
        start = time.perf_counter()
        proc = subprocess.run([CASINO, "moves", f.name, "--format", "json"], capture_output=True, check=True)
        times.append(time.perf_counter() - start)
        out = json.loads(proc.stdout)
    Path(f.name).unlink()
    return {"cli_best_ms": round(min(times) * 1e3, 1), "cli_moves": out["count"], "cli_truncated": out["truncated"]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--samples", type=int, default=8, help="positions per size, with and without builds (default 8)")
    ap.add_argument("--repeat", type=int, default=3, help="timings per position, best counts (default 3)")
    ap.add_argument("--json", action="store_true", help="print one JSON object instead of tables")
    args = ap.parse_args()
    facts = machine_facts(pin_one_core())

    rows, results, worst_of = [], [], {}
    for variant in VARIANTS:
        rules = make_rules(variant, 2)
        for n in LOOSE:
            timed = []  # (seconds, listing, position)
            for with_builds in (False, True) if n <= 40 else (False,):
                for k in range(args.samples):
                    pos = crowded(rules, n, with_builds, random.Random(f"crowded/{variant}/{n}/{with_builds}/{k}"))
                    secs, listing = cold_time(pos, args.repeat)
                    timed.append((secs, listing, pos))
            secs, listing, pos = max(timed, key=lambda t: t[0])
            mean = sum(t[0] for t in timed) / len(timed)
            results.append(
                {
                    "variant": variant,
                    "loose": n,
                    "positions": len(timed),
                    "worst_ms": round(secs * 1e3, 1),
                    "mean_ms": round(mean * 1e3, 1),
                    "moves": len(listing.moves),
                    "truncated": listing.truncated,
                    "builds": len(pos.builds),
                }
            )
            rows.append(
                [
                    variant,
                    n,
                    len(timed),
                    results[-1]["worst_ms"],
                    len(listing.moves),
                    listing.truncated,
                    len(pos.builds),
                    results[-1]["mean_ms"],
                ]
            )
            if secs > worst_of.get(variant, (0,))[0]:
                worst_of[variant] = (secs, pos, results[-1])

    worst = []
    for variant, (_secs, pos, res) in worst_of.items():
        big, listing = cold_time(pos, args.repeat, limit=10_000)
        worst.append(
            {
                "variant": variant,
                "loose": res["loose"],
                "builds": len(pos.builds),
                "ms_default": res["worst_ms"],
                "moves_default": res["moves"],
                "truncated_default": res["truncated"],
                "ms_limit_10000": round(big * 1e3, 1),
                "moves_limit_10000": len(listing.moves),
                "truncated_limit_10000": listing.truncated,
                **shell_time(pos),
            }
        )

    report(
        "crowded: legal_moves on crowded 2-player tables (cold, ms)",
        ["variant", "loose", "positions", "worst ms", "moves", "truncated", "builds", "mean ms"],
        rows,
        {"samples": args.samples, "repeat": args.repeat, "results": results, "worst": worst},
        facts,
        args.json,
    )
    if not args.json:
        print("\nworst position per variant: default limit (2,000) vs limit=10,000 vs `casino moves` wall")
        for w in worst:
            print(
                f"  {w['variant']:15} {w['loose']} loose, {w['builds']} builds: "
                f"{w['ms_default']} ms ({w['moves_default']} moves, truncated {w['truncated_default']}) | "
                f"limit 10000: {w['ms_limit_10000']} ms ({w['moves_limit_10000']} moves, truncated "
                f"{w['truncated_limit_10000']}) | casino moves: {w['cli_best_ms']} ms "
                f"({w['cli_moves']} moves, truncated {w['cli_truncated']})"
            )


if __name__ == "__main__":
    main()

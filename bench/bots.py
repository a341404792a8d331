"""Bot speed: time per move of each bot, playouts per second, hint and review times.

1. Per move: every decision of --games seeded greedy-vs-greedy hands (classic 2p, royal 2p,
   royal 4p) is put to each bot through its view with the hand's history (``ask``), timed one by one (CPU time of
   this process, steadier than wall time on a shared machine); median, 90th percentile and
   maximum. Decisions with a single legal move are included, as in a real game.
2. Playouts per second: greedy playouts to the end of the deal from the first position of
   the --games hands, in sampled worlds (``search.playout``).
3. ``analyse`` as ``casino hint`` calls it, on the first position of each hand; and
   ``records.review.review`` of whole simulated games (greedy against counter, classic).

Deterministic seeds; pinned to one core where possible. Usage: python bench/bots.py [--games N] [--json]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from _common import pin_one_core

from casino_cli.engine import legal_moves, make_rules, play_judged, seeded_deck, start_position
from casino_cli.engine.bots import BOTS
from casino_cli.engine.search import analyse, playout
from casino_cli.engine.views import Played, ask, observe, public, seat_rngs
from casino_cli.engine.worlds import sample_worlds
from casino_cli.records.record import read_record
from casino_cli.records.review import review
from casino_cli.records.selfplay import play_game

CONFIGS = [("classic 2p", "classic", 2), ("royal 2p", "royal", 2), ("royal 4p", "royal", 4)]


def decisions(rules, games: int) -> list:
    """Every position of greedy play in ``games`` seeded hands, with the hand's history
    before it (as a game gives it to the bots: the searcher weighs its worlds by it)."""
    out = []
    for g in range(games):
        pos = start_position(rules, seeded_deck(f"bench-bots/{g}"), rules.players - 1)
        rngs = seat_rngs(f"bench-bots/{g}", rules.players)
        history: tuple = ()
        while not pos.finished:
            out.append((pos, history))
            move, listing = ask(BOTS["greedy"], pos, rngs[pos.turn], history)
            history += (Played(pos.turn, move, public(pos)),)
            pos = play_judged(pos, move, listing.facts[listing.moves.index(move)])
    return out


def per_move(positions: list, name: str) -> dict:
    times = []
    for i, (pos, history) in enumerate(positions):
        rng = random.Random(i)
        t = time.process_time()
        ask(BOTS[name], pos, rng, history)
        times.append(time.process_time() - t)
    times.sort()
    return {
        "median_ms": round(1000 * statistics.median(times), 3),
        "p90_ms": round(1000 * times[int(0.9 * len(times))], 3),
        "max_ms": round(1000 * times[-1], 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--games", type=int, default=6, help="seeded greedy hands per configuration whose decisions are timed"
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    pinned = pin_one_core()
    report: dict = {"pinned": pinned, "per_move": {}, "playouts_per_s": {}, "hint_ms": {}}
    for label, variant, players in CONFIGS:
        rules = make_rules(variant, players)
        positions = decisions(rules, args.games)
        report["per_move"][label] = {
            name: per_move(positions, name) for name in ("random", "greedy", "counter", "searcher")
        }
        starts = [p for p, _ in positions if p.deal == 1][:: 4 * players]
        worlds = [w for i, p in enumerate(starts) for w in sample_worlds(observe(p, p.turn), 20, random.Random(i))]
        rng = random.Random(0)
        t = time.process_time()
        for w in worlds:
            playout(w, rng)
        report["playouts_per_s"][label] = round(len(worlds) / (time.process_time() - t))
        hint = []
        for i, p in enumerate(starts):
            view = observe(p, p.turn)
            t = time.process_time()
            analyse(view, legal_moves(view.known), random.Random(i))
            hint.append(time.process_time() - t)
        report["hint_ms"][label] = {"median": round(1000 * statistics.median(hint)), "max": round(1000 * max(hint))}
    rules = make_rules("classic", 2)
    secs, moves = [], []
    for g in range(2):
        record = play_game(rules, f"bench-review/{g}", [BOTS["greedy"], BOTS["counter"]])
        t = time.process_time()
        review(read_record(record), random.Random(g))
        secs.append(time.process_time() - t)
        moves.append(sum(len(h["moves"]) for h in record["hands"]))
    report["review"] = {"games": len(secs), "moves": moves, "seconds": [round(s, 1) for s in secs]}
    if args.json:
        import json

        print(json.dumps(report))
        return
    print(f"bots, {pinned}; CPU time per call")
    for label, bots in report["per_move"].items():
        row = ", ".join(
            f"{n} {v['median_ms']:.2f} ms (p90 {v['p90_ms']:.1f}, max {v['max_ms']:.0f})" for n, v in bots.items()
        )
        print(f"  {label}: {row}")
        print(
            f"    greedy playouts to the end of the deal: {report['playouts_per_s'][label]:,}/s; "
            f"hint median {report['hint_ms'][label]['median']} ms (max {report['hint_ms'][label]['max']})"
        )
    r = report["review"]
    print(f"  review of whole classic games: {r['seconds']} s for {r['moves']} moves")


if __name__ == "__main__":
    main()

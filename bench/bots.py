"""Bot speed: time per move of each bot, playouts per second, hint and review times.

1. Per move: every decision of --games seeded greedy-vs-greedy hands (classic 2p, royal 2p,
   royal 4p) is put to each bot through its view with the hand's history (``ask``), timed one by one (CPU time of
   this process, steadier than wall time on a shared machine); median, 90th percentile and
   maximum. Decisions with a single legal move are included, as in a real game.
2. Playouts per second: greedy playouts to the end of the deal from the first position of
   the --games hands, in sampled worlds (``search.playout``).
3. ``analyse`` as ``casino hint`` calls it, on the first position of each hand; and
   ``records.review.review`` of whole simulated games (greedy against counter, classic).

With ``--hint-ab OLD_TREE``, only hints, two versions side by side: this script's
``--hint-times`` run alternately with ``PYTHONPATH=OLD_TREE`` and with this tree (with
``pure`` for OLD_TREE: the installed package with ``CASINO_ENGINE=python`` and as it is,
the compiled engine against the pure one), ``--rounds`` times each, timing the hint of every decision of ``--hint-games`` hands of classic 2p and
royal 2p, the last deal's decisions of all --games hands, and those again with the scores
before the hand near the target (plus the fixtures/hints/*-game*.json positions), and
four crowded last deals of ``crowded.py`` (20 and 30 loose cards, without and with two
builds), where the hint's work budget is met, and as many with 3 and with 4 players.

Deterministic seeds; pinned to one core where possible.
Usage: python bench/bots.py [--games N] [--json] | [--hint-ab OLD_TREE [--rounds N] [--hint-games N]]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

from _common import pin_one_core
from crowded import crowded

from casino_cli import ENGINE_DESCRIPTION
from casino_cli.engine import legal_moves, make_rules, play_judged, seeded_deck, start_position
from casino_cli.engine.bots import BOTS
from casino_cli.engine.search import analyse, playout
from casino_cli.engine.views import Played, ask_seat, observe, public, seat_rngs
from casino_cli.engine.worlds import sample_worlds
from casino_cli.notation.position import read_position
from casino_cli.records.record import read_record
from casino_cli.records.review import review
from casino_cli.records.selfplay import play_game

CONFIGS = [("classic 2p", "classic", 2), ("royal 2p", "royal", 2), ("royal 4p", "royal", 4)]
ROOT = Path(__file__).resolve().parent.parent


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
            move, listing = ask_seat(BOTS["greedy"], pos, rngs[pos.turn], history)
            history += (Played(pos.turn, move, public(pos)),)
            pos = play_judged(pos, move, listing.facts[listing.moves.index(move)])
    return out


def per_move(positions: list, name: str) -> dict:
    times = []
    for i, (pos, history) in enumerate(positions):
        rng = random.Random(i)
        t = time.process_time()
        ask_seat(BOTS[name], pos, rng, history)  # as a Game asks (its history is not checked again)
        times.append(time.process_time() - t)
    times.sort()
    return {
        "median_ms": round(1000 * statistics.median(times), 3),
        "p90_ms": round(1000 * times[int(0.9 * len(times))], 3),
        "max_ms": round(1000 * times[-1], 1),
    }


def hint_seconds(pos, i: int) -> float:
    """CPU seconds of the hint of ``pos`` (``analyse`` as ``casino hint`` calls it)."""
    view = observe(pos, pos.turn)
    moves = legal_moves(view.known)
    t = time.process_time()
    analyse(view, moves, random.Random(i), game=True)
    return time.process_time() - t


def near_target(pos, i: int):
    """``pos`` with the scores before the hand near the rules' target (3 pairs in turn)."""
    t = pos.rules.target
    return pos._replace(scores=((t - 1, t - 2), (t - 3, t - 1), (t - 4, t - 4))[i % 3])


def hint_groups(variant: str, players: int, games: int, hint_games: int) -> dict[str, list]:
    """The positions whose hints ``--hint-times`` times, by group."""
    rules = make_rules(variant, players)
    positions = [p for p, _ in decisions(rules, games)]
    last = [p for p in positions if not p.stock]
    fixtures = [
        read_position(json.loads(f.read_text())["position"]) for f in sorted(ROOT.glob("fixtures/hints/*-game*.json"))
    ]
    return {
        "all": [p for p, _ in decisions(rules, hint_games)],
        "last deal": last,
        "near target": [near_target(p, i) for i, p in enumerate(last)]
        + [p for p in fixtures if (p.rules.variant, p.rules.players) == (variant, players)],
        "crowded": crowded_group(variant, players),
        "crowded 3-4p": [p for more in (3, 4) for p in crowded_group(variant, more)],
    }


def crowded_group(variant: str, players: int) -> list:
    """Four crowded last deals of ``crowded.py``: 20 and 30 loose cards, without and with two builds."""
    rules = make_rules(variant, players)
    seeds = ("crowded", variant) if players == 2 else ("crowded", variant, f"{players}p")
    return [
        crowded(rules, n, builds, random.Random("/".join((*seeds, str(n), str(builds), "0"))))
        for n in (20, 30)
        for builds in (False, True)
    ]


def hint_times(games: int, hint_games: int) -> dict[str, dict[str, list[float]]]:
    """CPU seconds of each hint of :func:`hint_groups`, for classic 2p and royal 2p."""
    return {
        label: {
            group: [hint_seconds(p, i) for i, p in enumerate(ps)]
            for group, ps in hint_groups(v, n, games, hint_games).items()
        }
        for label, v, n in CONFIGS[:2]
    }


def hint_ab(old: Path, rounds: int, games: int, hint_games: int) -> None:
    """``--hint-times`` under ``old`` and this tree, alternately, ``rounds`` times each: per
    group the median and largest hint (each position's best round), old and new, and the
    ratio new / old of the group's total, best and median over the rounds."""
    pinned = pin_one_core()  # before the children, which inherit it
    base = {k: v for k, v in os.environ.items() if k not in ("CASINO_ENGINE", "PYTHONPATH")}
    if str(old) == "pure":  # the installed package's two engines: pure (old) and as installed (new)
        envs = {"old": dict(base, CASINO_ENGINE="python"), "new": base}
        title = "the installed engine vs its pure engine"
    else:
        envs = {"old": dict(base, PYTHONPATH=str(old.resolve())), "new": dict(base, PYTHONPATH=str(ROOT))}
        title = f"new {ROOT} vs old {old.resolve()}"
    seen: dict[str, list] = {name: [] for name in envs}
    cmd = [sys.executable, __file__, "--hint-times", "--games", str(games), "--hint-games", str(hint_games)]
    for _ in range(rounds):
        for name, env in envs.items():
            out = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True)
            seen[name].append(json.loads(out.stdout))
    print(f"hint, {title}: {rounds} interleaved rounds, CPU time, {pinned}")
    print(
        f"{'config':11} {'group':12} {'n':>4} {'old median (max) ms':>20} {'new median (max) ms':>20} {'ratio best':>10} {'ratio median':>12}"
    )
    for label, groups in seen["old"][0].items():
        for group, first in groups.items():
            best, total = {}, {}
            for name, runs in seen.items():
                per = [[r[label][group][i] for r in runs] for i in range(len(first))]
                best[name] = [min(t) for t in per]
                total[name] = [sum(r[label][group]) for r in runs]
            figs = {n: f"{1000 * statistics.median(b):.1f} ({1000 * max(b):.0f})" for n, b in best.items()}
            print(
                f"{label:11} {group:12} {len(first):4} {figs['old']:>20} {figs['new']:>20}"
                f" {min(total['new']) / min(total['old']):10.3f} {statistics.median(total['new']) / statistics.median(total['old']):12.3f}"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--games", type=int, default=6, help="seeded greedy hands per configuration whose decisions are timed"
    )
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--hint-ab",
        type=Path,
        metavar="OLD_TREE",
        help="hints only: this tree against OLD_TREE, interleaved ('pure': the installed engine against its pure one)",
    )
    parser.add_argument("--rounds", type=int, default=3, help="with --hint-ab: runs of each tree (default 3)")
    parser.add_argument(
        "--hint-games", type=int, default=2, help="with --hint-ab: hands whose every decision is hinted (default 2)"
    )
    parser.add_argument(
        "--hint-times", action="store_true", help=argparse.SUPPRESS
    )  # --hint-ab's child: JSON of the times
    args = parser.parse_args()
    if args.hint_ab:
        hint_ab(args.hint_ab, args.rounds, args.games, args.hint_games)
        return
    pinned = pin_one_core()
    if args.hint_times:
        print(json.dumps(hint_times(args.games, args.hint_games)))
        return
    report: dict = {"pinned": pinned, "engine": ENGINE_DESCRIPTION, "per_move": {}, "playouts_per_s": {}, "hint_ms": {}}
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
        hint = [hint_seconds(p, i) for i, p in enumerate(starts)]
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
        print(json.dumps(report))
        return
    print(f"bots, engine {ENGINE_DESCRIPTION}, {pinned}; CPU time per call")
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

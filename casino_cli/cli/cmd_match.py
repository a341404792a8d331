"""``casino match A B``: two bots over mirrored pairs, with intervals and a stopping rule."""

from __future__ import annotations

import time

from ..notation.fields import dumps
from ..notation.position import rules_json
from ..records.botproto import load_bot
from ..records.match import looks_plan, play_pair, run_match, summary
from .cmd_simulate import parse_bots
from .common import rules_from_options
from .output import Format, Progress, console, resolve_format, write_line


def _pair(job: tuple) -> object:
    rules, seed, a, b, hands = job
    return play_pair(rules, seed, load_bot(a), load_bot(b), hands)


def run_match_command(a, b, pairs, seed, variant, players, partnerships, options, hands, looks, jobs, fmt) -> None:
    rules = rules_from_options(variant, players, partnerships, options)
    parse_bots(f"{a},{b}", 2)  # usage errors for unknown bots, before any game
    fmt = resolve_format(fmt)
    work = ((rules, f"{seed}/{i}", a, b, hands) for i in range(1, pairs + 1))
    at, boundary = looks_plan(pairs, looks)
    progress = Progress("pairs", pairs)
    start = time.perf_counter()
    pool = None
    try:
        if jobs > 1:
            import multiprocessing

            pool = multiprocessing.Pool(jobs)
            results = pool.imap(_pair, work)
        else:
            results = map(_pair, work)
        done, stopped, _ = run_match(results, pairs, looks, lambda r: progress.advance())  # type: ignore[arg-type]
    finally:
        progress.close()
        if pool is not None:
            pool.terminate()
    out = {
        "a": a,
        "b": b,
        "rules": rules_json(rules),
        "seed": seed,
        "hands_per_game": hands,
        **summary(done),
        "stopping": {
            "rule": f"Pocock: look after {', '.join(map(str, at))} pairs; stop when |mean/se| >= {boundary}",
            "stopped": stopped,
        },
        "seconds": round(time.perf_counter() - start, 1),
    }
    if fmt == Format.pretty:
        _show(out)
    else:
        write_line(dumps(out))


def _show(out: dict) -> None:
    p, g = out["points_per_pair"], out["games"]
    unit = "hands" if out["hands_per_game"] == 1 else "games"
    con = console()
    con.print(f"{out['a']} vs {out['b']}: {out['pairs']} mirrored pairs ({out['stopping']['stopped']})")
    con.print(f"  points per pair (A - B): {p['mean']:+.2f}  95% [{p['low']:+.2f}, {p['high']:+.2f}]")
    con.print(
        f"  {unit}: A won {g['a_won']}, B won {g['b_won']}, tied {g['tied']}; "
        f"A's share {g['a_rate']['rate']:.1%} [{g['a_rate']['low']:.1%}, {g['a_rate']['high']:.1%}]"
    )

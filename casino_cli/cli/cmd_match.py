"""``casino match A B``: two bots over mirrored pairs, with intervals and a stopping rule."""

from __future__ import annotations

from typing import Any

from ..engine.bots import spelled_bot
from ..engine.rules import Rules
from ..notation.fields import dumps
from ..notation.position import rules_json
from ..records.botproto import close_bots, load_bot
from ..records.match import PairResult, looks_plan, play_pair, run_match, summary
from ..records.selfplay import unfinished_games
from .cmd_simulate import named_bot
from .common import rules_from_options, seed_or_random
from .output import Format, Progress, resolve_format, say, write_line
from .workers import ordered_map

MATCH_FORMAT = "casino.match/1"


def _pair(job: tuple[Rules, str, str, str, int]) -> PairResult:
    rules, seed, a, b, hands = job
    return play_pair(rules, seed, load_bot(a), load_bot(b), hands)


def _pair_of(jobs: list[tuple[Rules, str, str, str, int]]) -> str:
    """The pair of a chunk of work (one pair), for the message of a worker that ended in it."""
    return f"(in the pair of games dealt from seed {jobs[0][1]!r})"


def run_match_command(
    a: str,
    b: str,
    pairs: int,
    seed: str | None,
    variant: str,
    players: int,
    partnerships: bool | None,
    options: list[str],
    hands: int,
    looks: int,
    jobs: int,
    fmt: Format | None,
) -> None:
    rules = rules_from_options(variant, players, partnerships, options)
    a, b = spelled_bot(a), spelled_bot(b)  # GREEDY is greedy, in the match's result too
    named_bot(a)  # usage errors for unknown bots, before any game (each worker loads its own)
    named_bot(b)
    fmt = resolve_format(fmt)
    seed = seed_or_random(seed, games=pairs)
    work = ((rules, f"{seed}/{i}", a, b, hands) for i in range(1, pairs + 1))
    at, boundary = looks_plan(pairs, looks)
    # the workers fork before the bar's thread
    results = ordered_map(_pair, work, jobs, at_end=close_bots, size=pairs, named=_pair_of)
    progress = Progress("pairs", pairs, after=True)  # the result is printed once the bar is gone
    try:
        done, stopped, _ = run_match(results, pairs, looks, lambda r: progress.advance())
    finally:
        progress.close()
        results.close()  # ends the workers of a match stopped early
    out = {
        "format": MATCH_FORMAT,
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
    }
    if done.unfinished:
        say(f"{unfinished_games(done.unfinished, done.games)}; each counts by its points")
    if fmt in (Format.pretty, Format.text):
        for line in summary_lines(out, rules):
            write_line(line)
    else:
        write_line(dumps(out))


def summary_lines(out: dict[str, Any], rules: Rules) -> list[str]:
    """The result for people, under the rules it was played by (``classic 2p, target=11``)."""
    p, g = out["points_per_pair"], out["games"]
    unit = "hands" if out["hands_per_game"] == 1 else "games"
    return [
        f"{out['a']} vs {out['b']} ({rules}): {out['pairs']} mirrored pairs (stopped: {out['stopping']['stopped']})",
        f"  points per pair (A - B): {p['mean']:+.2f}, 95% interval [{p['low']:+.2f}, {p['high']:+.2f}]",
        f"  {unit}: A won {g['a_won']}, B won {g['b_won']}, tied {g['tied']}; "
        f"A's share {g['a_rate']['rate']:.1%} [{g['a_rate']['low']:.1%}, {g['a_rate']['high']:.1%}]",
        f"  seed {out['seed']}; stopping rule (declared before the first game): {out['stopping']['rule']}",
    ]

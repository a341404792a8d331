"""``casino botcheck BOT``: the leak test of :mod:`casino_cli.engine.botcheck` on anyone's bot."""

from __future__ import annotations

from typing import Any

from ..engine.botcheck import check_bot
from ..engine.bots import BOTS, spelled_bot
from ..engine.rules import Rules
from ..errors import plural
from ..notation.fields import dumps
from ..notation.position import rules_json
from ..records.botproto import CommandBot
from ..records.shown import visible
from .cmd_simulate import named_bot
from .common import check_seed, rules_from_options
from .output import VERDICT, Fail, Format, resolve_format, say, write_line

BOTCHECK_FORMAT = "casino.botcheck/1"


def run_botcheck(
    name: str,
    variant: str,
    players: int,
    partnerships: bool | None,
    options: list[str],
    decisions: int,
    redeals: int,
    seed: str | None = None,
    fmt: Format | None = None,
) -> None:
    rules = rules_from_options(variant, players, partnerships, options)
    name = spelled_bot(name)
    bot = named_bot(name)
    if seed is not None:
        seed = check_seed(seed, decisions)  # a game has at least one decision of the bot
    fmt = resolve_format(fmt)
    apart = not isinstance(bot, CommandBot)  # a program sees only what it is sent
    tested, findings = check_bot(
        bot, rules, BOTS["greedy"], decisions=decisions, redeals=redeals, seed=seed, apart=apart
    )
    f = findings[0] if findings else None
    out: dict[str, Any] = {
        "format": BOTCHECK_FORMAT,
        "bot": name,
        "rules": rules_json(rules),
        "seed": seed,  # null: a secret one (a finding's game names it)
        "decisions": tested,
        "redeals": redeals,
        "verdict": "no leak found" if f is None else "leaks" if f.leak else "cannot be checked",
        "finding": None if f is None else {"game": f.seed, "hand": f.hand, "seat": f.seat, "problem": f.problem},
    }
    line = verdict_line(out, rules, not apart)
    if fmt in (Format.json, Format.jsonl):
        write_line(dumps(out))
        say(line)  # stdout is data: the verdict is said to the person who ran the check
    else:
        write_line(visible(line))  # the bot's name and answers come from the bot
    if f is not None:
        raise Fail(VERDICT)


def verdict_line(out: dict[str, Any], rules: Rules, program: bool = False) -> str:
    """The check's verdict in one line, under the rules it played (``classic 2p, target=11``,
    as match's heading has them): the first decision that changed, or how many were tested;
    for a bot that cannot be checked, what it does wrong (``program``: a cmd: one)."""
    f, bot = out["finding"], f"bot {out['bot']!r} ({rules})"
    if f is None:
        counts = f"{plural(out['decisions'], 'decision')}, each unchanged under {plural(out['redeals'], 're-deal')}"
        return f"{bot}: {counts} of the hidden cards: no leak found"
    again = f"--seed {f['game'].rsplit('/', 1)[0]}"
    why = "" if out["verdict"] == "leaks" else _what_to_do(program)
    return (
        f"{bot} {out['verdict']}: game {f['game']} ({again}), hand {f['hand']}, seat {f['seat']}: {f['problem']}{why}"
    )


def _what_to_do(program: bool) -> str:
    """What a bot that cannot be checked does wrong: its answer turns on more than it is given."""
    given = "its question (its seed for chance)" if program else "its view and the rng it is given"
    return f" (an answer may turn on {given} alone: not on a random source of its own, the clock, or what the bot kept from an earlier question)"

"""``casino botcheck BOT``: the leak test of :mod:`casino_cli.engine.botcheck` on anyone's bot."""

from __future__ import annotations

from ..engine.botcheck import check_bot
from ..engine.bots import BOTS, spelled_bot
from ..records.botproto import CommandBot
from .cmd_simulate import named_bot
from .common import check_seed, rules_from_options
from .output import VERDICT, Fail, say
from .plain import plural


def run_botcheck(
    name: str,
    variant: str,
    players: int,
    partnerships: bool | None,
    options: list[str],
    decisions: int,
    redeals: int,
    seed: str | None = None,
) -> None:
    rules = rules_from_options(variant, players, partnerships, options)
    name = spelled_bot(name)
    bot = named_bot(name)
    if seed is not None:
        check_seed(seed, decisions)  # a game has at least one decision of the bot
    apart = not isinstance(bot, CommandBot)  # a program sees only what it is sent
    tested, findings = check_bot(
        bot, rules, BOTS["greedy"], decisions=decisions, redeals=redeals, seed=seed, apart=apart
    )
    if findings:
        f = findings[0]
        again = f"--seed {f.seed.rsplit('/', 1)[0]}"
        verdict = "leaks" if f.leak else "cannot be checked"
        why = "" if f.leak else _what_to_do(isinstance(bot, CommandBot))
        raise Fail(
            VERDICT, f"bot {name!r} {verdict}: game {f.seed} ({again}), hand {f.hand}, seat {f.seat}: {f.problem}{why}"
        )
    counts = f"{plural(tested, 'decision')}, each unchanged under {plural(redeals, 're-deal')}"
    say(f"bot {name!r}: {counts} of the hidden cards: no leak found")


def _what_to_do(program: bool) -> str:
    """What a bot that cannot be checked does wrong: its answer turns on more than it is given."""
    given = "its question (its seed for chance)" if program else "its view and the rng it is given"
    return f" (an answer may turn on {given} alone: not on a random source of its own, the clock, or what the bot kept from an earlier question)"

"""``casino simulate``: bots play seeded games; one record per line (JSON Lines)."""

from __future__ import annotations

from ..engine.bots import BOTS
from ..notation.fields import dumps
from ..records.botproto import load_bot
from ..records.selfplay import play_game
from .common import rules_from_options
from .output import USAGE, Fail, Progress, write_line


def parse_bots(text: str, players: int) -> list[str]:
    """``random,greedy`` -> one bot name per seat (the list repeats round the table);
    a name may be ``module:function`` for a bot of your own, or ``cmd:PROGRAM`` for a
    program speaking the bot protocol (docs/bots.md)."""
    names = [n.strip() for n in text.split(",") if n.strip()]
    if not names:
        raise Fail(USAGE, f"--bots names no bot (bots: {', '.join(BOTS)}, module:function or cmd:PROGRAM)")
    for name in names:
        try:
            load_bot(name)
        except LookupError as exc:
            raise Fail(USAGE, str(exc)) from None
    return [names[seat % len(names)] for seat in range(players)]


def game_seed(seed: str, number: int) -> str:
    """The seed of game ``number`` (1-based) of a simulation."""
    return f"{seed}/{number}"


def _one_game(job: tuple) -> bytes:
    rules, seed, number, bots, hands = job
    return dumps(play_game(rules, game_seed(seed, number), [load_bot(b) for b in bots], hands))


def run_simulate(games, seed, variant, players, partnerships, options, bots, hands, jobs) -> None:
    rules = rules_from_options(variant, players, partnerships, options)
    seats = parse_bots(bots, rules.players)
    work = ((rules, seed, number, seats, hands) for number in range(1, games + 1))
    progress = Progress("games", games)
    try:
        if jobs > 1:
            import multiprocessing

            with multiprocessing.Pool(jobs) as pool:
                _write_all(pool.imap(_one_game, work, chunksize=8), progress)
        else:
            _write_all(map(_one_game, work), progress)
    finally:
        progress.close()


def _write_all(lines, progress: Progress) -> None:
    for line in lines:
        write_line(line)
        progress.advance()

"""``casino simulate``: bots play seeded games; one record per line (JSON Lines)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..engine import Rules, game_seed
from ..engine.bots import BOTS, spelled_bot
from ..engine.views import Bot, BotError
from ..errors import plural
from ..notation.fields import dumps
from ..records.botproto import close_bots, load_bot
from ..records.game_record import game_record
from ..records.selfplay import played_game, unfinished_games
from .common import check_per_task, rules_from_options, seed_or_random
from .output import USAGE, Fail, Progress, say, utf8_argument, write_line
from .shards import parse_shard, shard_range
from .workers import ordered_map


def parse_bots(text: str, players: int) -> list[str]:
    """``random,GREEDY`` -> one bot name per seat, casino's own in lower case (the list repeats
    round the table; more names than seats is a usage error);
    a name may be ``module:function`` for a bot of your own, or ``cmd:PROGRAM`` for a
    program speaking the bot protocol (docs/bots.md)."""
    names = [spelled_bot(n.strip()) for n in text.split(",")]
    if not any(names):
        raise Fail(USAGE, f"--bots names no bot (bots: {', '.join(BOTS)}, module:function or cmd:PROGRAM)")
    if not all(names):
        raise Fail(USAGE, f"--bots {text!r}: a name is missing between its commas")
    if len(names) > players:  # the surplus would be silently left out
        raise Fail(
            USAGE, f"--bots names {len(names)} bots for {plural(players, 'seat')} to fill: name at most {players}"
        )
    for name in names:
        named_bot(name)
    return [names[seat % len(names)] for seat in range(players)]


def named_bot(name: str) -> Bot:
    """The bot ``name`` names, or a usage error (exit 2) if it cannot be loaded (one that is
    not UTF-8 said to be so: a program's path may be any bytes, a bot's name may not)."""
    try:
        return load_bot(name)
    except LookupError as exc:
        if not name.startswith("cmd:"):
            utf8_argument(name)
        raise Fail(USAGE, str(exc)) from None


def game_line(rules: Rules, seed: str, number: int, bots: list[str], hands: int | None) -> tuple[bytes, bool]:
    """The record of game ``number`` of a simulation, as one line of canonical JSON (each
    seat named by its bot), and whether the game stopped unfinished (no side won in
    :data:`~casino_cli.engine.game.MAX_HANDS` hands). A bot's failure says which game it
    was in, to play it again."""
    dealt = game_seed(seed, number)
    try:
        game = played_game(rules, dealt, [load_bot(b) for b in bots], hands)
    except BotError as exc:
        raise exc.within(f"in game {number}, dealt from seed {dealt!r}") from None
    return dumps(game_record(game, bots)), game.unfinished


def _one_game(job: tuple[Any, ...]) -> tuple[bytes, bool]:
    return game_line(*job)


def _games_of(jobs: list[tuple[Any, ...]]) -> str:
    """The games of a chunk of work, for the message of a worker that ended in them:
    ``(in games 9 to 16, dealt from seeds 's/9' to 's/16')``."""
    seed, first, last = jobs[0][1], jobs[0][2], jobs[-1][2]
    if first == last:
        return f"(in game {first}, dealt from seed {game_seed(seed, first)!r})"
    return f"(in games {first} to {last}, dealt from seeds {game_seed(seed, first)!r} to {game_seed(seed, last)!r})"


def run_simulate(
    games: int,
    seed: str | None,
    variant: str,
    players: int,
    partnerships: bool | None,
    options: list[str],
    bots: str,
    hands: int | None,
    jobs: int,
    shard: str | None = None,
    dask: str | None = None,
    per_task: int = 0,
) -> None:
    check_per_task(dask, per_task)
    if dask is not None and jobs > 1:
        raise Fail(USAGE, "--jobs and --dask do not go together (the cluster's workers do the work)")
    rules = rules_from_options(variant, players, partnerships, options)
    seats = parse_bots(bots, rules.players)
    part = parse_shard(shard)
    wanted = shard_range(part, games)
    seed = seed_or_random(seed, games=games)  # said once the options are known to be right
    if not wanted:  # more shards than games: this one writes nothing, and a reader of it finds no record
        say(f"--shard {part[0]}/{part[1]} of {plural(games, 'game')} holds none of them: it writes no record")
    numbers = range(wanted.start + 1, wanted.stop + 1)  # games are numbered from 1
    played: Iterable[tuple[bytes, bool]]
    if dask is not None:
        from .cluster import ordered, played_tasks

        played = ordered(played_tasks(rules, seed, numbers, seats, hands, per_task), dask)
    else:
        work = ((rules, seed, number, seats, hands) for number in numbers)
        # its workers fork before the bar's thread starts; each ends its bots' programs
        played = ordered_map(_one_game, work, jobs, chunksize=8, at_end=close_bots, size=len(numbers), named=_games_of)
    progress = Progress("games", len(numbers))
    try:
        unfinished = _write_all(played, progress)
    except BotError as exc:
        raise Fail(USAGE, str(exc)) from None
    finally:
        progress.close()
    if unfinished:
        say(f"{unfinished_games(unfinished, len(numbers))}; their records have no result")


def _write_all(played: Iterable[tuple[bytes, bool]], progress: Progress) -> int:
    """Write the records of ``played`` (:func:`game_line`'s pairs); how many games stopped unfinished."""
    unfinished = 0
    for line, stopped in played:
        write_line(line)
        progress.advance()
        unfinished += stopped
    return unfinished

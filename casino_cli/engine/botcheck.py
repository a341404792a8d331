"""The leak test: a fair bot's choice depends on its view alone.

At each of its decisions the bot is asked again, with the same random state, in worlds where
the cards its seat cannot see were dealt again (:func:`.worlds.sample_worlds`); a bot that
peeks at the full position (for instance by walking the interpreter's frames) changes its
choice in some of them. The hand's moves so far (public) are the same in every re-deal. A
bot must also answer the same twice for the same random state, or the test could not tell
a peek from chance.

Where the platform can fork, every question is asked in a process of its own, forked from
one that was forked before the check dealt any position: the world of the question is then
the only full position in memory (a bot that searches the garbage collector's objects finds
that one), and nothing the bot kept from an earlier question is there. What the test cannot
catch is a bot that peeks and writes down what it saw, to answer alike in every re-deal.
"""

from __future__ import annotations

import contextlib
import os
import pickle
import random
import signal
from collections.abc import Callable, Iterator
from multiprocessing.connection import Connection, Pipe
from typing import NamedTuple

from .deal import dealer_for_hand, seeded_deck, start_position
from .play import play_judged
from .position import Position
from .rules import Rules
from .views import Bot, BotError, Played, ask, bot_name, observe, public, seat_rngs
from .worlds import sample_worlds


class Finding(NamedTuple):
    """One decision where the bot's choice depended on more than its view."""

    seed: str
    seat: int
    problem: str


def _asked(bot: Bot, pos: Position, state: object, history: tuple[Played, ...]) -> str:
    rng = random.Random()
    rng.setstate(state)  # type: ignore[arg-type]
    return ask(bot, pos, rng, history)[0].text()


def _answer(bot: Bot, request: bytes) -> tuple[str, object]:
    world, state, history = pickle.loads(request)
    try:
        return "move", _asked(bot, world, state, history)
    except BotError as exc:
        return "error", exc


def _serve(bot: Bot, conn: Connection) -> None:
    """The process questions are forked from: it keeps each question as bytes and forks a
    process that reads it, asks the bot and answers (or says that it ended without one)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # a Ctrl-C is the check's to handle
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    while True:
        try:
            request = conn.recv_bytes()
        except (EOFError, OSError):
            return
        pid = os.fork()
        if pid == 0:
            with contextlib.suppress(BaseException):
                conn.send(_answer(bot, request))
                os._exit(0)
            os._exit(1)
        _, status = os.waitpid(pid, 0)
        if status:
            code = os.waitstatus_to_exitcode(status)
            how = f"exit status {code}" if code >= 0 else f"signal {-code}"
            conn.send(("error", f"ended without answering ({how})"))


@contextlib.contextmanager
def _questions(bot: Bot, apart: bool) -> Iterator[Callable[[Position, object, tuple[Played, ...]], str]]:
    """A function asking ``bot`` one question: each in a process of its own when ``apart``
    and the platform can fork (see the module's docstring), else in this one."""
    if not (apart and hasattr(os, "fork")):
        yield lambda world, state, history: _asked(bot, world, state, history)
        return
    mine, theirs = Pipe()
    pid = os.fork()
    if pid == 0:
        os.setpgid(0, 0)  # a group of its own, with the question in flight: killed together
        mine.close()
        _serve(bot, theirs)
        os._exit(0)
    with contextlib.suppress(OSError):  # set from both sides, whichever runs first
        os.setpgid(pid, pid)
    theirs.close()

    def asked(world: Position, state: object, history: tuple[Played, ...]) -> str:
        mine.send_bytes(pickle.dumps((world, state, history)))
        kind, value = mine.recv()
        if kind == "error":
            assert world.turn is not None
            raise value if isinstance(value, BotError) else BotError(bot_name(bot), world.turn, str(value))
        return str(value)

    try:
        yield asked
    finally:
        mine.close()
        with contextlib.suppress(OSError):  # a question in flight too (a Ctrl-C during a bot's move)
            os.killpg(pid, signal.SIGKILL)
        os.waitpid(pid, 0)


def check_bot(
    bot: Bot,
    rules: Rules,
    opponent: Bot,
    games: int = 4,
    redeals: int = 3,
    decisions: int = 120,
    seed: str = "check",
    apart: bool = True,
) -> tuple[int, list[Finding]]:
    """Play ``games`` hands with ``bot`` in seat 0 then seat 1 (``opponent`` elsewhere);
    return how many decisions were tested (at most ``decisions``) and the findings. With
    ``apart`` (and fork) each question is asked in a process of its own; a bot that is a
    program of its own (``cmd:``) sees only what it is sent, and needs no such care."""
    with _questions(bot, apart) as asked:
        return _check(bot, asked, rules, opponent, games, redeals, decisions, seed)


def _check(
    bot: Bot,
    asked: Callable[[Position, object, tuple[Played, ...]], str],
    rules: Rules,
    opponent: Bot,
    games: int,
    redeals: int,
    decisions: int,
    seed: str,
) -> tuple[int, list[Finding]]:
    findings: list[Finding] = []
    tested = 0
    redeal_rng = random.Random(f"{seed}/redeal")
    for game in range(games):
        mine = game % rules.players
        game_seed = f"{seed}/{game}"
        pos = start_position(rules, seeded_deck(game_seed), dealer_for_hand(rules, rules.players - 1, 1))
        rngs = seat_rngs(game_seed, rules.players)
        history: tuple[Played, ...] = ()
        while not pos.finished and tested < decisions:
            seat = pos.turn
            assert seat is not None
            if seat == mine:
                tested += 1
                state = rngs[seat].getstate()
                first = asked(pos, state, history)
                if asked(pos, state, history) != first:
                    findings.append(Finding(game_seed, seat, "answered differently twice for the same view and rng"))
                    break
                for world in sample_worlds(observe(pos, seat), redeals, redeal_rng):
                    other = asked(world, state, history)
                    if other != first:
                        findings.append(
                            Finding(game_seed, seat, f"chose {first}, but {other} once the hidden cards were re-dealt")
                        )
                        break
            move, listing = ask(bot if seat == mine else opponent, pos, rngs[seat], history)
            history += (Played(seat, move, public(pos)),)
            pos = play_judged(pos, move, listing.facts[listing.moves.index(move)])
        if findings or tested >= decisions:
            break
    return tested, findings

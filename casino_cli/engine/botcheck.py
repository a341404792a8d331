"""The leak test: a fair bot's choice depends on its view alone.

At each of its decisions the bot is asked again, with the same random state, in worlds where
the cards its seat cannot see were dealt again (:func:`.worlds.sample_worlds`); a bot that
peeks at the full position (for instance by walking the interpreter's frames) changes its
choice in some of them. The hand's moves so far (public) are the same in every re-deal. A
bot must also answer the same twice in a row for the same random state, or the test could
not tell a peek from chance (a bot drawing from a random source of its own fails there).
The decisions are those of whole games, hand after hand, in every seat in turn.

Where the platform can fork, every question is asked in a process of its own, forked from
one that was forked before the check drew its seed or dealt any position: the world of the
question is then the only full position in memory, held by a :class:`~.game.Game` that asks
the bot as a game does (a bot that searches the garbage collector's objects or its callers'
frames finds that one), nothing the bot kept from an earlier question is there, and the
only seed there is that game's, a fresh one for each question, which deals other cards. What the test cannot catch is a bot
that peeks and writes down what it saw, to answer alike in every re-deal, nor one that
cheats only when it is not being tested (an in-process bot can tell: it can read
``sys.argv``); docs/bots.md says what to do about bots one does not trust.
"""

from __future__ import annotations

import contextlib
import os
import pickle
import random
import secrets
import signal
from collections.abc import Callable, Iterator
from multiprocessing.connection import Connection, Pipe
from typing import NamedTuple

from .game import Game, game_seed
from .listing import legal_moves
from .position import Position
from .rules import Rules
from .views import Bot, BotError, Played, ask, bot_name, ended_words, observe
from .worlds import sample_worlds


class Finding(NamedTuple):
    """One decision where the bot's choice depended on more than its view (``leak``), or
    where it answered the same question differently (so a leak could not be told from chance)."""

    seed: str
    hand: int
    seat: int
    problem: str
    leak: bool = True


CONFIRM = 8  # the asks more, of the view and of a re-deal, before a changed answer is called a leak
Answers = tuple[list[str], object]
Asker = Callable[[Position, object, tuple[Played, ...], int], Answers]


def _asked(bot: Bot, pos: Position, state: object, history: tuple[Played, ...], times: int) -> Answers:
    """The bot's answers to the same question ``times`` times in a row, each with rng state
    ``state``, and the state its first answer left. The bot is asked by a game holding
    ``pos`` (with a seed of its own, which deals other cards), as in play."""
    assert pos.turn is not None
    game = Game(pos.rules, secrets.token_hex(16), [bot] * pos.rules.players)
    game.position, game.history, game.dealer, game.scores = pos, history, pos.dealer, pos.scores
    game.moves = [step.move for step in history]
    rng = game.rngs[pos.turn]
    answers, after = [], state
    for i in range(times):
        rng.setstate(state)  # type: ignore[arg-type]
        answers.append(game.choose()[0].text())
        if i == 0:
            after = rng.getstate()
    return answers, after


def _answer(bot: Bot, request: bytes) -> tuple[str, object]:
    world, state, history, times = pickle.loads(request)
    try:
        return "moves", _asked(bot, world, state, history, times)
    except BotError as exc:
        return "error", exc


def _serve(bot: Bot, conn: Connection) -> None:
    """The process questions are forked from: it keeps each question as bytes and forks a
    process that reads it, asks the bot and answers on a pipe of that question's own; the
    first answer is passed on, or, once the process has ended without one, that it did
    (an answer from a process the bot forked, or a second one, goes nowhere)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # a Ctrl-C is the check's to handle
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    while True:
        try:
            request = conn.recv_bytes()
        except (EOFError, OSError):
            return
        answers, answer = Pipe(duplex=False)
        pid = os.fork()
        if pid == 0:
            answers.close()
            with contextlib.suppress(BaseException):
                answer.send(_answer(bot, request))
                os._exit(0)
            os._exit(1)
        answer.close()
        status = None  # the question's process's, once it has ended
        while status is None and not answers.poll(0.05):
            done, ended = os.waitpid(pid, os.WNOHANG)
            status = ended if done else None
        reply = None
        with contextlib.suppress(EOFError, OSError):  # its end, and no answer
            reply = answers.recv() if answers.poll(0) else None
        answers.close()
        if status is None:
            _, status = os.waitpid(pid, 0)
        if reply is None:
            code = os.waitstatus_to_exitcode(status)
            reply = ("error", f"ended without answering ({ended_words(code)})")
        conn.send(reply)


@contextlib.contextmanager
def _questions(bot: Bot, apart: bool) -> Iterator[Asker]:
    """A function asking ``bot`` one question: each in a process of its own when ``apart``
    and the platform can fork (see the module's docstring), else in this one."""
    if not (apart and hasattr(os, "fork")):
        yield lambda world, state, history, times: _asked(bot, world, state, history, times)
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

    def asked(world: Position, state: object, history: tuple[Played, ...], times: int) -> Answers:
        mine.send_bytes(pickle.dumps((world, state, history, times)))
        kind, value = mine.recv()
        if kind == "error":
            assert world.turn is not None
            raise value if isinstance(value, BotError) else BotError(bot_name(bot), world.turn, str(value))
        return value  # type: ignore[no-any-return]

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
    redeals: int = 3,
    decisions: int = 120,
    seed: str | None = None,
    apart: bool = True,
) -> tuple[int, list[Finding]]:
    """Test ``decisions`` of ``bot``'s decisions (``opponent`` in the other seats), in whole
    games, its seat 0 in the first game, 1 in the next, and so on, each seat a game's share;
    return how many decisions were tested and the findings. The game goes on with the bot's
    first answer at each decision (and its rng as that answer left it). Without a ``seed``,
    one is drawn after the bot's process is forked, so the bot cannot deal the cards itself
    from a seed it guesses or finds. With ``apart`` (and fork) each question is asked in a
    process of its own, and the bot never runs in this one; a bot that is a program of its
    own (``cmd:``) sees only what it is sent, and needs no such care."""
    with _questions(bot, apart) as asked:
        return _check(asked, rules, opponent, redeals, decisions, secrets.token_hex(16) if seed is None else seed)


def _check(
    asked: Asker, rules: Rules, opponent: Bot, redeals: int, decisions: int, seed: str
) -> tuple[int, list[Finding]]:
    tested = 0
    share = -(-decisions // rules.players)
    redeal_rng = random.Random(f"{seed}/redeal")
    number = 0
    while tested < decisions:
        mine = number % rules.players
        number += 1
        game = Game(rules, game_seed(seed, number))
        until = min(decisions, tested + share)
        while not game.over and tested < until:
            game.deal()
            while game.in_play and tested < until:
                pos, history = game.position, game.history
                assert pos is not None and pos.turn is not None
                seat = pos.turn
                if seat != mine:
                    move, listing = ask(opponent, pos, game.rngs[seat], history)
                    game.play_move(move, listing.facts_of(move))
                    continue
                tested += 1
                try:
                    text, problem, leak = _decision(asked, pos, game.rngs[seat], history, redeals, redeal_rng)
                except BotError as exc:  # said with where, to repeat it (the check is over: its seed can be told)
                    where = f"in game {game.seed}, hand {len(game.hands) + 1}; --seed {seed} repeats the check"
                    raise exc.within(where) from None
                if problem:
                    return tested, [Finding(game.seed, len(game.hands) + 1, seat, problem, leak)]
                listing = legal_moves(pos)
                move = next(m for m in listing.moves if m.text() == text)
                game.play_move(move, listing.facts_of(move))
    return tested, []


def _decision(
    asked: Asker,
    pos: Position,
    rng: random.Random,
    history: tuple[Played, ...],
    redeals: int,
    redeal_rng: random.Random,
) -> tuple[str, str | None, bool]:
    """The bot's move at one decision (``rng`` left as its answer left it), what is wrong
    with its answers, if anything, and whether that is a leak: asked twice in a row, then
    in ``redeals`` worlds of its view, it must answer the same every time."""
    state = rng.getstate()
    (first, again), after = asked(pos, state, history, 2)
    rng.setstate(after)  # type: ignore[arg-type]
    if again != first:
        return first, f"answered {first}, then {again}, twice in a row for the same view and rng", False
    assert pos.turn is not None
    for world in sample_worlds(observe(pos, pos.turn), redeals, redeal_rng):
        (other,), _ = asked(world, state, history, 1)
        if other != first:
            return (first, *_leak_or_chance(asked, pos, world, state, history, first, other))
    return first, None, False


def _leak_or_chance(
    asked: Asker, pos: Position, world: Position, state: object, history: tuple[Played, ...], first: str, other: str
) -> tuple[str, bool]:
    """A re-deal changed the bot's answer: asked CONFIRM times more on each, each time in a
    process of its own (one process asked twice holds one seed, which a seed-dealing bot
    would answer alike from), it leaks only if each answers as it did every time. A bot drawing from a
    random source of its own (it may agree twice in a row by chance), or dealing the cards
    from the only seed it can find (the question's own, fresh each time), answers otherwise:
    it cannot be checked."""
    for shown, expected in ((pos, first), (world, other)):
        for _ in range(CONFIRM):
            (answer,), _ = asked(shown, state, history, 1)
            if answer != expected:
                where = "view" if shown is pos else "re-dealt view"
                return f"answered {expected}, then {answer}, asked again for the same {where} and rng", False
    return f"chose {first}, but {other} once the hidden cards were re-dealt ({CONFIRM + 1} times each)", True

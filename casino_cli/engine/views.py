"""Player views: what one seat may know of a position, and asking a bot through its view.

A :class:`View` holds the seat and ``known``, a :class:`Position` in which only that
seat's hand is a mask: every other hand (the partner's too) is ``Partial(0, n)`` (n cards,
none known) and the stock is ``Unseen(count)``. The table, the builds with their owners,
the captured piles, sweeps, scores and the last capturer are public. The history of cards
seen needs no list of its own: every card ever played is now on the table or in a
captured pile (captures are made face up), so ``seen`` (own hand, table, every captured
card) is exactly what the seat has seen, and ``unseen`` (the other hands and the stock)
is what it may only guess. The order of play is public too: ``history`` holds the moves
of the hand so far, each with its mover and the table it was played on (what every seat
saw), when the caller knows them. A view is a value: it holds no reference to the full
position.
"""

from __future__ import annotations

import os
import random
import sysconfig
import traceback
from collections.abc import Callable
from typing import NamedTuple

from ..cards import FULL_DECK, count
from ..errors import check_int, shown, wrong_type
from .deal import seed_bytes
from .errors import CasinoError, PositionError
from .listing import legal_moves
from .moves import Move, MoveList
from .position import A_POSITION, Partial, Position, Unseen, held_count
from .rules import Rules, check_players


class Played(NamedTuple):
    """A move of the hand as every seat saw it: its mover, the move, and ``before``, the
    position it was played in with every hand and the stock hidden (:func:`public`)."""

    seat: int
    move: Move
    before: Position


A_VIEW = "a View (observe(position, seat) makes one)"  # said of anything else


class View(NamedTuple):
    """What ``seat`` knows; ``known`` is the position with the hidden cards only counted,
    ``history`` the hand's moves so far (empty when the caller does not know them)."""

    seat: int
    known: Position
    history: tuple[Played, ...] = ()

    @property
    def rules(self) -> Rules:
        """The rule set."""
        return self.known.rules

    @property
    def hand(self) -> int:
        """The seat's own hand (a mask); a :class:`~.errors.PositionError` if the view's
        position knows it only in part."""
        hand = self.known.hands[self.seat]
        if not isinstance(hand, int):
            raise PositionError([f"seat {self.seat}'s own hand is known only in part: a view needs all of it"])
        return hand

    @property
    def seen(self) -> int:
        """Every card whose place the seat knows: its hand, the table, the captured piles."""
        out = self.hand | self.known.table
        for pile in self.known.captured:
            if isinstance(pile, int):
                out |= pile
        return out

    @property
    def unseen(self) -> int:
        """The cards in the other hands and the stock (their places hidden)."""
        return FULL_DECK & ~self.seen

    def hand_count(self, seat: int) -> int:
        """How many cards ``seat`` holds."""
        if not 0 <= seat < len(self.known.hands):
            raise CasinoError(f"no seat {seat}: the seats are 0 to {len(self.known.hands) - 1}")
        hand = self.known.hands[seat]
        return hand.count if isinstance(hand, Partial) else count(hand or 0)


def observe(position: Position, seat: int, history: tuple[Played, ...] = ()) -> View:
    """The view of ``seat``: its own hand, the table and every captured card; the other
    hands and the stock as counts; and the hand's moves so far, if given (a tuple of
    :class:`Played`, each ``before`` hiding every hand and the stock, as :func:`public` does)."""
    _check_history(history)
    return seat_view(position, seat, history)


def seat_view(position: Position, seat: int, history: tuple[Played, ...]) -> View:
    """:func:`observe` for a history the engine built itself (a :class:`~.game.Game`'s),
    which is not checked again at every move."""
    if not isinstance(position, Position):
        raise wrong_type("position", position, A_POSITION)
    if (
        isinstance(seat, bool) or not isinstance(seat, int) or seat not in range(len(position.hands))
    ):  # True, 1.0 are in range(2)
        raise CasinoError(f"seat {shown(seat)} is not a seat (0..{len(position.hands) - 1})")
    hands = tuple(h if s == seat else Partial(0, held_count(position, s)) for s, h in enumerate(position.hands))
    return View(seat, position._replace(hands=hands, stock=Unseen(position.stock_count)), history)


def _check_history(history: tuple[Played, ...]) -> None:
    """Refuse a history a view cannot hold: one not a tuple of :class:`Played` (a TypeError
    naming it, not an error deep inside a bot that replays it), or one whose ``before``
    shows a hidden card (a view holds only what its seat may know)."""
    if not isinstance(history, tuple):
        raise wrong_type("history", history, "a tuple of Played (the hand's moves so far)")
    for i, played in enumerate(history):
        if not (isinstance(played, Played) and isinstance(played.move, Move) and isinstance(played.before, Position)):
            raise wrong_type(f"history[{i}]", played, "a Played(seat, move, public(position))")
        before = played.before
        if not isinstance(before.stock, Unseen) or any(not isinstance(h, Partial) or h.known for h in before.hands):
            raise CasinoError(
                f"history[{i}].before shows cards no seat sees (a hand or the stock):"
                " a Played holds public(position), every hand and the stock hidden"
            )


def public(position: Position) -> Position:
    """What every seat sees of ``position``: every hand and the stock as counts."""
    if not isinstance(position, Position):
        raise wrong_type("position", position, A_POSITION)
    hands = tuple(Partial(0, held_count(position, s)) for s in range(len(position.hands)))
    return position._replace(hands=hands, stock=Unseen(position.stock_count))


Bot = Callable[[View, MoveList, random.Random], Move]
"""A bot: ``bot(view, moves, rng)`` returns one of the legal ``moves``, seeing only its seat's ``view``."""


def unfit_bot(bot: object) -> str | None:
    """Why ``bot`` cannot be called for each move, or None: it is not callable, or it is a
    class (calling one makes an instance, never a move)."""
    if not callable(bot):
        return "is not callable"
    if isinstance(bot, type):
        return f"is a class, whose call makes an instance, not a move: use an instance of it (mine = {bot.__name__}(), say) or a function"
    return None


def check_bot_arguments(view: object, moves: object, rng: object) -> None:
    """What casino's own bots say of an argument of the wrong type (a text or a dict for the
    view, a plain tuple for the moves): a TypeError naming it, not an error from inside."""
    if not isinstance(view, View):
        raise wrong_type("view", view, A_VIEW)
    if not isinstance(moves, MoveList):
        raise wrong_type("moves", moves, "a MoveList (legal_moves(view.known) makes one)")
    if not isinstance(rng, random.Random):
        raise wrong_type("rng", rng, "a random.Random")


class BotError(CasinoError):
    """A bot that raised, chose an illegal move or did not answer; names the bot and seat."""

    def __init__(self, name: str, seat: int, problem: str):
        super().__init__(f"bot {name!r} (seat {seat}) {problem}")
        self.name: str = name
        self.seat: int = seat
        self.problem: str = problem

    def within(self, where: str) -> BotError:
        """The same failure, said with ``where`` it happened: ``... (in game 3, dealt from seed 's/3')``."""
        return BotError(self.name, self.seat, f"{self.problem} ({where})")


def ended_words(code: int) -> str:
    """How a bot's process ended, for a message: ``exit status 3``, ``signal 9`` (a negative
    code, as :mod:`subprocess` gives a signal)."""
    return f"exit status {code}" if code >= 0 else f"signal {-code}"


def bot_name(bot: object) -> str:
    """A bot's name for messages."""
    return str(getattr(bot, "bot_name", None) or getattr(bot, "__name__", None) or type(bot).__name__)


def ask(bot: Bot, position: Position, rng: random.Random, history: tuple[Played, ...] = ()) -> tuple[Move, MoveList]:
    """The move ``bot`` picks for the seat to move, given only that seat's view (with the
    hand's ``history``, as :func:`observe` takes it), with the legal moves of that view (the
    same as the position's: they depend on the mover's hand and the table alone). Raises
    :class:`BotError` if the bot fails or picks an illegal move."""
    _check_history(history)
    return ask_seat(bot, position, rng, history)


def ask_seat(bot: Bot, position: Position, rng: random.Random, history: tuple[Played, ...]) -> tuple[Move, MoveList]:
    """:func:`ask` for a history the engine built itself (see :func:`seat_view`)."""
    seat = position.turn
    if seat is None:
        raise CasinoError("the hand is over: no seat is to move")
    view = seat_view(position, seat, history)
    listing = legal_moves(view.known)
    legal = (listing.moves, listing.facts, listing.truncated)  # what the bot is given, kept from its reach
    # The bot is called as returning anything: its answer is checked below. (Compiled code
    # would check a Bot's answer against Move at the call and report a non-Move as a
    # TypeError the bot raised.)
    anything: Callable[..., object] = bot
    try:
        move = anything(view, listing, rng)
    except BotError:
        raise
    except (Exception, SystemExit, GeneratorExit) as exc:  # a bot of anyone's: report it, never a traceback
        raise BotError(bot_name(bot), seat, f"raised {type(exc).__name__}: {exc}{_where(exc)}") from None
    if (listing.moves, listing.facts, listing.truncated) != legal:  # forced past MoveList's guard
        raise BotError(bot_name(bot), seat, "changed the list of legal moves it was given")
    if not isinstance(move, Move):  # a plain tuple equal to one is not a move either
        raise BotError(bot_name(bot), seat, f"returned {move!r}, a {type(move).__name__}: a bot returns a Move")
    if move not in legal[0]:
        raise BotError(bot_name(bot), seat, f"chose {move.said()}, which is not a legal move")
    return move, listing


# casino's files and Python's libraries: a bot's failure is placed at a line of neither
_NOT_THE_BOTS = tuple(
    os.path.join(path, "")
    for path in {os.path.dirname(os.path.dirname(os.path.abspath(__file__)))}
    | {sysconfig.get_path(name) for name in ("stdlib", "platstdlib", "purelib", "platlib")}
)


def _where(exc: BaseException) -> str:
    """Where in the bot writer's code ``exc`` was raised (its innermost line in no file of
    casino's or of Python's libraries): ``, at mybots.py:12 in cautious``, or ""."""
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if not f.filename.startswith(_NOT_THE_BOTS)]
    if not frames:
        return ""
    return f", at {os.path.basename(frames[-1].filename)}:{frames[-1].lineno} in {frames[-1].name}"


def seat_rngs(seed: str, players: int) -> list[random.Random]:
    """One random source per seat, from the game seed and the seat, so no bot can steer another."""
    seed_bytes(seed)
    check_int("players", players)
    check_players(players)
    return [random.Random(f"{seed}/seat{seat}") for seat in range(players)]

"""Bots: a bot is any callable ``bot(position, moves, rng) -> Move`` that picks one of
the legal ``moves`` (a :class:`MoveList`) of ``position``; ``rng`` is a
:class:`random.Random` owned by the game, so seeded games are reproducible.

Two bots ship: ``random`` (uniform) and ``greedy`` (best immediate gain by the scoring
items of P1). Plug your own in with :func:`register`, pass the callable directly, or name
it as ``package.module:function`` (e.g. ``casino simulate --bots mybots:cautious,random``).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ..cards import ACE_MASK, BIG_CASINO, LITTLE_CASINO, SPADE_MASK
from .move_list import MoveList
from .moves import BUILD, CAPTURE, Move
from .position import Position

Bot = Callable[[Position, MoveList, random.Random], Move]


def random_bot(position: Position, moves: MoveList, rng: random.Random) -> Move:
    """Any legal move, uniformly."""
    return moves.moves[rng.randrange(len(moves.moves))]


def _gain(position: Position, move: Move, sweep: bool) -> float:
    """Points a move brings at once, with small tie-breaks: cards 3/27 each, spades 1/7 each."""
    if move.type == CAPTURE:
        taken = move.cards | (1 << move.card)
        gain = taken.bit_count() * 3 / 27 + (taken & SPADE_MASK).bit_count() / 7
        gain += 2 * (taken >> BIG_CASINO & 1) + (taken >> LITTLE_CASINO & 1) + (taken & ACE_MASK).bit_count()
        if sweep and position.rules.sweeps:
            gain += 1
        return gain
    if move.type == BUILD:
        return 0.05 * move.cards.bit_count()  # a build promises a later capture
    card = move.card
    # A trail gives cards away: prefer trailing low, plain cards.
    risk = (
        2 * (card == BIG_CASINO)
        + (card == LITTLE_CASINO)
        + (1 << card & ACE_MASK and 1)
        + (1 << card & SPADE_MASK and 0.2)
    )
    return -0.1 - risk - position.rules.values[card] / 100


def greedy_bot(position: Position, moves: MoveList, rng: random.Random) -> Move:
    """The move with the best immediate gain (ties broken by the game's rng)."""
    scored = [(_gain(position, m, f.sweep), i) for i, (m, f) in enumerate(zip(moves.moves, moves.facts))]
    best = max(s for s, _ in scored)
    choices = [i for s, i in scored if s == best]
    return moves.moves[choices[rng.randrange(len(choices))] if len(choices) > 1 else choices[0]]


BOTS: dict[str, Bot] = {"random": random_bot, "greedy": greedy_bot}


def register(name: str, bot: Bot) -> None:
    """Make a bot available by name (for ``casino simulate --bots``)."""
    BOTS[name] = bot


def find_bot(name: str) -> Bot:
    """A bot by name: a registered one, or ``module:function`` imported on demand."""
    if name in BOTS:
        return BOTS[name]
    module_name, sep, attribute = name.partition(":")
    if not sep or not module_name or not attribute:
        raise LookupError(f"unknown bot {name!r} (bots: {', '.join(BOTS)}, or module:function)")
    import importlib

    try:
        bot = getattr(importlib.import_module(module_name), attribute)
    except (ImportError, AttributeError) as exc:
        raise LookupError(f"cannot load bot {name!r}: {exc}") from None
    if not callable(bot):
        raise LookupError(f"bot {name!r} is not callable")
    found: Bot = bot
    BOTS[name] = found
    return found

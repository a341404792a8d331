"""Worlds weighted by what the other seats did in this deal: the searcher's opponent model.

A uniform world (:func:`.worlds.sample_worlds`) forgets that a seat which trailed most
likely could not capture. Here each other seat is taken to play greedy's move (the
capture worth most) with probability ALPHA, shared among greedy's ties, and otherwise any
legal move alike. A world then weighs the chance of every move those seats made in the
current deal, each replayed on the table it was played on (``View.history``) with the hand
the world gives the seat then: its hand now and the cards it played since. ``n`` worlds
are drawn in proportion to those weights from POOL times as many uniform ones (importance
resampling). A world whose hand could not have made a move seen (a build owner who had to
keep a card, O1) weighs nothing. With no such move in the view, or when no world drawn
fits them, the worlds are the uniform ones.

Whether the model is right can be checked on the deals already over: every card of such a
deal was played face up, so each seat's hand at each of its moves is known, and so is
whether the move was one of greedy's (:func:`plays_greedy`).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from .greedy import greedy_ties
from .listing import legal_moves
from .move_list import MoveList
from .moves import Move
from .position import Partial, Position
from .views import Played, View
from .worlds import sample_worlds

ALPHA = 0.95  # how often the model's seat plays greedy's move
POOL = 8  # uniform worlds drawn per world kept
MIN_SEEN = 4  # the fewest decisions seen before a seat is taken to play greedy for sure


Lister = Callable[[Position], MoveList]  # lists a position's moves: legal_moves, or a searcher's counted listing


def _listing_then(step: Played, hand: int, lister: Lister = legal_moves) -> MoveList:
    """The moves the mover of ``step`` had, holding ``hand`` on the table it saw (by ``lister``)."""
    hands = tuple(hand if s == step.seat else Partial(0, 0) for s in range(step.before.rules.players))
    return lister(step.before._replace(hands=hands))


def _hands_then(steps: list[Played], now: Callable[[int], int]) -> list[int]:
    """Each step's mover's hand then: its hand ``now(seat)`` and the cards it played since."""
    out = []
    for i, step in enumerate(steps):
        hand = now(step.seat)
        for later in steps[i:]:
            if later.seat == step.seat:
                hand |= 1 << later.move.card
        out.append(hand)
    return out


def likelihood(
    world: Position, steps: list[Played], memo: dict[tuple[int, int], float] | None = None, lister: Lister = legal_moves
) -> float:
    """The chance of ``steps`` (moves of this deal by other seats) in ``world``.

    ``memo`` keeps each step's chance by the hand its mover then held, for the worlds of
    one pool: worlds that deal a seat the same cards (often, once a seat holds one card
    or none) share its listings. The product is taken in the same order either way."""
    memo = {} if memo is None else memo
    out = 1.0
    for i, (step, hand) in enumerate(zip(steps, _hands_then(steps, lambda seat: _mask(world.hands[seat])))):
        chance = memo.get((i, hand))
        if chance is None:
            chance = memo[i, hand] = _chance(step, hand, lister)
        if not chance:
            return 0.0
        out *= chance
    return out


def _chance(step: Played, hand: int, lister: Lister) -> float:
    """The model's chance of ``step`` by a mover holding ``hand``: 0 if that hand could
    not have made the move (a build owner bound to keep a card, O1)."""
    listing = _listing_then(step, hand, lister)
    if step.move not in listing.moves:
        return 0.0
    ties = greedy_ties(step.before.rules, listing)
    return ALPHA * _among(step.move, listing, ties) / len(ties) + (1 - ALPHA) / len(listing.moves)


def _among(move: Move, listing: MoveList, ties: list[int]) -> bool:
    """Whether ``move`` is one of greedy's ``ties`` (indices into ``listing``)."""
    return any(listing.moves[i] == move for i in ties)


def _mask(hand: object) -> int:
    assert isinstance(hand, int)
    return hand


def plays_greedy(view: View) -> bool:
    """Whether every other side's seat has played one of greedy's moves at every choice
    (of two moves or more) of the deals already over in this hand, at least MIN_SEEN
    choices in all. Those deals' hands are known: every card was played face up."""
    rules = view.rules
    side = rules.side_of(view.seat)
    seen = 0
    for deal in range(1, view.known.deal):
        steps = [p for p in view.history if p.before.deal == deal and rules.side_of(p.seat) != side]
        for step, hand in zip(steps, _hands_then(steps, lambda seat: 0)):
            listing = _listing_then(step, hand)
            if len(listing.moves) < 2:
                continue
            if not _among(step.move, listing, greedy_ties(rules, listing)):
                return False
            seen += 1
    return seen >= MIN_SEEN


def inferred_worlds(view: View, n: int, rng: random.Random, lister: Lister = legal_moves) -> list[Position]:
    """``n`` worlds consistent with ``view``, drawn in proportion to :func:`likelihood`, the
    moves seen listed again by ``lister`` (the searcher's raises once its steps are spent)."""
    deal = view.known.deal
    steps = [p for p in view.history if p.before.deal == deal and p.seat != view.seat]
    if not steps:
        return sample_worlds(view, n, rng)
    pool = sample_worlds(view, n * POOL, rng)
    memo: dict[tuple[int, int], float] = {}
    weights = [likelihood(world, steps, memo, lister) for world in pool]
    if not any(weights):  # no world drawn fits the moves seen: keep them all alike
        return pool[:n]
    return rng.choices(pool, weights=weights, k=n)

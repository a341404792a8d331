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
"""

from __future__ import annotations

import random

from .greedy import greedy_ties
from .listing import legal_moves
from .position import Partial, Position
from .views import Played, View
from .worlds import sample_worlds

ALPHA = 0.95  # how often the model's seat plays greedy's move
POOL = 8  # uniform worlds drawn per world kept


def likelihood(world: Position, steps: list[Played]) -> float:
    """The chance of ``steps`` (moves of this deal by other seats) in ``world``."""
    rules = world.rules
    out = 1.0
    for i, step in enumerate(steps):
        hand = world.hands[step.seat]
        assert isinstance(hand, int)
        for later in steps[i:]:
            if later.seat == step.seat:
                hand |= 1 << later.move.card
        hands = tuple(hand if s == step.seat else Partial(0, 0) for s in range(rules.players))
        listing = legal_moves(step.before._replace(hands=hands))
        if step.move not in listing.moves:
            return 0.0  # the world's hand could not have made that move (O1, say)
        ties = greedy_ties(rules, listing)
        chosen = any(listing.moves[i] == step.move for i in ties)
        out *= ALPHA * chosen / len(ties) + (1 - ALPHA) / len(listing.moves)
    return out


def inferred_worlds(view: View, n: int, rng: random.Random) -> list[Position]:
    """``n`` worlds consistent with ``view``, drawn in proportion to :func:`likelihood`."""
    deal = view.known.deal
    steps = [p for p in view.history if p.before.deal == deal and p.seat != view.seat]
    if not steps:
        return sample_worlds(view, n, rng)
    pool = sample_worlds(view, n * POOL, rng)
    weights = [likelihood(world, steps) for world in pool]
    if not any(weights):  # no world drawn fits the moves seen: keep them all alike
        return pool[:n]
    return rng.choices(pool, weights=weights, k=n)

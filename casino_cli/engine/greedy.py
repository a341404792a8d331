"""Greedy play: a move's immediate gain by the scoring items of P1 (the ``greedy`` bot's
rule, and the playout policy of :mod:`.search`)."""

from __future__ import annotations

import random

from ..cards import ACE_MASK, BIG_CASINO, LITTLE_CASINO, SPADE_MASK
from .moves import BUILD, CAPTURE, Move, MoveList
from .rules import Rules


def gain(rules: Rules, move: Move, sweep: bool) -> float:
    """Points a move brings at once, with small tie-breaks: cards 3/27 each, spades 1/7 each."""
    if move.type == CAPTURE:
        taken = move.cards | (1 << move.card)
        gain = taken.bit_count() * 3 / 27 + (taken & SPADE_MASK).bit_count() / 7
        gain += 2 * (taken >> BIG_CASINO & 1) + (taken >> LITTLE_CASINO & 1) + (taken & ACE_MASK).bit_count()
        if sweep and rules.sweeps:
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
    return -0.1 - risk - rules.values[card] / 100


def greedy_ties(rules: Rules, moves: MoveList) -> list[int]:
    """The indices of the moves greedy would choose among (those of the greatest gain)."""
    gains = [gain(rules, m, f.sweep) for m, f in zip(moves.moves, moves.facts)]
    best = max(gains)
    return [i for i, g in enumerate(gains) if g == best]


def greedy_choice(rules: Rules, moves: MoveList, rng: random.Random) -> Move:
    """Greedy's pick among ``moves`` (also the playout policy of :mod:`.search`)."""
    choices = greedy_ties(rules, moves)
    return moves.moves[choices[rng.randrange(len(choices))] if len(choices) > 1 else choices[0]]

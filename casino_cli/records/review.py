"""Reviewing a game: each move valued against the best move from the mover's view."""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import NamedTuple

from ..engine import HandStart, Move, MoveFacts, Step, legal_moves
from ..engine.position import Position
from ..engine.search import analyse
from ..engine.views import Played, observe, public
from .record import Record
from .referee import Finding, walk

PLAYOUTS = 240  # per reviewed move, shared by its legal moves (at least 16 worlds each)


class Slip(NamedTuple):
    """A move that lost expected points: where, what was played, the better move (each with
    its facts in the position it was played from), how much."""

    hand: int
    number: int
    seat: int
    played: Move
    best: Move
    loss: float
    played_facts: MoveFacts
    best_facts: MoveFacts


class Review(NamedTuple):
    """Every reviewed move with its loss (0 for the best move); how many moves of each seat
    were reviewed, and how many skipped (those whose mover's hand the record does not show
    whole); and the finding that makes the record invalid, where the review stops (``None``
    if none)."""

    slips: list[Slip]
    reviewed: list[int]
    skipped: list[int]
    stopped: Finding | None


def review(record: Record, rng: random.Random, moved: Callable[[], None] | None = None) -> Review:
    """The :class:`Review` of ``record``: each move valued from its mover's view, up to the
    first finding that makes the record invalid (the referee's notes do not stop it);
    ``moved`` is called after each move (a progress bar's step)."""
    slips: list[Slip] = []
    reviewed = [0] * record.rules.players
    skipped = [0] * record.rules.players
    before: Position | None = None
    history: tuple[Played, ...] = ()
    for event in walk(record):
        if isinstance(event, Finding):
            if event.unchecked:
                continue
            return Review(slips, reviewed, skipped, event)
        if isinstance(event, HandStart):
            before, history = event.position, ()
            continue
        if isinstance(event, Step) and before is not None:
            if isinstance(before.hands[event.seat], int):
                view = observe(before, event.seat, history)
                listing = legal_moves(view.known)
                reviewed[event.seat] += 1
                if len(listing.moves) > 1:
                    ranked = analyse(view, listing, rng, playouts=PLAYOUTS)
                    value = {r.move: r.value for r in ranked}
                    best = ranked[0]
                    played = value.get(event.move, best.value)  # unlisted (a truncated listing): no loss
                    loss = 0.0 if math.isnan(played) else max(0.0, best.value - played)  # NaN: left unvalued
                    slips.append(
                        Slip(
                            event.hand,
                            event.number,
                            event.seat,
                            event.move,
                            best.move,
                            loss,
                            event.facts,
                            listing.facts_of(best.move),
                        )
                    )
            else:
                skipped[event.seat] += 1
            history += (Played(event.seat, event.move, public(before)),)
            before = event.position
            if moved is not None:
                moved()
    return Review(slips, reviewed, skipped, None)

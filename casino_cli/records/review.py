"""Reviewing a game: each move valued against the best move from the mover's view."""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import NamedTuple

from ..engine import HandStart, Move, MoveFacts, MoveList, Step, legal_moves
from ..engine.position import Position
from ..engine.search import Ranked, analyse
from ..engine.views import Played, observe, public
from .record import Record
from .referee import Finding, walk

PLAYOUTS = 240  # per reviewed move, shared by its legal moves (at least 16 worlds each)


class Slip(NamedTuple):
    """A move that lost expected points: where, what was played, the better move (each with
    its facts in the position it was played from), how much. ``game`` is set on a game slip
    (a last deal solved for the game: :func:`~casino_cli.engine.search.game_results`),
    where the move played does worse for the game than ``best``: what each does to it for
    the mover's side (1 wins it, 0 leaves it open, -1 loses it), played first."""

    hand: int
    number: int
    seat: int
    played: Move
    best: Move
    loss: float
    played_facts: MoveFacts
    best_facts: MoveFacts
    game: tuple[int, int] | None = None


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
                    ranked = analyse(view, listing, rng, playouts=PLAYOUTS, game=True)
                    slips.append(_slip(event, ranked, listing))
            else:
                skipped[event.seat] += 1
            history += (Played(event.seat, event.move, public(before)),)
            before = event.position
            if moved is not None:
                moved()
    return Review(slips, reviewed, skipped, None)


def _slip(step: Step, ranked: list[Ranked], listing: MoveList) -> Slip:
    """The move of ``step`` against ``ranked`` (best first: for the game where it says,
    then for points): the points it lost against the first best for points, and, where it
    does worse for the game than the first move, a game slip with that move as the better."""
    top = max(ranked, key=lambda r: -math.inf if math.isnan(r.value) else r.value)
    played = next((r for r in ranked if r.move == step.move), None)  # None: unlisted (a truncated listing)
    loss = 0.0 if played is None or math.isnan(played.value) else max(0.0, top.value - played.value)  # NaN: unvalued
    game = None
    if played is not None and played.game is not None and ranked[0].game is not None and played.game < ranked[0].game:
        top, game = ranked[0], (played.game, ranked[0].game)
    return Slip(
        step.hand, step.number, step.seat, step.move, top.move, loss, step.facts, listing.facts_of(top.move), game
    )

"""Self-play: bots play seeded games, each written as a ``casino.record/1`` document."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ..engine.bots import Bot
from ..engine.rules import Rules
from .referee import HandStart
from .session import Session


def play_game(
    rules: Rules,
    seed: str,
    bots: list[Bot],
    rng: random.Random,
    hands: int | None = None,
    observer: Callable[[object], None] | None = None,
) -> dict[str, Any]:
    """One game (or its first ``hands`` hands) from ``seed``; bots[seat] plays each seat.

    ``observer``, if given, sees every HandStart, Step and HandEnd as it happens."""
    see = observer or (lambda event: None)
    session = Session(rules, seed, hands)
    see(HandStart(1, session.position))
    while not session.over:
        listing = session.listing()
        turn = session.position.turn
        assert turn is not None
        move = bots[turn](session.position, listing, rng)
        if move not in listing.moves:
            raise ValueError(f"the bot of seat {turn} chose {move}, which is not a legal move")
        for event in session.play(move, listing):
            see(event)
    return session.record()

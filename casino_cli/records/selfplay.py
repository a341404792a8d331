"""Self-play: bots play seeded games (:class:`~casino_cli.engine.Game`), each written as a
``casino.record/1`` document."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..engine import SHUFFLE, Bot, Game, Rules
from ..engine.game import MAX_HANDS, Observer
from ..notation.position import rules_json

__all__ = ["MAX_HANDS", "play_game"]


def play_game(
    rules: Rules,
    seed: str,
    bots: Sequence[Bot],
    rng: random.Random | None = None,
    hands: int | None = None,
    observer: Observer | None = None,
) -> dict[str, object]:
    """The record of one game (or of its first ``hands`` hands) from ``seed``; bots[seat]
    plays each seat, choosing with ``rng`` (by default the engine's ``{seed}/bots``).

    ``observer``, if given, sees every HandStart, Step and HandEnd as it happens."""
    game = Game(rules, seed, bots, rng)
    played = game.play(hands or None, observer)
    record: dict[str, object] = {
        "format": "casino.record/1",
        "rules": rules_json(rules),
        "seed": seed,
        "shuffle": SHUFFLE,
        "hands": [
            {"dealer": h.dealer, "moves": [m.text() for m in h.moves], "score": list(h.score.points)} for h in played
        ],
    }
    if game.winner is not None:
        record["result"] = {"scores": list(game.scores), "winner": game.winner}
    return record

"""Self-play: bots play seeded games (:class:`~casino_cli.engine.Game`), each written as a
``casino.record/1`` document."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..engine import SHUFFLE, Game, Rules
from ..engine.game import MAX_HANDS, Observer
from ..engine.views import Bot
from ..notation.position import rules_json

__all__ = ["MAX_HANDS", "play_game"]


def play_game(
    rules: Rules,
    seed: str,
    bots: Sequence[Bot],
    hands: int | None = None,
    observer: Observer | None = None,
) -> dict[str, Any]:
    """The record of one game (or of its first ``hands`` hands) from ``seed``; bots[seat]
    plays each seat, seeing only its view, with a random source of its own (:func:`seat_rngs`).

    ``observer``, if given, sees every HandStart, Step and HandEnd as it happens."""
    game = Game(rules, seed, bots)
    played = game.play(hands or None, observer)
    record: dict[str, Any] = {
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

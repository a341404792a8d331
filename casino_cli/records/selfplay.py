"""Self-play: bots play seeded games (:class:`~casino_cli.engine.Game`), each written as a
``casino.record/1`` document."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..engine import SHUFFLE, Bot, Game, Move, MoveList, Position, Rules
from ..engine.game import MAX_HANDS, Observer
from ..notation.position import rules_json

__all__ = ["MAX_HANDS", "BotError", "bot_name", "checked_bot", "play_game"]


class BotError(ValueError):
    """A bot (code the user named) raised, or chose a move that is not legal."""


def bot_name(bot: Bot) -> str:
    """How the command line names a bot: ``module:function`` (or its registered name)."""
    return f"{getattr(bot, '__module__', '?')}:{getattr(bot, '__qualname__', type(bot).__name__)}"


def checked_bot(bot: Bot) -> Bot:
    """``bot``, whose failures and illegal choices are a :class:`BotError` naming it."""

    def play(position: Position, listing: MoveList, rng: random.Random) -> Move:
        try:
            move = bot(position, listing, rng)
        except Exception as exc:
            raise BotError(
                f"the bot {bot_name(bot)} of seat {position.turn} failed: {type(exc).__name__}: {exc}"
            ) from exc
        if move not in listing:
            raise BotError(
                f"the bot {bot_name(bot)} of seat {position.turn} chose {move!r}, which is not one of the legal moves"
            )
        return move

    return play


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
    game = Game(rules, seed, [checked_bot(bot) for bot in bots], rng)
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

"""Self-play: bots play seeded games (:class:`~casino_cli.engine.Game`), each written as a
``casino.record/1`` document."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..engine import Game, Rules
from ..engine.game import MAX_HANDS, Observer
from ..engine.views import Bot
from .botproto import seated
from .game_record import game_record

__all__ = ["MAX_HANDS", "play_game", "played_game", "unfinished_games"]


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
    return game_record(played_game(rules, seed, bots, hands, observer))


def played_game(
    rules: Rules, seed: str, bots: Sequence[Bot], hands: int | None = None, observer: Observer | None = None
) -> Game:
    """The :class:`~casino_cli.engine.Game` of :func:`play_game`, played: its scores and
    winner as the rules settle them."""
    game = Game(rules, seed, seated(bots, seed))  # a cmd: bot: a program for each seat, new to this deal
    game.play(hands or None, observer)
    return game


def unfinished_games(count: int, games: int) -> str:
    """What a run says when ``count`` of its ``games`` stopped at :data:`MAX_HANDS` hands with no winner."""
    return f"{count} of {games} games stopped unfinished: no side won in {MAX_HANDS} hands, the most a game is played"

"""The ``casino.record/1`` document of a :class:`~casino_cli.engine.Game` as far as it has
been played: its hands, the last one part-way if it is in play, and its result once won."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..engine import SHUFFLE, CasinoError, Game
from ..errors import plural, wrong_type
from ..notation.position import rules_json


def game_record(game: Game, players: Sequence[str] | None = None) -> dict[str, Any]:
    """The record of ``game`` so far (a hand dealt but not yet played from is left out,
    unless it is the game's first), its seats named ``players`` if given: a name a seat."""
    if not isinstance(game, Game):
        raise wrong_type("game", game, "a Game")
    if players is not None:
        if (
            isinstance(players, str)
            or not isinstance(players, Sequence)
            or not all(isinstance(n, str) for n in players)
        ):
            raise wrong_type("players", players, "a list of names (texts), one a seat")
        if len(players) != game.rules.players:
            raise CasinoError(f"{plural(len(players), 'name')} for {game.rules.players} players")
    hands: list[dict[str, Any]] = [
        {"dealer": h.dealer, "moves": [m.text() for m in h.moves], "score": list(h.score.points)} for h in game.hands
    ]
    if game.in_play and (game.moves or not hands):
        hands.append({"dealer": game.dealer, "moves": [m.text() for m in game.moves]})
    record: dict[str, Any] = {
        "format": "casino.record/1",
        "rules": rules_json(game.rules),
        **({"players": list(players)} if players is not None else {}),
        "seed": game.seed,
        "shuffle": SHUFFLE,
        "hands": hands,
    }
    if game.winner is not None:
        record["result"] = {"scores": list(game.scores), "winner": game.winner}
    return record

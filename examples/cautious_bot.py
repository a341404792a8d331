"""A bot of your own, fully typed: ``mypy --strict`` checks it against the engine (.ci/run does).

Play it against the greedy bot::

    PYTHONPATH=examples casino simulate --games 10 --seed lab --bots cautious_bot:cautious,greedy
"""

from __future__ import annotations

import random

from casino_cli.engine import CAPTURE, TRAIL, Game, Move, MoveList, View, greedy_bot, make_rules


def cautious(view: View, moves: MoveList, rng: random.Random) -> Move:
    """Take the most cards; with nothing to take, trail the lowest card rather than build."""
    captures = [m for m in moves if m.type == CAPTURE]
    if captures:
        return max(captures, key=lambda m: m.cards.bit_count())
    trails = [m for m in moves if m.type == TRAIL]
    if trails:
        return min(trails, key=lambda m: view.rules.values[m.card])
    return moves[rng.randrange(len(moves))]  # must build: any of them


if __name__ == "__main__":
    game = Game(make_rules("classic"), "lab", [cautious, greedy_bot])
    for hand in game.play():
        print(f"hand {hand.number}: {hand.score.points}, game {hand.game.scores}")
    print(f"side {game.winner} wins; the first move was {game.hands[0].moves[0]} (e.g. {Move(TRAIL, 0)} is a trail)")

"""Self-play: bots play seeded games, each written as a ``casino.record/1`` document."""

from __future__ import annotations

from collections.abc import Callable

from ..engine import SHUFFLE, dealer_for_hand, play_judged, seeded_deck, start_position
from ..engine.rules import Rules
from ..engine.scoring import game_after_hand, score_hand
from ..engine.views import Bot, ask, seat_rngs
from ..notation.position import rules_json
from .referee import HandEnd, HandStart, Step

MAX_HANDS = 500  # a game that has not ended by then stops (level play-on totals can repeat)


def play_game(
    rules: Rules,
    seed: str,
    bots: list[Bot],
    hands: int | None = None,
    observer: Callable[[object], None] | None = None,
) -> dict:
    """One game (or its first ``hands`` hands) from ``seed``; bots[seat] plays each seat,
    seeing only its view, with a random source of its own (:func:`seat_rngs`).

    ``observer``, if given, sees every HandStart, Step and HandEnd as it happens."""
    see = observer or (lambda event: None)
    rngs = seat_rngs(seed, rules.players)
    scores = (0,) * rules.sides
    first_dealer = rules.players - 1
    out = []
    result = None
    for number in range(1, min(hands or MAX_HANDS, MAX_HANDS) + 1):
        dealer = dealer_for_hand(first_dealer, number, rules.players)
        pos = start_position(rules, seeded_deck(seed, number), dealer, scores)
        see(HandStart(number, pos))
        moves = []
        while not pos.finished:
            move, listing = ask(bots[pos.turn], pos, rngs[pos.turn])
            moves.append(move.text())
            seat, facts = pos.turn, listing.facts[listing.moves.index(move)]
            pos = play_judged(pos, move, facts)
            see(Step(number, len(moves), seat, move, facts, pos))
        points = score_hand(pos)
        game = game_after_hand(rules, scores, points)
        scores = game.scores
        see(HandEnd(number, pos, points, game))
        out.append({"dealer": dealer, "moves": moves, "score": list(points.points)})
        if game.winner is not None:
            result = {"scores": list(scores), "winner": game.winner}
            break
    record = {"format": "casino.record/1", "rules": rules_json(rules), "seed": seed, "shuffle": SHUFFLE, "hands": out}
    if result is not None:
        record["result"] = result
    return record

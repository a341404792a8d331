"""A game played move by move (``casino play``): the position now, the record so far —
complete or left part-way — and undo back to an earlier moment."""

from __future__ import annotations

import copy
from typing import Any, NamedTuple

from ..engine import (
    SHUFFLE,
    HandEnd,
    HandStart,
    Move,
    Position,
    Step,
    dealer_for_hand,
    legal_moves,
    play_judged,
    seeded_deck,
    start_position,
)
from ..engine.moves import MoveList
from ..engine.rules import Rules
from ..engine.scoring import game_after_hand, score_hand
from ..engine.views import Played, public
from ..notation.position import rules_json

Event = HandStart | Step | HandEnd
MAX_HANDS = 500  # a game that has not ended by then stops (level play-on totals can repeat)


class Moment(NamedTuple):
    """Everything needed to go back to a point of the game."""

    position: Position
    hand: int
    hands: list[dict[str, Any]]
    scores: tuple[int, ...]
    over: bool
    history: tuple[Played, ...]
    extra: object  # the caller's own state (e.g. the bots' random state)


class Session:
    """The seeded game of ``rules`` from ``seed`` (or its first ``hands`` hands): deal, play,
    score, and the record."""

    def __init__(self, rules: Rules, seed: str, hands: int | None = None):
        self.rules = rules
        self.seed = seed
        self.last_hand = min(hands or MAX_HANDS, MAX_HANDS)
        self.hand = 0
        self.hands: list[dict[str, Any]] = []
        self.scores: tuple[int, ...] = (0,) * rules.sides
        self.result: dict[str, Any] | None = None
        self.over = False
        self.history: tuple[Played, ...] = ()  # the hand's moves so far, as every seat saw them
        self.position = self._deal()[0].position

    def _deal(self) -> list[Event]:
        self.hand += 1
        dealer = dealer_for_hand(self.rules, self.rules.players - 1, self.hand)
        self.position = start_position(self.rules, seeded_deck(self.seed, self.hand), dealer, self.scores)
        self.hands.append({"dealer": dealer, "moves": []})
        self.history = ()
        return [HandStart(self.hand, self.position)]

    def listing(self) -> MoveList:
        """The legal moves of the seat to play."""
        return legal_moves(self.position)

    def play(self, move: Move, listing: MoveList | None = None) -> list[Event]:
        """Play a legal move: the Step, and at a hand's end its HandEnd and the next HandStart."""
        listing = listing or self.listing()
        facts = listing.facts[listing.moves.index(move)]  # ValueError for a move not listed
        seat = self.position.turn
        assert seat is not None
        moves = self.hands[-1]["moves"]
        moves.append(move.text())
        self.history += (Played(seat, move, public(self.position)),)
        self.position = play_judged(self.position, move, facts)
        events: list[Event] = [Step(self.hand, len(moves), seat, move, facts, self.position)]
        if not self.position.finished:
            return events
        points = score_hand(self.position)
        game = game_after_hand(self.rules, self.scores, points)
        self.scores = game.scores
        self.hands[-1]["score"] = list(points.points)
        events.append(HandEnd(self.hand, self.position, points, game))
        if game.winner is not None:
            self.result = {"scores": list(self.scores), "winner": game.winner}
            self.over = True
        elif self.hand >= self.last_hand:
            self.over = True
        else:
            events += self._deal()
        return events

    def record(self) -> dict[str, Any]:
        """The game's ``casino.record/1`` so far (its last hand may stop part-way)."""
        hands = [h for h in self.hands if h["moves"] or h is self.hands[0]]
        record: dict[str, Any] = {
            "format": "casino.record/1",
            "rules": rules_json(self.rules),
            "seed": self.seed,
            "shuffle": SHUFFLE,
            "hands": copy.deepcopy(hands),
        }
        if self.result is not None:
            record["result"] = dict(self.result)
        return record

    def moment(self, extra: object = None) -> Moment:
        """The game now, to come back to with :meth:`restore`."""
        return Moment(self.position, self.hand, copy.deepcopy(self.hands), self.scores, self.over, self.history, extra)

    def restore(self, moment: Moment) -> None:
        """Go back to a moment taken earlier."""
        self.position, self.hand, self.scores, self.over = moment.position, moment.hand, moment.scores, moment.over
        self.history = moment.history
        self.hands = copy.deepcopy(moment.hands)
        self.result = None

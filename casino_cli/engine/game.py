"""Whole games: deal a seeded hand, let the bots play it, score it, until a side wins (D4, G1-G3).

The seed conventions: hand ``h`` of a game with seed ``S`` is dealt from
``seeded_deck(S, h)``; game ``n`` of a series with seed ``S`` has the seed
``game_seed(S, n)`` (``S/n``); each seat's bot chooses with a random source of its own,
``random.Random(f"{S}/seat{k}")`` (:func:`~.views.seat_rngs`), and sees only its view.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from .deal import dealer_for_hand, seeded_deck, start_position
from .moves import Move, MoveFacts
from .play import play_judged
from .position import Position
from .rules import Rules
from .scoring import GameStep, HandScore, game_after_hand, score_hand
from .views import Bot, Played, ask, public, seat_rngs

MAX_HANDS = 500  # a game that has not ended by then stops (level play-on totals can repeat)


def game_seed(seed: str, number: int) -> str:
    """The seed of game ``number`` (1-based) of a series played from ``seed``.

    >>> game_seed("club", 3)
    'club/3'
    """
    return f"{seed}/{number}"


class HandStart(NamedTuple):
    """A hand has been dealt: ``position`` is its start."""

    hand: int
    position: Position
    unseen: int = 0  # a hand written at a table: the cards the record shows nowhere (records/evidence.py)


class Step(NamedTuple):
    """A move has been played: ``number`` counts the moves of the hand from 1."""

    hand: int
    number: int
    seat: int
    move: Move
    facts: MoveFacts
    position: Position  # after the move
    comment: str | None = None  # a record's comment on the move


class HandEnd(NamedTuple):
    """A hand is over: its finished position, its score and the game after it."""

    hand: int
    position: Position
    score: HandScore
    game: GameStep


GameEvent = HandStart | Step | HandEnd
Observer = Callable[[GameEvent], None]


class PlayedHand(NamedTuple):
    """One hand of a :class:`Game`, as played."""

    number: int  # 1-based
    dealer: int
    moves: tuple[Move, ...]
    position: Position  # the finished position
    score: HandScore
    game: GameStep  # the game after this hand


class Game:
    """A game from a seed: hand after hand is dealt (casino-shuffle/1), played by the
    ``bots`` (one per seat) and scored, until a side wins or :data:`MAX_HANDS` is reached.

    >>> from casino_cli.engine import Game, greedy_bot, make_rules, random_bot
    >>> game = Game(make_rules("classic"), "7", [greedy_bot, random_bot])
    >>> first = game.play_hand()
    >>> first.number, first.dealer, len(first.moves), first.score.points
    (1, 1, 48, (10, 1))
    >>> hands = game.play()  # the rest of the game
    >>> game.over, game.winner, game.scores, len(game.hands)
    (True, 0, (27, 6), 3)
    """

    def __init__(
        self,
        rules: Rules,
        seed: str,
        bots: Sequence[Bot],
        first_dealer: int | None = None,
    ):
        if len(bots) != rules.players:
            raise ValueError(f"{len(bots)} bots for {rules.players} seats")
        self.rules = rules
        self.seed = seed
        self.bots = tuple(bots)
        self.rngs = seat_rngs(seed, rules.players)
        self.first_dealer = rules.players - 1 if first_dealer is None else first_dealer
        self.scores: tuple[int, ...] = (0,) * rules.sides  # per side, after the hands played
        self.hands: list[PlayedHand] = []
        self.winner: int | None = None  # the winning side, once there is one

    @property
    def over(self) -> bool:
        """Whether a side has won (or :data:`MAX_HANDS` hands have been played)."""
        return self.winner is not None or len(self.hands) >= MAX_HANDS

    def play_hand(self, observer: Observer | None = None) -> PlayedHand:
        """Deal, play and score the next hand; ``observer`` sees each event as it happens.

        Each bot sees only its seat's view (:func:`~.views.observe`); one that fails, or
        chooses a move that is not one of the legal moves, raises :class:`~.views.BotError`.
        """
        if self.over:
            raise ValueError("the game is over")
        rules = self.rules
        number = len(self.hands) + 1
        dealer = dealer_for_hand(rules, self.first_dealer, number)
        pos = start_position(rules, seeded_deck(self.seed, number), dealer, self.scores)
        if observer:
            observer(HandStart(number, pos))
        moves: list[Move] = []
        history: tuple[Played, ...] = ()
        while pos.turn is not None:
            seat = pos.turn
            move, listing = ask(self.bots[seat], pos, self.rngs[seat], history)
            facts = listing.facts_of(move)
            moves.append(move)
            history += (Played(seat, move, public(pos)),)
            pos = play_judged(pos, move, facts)
            if observer:
                observer(Step(number, len(moves), seat, move, facts, pos))
        score = score_hand(pos)
        game = game_after_hand(rules, self.scores, score)
        self.scores, self.winner = game.scores, game.winner
        if observer:
            observer(HandEnd(number, pos, score, game))
        played = PlayedHand(number, dealer, tuple(moves), pos, score, game)
        self.hands.append(played)
        return played

    def play(self, hands: int | None = None, observer: Observer | None = None) -> list[PlayedHand]:
        """Play up to ``hands`` more hands (all of them by default) until the game is over."""
        out: list[PlayedHand] = []
        while not self.over and (hands is None or len(out) < hands):
            out.append(self.play_hand(observer))
        return out

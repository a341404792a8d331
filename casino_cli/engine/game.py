"""Whole games: deal a seeded hand, let the bots play it, score it, until a side wins (D4, G1-G3).

The seed conventions: hand ``h`` of a game with seed ``S`` is dealt from
``seeded_deck(S, h)``; game ``n`` of a series with seed ``S`` has the seed
``game_seed(S, n)`` (``S/n``); each seat's bot chooses with a random source of its own,
``random.Random(f"{S}/seat{k}")`` (:func:`~.views.seat_rngs`), and sees only its view.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Iterable, Sequence
from typing import NamedTuple

from ..errors import check_int, plural, shown, wrong_type
from .deal import dealer_for_hand, seed_bytes, seeded_deck, start_position
from .errors import CasinoError
from .move_list import MoveList
from .moves import Move, MoveFacts, judge
from .play import play_judged, residue_taken
from .position import Position
from .rules import A_RULES, Rules
from .scoring import GameStep, HandScore, game_after_hand, score_hand
from .views import Bot, Played, ask_seat, public, seat_rngs, unfit_bot

MAX_HANDS = 500  # a game that has not ended by then stops (level play-on totals can repeat)


def game_seed(seed: str, number: int) -> str:
    """The seed of game ``number`` (1-based) of a series played from ``seed``.

    >>> game_seed("club", 3)
    'club/3'

    ``number`` is from 1 to 2**63 - 1, as a hand's number is (:func:`~.deal.seeded_deck`).
    """
    if not isinstance(seed, str):
        raise wrong_type("seed", seed, "a text")
    check_int("number", number)
    if not 1 <= number < 2**63:
        raise CasinoError(f"the game number is from 1 to 2**63 - 1, not {shown(number)}")
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
    """A hand is over: its finished position, its score and the game after it; ``residue``,
    the cards left on the table after the last card, which went to the last capturer (S2)."""

    hand: int
    position: Position
    score: HandScore
    game: GameStep
    residue: int = 0


GameEvent = HandStart | Step | HandEnd
"""What :meth:`Game.play_hand` shows its observer: a hand dealt, a move played, a hand scored."""
Observer = Callable[[GameEvent], None]


class PlayedHand(NamedTuple):
    """One hand of a :class:`Game`, as played."""

    number: int  # 1-based
    dealer: int
    moves: tuple[Move, ...]
    position: Position  # the finished position
    score: HandScore
    game: GameStep  # the game after this hand


def _seated_bots(rules: Rules, bots: object) -> tuple[Bot, ...]:
    """``bots`` as one bot a seat (or none), checked where a game is made: a text, or a
    number of bots that is not the number of seats, or a seat's bot that cannot be called,
    is refused saying so (the first move would fail on it)."""
    if isinstance(bots, (str, bytes)) or not isinstance(bots, Iterable):
        raise wrong_type("bots", bots, "a list of bots, one a seat")
    seated = tuple(bots)
    if seated and len(seated) != rules.players:
        raise CasinoError(
            f"{plural(len(seated), 'bot')} for {rules.players} seats: give one a seat, or none to play move by move"
        )
    for seat, bot in enumerate(seated):
        unfit = unfit_bot(bot)
        if unfit:
            given = shown(bot) if callable(bot) else f"{type(bot).__name__} {shown(bot)}"
            raise TypeError(f"the bot of seat {seat} is called with (view, moves, rng): {given} {unfit}")
    return seated


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

    Without bots, the caller chooses each move (``casino play``): :meth:`deal` the next
    hand, then :meth:`play_move` until it is over.
    """

    def __init__(
        self,
        rules: Rules,
        seed: str,
        bots: Sequence[Bot] = (),
        first_dealer: int | None = None,
    ):
        if not isinstance(rules, Rules):
            raise wrong_type("rules", rules, A_RULES)
        seed_bytes(seed)
        if first_dealer is not None:
            check_int("first_dealer", first_dealer, "an int or None")
        if first_dealer is not None and first_dealer not in range(rules.players):
            raise CasinoError(f"first_dealer {shown(first_dealer)} is not a seat (0..{rules.players - 1})")
        self.rules: Rules = rules
        self.seed: str = seed
        self.bots: tuple[Bot, ...] = _seated_bots(rules, bots)
        self.rngs: list[random.Random] = seat_rngs(seed, rules.players)  # one a seat
        self.first_dealer: int = rules.players - 1 if first_dealer is None else first_dealer
        self.scores: tuple[int, ...] = (0,) * rules.sides  # per side, after the hands played
        self.hands: list[PlayedHand] = []
        self.winner: int | None = None  # the winning side, once there is one
        self.position: Position | None = None  # the hand in play, or the last one played
        self.dealer: int = self.first_dealer  # of the hand in play, or the last one played
        self.moves: list[Move] = []  # of the hand in play, or the last one played
        self.history: tuple[Played, ...] = ()  # the same moves, as every seat saw them

    def __repr__(self) -> str:
        """One line: the rules, the seed, the hands played or in play, the scores, the winner."""
        played = len(self.hands)
        hands = f"hand {played + 1} in play" if self.in_play else f"{plural(played, 'hand')} played"
        won = "" if self.winner is None else f", side {self.winner} won"
        scores = "-".join(map(str, self.scores))
        return f"<Game {self.rules}, seed {shown(self.seed)}, {hands}, scores {scores}{won}>"

    @property
    def over(self) -> bool:
        """Whether a side has won (or :data:`MAX_HANDS` hands have been played)."""
        return self.winner is not None or len(self.hands) >= MAX_HANDS

    @property
    def unfinished(self) -> bool:
        """Whether the game stopped at :data:`MAX_HANDS` hands with no side having won."""
        return self.winner is None and len(self.hands) >= MAX_HANDS

    @property
    def in_play(self) -> bool:
        """Whether a hand has been dealt and is not over yet."""
        return self.position is not None and not self.position.finished

    def copy(self) -> Game:
        """The game as it is now, to come back to: later moves do not change the copy.
        (Made field by field: compiled, the class cannot be copied by :func:`copy.copy`.)"""
        other = Game(self.rules, self.seed, self.bots, self.first_dealer)
        other.rngs = copy.deepcopy(self.rngs)  # the bots' draws from here on are the copy's own
        other.scores, other.hands, other.winner = self.scores, list(self.hands), self.winner
        other.position, other.dealer = self.position, self.dealer
        other.moves, other.history = list(self.moves), self.history
        return other

    def deal(self) -> HandStart:
        """Deal the next hand."""
        if self.over or self.in_play:
            raise CasinoError(
                "the game is over"
                if self.over
                else f"hand {len(self.hands) + 1} is not over: play it to its end with play_move"
                " (or, with bots, play_hand) before the next is dealt"
            )
        number = len(self.hands) + 1
        self.dealer = dealer_for_hand(self.rules, self.first_dealer, number)
        self.position = start_position(self.rules, seeded_deck(self.seed, number), self.dealer, self.scores)
        self.moves, self.history = [], ()
        return HandStart(number, self.position)

    def play_move(self, move: Move, facts: MoveFacts | None = None) -> list[Step | HandEnd]:
        """Play ``move`` in the hand in play: its :class:`Step`, and at the hand's end its
        :class:`HandEnd` (the hand is scored). The move is judged (:func:`~.moves.judge`
        raises :class:`~.errors.IllegalMove`) unless ``facts`` from its listing are given."""
        pos = self.position
        if pos is None or pos.turn is None:
            raise CasinoError("no hand is in play")
        facts = judge(pos, move) if facts is None else facts
        seat = pos.turn
        self.moves.append(move)
        self.history += (Played(seat, move, public(pos)),)
        self.position = after = play_judged(pos, move, facts)
        number = len(self.hands) + 1
        events: list[Step | HandEnd] = [Step(number, len(self.moves), seat, move, facts, after)]
        if after.turn is None:
            score = score_hand(after)
            game = game_after_hand(self.rules, self.scores, score)
            self.scores, self.winner = game.scores, game.winner
            self.hands.append(PlayedHand(number, self.dealer, tuple(self.moves), after, score, game))
            events.append(HandEnd(number, after, score, game, residue_taken(pos, move, after)))
        return events

    def choose(self) -> tuple[Move, MoveList]:
        """The move the bot of the seat to play chooses from its view, with the legal moves."""
        pos = self.position
        if pos is None or pos.turn is None:
            raise CasinoError("no hand is in play")
        if not self.bots:
            raise CasinoError("a game without bots has no bot to choose: play each move with play_move")
        return ask_seat(self.bots[pos.turn], pos, self.rngs[pos.turn], self.history)

    def play_hand(self, observer: Observer | None = None) -> PlayedHand:
        """Play the hand in play to its end (one played move by move so far, say), or deal,
        play and score the next; ``observer`` sees each event as it happens (a
        :class:`HandStart` only for a hand it deals).

        Each bot sees only its seat's view (:func:`~.views.observe`); one that fails, or
        chooses a move that is not one of the legal moves, raises :class:`~.views.BotError`.
        """
        if not self.bots:
            raise CasinoError("a game without bots is played move by move")
        if observer is not None and not callable(observer):  # before the deal: the game could not go on
            raise wrong_type("observer", observer, "a function of a GameEvent, or None")
        if not self.in_play:
            start = self.deal()
            if observer:
                observer(start)
        while self.in_play:
            move, listing = self.choose()
            for event in self.play_move(move, listing.facts_of(move)):
                if observer:
                    observer(event)
        return self.hands[-1]

    def play(self, hands: int | None = None, observer: Observer | None = None) -> list[PlayedHand]:
        """Play up to ``hands`` more hands (0 or more; all of them by default) until the game is
        over, the hand in play first (finished by the bots: :meth:`play_hand`)."""
        if hands is not None:
            check_int("hands", hands, "an int or None")
            if hands < 0:
                raise CasinoError(f"hands is how many more hands to play (0 or more), not {shown(hands)}")
        out: list[PlayedHand] = []
        while not self.over and (hands is None or len(out) < hands):
            out.append(self.play_hand(observer))
        return out

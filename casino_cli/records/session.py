"""A game played move by move (``casino play``): the position now, the record so far —
complete or left part-way — and undo back to an earlier moment."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from ..engine import Game, Move, Position, codes_of, legal_moves, seeded_deck, start_position
from ..engine.game import MAX_HANDS, GameEvent
from ..engine.moves import MoveList
from ..engine.rules import Rules
from ..engine.views import Played
from ..errors import plural
from .game_record import game_record


class Moment(NamedTuple):
    """Everything needed to go back to a point of the game."""

    game: Game
    extra: object  # the caller's own state (e.g. the bots' random state)


class Session:
    """The seeded game of ``rules`` from ``seed`` (or its first ``hands`` hands): deal, play,
    score, and the record, its seats named ``players`` if given. The dealing and scoring are
    those of :class:`~casino_cli.engine.Game`."""

    def __init__(self, rules: Rules, seed: str, hands: int | None = None, players: Sequence[str] | None = None):
        self.last_hand = hands or MAX_HANDS  # (no game goes past MAX_HANDS: Game.over)
        self.players = players
        self.game = Game(rules, seed)
        self.game.deal()
        self.takebacks = 0  # moves taken back by restore: the record says how many

    @property
    def rules(self) -> Rules:
        """The rule set."""
        return self.game.rules

    @property
    def position(self) -> Position:
        """The hand in play, or the last one once the game is over."""
        assert self.game.position is not None  # dealt in __init__
        return self.game.position

    @property
    def hand(self) -> int:
        """The number of the hand in play (or of the last one)."""
        return len(self.game.hands) + self.game.in_play

    @property
    def history(self) -> tuple[Played, ...]:
        """The hand's moves so far, as every seat saw them."""
        return self.game.history

    @property
    def over(self) -> bool:
        """Whether the game is won, or its last hand is played (no next hand is dealt)."""
        return not self.game.in_play

    def listing(self) -> MoveList:
        """The legal moves of the seat to play."""
        return legal_moves(self.position)

    def play(self, move: Move, listing: MoveList | None = None) -> list[GameEvent]:
        """Play a legal move: the Step, and at a hand's end its HandEnd and the next HandStart."""
        listing = listing or self.listing()
        events: list[GameEvent] = [*self.game.play_move(move, listing.facts_of(move))]
        if not self.game.in_play and not self.game.over and len(self.game.hands) < self.last_hand:
            events.append(self.game.deal())
        return events

    def record(self, seed: bool = True) -> dict[str, Any]:
        """The game's ``casino.record/1`` so far (its last hand may stop part-way), with a
        ``_takebacks`` comment when moves were taken back (:meth:`restore`); without
        ``seed`` (a seed not yet told: it deals every card still hidden), each hand's
        first table cards in its place."""
        record = game_record(self.game, self.players)
        if not seed:
            del record["seed"], record["shuffle"]
            record["hands"] = [self._tabled(number, hand) for number, hand in enumerate(record["hands"], 1)]
        if self.takebacks:  # the moves kept are legal, but the player saw the replies to others first
            record["_takebacks"] = (
                f"{plural(self.takebacks, 'move')} taken back during play (undo), each after the replies to it were seen"
            )
        return record

    def _tabled(self, number: int, hand: dict[str, Any]) -> dict[str, Any]:
        """Hand ``number`` of the record with the table cards it was dealt, which every seat saw."""
        dealt = start_position(self.rules, seeded_deck(self.game.seed, number), hand["dealer"])
        return {"dealer": hand["dealer"], "table": codes_of(dealt.loose), **hand}

    def moment(self, extra: object = None) -> Moment:
        """The game now, to come back to with :meth:`restore`."""
        return Moment(self.game.copy(), extra)

    def restore(self, moment: Moment) -> None:
        """Go back to a moment taken earlier (counted as a take-back in the record)."""
        self.game = moment.game.copy()
        self.takebacks += 1

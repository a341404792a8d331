"""Ruling on one move of a record: the position before it, as far as the record shows it."""

from __future__ import annotations

from typing import Any

from ..engine import HandStart, Position, Step
from ..notation.errors import NotationError
from ..notation.moves import read_move
from .record import Record
from .referee import Finding, walk
from .ruling import ruling_json


class NoRuling(Exception):
    """Why a record gives no position to rule on: ``usage`` when the hand or move does not
    exist, else the record breaks off before the move or the move is unreadable."""

    def __init__(self, message: str, usage: bool = False):
        self.message = message
        self.usage = usage
        super().__init__(message)


def rule_on_record(record: Record, hand: int, move: int) -> tuple[dict[str, Any], Finding | None]:
    """The ``casino.ruling/1`` of move ``move`` (1-based) of hand ``hand`` of ``record``,
    using everything the record shows (later moves and ``shown`` included), and the first
    finding of that hand before the move, if any (the walk plays such a move on when it can)."""
    if not 1 <= hand <= len(record.hands):
        raise NoRuling(f"the record has {len(record.hands)} hand(s); there is no hand {hand}", usage=True)
    moves = record.hands[hand - 1].moves
    if not 1 <= move <= len(moves):
        raise NoRuling(f"hand {hand} has {len(moves)} move(s); there is no move {move}", usage=True)
    try:
        played = read_move(moves[move - 1], f"$.hands[{hand - 1}].moves[{move - 1}]")
    except NotationError as exc:
        raise NoRuling(f"move {move} of hand {hand} cannot be read: {exc}") from None
    before: Position | None = None
    unseen, reached = 0, -1
    earlier: Finding | None = None
    for event in walk(record, keep_going=True):
        number = event.hand
        if number is not None and number > hand:
            break
        if number != hand:
            continue
        if isinstance(event, HandStart):
            before, unseen, reached = event.position, event.unseen, 0
        elif isinstance(event, Step):
            before, reached = event.position, event.number
        elif isinstance(event, Finding) and not event.unchecked and earlier is None:
            earlier = event
        if reached == move - 1:
            break
    if before is None or reached != move - 1:
        why = f": {earlier.message} ({earlier.rule}, move {earlier.move})" if earlier is not None else ""
        raise NoRuling(f"hand {hand} cannot be followed up to move {move}{why}")
    return ruling_json(before, played, unseen, where=(hand, move)), earlier

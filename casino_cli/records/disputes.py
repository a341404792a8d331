"""Ruling on one move of a record: the position before it, as far as the record shows it."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import NamedTuple

from ..engine import CasinoError, HandEnd, HandStart, Position, Step, next_dealer
from ..engine.moves import no_move_words
from ..errors import plural, wrong_type
from ..notation.errors import NotationError
from ..notation.moves import read_record_move
from .describe import mover_named
from .record import A_RECORD, Record
from .referee import Event, Finding, turn_message, walk, who
from .ruling import ILLEGAL, Ruling, in_its_turn, ruling_json


class NoRuling(CasinoError):
    """Why a record gives no position to rule on: ``usage`` when the hand or move does not
    exist, else the record breaks off before the move or the move is unreadable; ``path``
    is the JSON path of the unreadable element, ``finding`` the one that broke the hand off;
    ``after``, of a hand that is over, what comes after it (the end of ``message``),
    ``ask``, the (hand, move) to ask for instead, where the message ends naming one, and
    ``hand``, the index of the hand that has no such move (the place to point at: its
    ``Hand`` line in casino text, its moves in JSON)."""

    def __init__(
        self,
        message: str,
        usage: bool = False,
        path: str | None = None,
        finding: Finding | None = None,
        after: str = "",
        ask: tuple[int, int] | None = None,
        hand: int | None = None,
    ):
        self.message = message
        self.hand = hand
        self.after = after
        self.ask = ask
        self.usage = usage
        self.path = path
        self.finding = finding
        super().__init__(message)


class Before(NamedTuple):
    """Where a record stands before one of its moves: the ``position`` (as far as the record
    shows it), the cards it shows nowhere (``unseen``, a card mask), the hand's first
    finding before the move (``earlier``), and the rest of the referee's walk (``events``)."""

    position: Position
    unseen: int
    earlier: Finding | None
    events: Iterator[Event]


def position_before(record: Record, hand: int, move: int) -> Before:
    """The position before move ``move`` (1-based) of hand ``hand`` of ``record`` (what
    ``casino judge --move`` rules on and ``casino hint --move`` ranks the moves of), using
    everything the record shows (later moves and ``shown`` included); a :class:`NoRuling`
    when the hand or move does not exist or the hand cannot be followed up to it. ``move``
    may be one past the hand's last written move: the next move to play, in a hand the
    record leaves unfinished (a game in progress)."""
    written = len(_move_of(record, hand, move, following=True))
    before: Position | None = None
    unseen, reached = 0, -1
    earlier = last = None  # the hand's first finding before the move, and the latest
    events = walk(record, keep_going=True)
    for event in events:
        number = event.hand
        if number is not None and number > hand:
            break
        if number != hand:
            continue
        if isinstance(event, HandStart):
            before, unseen, reached = event.position, event.unseen, 0
        elif isinstance(event, Step):
            before, reached = event.position, event.number
        elif isinstance(event, Finding) and not event.unchecked:
            earlier, last = earlier or event, event
        if reached == move - 1:
            break
    if before is None or reached != move - 1:
        at = f", move {last.move}" if last is not None and last.move is not None else ""  # (G4: the whole hand)
        why = f": {last.message} ({last.rule}{at})" if last is not None else ""
        raise NoRuling(f"hand {hand} cannot be followed up to move {move}{why}", finding=last)
    if move > written and before.turn is None:
        after, ask = _after_hand(record, hand, before.dealer, events)
        raise NoRuling(
            f"hand {hand} is over after its {plural(written, 'move')}; there is no move {move}{after}",
            usage=True,
            hand=hand - 1,
            after=after,
            ask=ask,
        )
    return Before(before, unseen, earlier, events)


def _after_hand(record: Record, hand: int, dealer: int, events: Iterator[Event]) -> tuple[str, tuple[int, int] | None]:
    """What comes after hand ``hand`` of ``record``, which is over (its end is among
    ``events``), for a player who asks for the move after its last: the game is over, or
    the next move is the first of the next hand, which the record may not hold yet; and
    that move, (hand, 1), where there is one."""
    end = next((event for event in events if isinstance(event, HandEnd) and event.hand == hand), None)
    if end is not None and end.game.winner is not None:
        return ": the game is over", None
    nxt = hand + 1
    if nxt <= len(record.hands):
        return f": the next to play is move 1 of hand {nxt}", (nxt, 1)
    cards = "" if record.seed is not None else ", its first table cards"
    dealt = f"dealt by {who(record, next_dealer(record.rules, dealer))}{cards}, no moves yet"
    return (
        f": the next to play is move 1 of hand {nxt}, which the record does not hold yet; write hand {nxt} into it"
        f" ({dealt}) and ask for move 1 of hand {nxt}",
        (nxt, 1),
    )


def rule_on_record(record: Record, hand: int, move: int) -> tuple[Ruling, Finding | None]:
    """The ``casino.ruling/1`` of move ``move`` (1-based) of hand ``hand`` of ``record``,
    using everything the record shows (later moves and ``shown`` included), and the first
    finding of that hand before the move, if any (the walk plays such a move on when it can).
    A player the record names for the move (``"Ben: 4S+3H=7"``, ``"seat"``) who is not the
    seat to move makes it illegal (``turn``), as the referee finds."""
    ruled = record_ruling(record, hand, move)
    return ruled.ruling, ruled.earlier


class Ruled(NamedTuple):
    """A ruling on a record's move, the hand's first finding before it, and ``by_seat``: how
    much of the ruling's message is the engine's words, the mover "seat N" in them (as a
    :class:`Finding` has it), for :func:`.describe.mover_named`; ``no_move``: where the
    mover had no legal move at all (past an earlier illegal move), the engine's words why;
    ``in_turn``: of a move played out of turn, what it would have been in its player's turn
    (:func:`.ruling.in_its_turn`), the player named as the record names it."""

    ruling: Ruling
    earlier: Finding | None
    by_seat: int
    no_move: str | None = None
    in_turn: str | None = None


def record_ruling(record: Record, hand: int, move: int) -> Ruled:
    """:func:`rule_on_record`, with what names the ruling's mover for people."""
    try:
        said = read_record_move(
            _move_of(record, hand, move)[move - 1],
            f"$.hands[{hand - 1}].moves[{move - 1}]",
            record.players,
            record.rules.players,
        )
    except NotationError as exc:
        raise NoRuling(f"move {move} of hand {hand} cannot be read: {exc}", path=exc.path) from None
    before, unseen, earlier, events = position_before(record, hand, move)
    wrong = in_turn = None
    if said.seat is not None and said.seat != before.turn and before.turn is not None:
        wrong = turn_message(record, record.hands[hand - 1], move - 1, before.turn, said.seat, before.dealer)
        words = in_its_turn(before, said.move, unseen, said.seat)
        in_turn = None if words is None else mover_named(words, len(words), said.seat, record.players)
    ruling = ruling_json(before, said.move, unseen, where=(hand, move), wrong_player=wrong, comment=said.comment)
    by_seat = 0 if wrong else len(ruling["message"])  # the referee's turn words name the players
    found = _finding_at(events, move)
    if ruling["verdict"] == ILLEGAL and found is not None and found.rule == ruling["rule"]:
        if found.rule in ("card", "turn"):
            ruling["message"] = found.message  # why, as the referee says: where the card was seen, the hand shown
            by_seat = found.by_seat
        elif found.rule in ("C1", "B4") and found.message.startswith(ruling["message"]):
            ruling["message"] = found.message  # and the referee's words after it: who took the card
    stuck = before.turn is not None and not ruling["alternatives"] and not ruling["alternatives_partial"]
    return Ruled(ruling, earlier, by_seat, no_move_words(before) if stuck else None, in_turn)


def _move_of(record: Record, hand: int, move: int, following: bool = False) -> Sequence[object]:
    """The moves of hand ``hand`` as the record writes them, once it is checked that move
    ``move`` is one of them (``following``: or the one after the last); a
    :class:`NoRuling` (usage) when the record has no such hand or move."""
    if not isinstance(record, Record):
        raise wrong_type("record", record, A_RECORD)
    if following and hand == len(record.hands) + 1 and move == 1 and record.hands:  # the hand after the last
        last, written = len(record.hands), len(record.hands[-1].moves)
        nxt, ask = f" (hand {last} goes on: move {written + 1} is the next to play)", None
        try:
            position_before(record, last, written + 1)
        except NoRuling as exc:  # the last hand is over: what comes after it
            nxt, ask = exc.after or f" ({exc.message})", exc.ask
        raise NoRuling(
            f"the record has {plural(last, 'hand')}; there is no hand {hand}{nxt}",
            usage=True,
            path=_hands_path(record),
            ask=ask,
        )
    if not 1 <= hand <= len(record.hands):
        raise NoRuling(
            f"the record has {plural(len(record.hands), 'hand')}; there is no hand {hand}",
            usage=True,
            path=_hands_path(record),
        )
    moves = record.hands[hand - 1].moves
    if not 1 <= move <= len(moves) + following:
        nxt = f" (move {len(moves) + 1} is the next to play)" if following and move > len(moves) else ""
        raise NoRuling(
            f"hand {hand} has {plural(len(moves), 'move')}; there is no move {move}{nxt}",
            usage=True,
            hand=hand - 1,
        )
    return moves


def _hands_path(record: Record) -> str:
    """Where a message about a hand the record does not have points: its last hand."""
    return f"$.hands[{len(record.hands) - 1}]" if record.hands else "$.hands"


def _finding_at(events: Iterator[Event], move: int) -> Finding | None:
    """The referee's finding at move ``move``, the next of ``events`` (the walk stopped
    just before it), if it finds one there."""
    for event in events:
        if isinstance(event, Finding) and event.move == move and not event.unchecked:
            return event
        if not isinstance(event, Finding):
            return None
    return None

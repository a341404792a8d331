"""What could explain a finding in a hand whose moves do not name their players.

Two slips of a person writing a game down make every later move look wrong: a wrong
dealer (every move is given to the seat before or after its player) and a move left out
(every move after it shifts one seat). Both are tried cheaply: the hand is walked again
with each other dealer (for a claimed score that differs: does another dealer give the
claimed score?), and with one move put back at each place of the round or two
before the finding (each move the seat could make there when the deck is known; in a hand
written at a table, a trail of each card no move plays). When such a walk gets at least a round of the
table further than the record, or to its end, the finding says so.
"""

from __future__ import annotations

from ..cards import DECK_SIZE, card_code
from ..engine import HandEnd, HandStart, Position, Step, legal_moves
from ..notation.errors import NotationError
from ..notation.moves import read_record_move
from .record import HandRecord, Record
from .referee import Finding, walk, who

_MAX_TRIES = 60  # candidate moves tried at one place


def hint(record: Record, hand: HandRecord, dealer: int, finding: Finding) -> str | None:
    """A hint for ``finding`` (at a move of ``hand``), or None when the moves name their
    players (the ``turn`` check then finds the slip where it happens) or nothing explains it."""
    n = record.rules.players
    if finding.rule == "turn":
        return None
    if finding.move is None:
        if finding.rule != "claim" or finding.hand is None or _names_players(record, hand.moves):
            return None
        return _claim_hint(record, hand, dealer)
    per_deal = 4 * n
    # Only the deals up to a round past the finding matter: the walks stop there.
    cut = -(-(finding.move + n + 2) // per_deal) * per_deal
    moves = list(hand.moves[:cut])
    if _names_players(record, moves):
        return None
    reach, positions = _reach(record, hand._replace(moves=moves, score=None))
    goal = min(len(moves), reach + n + 1)
    for other in range(n):
        if other != dealer and _reach(record, hand._replace(dealer=other, moves=moves, score=None))[0] >= goal:
            return f"if the dealer was {who(record, other)}, the hand plays on{_to(record, hand, other)}"
    first = max(0, reach - 2 * n)
    for k in range(reach, first - 1, -1):
        if k >= len(positions):
            continue
        pos = positions[k]
        seat = pos.turn
        if seat is None:
            continue
        for candidate in _candidates(pos, hand, moves):
            tried = hand._replace(moves=[*moves[:k], candidate, *moves[k : cut - 1]], score=None)
            if _reach(record, tried)[0] >= goal + 1:
                return (
                    f"if a move of {who(record, seat)} is missing before move {k + 1} (such as {candidate}), "
                    f"the hand plays on"
                )
    return None


def _claim_hint(record: Record, hand: HandRecord, dealer: int) -> str | None:
    """A claimed hand score that another dealer would give (the whole hand played one seat on)."""
    for other in range(record.rules.players):
        if other == dealer:
            continue
        alone = record._replace(hands=(hand._replace(dealer=other),), result=None)
        ends = [e for e in walk(alone, hints=False) if isinstance(e, (HandEnd, Finding))]
        if len(ends) == 1 and isinstance(ends[0], HandEnd) and ends[0].score.points == hand.score:
            return f"if the dealer was {who(record, other)}, the hand scores as claimed"
    return None


def _to(record: Record, hand: HandRecord, dealer: int) -> str:
    reach, _ = _reach(record, hand._replace(dealer=dealer))
    return " to its end" if reach >= len(hand.moves) else f" to move {reach + 1}"


def _names_players(record: Record, moves: list[object]) -> bool:
    """Whether any move names its player (then the ``turn`` check finds the slips)."""
    for raw in moves:
        try:
            if read_record_move(raw, "$", record.players, record.rules.players).seat is not None:
                return True
        except NotationError:
            continue
    return False


def _reach(record: Record, hand: HandRecord) -> tuple[int, list[Position]]:
    """How many moves of ``hand`` play before its first finding, and the position before each."""
    alone = record._replace(hands=(hand,), result=None)
    positions: list[Position] = []
    played = 0
    for event in walk(alone, hints=False):
        if isinstance(event, HandStart):
            positions.append(event.position)
        elif isinstance(event, Step):
            played = event.number
            positions.append(event.position)
        elif isinstance(event, Finding) and event.stops:
            break
    return played, positions


def _candidates(pos: Position, hand: HandRecord, moves: list[object]) -> list[str]:
    """The moves the seat to play could have made: all of them when its hand is known from a
    deck, else (a hand written at a table, whose hands are inferred from these very moves)
    trails of the cards no move of the hand plays."""
    if hand.table is None:
        return [m.text() for m in legal_moves(pos, limit=_MAX_TRIES).moves[:_MAX_TRIES]]
    seen = hand.table
    for raw in moves:
        try:
            seen |= 1 << read_record_move(raw, "$", None, 4).move.card
        except NotationError:
            continue
    return [card_code(c) for c in range(DECK_SIZE) if not seen >> c & 1][:_MAX_TRIES]

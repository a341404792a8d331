"""Playing a move: the new position, the next deal and the end of the hand (D2, S1, S2)."""

from __future__ import annotations

from ..cards import count
from .moves import BUILD, CAPTURE, Move, MoveFacts, judge
from .position import Build, Position, Unseen, make_build


def apply_move(pos: Position, move: Move) -> Position:
    """The position after ``move``; raises :class:`IllegalMove` if the rules refuse it."""
    return play_judged(pos, move, judge(pos, move))


def play_judged(pos: Position, move: Move, facts: MoveFacts, deal_over: bool | None = None) -> Position:
    """Carry out a move that :func:`judge` has accepted with these ``facts``.

    The deal is over when the dealer has played its last card; a caller that knows
    only part of the hands (a record written at the table) says so with ``deal_over``.
    """
    seat = pos.turn
    rules = pos.rules
    hands = list(pos.hands)
    hands[seat] &= ~(1 << move.card)
    loose, builds = pos.loose, pos.builds
    captured, sweeps, last = pos.captured, pos.sweeps, pos.last_capture
    if move.type == CAPTURE:
        loose &= ~move.cards
        builds = tuple(b for b in builds if not b.cards & move.cards)
        captured = _add_to_pile(captured, seat, move.cards | (1 << move.card))
        last = seat
        if facts.sweep:
            sweeps = sweeps[:seat] + (sweeps[seat] + 1,) + sweeps[seat + 1:]
    elif move.type == BUILD:
        loose &= ~move.cards
        kept = [b for b in builds if not b.cards & move.cards]
        kept.append(make_build(rules, move.value, seat, move.cards | (1 << move.card)))
        builds = tuple(sorted(kept, key=Build.lowest.fget))
    else:
        loose |= 1 << move.card
    after = pos._replace(turn=(seat + 1) % rules.players, loose=loose, builds=builds,
                         hands=tuple(hands), captured=captured, sweeps=sweeps, last_capture=last)
    if deal_over is None:
        deal_over = seat == pos.dealer and not hands[seat]
    if deal_over:
        return next_deal(after) if after.stock_count else end_of_hand(after)
    return after


def _add_to_pile(captured: tuple, seat: int, cards: int) -> tuple:
    """``captured`` with ``cards`` added to ``seat``'s pile (a mask, or a count if unseen)."""
    pile = captured[seat]
    new = Unseen(pile.count + count(cards)) if isinstance(pile, Unseen) else pile | cards
    return captured[:seat] + (new,) + captured[seat + 1:]


def next_deal(pos: Position) -> Position:
    """Deal 4 more cards to every seat from the stock, in packets of two (D2)."""
    n = pos.rules.players
    first = (pos.dealer + 1) % n
    if isinstance(pos.stock, Unseen):
        return pos._replace(deal=pos.deal + 1, turn=first, hands=(None,) * n,
                            stock=Unseen(pos.stock.count - 4 * n))
    hands = [0] * n
    cards = iter(pos.stock)
    for _ in range(2):
        for k in range(n):
            seat = (first + k) % n
            hands[seat] |= (1 << next(cards)) | (1 << next(cards))
    return pos._replace(deal=pos.deal + 1, turn=first, hands=tuple(hands), stock=pos.stock[4 * n:])


def end_of_hand(pos: Position) -> Position:
    """The finished position: the residue goes to the last capturer, if any (S2)."""
    if pos.last_capture is None:
        return pos._replace(turn=None)
    residue = pos.table
    return pos._replace(turn=None, loose=0, builds=(),
                        captured=_add_to_pile(pos.captured, pos.last_capture, residue))


"""Playing a move: the new position, the next deal and the end of the hand (D2, S1, S2)."""

from __future__ import annotations

from ..cards import count
from ..errors import wrong_type
from .errors import CasinoError
from .moves import A_MOVE, BUILD, CAPTURE, Move, MoveFacts, judge
from .position import A_POSITION, Build, Position, Unseen, after_play

_new = tuple.__new__


def apply_move(pos: Position, move: Move) -> Position:
    """The position after ``move``.

    Raises :class:`IllegalMove` (with the ``rule`` it breaks) if the rules refuse it, and
    :class:`TooComplex` if deciding needs more than the engine's bounded work (splitting a
    very large build into groups): the engine then declines to answer rather than guess.

    >>> from casino_cli.engine import make_rules, seeded_deck, start_position
    >>> pos = start_position(make_rules("royal"), seeded_deck("7"), dealer=1)
    >>> apply_move(pos, Move("trail", 7)).loose == pos.loose | 1 << 7
    True
    """
    return play_judged(pos, move, judge(pos, move))


def play_judged(pos: Position, move: Move, facts: MoveFacts, deal_over: bool | None = None) -> Position:
    """Carry out a move that :func:`judge` has accepted with these ``facts``.

    The deal is over when the dealer has played its last card; a caller that knows
    only part of the hands (a record written at the table) says so with ``deal_over``.
    """
    if not isinstance(pos, Position):
        raise wrong_type("pos", pos, A_POSITION)
    if not isinstance(move, Move):
        raise wrong_type("move", move, A_MOVE)
    if not isinstance(facts, MoveFacts):
        raise wrong_type("facts", facts, "a MoveFacts (judge makes them)")
    if deal_over is not None and type(deal_over) is not bool:
        raise wrong_type("deal_over", deal_over, "a bool or None")
    (rules, dealer, seat, deal, loose, builds, hands, stock, captured, sweeps, last, scores) = pos
    kind, card, cards, value = move
    if seat is None:  # (judge refuses any move here; this is a caller's facts without it)
        raise CasinoError("the hand is over: no seat is to move")
    hand = hands[seat]
    assert hand is not None, "a judged move: the mover's hand is known"
    held = after_play(hand, card)
    hands = hands[:seat] + (held,) + hands[seat + 1 :]
    if kind == CAPTURE:
        loose &= ~cards
        if builds:
            builds = tuple(b for b in builds if not b.cards & cards)
        captured = _add_to_pile(captured, seat, cards | (1 << card))
        last = seat
        if facts.sweep:
            sweeps = sweeps[:seat] + (sweeps[seat] + 1,) + sweeps[seat + 1 :]
    elif kind == BUILD:
        loose &= ~cards
        kept = [b for b in builds if not b.cards & cards]
        kept.append(_new(Build, (value, seat, cards | (1 << card), not facts.multiple)))
        builds = tuple(sorted(kept, key=_lowest_bit)) if len(kept) > 1 else tuple(kept)
    else:
        loose |= 1 << card
    turn = seat + 1 if seat + 1 < rules.players else 0
    after = _new(Position, (rules, dealer, turn, deal, loose, builds, hands, stock, captured, sweeps, last, scores))
    if deal_over is None:
        deal_over = seat == dealer and not held
    if deal_over:
        return next_deal(after) if after.stock_count else end_of_hand(after)
    return after


def _lowest_bit(build: Build) -> int:
    """A build's sort key: the bit of its lowest card (builds are listed in this order)."""
    return build.cards & -build.cards


def _add_to_pile(captured: tuple[int | Unseen, ...], seat: int, cards: int) -> tuple[int | Unseen, ...]:
    """``captured`` with ``cards`` added to ``seat``'s pile (a mask, or a count if unseen)."""
    pile = captured[seat]
    new = Unseen(pile.count + count(cards)) if isinstance(pile, Unseen) else pile | cards
    return captured[:seat] + (new,) + captured[seat + 1 :]


def next_deal(pos: Position) -> Position:
    """Deal 4 more cards to every seat from the stock, in packets of two (D2)."""
    n = pos.rules.players
    first = (pos.dealer + 1) % n
    if isinstance(pos.stock, Unseen):
        return pos._replace(deal=pos.deal + 1, turn=first, hands=(None,) * n, stock=Unseen(pos.stock.count - 4 * n))
    stock = pos.stock
    hands = [0] * n
    for k in range(n):  # seat first + k gets cards 2k, 2k+1 and, in the second round, 2(n+k), 2(n+k)+1
        j = 2 * k
        hands[(first + k) % n] = (
            (1 << stock[j]) | (1 << stock[j + 1]) | (1 << stock[j + 2 * n]) | (1 << stock[j + 2 * n + 1])
        )
    return pos._replace(deal=pos.deal + 1, turn=first, hands=tuple(hands), stock=stock[4 * n :])


def residue_taken(before: Position, move: Move, after: Position) -> int:
    """The cards that the hand's last move (``move``, from ``before``) left on the table and
    that went to the last capturer in the finished ``after`` (S2): 0 when nobody captured."""
    if after.last_capture is None:
        return 0
    return before.table & ~move.cards if move.type == CAPTURE else before.table | 1 << move.card


def end_of_hand(pos: Position) -> Position:
    """The finished position: the residue goes to the last capturer, if any (S2)."""
    if pos.last_capture is None:
        return pos._replace(turn=None)
    residue = pos.table
    return pos._replace(turn=None, loose=0, builds=(), captured=_add_to_pile(pos.captured, pos.last_capture, residue))

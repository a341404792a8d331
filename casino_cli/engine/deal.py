"""Seeded decks (the ``casino-shuffle/1`` algorithm) and the start of a hand (D1, D2).

casino-shuffle/1, for a seed string S and hand number h (1-based):

* key = b"casino-shuffle/1" + len(S) as 8 bytes big-endian + UTF-8(S) + h as 8 bytes big-endian;
* a byte stream: SHA-256(key + k as 8 bytes big-endian) for k = 0, 1, 2, ..., concatenated,
  read as unsigned 32-bit big-endian words;
* Fisher-Yates over the deck in card order (AS AH AD AC 2S ... KC): for i = 51 down to 1,
  with m = i + 1, draw words until one is below 2**32 - (2**32 mod m), let j = word mod m,
  and swap the cards at i and j;
* the result is the deck in dealing order: index 0 is the top card, dealt first.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..cards import DECK_SIZE
from ..errors import check_int, plural, shown, wrong_type
from .errors import DealError
from .position import Hand, Partial, Position, Unseen
from .rules import A_RULES, Rules

SHUFFLE = "casino-shuffle/1"
"""The name of the seeded shuffle of :func:`seeded_deck` (a record's ``shuffle``)."""
MAX_SEED_BYTES = 1024


def seed_bytes(seed: str) -> bytes:
    """``seed`` in UTF-8, as the shuffle and the seats' random sources read it: a text
    (TypeError) that UTF-8 can write (a lone surrogate cannot be: DealError)."""
    if not isinstance(seed, str):
        raise wrong_type("seed", seed, "a text")
    try:
        return seed.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise DealError(
            f"a seed is a text UTF-8 can write: character {exc.start + 1} of {shown(seed)} is a lone surrogate"
        ) from None


def _word_blocks(data: bytes, hand: int) -> Iterator[tuple[int, ...]]:
    """The unbounded stream of 32-bit words for (seed in UTF-8, hand), eight at a time."""
    import hashlib  # imported here: it costs start-up time that listing moves does not need
    from struct import Struct

    key = SHUFFLE.encode() + len(data).to_bytes(8, "big") + data + hand.to_bytes(8, "big")
    unpack = Struct(">8I").unpack
    block = 0
    while True:
        yield unpack(hashlib.sha256(key + block.to_bytes(8, "big")).digest())
        block += 1


# For i = 51 down to 1: m = i + 1, and the largest multiple of m that fits in 32 bits.
_DRAWS = tuple((i, i + 1, 2**32 - (2**32 % (i + 1))) for i in range(DECK_SIZE - 1, 0, -1))


def seeded_deck(seed: str, hand: int = 1) -> tuple[int, ...]:
    """The deck for ``seed`` and hand number ``hand``, in dealing order (casino-shuffle/1)."""
    data = seed_bytes(seed)
    if len(data) > MAX_SEED_BYTES:
        raise DealError(f"a seed is at most {MAX_SEED_BYTES} bytes")
    check_int("hand", hand)
    if not 1 <= hand < 2**63:
        raise DealError(f"the hand number is from 1 to 2**63 - 1, not {shown(hand)}")
    deck = list(range(DECK_SIZE))
    blocks = _word_blocks(data, hand)
    words: list[int] = []
    k = 0
    for i, m, limit in _DRAWS:
        while True:
            if k == len(words):
                words += next(blocks)
            word = words[k]
            k += 1
            if word < limit:
                break
        j = word % m
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(deck)


def dealer_for_hand(rules: Rules, first_dealer: int, hand: int) -> int:
    """The dealer of hand number ``hand`` (1-based) when ``first_dealer`` dealt hand 1: the
    deal passes to the next seat after every hand, or to the seat before the dealer with
    deal_passes 'previous' (D4)."""
    if not isinstance(rules, Rules):
        raise wrong_type("rules", rules, A_RULES)
    check_int("first_dealer", first_dealer)
    check_int("hand", hand)
    if first_dealer not in range(rules.players) or hand < 1:
        raise DealError(
            f"dealer {shown(first_dealer)} of hand 1 and hand {shown(hand)}: a seat (0..{rules.players - 1}) and a hand from 1"
        )
    step = -1 if rules.deal_passes == "previous" else 1
    return (first_dealer + step * (hand - 1)) % rules.players


def next_dealer(rules: Rules, dealer: int) -> int:
    """Who deals the hand after ``dealer``'s (D4)."""
    check_int("dealer", dealer)
    return dealer_for_hand(rules, dealer, 2)


def start_position(rules: Rules, deck: tuple[int, ...], dealer: int, scores: tuple[int, ...] | None = None) -> Position:
    """The position after the first deal of a hand from ``deck`` (D2)."""
    if not isinstance(rules, Rules):
        raise wrong_type("rules", rules, A_RULES)
    n = rules.players
    if sorted(deck) != list(range(DECK_SIZE)):
        raise DealError("a deck holds each of the 52 cards exactly once")
    _check_dealer(dealer, n)
    first = (dealer + 1) % n
    hands = [0] * n
    table = 0
    top = 0
    for _ in range(2):
        for k in range(n):
            seat = (first + k) % n
            if seat == dealer:
                table |= (1 << deck[top]) | (1 << deck[top + 1])
                top += 2
            hands[seat] |= (1 << deck[top]) | (1 << deck[top + 1])
            top += 2
    return _started(rules, table, tuple(hands), dealer, scores, tuple(deck[top:]))  # a whole deck: dealt once


def _check_dealer(dealer: int, players: int) -> None:
    """A TypeError for a dealer that is no int (``True`` and ``1.0`` are in ``range(2)``
    too, and a position would carry them), a DealError for one that is no seat."""
    check_int("dealer", dealer)
    if dealer not in range(players):
        raise DealError(f"dealer {shown(dealer)} is not a seat (0..{players - 1})")


def _dealt_once(table: int, hands: tuple[Hand, ...], stock: tuple[int, ...] | None) -> None:
    """Refuse a card dealt twice: to the table, to a hand (its known cards) or in the stock."""
    seen = table
    known = [h.known if isinstance(h, Partial) else h for h in hands if h is not None]
    for cards in (*known, *((1 << c) if 0 <= c < DECK_SIZE else -1 for c in stock or ())):
        if cards < 0 or cards >> DECK_SIZE or seen & cards:
            raise DealError("a card is dealt twice, or is no card: each of the 52 cards is dealt once")
        seen |= cards


def start_from_table(
    rules: Rules,
    table: int,
    hands: tuple[Hand, ...],
    dealer: int,
    scores: tuple[int, ...] | None = None,
    stock: tuple[int, ...] | None = None,
) -> Position:
    """The start of a hand from its four table cards and the hands dealt. Without
    ``stock`` (a hand written down at a real table) the stock is a count of unseen cards."""
    if not isinstance(rules, Rules):
        raise wrong_type("rules", rules, A_RULES)
    n = rules.players
    _check_dealer(dealer, n)
    if len(hands) != n:
        raise DealError(f"{plural(len(hands), 'hand')} for {n} players")
    check_int("table", table)
    if table >> DECK_SIZE or table < 0 or table.bit_count() != 4:
        raise DealError("the table starts with 4 cards")
    _dealt_once(table, hands, stock)
    return _started(rules, table, tuple(hands), dealer, scores, stock)


def _started(
    rules: Rules,
    table: int,
    hands: tuple[Hand, ...],
    dealer: int,
    scores: tuple[int, ...] | None,
    stock: tuple[int, ...] | None,
) -> Position:
    """The position at a hand's start, from cards known to be dealt once."""
    n = rules.players
    if scores is not None and len(scores) != rules.sides:
        raise DealError(f"{len(scores)} scores for {rules.sides} sides")
    return Position(
        rules=rules,
        dealer=dealer,
        turn=(dealer + 1) % n,
        deal=1,
        loose=table,
        builds=(),
        hands=hands,
        stock=Unseen(DECK_SIZE - 4 - 4 * n) if stock is None else stock,
        captured=(0,) * n,
        sweeps=(0,) * n,
        last_capture=None,
        scores=tuple(scores) if scores is not None else (0,) * rules.sides,
    )

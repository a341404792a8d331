"""Cards as small integers and card sets as 52-bit masks.

A card is ``rank * 4 + suit`` with ranks A23456789TJQK (0..12) and suits SHDC
(0..3), so integer order is the notation's card order (rank first, then suit).
A set of cards is an ``int`` whose bit ``card`` is set; iterating its bits
from low to high yields the cards in card order.
"""

from __future__ import annotations

from .errors import CasinoError, shown, wrong_type

RANKS = "A23456789TJQK"
SUITS = "SHDC"
DECK_SIZE = 52
FULL_DECK = (1 << DECK_SIZE) - 1

ACE, TEN, JACK, QUEEN, KING = 0, 9, 10, 11, 12
SPADES = 0
BIG_CASINO = TEN * 4 + 2  # TD
LITTLE_CASINO = 1 * 4 + SPADES  # 2S

CODES: tuple[str, ...] = tuple(r + s for r in RANKS for s in SUITS)
SPADE_MASK = sum(1 << c for c in range(DECK_SIZE) if c % 4 == SPADES)
ACE_MASK = sum(1 << c for c in range(4))

_SUIT_ALIASES = {"♠": "S", "♤": "S", "♥": "H", "♡": "H", "♦": "D", "♢": "D", "♣": "C", "♧": "C"}
_INDEX = {code: i for i, code in enumerate(CODES)}
_ASCII_UPPER = str.maketrans("abcdefghijklmnopqrstuvwxyz", "ABCDEFGHIJKLMNOPQRSTUVWXYZ")


class CardError(CasinoError):
    """A card text that does not parse, or a number or mask that is no card or set of cards."""


def rank(card: int) -> int:
    """Rank index 0..12 (A..K)."""
    return card >> 2


def suit(card: int) -> int:
    """Suit index 0..3 (S, H, D, C)."""
    return card & 3


def parse_card(text: object) -> int:
    """Read a card in any accepted form: ``TD``, ``10d``, ``t♦``, ``2♤``, with plain spaces
    around. Exactly these spellings: ASCII case only (``ſ`` is not ``S``), no other space.
    Anything but a text is a CardError too (``text`` is ``object``, so the compiled engine
    does not turn it into a TypeError first: readers pass on what a document holds)."""
    if not isinstance(text, str):
        raise CardError(f"a card must be a string like 'TD', not {shown(text)}")
    card = _INDEX.get(text)  # written as canonical, as most cards are
    if card is not None:
        return card
    raw = text.strip(" ")
    if len(raw) > 4:
        raise CardError(f"{raw[:12]!r} is not a card (expected rank then suit, e.g. 'TD')")
    code = raw.translate(_ASCII_UPPER)
    if code.startswith("10"):
        code = "T" + code[2:]
    if len(code) == 2:
        code = code[0] + _SUIT_ALIASES.get(code[1], code[1])
    card = _INDEX.get(code)
    if card is None:
        ten = _INDEX.get("T" + code[1:]) if code[:1] == "X" else None  # XH: a ten in one letter
        expected = (
            "expected rank A23456789TJQK then suit SHDC, e.g. 'TD'"
            if ten is None
            else f"a ten is {CODES[ten]} or 10{CODES[ten][1]}"
        )
        raise CardError(f"{raw!r} is not a card ({expected})")
    return card


def card_code(card: int) -> str:
    """Canonical two-character code (:class:`CardError` for a number that is no card; a
    TypeError naming a text, a float or a bool: ``True`` is an int to Python, no card)."""
    wanted = "a card number 0..51 (parse_card reads a card's text)"
    if isinstance(card, bool):
        raise wrong_type("card", card, wanted)
    try:
        if 0 <= card < 52:
            return CODES[card]
    except TypeError:  # named here, not by the comparison that failed
        raise wrong_type("card", card, wanted) from None
    raise CardError(f"no card is numbered {shown(card)} (cards are 0 to 51)")


def cards_of(mask: int) -> list[int]:
    """The cards of a set, in card order (:class:`CardError` for a mask that is no set of
    cards: negative, or with bits from 52 on)."""
    try:  # _check_set's test, written out: a call would cost a tenth of this hot function
        beyond = mask >> 52
    except TypeError:
        raise wrong_type("mask", mask, "an int, a set of cards (bit c for card c)") from None
    if beyond:
        raise CardError(f"{shown(mask)} is no set of cards (a mask of bits 0 to 51)")
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _check_set(mask: int) -> None:
    """Refuse a mask that is no set of cards (:class:`CardError`), or no int (a TypeError
    naming it, not the shift that failed)."""
    try:
        beyond = mask >> 52
    except TypeError:
        raise wrong_type("mask", mask, "an int, a set of cards (bit c for card c)") from None
    if beyond:
        raise CardError(f"{shown(mask)} is no set of cards (a mask of bits 0 to 51)")


def lowest(mask: int) -> int:
    """The lowest card of a non-empty set."""
    return (mask & -mask).bit_length() - 1


def count(mask: int) -> int:
    """How many cards a set holds."""
    return mask.bit_count()


def _byte_codes(start: int) -> tuple[tuple[str, ...], ...]:
    """For each byte b, the codes of the cards start..start+7 whose bits b sets, in card order."""
    table: list[tuple[str, ...]] = [()]
    for b in range(1, 256):
        card = start + lowest(b)
        table.append(((CODES[card],) if card < DECK_SIZE else ()) + table[b & (b - 1)])
    return tuple(table)


_BYTE_CODES = tuple(_byte_codes(start) for start in range(0, DECK_SIZE, 8))


def codes_of(mask: int) -> list[str]:
    """Canonical codes of a set, in card order (:class:`CardError` as :func:`cards_of`): a byte
    of the mask at a time, from tables made once (replay writes several sets a move)."""
    _check_set(mask)
    out: list[str] = []
    for table in _BYTE_CODES:
        if not mask:
            break
        out += table[mask & 255]
        mask >>= 8
    return out

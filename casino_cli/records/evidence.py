"""What a hand written down at a table shows of the seats' hands.

A record without a deck gives the four table cards and the moves; each seat's hand in a
deal is then known as far as the record tells it: the cards it plays in that deal (before
or after any move in question; a move the record gives to a player is that player's, when
its hand has room for the card) and the cards it was seen to hold (``shown``). The cards
shown nowhere — never on the first table, never played, never shown — are the *unseen*
cards, where a seat's unknown cards may be (docs/notation.md, Partly known hands).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ..cards import DECK_SIZE, FULL_DECK, card_code, codes_of, count
from ..engine.position import Hand, make_hand
from ..engine.rules import Rules
from ..errors import plural
from ..notation.moves import RecordMove
from .describe import seat_words
from .record import Shown


class Evidence(NamedTuple):
    """Per deal, each seat's hand at the deal's start; findings (``card``) at a move index
    (0-based) or about the hand; and the unseen cards of the hand."""

    hands: tuple[tuple[Hand, ...], ...]
    at_move: dict[int, str]
    about_hand: tuple[tuple[int, str], ...]  # a shown entry's place in the hand's list, and its finding
    unseen: int


def gather(
    rules: Rules,
    dealer: int,
    table: int,
    said: Sequence[RecordMove | None],
    shown: tuple[Shown, ...],
    names: Sequence[str] | None = None,
) -> Evidence:
    """The evidence of a table-only hand (``said``: its moves as read, None where
    unreadable); its findings name the seats' players when ``names`` gives them."""
    n = rules.players
    per_deal = 4 * n
    deals = rules.deals_per_hand
    known = [[0] * n for _ in range(deals)]
    at_move: dict[int, str] = {}
    played_at: dict[int, int] = {}  # card -> the index of the move that played it
    first = (dealer + 1) % n
    # who played each move: the seat the record names, else the seat whose turn it was
    players = [(first + i) % n if move is None or move.seat is None else move.seat for i, move in enumerate(said)]
    for index, move in enumerate(said[: deals * per_deal]):
        if move is None:
            continue
        card = move.move.card
        if table >> card & 1 or card in played_at:
            if table >> card & 1:
                where = "on the table at the start"
            else:  # by whom and when: a card typed for another is found at once
                where = f"already played by {seat_words(names, players[played_at[card]])} at move {played_at[card] + 1}"
            at_move[index] = f"{card_code(card)} was {where}; each card is played once"
            continue
        played_at[card] = index
        held = known[index // per_deal]
        if count(held[players[index]]) < 4:  # a player named out of turn may have no room left
            held[players[index]] |= 1 << card
    about: list[tuple[int, str]] = []
    shown_by: dict[int, tuple[int, int]] = {}  # card -> (seat, deal) it was shown in
    for entry in shown:
        deal = entry.after // per_deal
        if deal >= deals:
            about.append((entry.place, f"shown[{entry.place}]: after move {entry.after} the hand is over"))
            continue
        problem = _shown_problem(
            entry, deal, per_deal, players, table, played_at, shown_by, known[deal][entry.seat], names
        )
        if problem is not None:
            about.append((entry.place, problem))
            continue
        known[deal][entry.seat] |= entry.cards
        for c in range(DECK_SIZE):
            if entry.cards >> c & 1:
                shown_by[c] = (entry.seat, deal)
        if entry.all:
            for c, index in played_at.items():
                later = index >= entry.after and index // per_deal == deal and players[index] == entry.seat
                if later and not entry.cards >> c & 1 and index not in at_move:
                    known[deal][entry.seat] &= ~(1 << c)  # not its card after all: the move is the finding
                    at_move[index] = (
                        f"{card_code(c)} was not in the hand {seat_words(names, entry.seat)} showed in full "
                        f"after move {entry.after} ({_cards_shown(entry.cards)})"
                    )
    seen = table
    for masks in known:
        for mask in masks:
            seen |= mask
    hands = tuple(tuple(make_hand(mask, 4) for mask in masks) for masks in known)
    return Evidence(hands, at_move, tuple(about), FULL_DECK & ~seen)


def _cards_shown(cards: int) -> str:
    """The cards of a shown entry as a finding names them: their codes, or "no cards"."""
    return " ".join(codes_of(cards)) or "no cards"


def _shown_problem(
    entry: Shown,
    deal: int,
    per_deal: int,
    players: list[int],
    table: int,
    played_at: dict[int, int],
    shown_by: dict[int, tuple[int, int]],
    dealt: int,
    names: Sequence[str] | None,
) -> str | None:
    """Why a ``shown`` entry contradicts the record (``players``: who played each move), or None."""
    seat, after = entry.seat, entry.after
    shower = seat_words(names, seat)
    lead = f"shown[{entry.place}]: after move {after}, {shower} showed {_cards_shown(entry.cards)}"
    start = deal * per_deal
    before = players[start:after].count(seat)  # its plays so far in this deal
    for c in range(DECK_SIZE):
        if not entry.cards >> c & 1:
            continue
        name = card_code(c)
        if table >> c & 1:
            return f"{lead}, but {name} was on the table at the start"
        index = played_at.get(c)
        if index is not None:
            player = players[index]
            if player != seat or index // per_deal != deal:
                return f"{lead}, but {name} was played by {seat_words(names, player)} at move {index + 1}"
            if index < after:
                return f"{lead}, but it had already played {name} at move {index + 1}"
        if c in shown_by and shown_by[c] != (seat, deal):
            other, when = shown_by[c]
            if other != seat:
                return f"{lead}, but {seat_words(names, other)} showed {name} too; a card is in one hand at a time"
            return f"{lead}, but it showed {name} in deal {when + 1} too; a card is dealt once a hand"
    held = 4 - before
    if count(entry.cards) > held or (entry.all and count(entry.cards) != held):
        return f"{lead}{' as its whole hand' if entry.all else ''}, but it held {plural(held, 'card')} then"
    if not entry.all and count(dealt | entry.cards) > 4:
        return f"{lead}, but with the cards it played in that deal that makes more than 4"
    return None

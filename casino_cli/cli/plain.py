"""Plain-text output (``--format text``): short lines, card codes, no colour."""

from __future__ import annotations

from ..cards import RANKS, codes_of, rank, suit
from ..engine import Partial, Position, Unseen
from ..engine.position import unknown_count


def card_name(card: int) -> str:
    """One card as rank and suit symbol, for people: 10♦."""
    return RANKS[rank(card)].replace("T", "10") + "♠♥♦♣"[suit(card)]


def position_lines(pos: Position) -> list[str]:
    """The table, the builds and each seat's hand, one item per line."""
    status = (
        "finished"
        if pos.finished
        else (
            f"deal {pos.deal}/{pos.rules.deals_per_hand}{' (last)' if pos.last_deal else ''}, seat {pos.turn} to play"
        )
    )
    lines = [f"{pos.rules.variant} {pos.rules.players}p, {status}", f"table: {' '.join(codes_of(pos.loose))}"]
    for b in pos.builds:
        lines.append(
            f"build {b.value} ({'single' if b.single else 'multiple'}, seat {b.owner}): {' '.join(codes_of(b.cards))}"
        )
    for seat, hand in enumerate(pos.hands):
        pile = pos.captured[seat]
        taken = pile.count if isinstance(pile, Unseen) else pile.bit_count()
        if isinstance(hand, Partial):
            shown = " ".join(codes_of(hand.known) + ["?"] * unknown_count(hand))
        else:
            shown = "?" if hand is None else " ".join(codes_of(hand))
        lines.append(f"seat {seat}: {shown} (taken {taken}, sweeps {pos.sweeps[seat]})")
    return lines

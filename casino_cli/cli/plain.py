"""Plain-text output (``--format text``): short lines, card codes, no colour."""

from __future__ import annotations

from ..cards import RANKS, rank, suit
from ..engine.position import position_lines

__all__ = ["card_name", "position_lines"]


def card_name(card: int) -> str:
    """One card as rank and suit symbol, for people: 10♦."""
    return RANKS[rank(card)].replace("T", "10") + "♠♥♦♣"[suit(card)]

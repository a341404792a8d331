"""Plain-text output (``--format text``): short lines, card codes, no colour."""

from __future__ import annotations

from ..cards import RANKS, SUITS, rank, suit
from ..engine.position import position_lines

__all__ = ["card_name", "item_name", "item_words", "plural", "position_lines", "sweep_words"]


def card_name(card: int) -> str:
    """One card as rank and suit symbol, for people: 10♦."""
    return RANKS[rank(card)].replace("T", "10") + "♠♥♦♣"[suit(card)]


def item_name(name: str) -> str:
    """A score item for people: ``Little Casino``, ``A♠``, ``cards``."""
    if len(name) == 2 and name[0] == "A" and name[1] in SUITS:
        return card_name(SUITS.index(name[1]))
    return {"little_casino": "Little Casino", "big_casino": "Big Casino"}.get(name, name.replace("_", " "))


def item_words(name: str, points: int) -> str:
    """``Little Casino 1``."""
    return f"{item_name(name)} {points}"


def plural(count: int, word: str) -> str:
    """``1 spade``, ``2 spades``."""
    return f"{count} {word}{'' if count == 1 else 's'}"


def sweep_words(count: int, sweeps_score: bool) -> str:
    """``1 sweep`` where sweeps score; else ``cleared the table once``/``…2 times``."""
    if sweeps_score:
        return plural(count, "sweep")
    return "cleared the table " + ("once" if count == 1 else f"{count} times")

"""Moves explained in words, for people reading a replay."""

from __future__ import annotations

from collections.abc import Callable

from ..cards import card_code, cards_of
from ..engine import Step


def describe(step: Step, name: Callable[[int], str] = card_code) -> str:
    """E.g. "seat 1 raises the 10-build to 12 with 2S" or "seat 0 takes 3C 5D with 8H — sweep".

    ``name`` writes a card (the code by default; a view may use suit symbols)."""
    move, facts, seat = step.move, step.facts, step.seat

    def codes_of(mask: int) -> list[str]:
        return [name(c) for c in cards_of(mask)]

    card = name(move.card)
    table = " ".join(codes_of(move.cards))
    if move.type == "trail":
        return f"seat {seat} trails {card}"
    if move.type == "capture":
        return f"seat {seat} takes {table} with {card}" + (" — sweep" if facts.sweep else "")
    old = facts.build
    if facts.kind == "raise" and old is not None:
        return f"seat {seat} raises the {old.value}-build to {move.value} with {card}" + (
            f" (and {' '.join(codes_of(move.cards & ~old.cards))})" if facts.multiple else ""
        )
    if facts.kind == "add" and old is not None:
        loose = codes_of(move.cards & ~old.cards)
        return f"seat {seat} adds {card}{' ' + ' '.join(loose) if loose else ''} to the {move.value}-build"
    return f"seat {seat} builds {move.value} with {card} and {table}" + (" (multiple)" if facts.multiple else "")

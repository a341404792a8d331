"""Plain-text output (``--format text``): short lines, card codes, no colour."""

from __future__ import annotations

from ..cards import RANKS, SUITS, codes_of, rank, suit
from ..engine import Position, Unseen


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
        shown = "?" if hand is None else " ".join(codes_of(hand))
        lines.append(f"seat {seat}: {shown} (taken {taken}, sweeps {pos.sweeps[seat]})")
    return lines

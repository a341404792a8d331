"""Pretty output for people (rich): cards with suit symbols, the table, move lists.

Imported only on paths that print for people, so rich never slows the JSON paths.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from rich.table import Table
from rich.text import Text

from ..cards import cards_of, suit
from ..engine import Move, MoveFacts, Position, Unseen
from .plain import card_name

_STYLES = ("bold", "bold red", "bold red", "bold")


def card_text(card: int) -> Text:
    """One card as rank and suit symbol, red for hearts and diamonds."""
    return Text(card_name(card), style=_STYLES[suit(card)])


def cards_text(mask_or_cards: int | Iterable[int], empty: str = "—") -> Text:
    """Several cards separated by spaces (a mask, or a sequence of cards)."""
    cards = cards_of(mask_or_cards) if isinstance(mask_or_cards, int) else list(mask_or_cards)
    if not cards:
        return Text(empty, style="dim")
    return Text(" ").join(card_text(c) for c in cards)


def position_view(pos: Position) -> Table:
    """The table, the builds, each seat's hand and pile, the stock and the scores."""
    rules = pos.rules
    title = f"{rules.variant}, {rules.players} players"
    if rules.partnerships:
        title += " in partnerships"
    status = (
        "hand finished"
        if pos.finished
        else (
            f"deal {pos.deal} of {rules.deals_per_hand}"
            f"{' (the last)' if pos.last_deal else ''}, seat {pos.turn} to play"
        )
    )
    grid = Table(show_header=False, box=None, padding=(0, 1))
    grid.add_column(style="dim", no_wrap=True)
    grid.add_column()
    grid.add_row("game", Text(f"{title} — {status}", style="bold"))
    grid.add_row("table", cards_text(pos.loose))
    for b in pos.builds:
        kind = "single" if b.single else "multiple"
        grid.add_row(f"build {b.value}", Text.assemble(cards_text(b.cards), f"  ({kind}, seat {b.owner})"))
    for seat, hand in enumerate(pos.hands):
        marker = "▶ " if seat == pos.turn else ""
        pile = pos.captured[seat]
        taken = f"{pile.count} taken" if isinstance(pile, Unseen) else f"{pile.bit_count()} taken"
        sweeps = f", {pos.sweeps[seat]} sweep{'s' if pos.sweeps[seat] != 1 else ''}" if pos.sweeps[seat] else ""
        shown = Text("unknown", style="dim") if hand is None else cards_text(hand)
        grid.add_row(f"{marker}seat {seat}", Text.assemble(shown, f"   [{taken}{sweeps}]"))
    stock = pos.stock.count if isinstance(pos.stock, Unseen) else len(pos.stock)
    grid.add_row("stock", f"{stock} cards")
    grid.add_row("scores", "  ".join(f"side {s}: {v}" for s, v in enumerate(pos.scores)))
    return grid


def moves_view(moves: Sequence[Move], facts: Sequence[MoveFacts], truncated: bool) -> Table:
    """A numbered list of moves with what each does."""
    table = Table(
        title=f"{len(moves)} legal move{'s' if len(moves) != 1 else ''}" + (" (truncated)" if truncated else "")
    )
    table.add_column("#", justify="right", style="dim")
    table.add_column("move", no_wrap=True)
    table.add_column("card")
    table.add_column("does")
    for i, (move, fact) in enumerate(zip(moves, facts), 1):
        if move.type == "capture":
            does = Text.assemble("takes ", cards_text(move.cards), (" — sweep" if fact.sweep else ""))
        elif move.type == "build":
            what = {"new": "builds", "raise": "raises to", "add": "adds to"}[fact.kind]
            does = Text.assemble(
                f"{what} {move.value}{' (multiple)' if fact.multiple else ''} with ", cards_text(move.cards)
            )
        else:
            does = Text("trails")
        table.add_row(str(i), move.text(), card_text(move.card), does)
    return table


def score_view(sheet: dict[str, Any]) -> Table:
    """A score sheet: one row per hand and side with the items won."""
    table = Table(title="score")
    for name in ("hand", "side", "cards", "spades", "sweeps", "items won", "points", "game"):
        table.add_column(name, justify="right" if name not in ("items won",) else "left")
    for hand in sheet["hands"]:
        for side, s in enumerate(hand["sides"]):
            items = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in s["items"].items()) or "—"
            table.add_row(
                str(hand["hand"] or "") if side == 0 else "",
                str(side),
                str(s["cards"]),
                str(s["spades"]),
                str(s["sweeps"]),
                items,
                str(s["points"]),
                str(hand["scores"][side]),
            )
        for item, why in hand["unwon"].items():
            table.add_row("", "", "", "", "", Text(f"nobody: {item.replace('_', ' ')} ({why})", style="dim"), "", "")
    if sheet["winner"] is not None:
        table.caption = f"side {sheet['winner']} wins: {sheet.get('reason', '')}"
    else:
        table.caption = "the game goes on" + (f" ({sheet['reason']})" if sheet.get("reason") else "")
    return table

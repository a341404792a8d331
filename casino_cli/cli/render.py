"""Pretty output for people (rich): cards with suit symbols, the table, move lists.

Imported only on paths that print for people, so rich never slows the JSON paths.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from ..cards import cards_of, suit
from ..engine import Move, MoveFacts, Partial, Position, Unseen
from ..engine.position import unknown_count
from ..records.describe import clear_words
from .plain import card_name, item_name, item_words, sweep_words

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


def position_view(pos: Position, viewer: int | None = None, names: tuple[str, ...] | None = None) -> Table:
    """The table, the builds, each seat's hand and pile, the stock, the dealer, the sides
    (which seats make each) and the scores; ``names`` names the seats; with a ``viewer``
    seat, the other hands show only how many cards they hold."""
    from ..records.describe import seat_words, side_name, side_seats

    players = names
    rules = pos.rules
    title = f"{rules.variant}, {rules.players} players"
    if rules.partnerships:
        title += " in partnerships"
    status = (
        "hand finished"
        if pos.finished
        else (
            f"deal {pos.deal} of {rules.deals_per_hand}"
            f"{' (the last)' if pos.last_deal else ''}, seat {pos.turn}"
            f"{f' ({players[pos.turn]})' if players and pos.turn is not None else ''} to play"
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
        sweeps = f", {sweep_words(pos.sweeps[seat], rules.sweeps)}" if pos.sweeps[seat] else ""
        if hand is None:
            shown = Text("unknown", style="dim")
        elif viewer is not None and seat != viewer:
            held = hand.count if isinstance(hand, Partial) else hand.bit_count()
            shown = Text(f"{'▮' * held + ' ' if held else ''}{held} card{'s' if held != 1 else ''}", style="dim")
        elif isinstance(hand, Partial):
            shown = Text.assemble(cards_text(hand.known), (f" + {unknown_count(hand)} unknown", "dim"))
        else:
            shown = cards_text(hand)
        grid.add_row(
            Text(f"{marker}seat {seat}" + (f" {names[seat]}" if names else "") + (" (you)" if seat == viewer else "")),
            Text.assemble(shown, f"   [{taken}{sweeps}]"),
        )
    stock = pos.stock.count if isinstance(pos.stock, Unseen) else len(pos.stock)
    grid.add_row("stock", f"{stock} cards")
    grid.add_row("dealer", Text(seat_words(players, pos.dealer)))
    if rules.partnerships or players:
        sides = "  ".join(
            f"side {s}: {side_seats(rules, s)}" + (f" ({side_name(rules, players, s)})" if players else "")
            for s in range(rules.sides)
        )
        grid.add_row("sides", Text(sides))  # names are document text: never read as markup
    scores = Text("  ".join(f"{side_name(rules, players, s)}: {v}" for s, v in enumerate(pos.scores)))
    grid.add_row("scores before this hand" if pos.finished else "scores", scores)  # the hand's own: its sheet
    return grid


def moves_view(moves: Sequence[Move], facts: Sequence[MoveFacts], truncated: bool, sweeps: bool = True) -> Table:
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
            does = Text.assemble("takes ", cards_text(move.cards), (clear_words(sweeps) if fact.sweep else ""))
        elif move.type == "build":
            what = {"new": "builds", "raise": "raises to", "add": "adds to"}[fact.kind]
            does = Text.assemble(
                f"{what} {move.value}{' (multiple)' if fact.multiple else ''} with ", cards_text(move.cards)
            )
        else:
            does = Text("trails")
        table.add_row(str(i), move.text(), card_text(move.card), does)
    return table


def compact_moves_view(moves: Sequence[Move], truncated: bool, width: int) -> Group:
    """The moves as numbered notation only, in as many columns as ``width`` holds (read down
    each column): for a screen too short for :func:`moves_view`."""
    entries = [Text.assemble((f"{i:>{len(str(len(moves)))}} ", "dim"), move.text()) for i, move in enumerate(moves, 1)]
    column = max((entry.cell_len for entry in entries), default=1) + 3
    columns = max(1, min(len(entries), width // column))
    rows = -(-len(entries) // columns)
    grid = Table.grid(padding=(0, 3, 0, 0))
    for _ in range(columns):
        grid.add_column(no_wrap=True)
    for row in range(rows):
        grid.add_row(*(entries[i] if i < len(entries) else "" for i in range(row, row + rows * columns, rows)))
    title = f"{len(moves)} legal move{'s' if len(moves) != 1 else ''}{' (truncated)' if truncated else ''}"
    return Group(Text(f"{title} · l: what each does", style="italic"), grid)  # a title as wide as the screen


def score_view(sheet: dict[str, Any], sides: list[str] | None = None, sweeps_score: bool = True) -> Table:
    """A score sheet: one row per hand and side (named by ``sides``) with the items won (where
    sweeps do not score, the column counts the times a side cleared the table)."""
    table = Table(title="score")
    sweeps = "sweeps" if sweeps_score else "cleared"
    for name in ("hand", "side", "cards", "spades", sweeps, "items won", "points", "game"):
        table.add_column(name, justify="right" if name not in ("items won",) else "left")
    for hand in sheet["hands"]:
        for side, s in enumerate(hand["sides"]):
            items = ", ".join(item_words(k, v) for k, v in s["items"].items()) or "—"
            table.add_row(
                str(hand["hand"] or "") if side == 0 else "",
                Text(sides[side]) if sides else str(side),  # names are document text: never read as markup
                str(s["cards"]),
                str(s["spades"]),
                str(s["sweeps"]),
                items,
                str(s["points"]),
                str(hand["scores"][side]),
            )
        for item, why in hand["unwon"].items():
            table.add_row("", "", "", "", "", Text(f"nobody: {item_name(item)} ({why})", style="dim"), "", "")
    if sheet["winner"] is not None:
        winner = sides[sheet["winner"]] if sides else f"side {sheet['winner']}"
        table.caption = Text(
            f"{winner} win{'' if sides and ' & ' in winner else 's'}: {sheet.get('reason', '')}", style="table.caption"
        )
    else:
        table.caption = "the game goes on" + (f" ({sheet['reason']})" if sheet.get("reason") else "")
    return table

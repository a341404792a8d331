"""Plain-text output (``--format text``): short lines, card codes, no colour."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..engine.position import position_lines
from ..engine.rules import Rules
from ..errors import plural
from ..records.describe import card_name, item_name, item_words, named_reason, side_names
from ..records.scoresheet import hand_notes, scores_before

__all__ = [
    "card_name",
    "item_name",
    "item_words",
    "moves_title",
    "plural",
    "position_lines",
    "sheet_lines",
    "sweep_words",
]


def moves_title(moves: Sequence[object], truncated: bool) -> str:
    """A list of moves' title: ``1 legal move``, ``12 legal moves (truncated)``."""
    return plural(len(moves), "legal move") + (" (truncated)" if truncated else "")


def sweep_words(count: int, sweeps_score: bool) -> str:
    """``1 sweep`` where sweeps score; else ``cleared the table once``/``…2 times``."""
    if sweeps_score:
        return plural(count, "sweep")
    return "cleared the table " + ("once" if count == 1 else f"{count} times")


def sheet_lines(
    sheet: dict[str, Any],
    rules: Rules,
    sides: list[str] | None = None,
    ending: str = "game goes on",
    before: Sequence[int] | None = None,
) -> list[str]:
    """The score sheet of a game under ``rules`` as plain lines: per hand and side (named by
    ``sides``), the items won (where sweeps do not score, a sweep is only a cleared table),
    the items nobody won, why sweeps made scored nothing (P3) and why points were capped
    (G3, from ``before``, the score before the first hand: 0s when None); then the winner,
    or ``ending`` when none."""
    sweeps_score = rules.sweeps
    labels = sides or side_names(rules, None)
    lines = []
    for hand, start in zip(sheet["hands"], scores_before(sheet, before)):
        title = f"hand {hand['hand']}" if hand["hand"] else "hand"
        lines.append(f"{title}: points {'–'.join(map(str, hand['points']))}, game {'–'.join(map(str, hand['scores']))}")
        for side, s in enumerate(hand["sides"]):
            items = ", ".join(item_words(k, v) for k, v in s["items"].items()) or "nothing"
            taken = f"{plural(s['cards'], 'card')}, {plural(s['spades'], 'spade')}"
            if s["sweeps"] or sweeps_score:
                taken += f", {sweep_words(s['sweeps'], sweeps_score)}"
            lines.append(f"  {labels[side]}: {taken} -> {items}")
        for item, why in hand["unwon"].items():
            lines.append(f"  nobody scores {item_name(item)}: {why}")
        lines += [f"  {note}" for note in hand_notes(hand, start, rules, labels)]
    winner = sheet["winner"]
    result = ending if winner is None else f"{labels[winner]} win{'' if ' & ' in labels[winner] else 's'}"
    lines.append(f"result: {result}" + (f" ({named_reason(sheet['reason'], labels)})" if sheet.get("reason") else ""))
    return lines

"""A score sheet (``casino.score/1``) as a picture: one block per hand, a row per side."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..engine.rules import Rules
from ..records.describe import item_words, named_reason, nobody_words, side_names
from ..records.scoresheet import hand_notes, scores_before, stop_note
from .lines import ITEM, fit, text_width, wrap
from .svg import BLACK, banner, document, text
from .table import seat_name, side_name

_COLUMNS = (("cards", 250, "end"), ("spades", 320, "end"), ("sweeps", 390, "end"))  # right of the side's label
_ITEMS_X, _POINTS_X, _GAME_X, WIDTH = 410, 920, 990, 1010
_ROW, _LINE = 24, 16  # a side's row; each further line of its items
_LABEL_W = 250 - 24 - 30  # the side column, short of the widest count of cards
_ITEMS_W = _POINTS_X - _ITEMS_X - 40  # short of the widest points


def items_won(items: dict[str, int]) -> list[str]:
    """A side's items won in words, ``["A♥ 1", "Big Casino 2"]``, or ``["—"]``."""
    return [item_words(k, v) for k, v in items.items()] or ["—"]


def side_label(
    names: Sequence[str] | None, side: int, partnerships: bool, cut: Callable[[str], str] | None = None
) -> str:
    """Who a side is: a seat (with its name) or a partnership, each name ``cut`` as by :func:`.table.seat_name`."""
    return side_name(names, side, cut) if partnerships else seat_name(names, side, cut)


def side_labels(names: Sequence[str] | None, rules: Rules) -> list[str]:
    """Every side's label with its names whole (for words that wrap: a note, the result)."""
    return [side_label(names, side, rules.partnerships, str) for side in range(rules.sides)]


def _label_lines(names: Sequence[str] | None, side: int, partnerships: bool) -> list[str]:
    """A side's label in the side column: whole on one line, or where it is wider, its
    seats on one line and its names on the next, each cut (…) to fit."""
    whole = side_label(names, side, partnerships, str)
    if text_width(whole, 13) <= _LABEL_W:
        return [whole]
    room = (_LABEL_W - text_width(" & ", 13)) / 2 if partnerships else _LABEL_W
    label = side_label(names, side, partnerships, lambda name: fit(name, 13, room))
    seats, dot, rest = label.partition(" · ")
    return [seats, rest] if dot and "\u2068" not in seats else [label]  # not at a dot inside a name


def sheet_svg(
    sheet: dict[str, Any],
    rules: Rules,
    names: Sequence[str] | None = None,
    title: str = "",
    before: Sequence[int] | None = None,
    stopped: str = "",
) -> str:
    """The whole sheet of a game under ``rules`` as a standalone SVG document; where sweeps
    do not score, the column counts the times a side cleared the table. ``before`` is the
    score before the first hand (0s when None), for why points were capped (G3); ``stopped``,
    why the result is not known, where the referee stopped the record."""
    partnerships, sweeps = rules.partnerships, rules.sweeps
    labels = side_labels(names, rules)
    out = [text(24, 34, title or "Score sheet", 20, font_weight="bold", fill=BLACK)]
    y = 56.0
    if rules.option_words():  # the options that differ from the preset, under the title
        for line in wrap(f"options: {', '.join(rules.option_words())}", 13, WIDTH - 48, ITEM):
            out.append(text(24, y, line, 13, fill=BLACK))
            y += _LINE
        y += 6
    for hand, start in zip(sheet["hands"], scores_before(sheet, before)):
        label = f"hand {hand['hand']}" if hand["hand"] else "hand"
        out.append(f'<rect x="16" y="{y:g}" width="{WIDTH - 32}" height="{_ROW + 2}" fill="#1f6b45" rx="4"/>')
        out.append(text(24, y + 18, label, 14, font_weight="bold", fill="#ffffff"))
        for name, x, anchor in _COLUMNS:
            name = name if sweeps or name != "sweeps" else "cleared"
            out.append(text(x, y + 18, name, 12, text_anchor=anchor, fill="#e6f2ea"))
        out.append(text(_ITEMS_X, y + 18, "items won", 12, fill="#e6f2ea"))
        out.append(text(_POINTS_X, y + 18, "points", 12, text_anchor="end", fill="#e6f2ea"))
        out.append(text(_GAME_X, y + 18, "game", 12, text_anchor="end", fill="#e6f2ea"))
        y += _ROW + 6
        for side, s in enumerate(hand["sides"]):
            items = wrap(", ".join(items_won(s["items"])), 13, _ITEMS_W, ITEM)  # never inside an item
            who = _label_lines(names, side, partnerships)
            height = _ROW + _LINE * (max(len(items), len(who)) - 1)
            if side % 2:
                out.append(f'<rect x="16" y="{y - 4:g}" width="{WIDTH - 32}" height="{height}" fill="#f1eee4"/>')
            out += [text(24, y + 13 + _LINE * i, line, 13, fill=BLACK) for i, line in enumerate(who)]
            for (_, x, anchor), value in zip(_COLUMNS, (s["cards"], s["spades"], s["sweeps"])):
                out.append(text(x, y + 13, str(value), 13, text_anchor=anchor, fill=BLACK))
            for i, line in enumerate(items):
                out.append(text(_ITEMS_X, y + 13 + _LINE * i, line, 13, red_suits=True, fill=BLACK))
            out.append(text(_POINTS_X, y + 13, str(s["points"]), 13, text_anchor="end", font_weight="bold", fill=BLACK))
            out.append(text(_GAME_X, y + 13, str(hand["scores"][side]), 13, text_anchor="end", fill=BLACK))
            y += height
        for item, why in hand["unwon"].items():
            out.append(text(_ITEMS_X, y + 13, nobody_words(item, why), 12, fill="#666"))
            y += _ROW
        for note in hand_notes(hand, start, rules, labels):
            lines = wrap(note, 12, WIDTH - 16 - _ITEMS_X)
            out += [text(_ITEMS_X, y + 13 + _LINE * i, line, 12, fill="#666") for i, line in enumerate(lines)]
            y += _ROW + _LINE * (len(lines) - 1)
        y += 10
    svg, height = banner(16, y, WIDTH - 32, result_words(sheet, rules, names, stopped), 12)
    out.append(svg)
    y += height + 16
    body = f'<rect width="{WIDTH}" height="{y:g}" fill="#fbfaf6"/>' + "".join(out)
    return document(WIDTH, y, body, title or "Score sheet", set(), back=False)


def result_words(sheet: dict[str, Any], rules: Rules, names: Sequence[str] | None, stopped: str = "") -> str:
    """``seat 0 · Ann wins the game: …`` or ``the game goes on``, with the totals and why
    (the sides named); ``the result is not known`` and why, where the referee ``stopped``."""
    partnerships = rules.partnerships
    labels = side_labels(names, rules)
    totals = ", ".join(f"{labels[s]} {v}" for s, v in enumerate(sheet["scores"]))
    winner = sheet["winner"]
    reason = named_reason(sheet.get("reason", ""), side_names(rules, tuple(names) if names else None))
    if winner is None and stopped:
        return f"the result is not known ({totals}): {stopped}"
    if winner is None:
        return f"the game goes on ({totals})" + (f": {reason}" if reason else "") + stop_note(sheet, names)
    verb = "win" if partnerships else "wins"
    return f"{labels[winner]} {verb} the game: {totals}" + (f" ({reason})" if reason else "")

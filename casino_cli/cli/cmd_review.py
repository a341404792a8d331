"""``casino review RECORD``: per player, the moves that cost the most expected points."""

from __future__ import annotations

import math
import random
from typing import Any

from ..engine.rules import Rules
from ..notation.fields import dumps
from ..records.record import Record
from ..records.review import Slip, review
from ..records.shown import visible
from .common import documents, passed_over
from .output import OK, VERDICT, Fail, Format, Progress, console, resolve_format, say, write_line
from .records_io import finding_line, record_of

REVIEW_FORMAT = "casino.review/1"


def run_review(path: str, top: int, seed: str, fmt: Format | None) -> None:
    fmt = resolve_format(fmt)
    code = OK
    for doc in documents(path):
        try:
            record = record_of(doc)
        except Fail as exc:  # said, in its place in JSON, and the next record reviewed
            code = max(code, passed_over(doc, exc, fmt, REVIEW_FORMAT))
            continue
        # on a terminal's stderr, gone before the result is printed
        progress = Progress("moves", sum(len(hand.moves) for hand in record.hands), after=True)
        try:
            slips, reviewed, skipped, stopped = review(record, random.Random(f"{seed}/review"), progress.advance)
        finally:
            progress.close()
        if stopped is not None:
            say(finding_line(doc, stopped, record.players) + "; the review stops there")
            code = max(code, VERDICT)
        players, worst = _players(record, slips, reviewed, skipped, top)
        out = {
            "format": REVIEW_FORMAT,
            "line": doc.line,
            "players": players,
            "stopped": None if stopped is None else stopped.as_json(),
        }
        if fmt == Format.pretty:
            _show(out, worst, record.rules)
        elif fmt == Format.text:
            for who, said, lines in _summary(out):
                for line in (f"{who}: {said}", *lines):
                    write_line(line)
        else:
            write_line(dumps(out))
    if code != OK:
        raise Fail(code)


def _players(
    record: Record, slips: list[Slip], reviewed: list[int], skipped: list[int], top: int
) -> tuple[list[dict[str, Any]], list[list[Slip]]]:
    """Per seat, its entry of the review's ``players`` and its ``top`` costliest slips."""
    players, worst = [], []
    for seat in range(record.rules.players):
        mine = sorted((s for s in slips if s.seat == seat), key=lambda s: -s.loss)
        worst.append([s for s in mine[:top] if s.loss > 0.005])
        players.append(
            {
                "seat": seat,
                "name": record.players[seat] if record.players else None,
                "moves": reviewed[seat],
                "skipped": skipped[seat],
                "lost": round(math.fsum(s.loss for s in mine), 2),  # the same on 3.11 and 3.12 (its sum() differs)
                "worst": [
                    {
                        "hand": s.hand,
                        "move": s.number,
                        "played": s.played.text(),
                        "better": s.best.text(),
                        "lost": round(s.loss, 2),
                    }
                    for s in worst[seat]
                ],
            }
        )
    return players, worst


def _summary(out: dict[str, Any]) -> list[tuple[str, str, list[str]]]:
    """Per player: who, how many moves were reviewed and how much was lost, and a line per
    costly move."""
    summary = []
    for p in out["players"]:
        who = f"{visible(p['name'])} (seat {p['seat']})" if p["name"] else f"seat {p['seat']}"  # shown, never obeyed
        lines = [
            f"  hand {w['hand']}, move {w['move']}: played {w['played']}, better {w['better']} (-{w['lost']:.2f})"
            for w in p["worst"]
        ]
        skipped = f" ({p['skipped']} skipped: its hand is not known)" if p["skipped"] else ""
        summary.append(
            (who, f"{p['moves']} moves reviewed{skipped}, {p['lost']:.2f} expected points lost in all", lines)
        )
    return summary


def _show(out: dict[str, Any], worst: list[list[Slip]], rules: Rules) -> None:
    """Per player, its summary line, then a table of its costliest moves, each move (and
    the better one) with what it does."""
    from rich.markup import escape
    from rich.text import Text

    from .render import MovesTable, card_text, does_text

    con = console()
    for (who, said, _), slips in zip(_summary(out), worst):
        con.print(f"[bold]{escape(who)}[/bold]: {escape(said)}")
        if not slips:
            continue
        rows = [
            (
                str(s.hand),
                str(s.number),
                Text.assemble(card_text(s.played.card), " ", does_text(s.played, s.played_facts, rules)),
                Text.assemble(card_text(s.best.card), " ", does_text(s.best, s.best_facts, rules)),
                f"{s.loss:.2f}",
            )
            for s in slips
        ]
        con.print(MovesTable(("hand", "number", "played", "better", "lost"), rows))

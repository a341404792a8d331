"""``casino review RECORD``: per player, the moves that cost the most expected points."""

from __future__ import annotations

import random
from typing import Any

from ..notation.fields import dumps
from ..records.review import review
from .common import documents
from .output import Format, console, resolve_format, write_line
from .records_io import record_of

REVIEW_FORMAT = "casino.review/1"


def run_review(path: str, top: int, seed: str, fmt: Format | None) -> None:
    fmt = resolve_format(fmt)
    for doc in documents(path):
        record = record_of(doc)
        slips, reviewed = review(record, random.Random(f"{seed}/review"))
        players = []
        for seat in range(record.rules.players):
            mine = sorted((s for s in slips if s.seat == seat), key=lambda s: -s.loss)
            players.append(
                {
                    "seat": seat,
                    "name": record.players[seat] if record.players else None,
                    "moves": reviewed[seat],
                    "lost": round(sum(s.loss for s in mine), 2),
                    "worst": [
                        {
                            "hand": s.hand,
                            "move": s.number,
                            "played": s.played,
                            "better": s.best,
                            "lost": round(s.loss, 2),
                        }
                        for s in mine[:top]
                        if s.loss > 0.005
                    ],
                }
            )
        out = {"format": REVIEW_FORMAT, "line": doc.line, "players": players}
        if fmt == Format.pretty:
            _show(out)
        else:
            write_line(dumps(out))


def _show(out: dict[str, Any]) -> None:
    con = console()
    for p in out["players"]:
        who = f"seat {p['seat']}" + (f" ({p['name']})" if p["name"] else "")
        con.print(f"[bold]{who}[/bold]: {p['moves']} moves reviewed, {p['lost']:.2f} expected points lost in all")
        for w in p["worst"]:
            con.print(
                f"  hand {w['hand']}, move {w['move']}: played {w['played']}, better {w['better']} (−{w['lost']:.2f})"
            )

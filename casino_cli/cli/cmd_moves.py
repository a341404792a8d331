"""``casino moves``: every legal move of a position, or of each line of a JSON Lines stream."""

from __future__ import annotations

from ..engine import MoveList, Position, legal_moves
from ..notation.fields import dumps
from ..notation.moves import move_json
from .common import documents, position_of
from .output import DATA_ERROR, OK, Fail, Format, Screen, resolve_format, say, write_line

MOVES_FORMAT = "casino.moves/1"


def run_moves(path: str, limit: int, keep_going: bool, fmt: Format | None, svg: str | None = None) -> None:
    fmt = resolve_format(fmt)
    screen = Screen(fmt == Format.pretty, svg)
    code = OK
    stream = False
    for index, doc in enumerate(documents(path)):
        stream = stream or index > 0
        try:
            pos = position_of(doc, playable=True)
        except Fail as exc:
            if not keep_going:
                raise
            say(exc.message)
            code = DATA_ERROR
            if fmt in (Format.json, Format.jsonl):
                write_line(dumps({"format": MOVES_FORMAT, "line": doc.line, "error": exc.message}))
            continue
        listing = legal_moves(pos, limit=limit)
        _print(pos, listing, fmt, doc.line, screen)
        if listing.truncated:
            say(
                f"{doc.where()}: listing truncated after {len(listing.moves)} moves (the --limit or the search budget was reached)"
            )
    screen.close()
    if code:
        raise Fail(code)


def _print(pos: Position, listing: MoveList, fmt: Format, line: int, screen: Screen) -> None:
    if fmt == Format.json:
        write_line(
            dumps(
                {
                    "format": MOVES_FORMAT,
                    "turn": pos.turn,
                    "count": len(listing.moves),
                    "truncated": listing.truncated,
                    "moves": [move_json(m, f) for m, f in zip(listing.moves, listing.facts)],
                }
            )
        )
    elif fmt == Format.jsonl:
        for m, f in zip(listing.moves, listing.facts):
            obj = move_json(m, f)
            obj["line"] = line
            write_line(dumps(obj))
    elif fmt == Format.text:
        write_line(" ".join(m.text() for m in listing.moves))
    if screen.active:
        from .render import moves_view, position_view

        screen.print(position_view(pos))
        screen.print(moves_view(listing.moves, listing.facts, listing.truncated))

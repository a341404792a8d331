"""``casino apply``: play moves on a position and print the result."""

from __future__ import annotations

from ..engine import IllegalMove, TooComplex, judge, play_judged
from ..notation.errors import NotationError
from ..notation.fields import dumps, loads
from ..notation.moves import read_move
from ..notation.position import position_json
from .common import position_data_of, print_position, single_document
from .output import DATA_ERROR, VERDICT, Fail, Format, resolve_format, write_line


def run_apply(path: str, texts: list[str], fmt: Format | None, svg: str | None = None) -> None:
    fmt = resolve_format(fmt)
    pos, user = position_data_of(single_document(path), playable=True)
    steps = []
    for number, text in enumerate(texts, 1):
        try:
            move = read_move(loads(text) if text.lstrip().startswith("{") else text, "")
        except NotationError as exc:
            raise Fail(DATA_ERROR, f"move {number}: {exc.message}") from None
        try:
            facts = judge(pos, move)
        except TooComplex as exc:
            raise Fail(DATA_ERROR, f"move {number}: {move.text()} cannot be checked: {exc}") from None
        except IllegalMove as exc:
            seat = "" if pos.turn is None else f" (seat {pos.turn})"
            raise Fail(VERDICT, f"move {number}{seat}: {move.text()} is illegal: {exc.message} ({exc.rule})") from None
        pos = play_judged(pos, move, facts)
        steps.append(pos)
    if fmt == Format.jsonl:  # every position on the way, the last one below
        for step in steps[:-1]:
            write_line(dumps(position_json(step, user)))
    print_position(pos, fmt, svg, user)

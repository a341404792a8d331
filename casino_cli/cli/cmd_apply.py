"""``casino apply``: play moves on a position and print the result."""

from __future__ import annotations

from ..engine import IllegalMove, judge, play_judged
from ..engine.position import TooComplex
from ..notation.errors import NotationError
from ..notation.fields import dumps, loads
from ..notation.moves import read_move
from ..notation.position import position_json
from ..records.referee import Step
from .common import position_of, print_position, save_picture, single_document
from .output import DATA_ERROR, VERDICT, Fail, Format, resolve_format, write_line
from .picture_files import check_target


def run_apply(path: str, texts: list[str], fmt, svg=None) -> None:
    fmt = resolve_format(fmt)
    check_target(svg, [path])
    pos = position_of(single_document(path), playable=True)
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
        before, seat = pos, pos.turn
        pos = play_judged(pos, move, facts)
        steps.append(pos)
        last = (before, Step(0, number, seat, move, facts, pos))
    if fmt == Format.jsonl:  # every position on the way, the last one below
        for step in steps[:-1]:
            write_line(dumps(position_json(step)))
    print_position(pos, fmt)
    if svg is not None:
        from ..pictures.table import move_picture

        save_picture(svg, move_picture(*last, None, f"move {len(texts)}: "))

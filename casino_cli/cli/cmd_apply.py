"""``casino apply``: play moves on a position and print the result."""

from __future__ import annotations

from ..engine import IllegalMove, Move, MoveFacts, Partial, Position, Step, TooComplex, judge, play_judged, unseen_cards
from ..engine.position import counted_mover
from ..notation.errors import NotationError
from ..notation.fields import dumps
from ..notation.position import position_json
from ..records.ruling import ILLEGAL, UNSETTLED, decide, with_played_card
from .common import (
    move_argument,
    move_problem,
    position_data_of,
    print_position,
    save_picture,
    single_document,
    states_the_hand_so_far,
)
from .output import DATA_ERROR, VERDICT, Fail, Format, resolve_format, say, utf8_argument, write_line
from .picture_files import check_target


def run_apply(path: str, texts: list[str], fmt: Format | None, svg: str | None = None) -> None:
    fmt = resolve_format(fmt)
    check_target(svg, [path])
    doc = single_document(path)
    pos, user = position_data_of(doc, playable=True, counted=True)
    stated = states_the_hand_so_far(doc)
    steps = []
    for number, text in enumerate(texts, 1):
        try:
            move, wrong, _ = move_argument(utf8_argument(text), pos)
        except NotationError as exc:
            raise Fail(DATA_ERROR, f"move {number}: {move_problem(exc)}") from None
        if wrong is not None:
            raise Fail(VERDICT, f"move {number}: {move.text()} is illegal: {wrong} (turn)")
        pos = counted_mover(pos, stated)
        if pos.turn is not None and pos.hands[pos.turn] is None:  # as for the first move: unreadable, not illegal
            raise Fail(DATA_ERROR, f"move {number}: seat {pos.turn} is to move but its hand is unknown (null)")
        try:
            if isinstance(pos.hands[pos.turn] if pos.turn is not None else None, Partial):
                facts = _judge_partial(pos, move, number)
                pos, _ = with_played_card(pos, move, unseen_cards(pos))
            else:
                facts = judge(pos, move)
        except TooComplex as exc:
            raise Fail(DATA_ERROR, f"move {number}: {move.text()} cannot be checked: {exc}") from None
        except IllegalMove as exc:
            seat = "" if pos.turn is None else f" (seat {pos.turn})"
            raise Fail(VERDICT, f"move {number}{seat}: {move.text()} is illegal: {exc.message} ({exc.rule})") from None
        before, mover = pos, pos.turn
        assert mover is not None  # a judged move has a seat to move
        pos = play_judged(pos, move, facts)
        steps.append(pos)
        last = (before, Step(0, number, mover, move, facts, pos))
    if fmt == Format.jsonl:  # every position on the way, the last one below
        for step in steps[:-1]:
            write_line(dumps(position_json(step, user)))
    print_position(pos, fmt, user)
    if svg is not None:
        from ..pictures.table import move_picture

        save_picture(svg, move_picture(*last, None, f"move {len(texts)}: "))


def _judge_partial(pos: Position, move: Move, number: int) -> MoveFacts:
    """The judge's facts for a partly known mover, as ``casino judge`` rules: an illegal move
    is refused, an unsettled one played with a note saying what it depends on."""
    known, unseen = with_played_card(pos, move, unseen_cards(pos))
    verdict = decide(known, move, unseen)
    if verdict.verdict == ILLEGAL:
        raise IllegalMove(verdict.rule or "card", verdict.message.split(" is illegal: ", 1)[-1])
    if verdict.verdict == UNSETTLED:
        say(f"move {number}: note: {move.text()} is {verdict.message} ({verdict.rule})")
    assert verdict.facts is not None
    return verdict.facts

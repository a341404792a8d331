"""``casino replay``: every position of a record, move by move."""

from __future__ import annotations

from ..notation.errors import NotationError
from ..notation.fields import dumps
from ..notation.position import position_json
from ..records.describe import describe
from ..records.record import read_record
from ..records.referee import Finding, HandEnd, HandStart, Step, walk
from .common import documents, problem_text
from .output import DATA_ERROR, OK, VERDICT, Fail, Format, console, resolve_format, say, write_line


def run_replay(path: str, hand: int | None, to: int | None, fmt) -> None:
    fmt = resolve_format(fmt)
    code = OK
    out = console() if fmt == Format.pretty else None
    for doc in documents(path):
        if doc.error is not None:
            raise Fail(DATA_ERROR, problem_text(doc, doc.error))
        try:
            record = read_record(doc.value)
        except NotationError as exc:
            raise Fail(DATA_ERROR, problem_text(doc, exc)) from None
        for event in walk(record):
            if isinstance(event, Finding):
                say(f"{doc.where()}: " + (f"hand {event.hand}, move {event.move}: " if event.move else "")
                    + f"{event.message} ({event.rule})")
                code = code if event.unchecked else VERDICT
                continue
            if hand is not None and event.hand > hand:
                break
            _show(event, fmt, out)
            if (isinstance(event, Step) and to is not None and event.number >= to
                    and (hand is None or event.hand == hand)):
                break
    if code:
        raise Fail(code)


def _show(event, fmt, out) -> None:
    if isinstance(event, HandEnd):
        if fmt == Format.text:
            write_line(f"hand {event.hand} ends: points {'–'.join(map(str, event.score.points))}, "
                       f"game {'–'.join(map(str, event.game.scores))}"
                       + (f"; {event.game.reason}" if event.game.reason else ""))
        elif out is not None:
            out.print(f"hand {event.hand} ends: points {' – '.join(map(str, event.score.points))}; "
                      f"game {' – '.join(map(str, event.game.scores))}"
                      + (f" — {event.game.reason}" if event.game.reason else ""), style="bold")
        return
    number = event.number if isinstance(event, Step) else 0
    if fmt in (Format.json, Format.jsonl):
        info = {"hand": event.hand, "move": number}
        if isinstance(event, Step):
            info.update(seat=event.seat, text=event.move.text())
        pos = event.position
        write_line(dumps(position_json(pos._replace(extra=pos.extra + (("", "_replay", info),)))))
        return
    words = f"hand {event.hand} starts" if isinstance(event, HandStart) else (
        f"hand {event.hand}, move {number}: {describe(event)}")
    if fmt == Format.text:
        write_line(words)
    else:
        from .render import position_view

        out.rule(words)
        out.print(position_view(event.position))

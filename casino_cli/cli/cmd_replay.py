"""``casino replay``: every position of a record, move by move; a steerable view on a
terminal; a picture of where it stops (``--svg``); a page stepping through it (``--html``)."""

from __future__ import annotations

import os
import shlex
import sys

from ..cards import card_code
from ..engine import HandEnd, HandStart, Position, Step
from ..errors import plural
from ..notation.fields import dumps
from ..notation.position import position_json
from ..records.frames import Frame, Stop, frame_words, frames_of, part_way_stop
from ..records.record import Record
from ..records.referee import Finding, walk
from ..records.shown import visible
from .common import documents, take_record
from .output import OK, USAGE, VERDICT, Fail, Format, Screen, resolve_format, say, write_line
from .picture_files import check_target, same_file, write_file
from .records_io import finding_line, record_of
from .safe_text import shown_names
from .steer import keys_come, shown_words

MAX_PAGE_STEPS = 2_000  # about 1.5 MB of page (0.7 kB a step); a longer game is sent a hand at a time


def run_replay(
    path: str, hand: int | None, to: int | None, fmt: Format | None, svg: str | None = None, html: str | None = None
) -> None:
    fmt = resolve_format(fmt)
    check_target(svg, [path])
    check_target(html, [path], "--html")
    if svg is not None and html is not None and same_file(svg, html):
        raise Fail(
            USAGE, f"--svg {svg} and --html {html} are one file: one would overwrite the other; choose two files"
        )
    interactive = fmt == Format.pretty and sys.stdout.isatty() and keys_come(path)
    if html is not None or (interactive and svg is None):
        return _one_record(path, hand, to, html, svg)
    code = OK
    screen = Screen(fmt == Format.pretty)
    stop = None
    for doc in documents(path):
        try:
            record = record_of(doc)
        except Fail as exc:  # an unreadable record: say so, replay the others
            say(exc.message)
            code = max(code, exc.code)
            continue
        try:
            _check_bounds(record, hand, to)
        except Fail as exc:  # this record is too short: said, and the others replayed
            say(f"{doc.where()}: {exc.message}")
            code = max(code, exc.code)
            continue
        if fmt == Format.text:  # the rules each move is told under, as -o writes them
            write_line(f"replay: {record.rules}")
        before = None
        last: HandStart | Step | HandEnd | None = None
        for event in walk(record):
            if isinstance(event, Finding):
                say(finding_line(doc, event, record))
                code = code if event.unchecked else max(code, VERDICT)
                continue
            if hand is not None and event.hand > hand:
                break
            if hand is not None and event.hand < hand:
                before = event.position
                continue
            _show(event, fmt, screen, record, doc.line, before)
            stop, last = (record, event, before), event
            before = event.position
            number = event.number if isinstance(event, Step) else 0
            if (
                to is not None
                and not isinstance(event, HandEnd)
                and number >= to
                and event.hand == (hand or event.hand)
            ):
                break
        else:
            part_way = part_way_stop(record, last)
            if part_way is not None and before is not None:  # before: the position its last move left
                _show_stop(part_way, fmt, screen, record, before)
    if svg is not None:
        _save_stop(svg, stop)
    if code:
        raise Fail(code)


def _check_bounds(record: Record, hand: int | None, to: int | None) -> None:
    """--hand and --to beyond the record are usage errors, said before anything is shown."""
    count = len(record.hands)
    if hand is not None and hand > count:
        raise Fail(USAGE, f"--hand {hand}: the record has {plural(count, 'hand')}")
    if to is not None:
        moves = len(record.hands[(hand or 1) - 1].moves) if count else 0
        if to > moves:
            raise Fail(USAGE, f"--to {to}: hand {hand or 1} has {plural(moves, 'move')}")


Stopped = tuple[Record, HandStart | Step | HandEnd, Position | None]  # a replay's last shown event, and before it


def _save_stop(svg: str, stop: Stopped | None) -> None:
    """The picture where the replay stopped (a move on the table it was played to); said
    when the replay reached no position (a record with no hand, a --to beyond it)."""
    from ..pictures.table import frame_picture, frame_text, move_picture, position_svg

    if stop is None:
        say(f"--svg: the replay reached no position to draw; {svg} not written")
        return
    record, event, before = stop
    names = record.players
    if isinstance(event, Step) and before is not None:
        pic = move_picture(before, event, names, f"hand {event.hand}, move {event.number}: ")
    else:
        frame = Frame(event.hand, 0, event, event.position, None, None)
        pic = frame_picture(frame, names, frame_text(frame, record))
    write_file(svg, position_svg(pic))


def _stop_of(record: Record, frames: list[Frame]) -> Stopped | None:
    """The last move, hand start or hand end among ``frames``: where a replay of them stops."""
    for frame in reversed(frames):
        if isinstance(frame.event, (HandStart, Step, HandEnd)):
            return record, frame.event, frame.before
    return None


def _one_record(path: str, hand: int | None, to: int | None, html: str | None, svg: str | None) -> None:
    """The first record as frames: the HTML page (and --svg: the picture of where a replay
    without --html stops), or the terminal's steerable view."""
    docs = documents(path)
    doc = next(docs)
    record = record_of(doc)
    more = next(docs, None)  # the others are left out: say so, and how to take one
    frames = frames_of(record)
    findings = [f.event for f in frames if isinstance(f.event, Finding)]
    for finding in findings:
        say(finding_line(doc, finding, record))
    if html is not None:
        from ..pictures.page import replay_page

        if hand is not None:
            _check_bounds(record, hand, None)
            frames = [f for f in frames if f.hand == hand]
            if not frames:
                raise Fail(VERDICT, f"--hand {hand}: the record breaks off before hand {hand}")
        if len(frames) > MAX_PAGE_STEPS:
            raise Fail(
                USAGE, f"--html: {len(frames)} steps, more than a page holds ({MAX_PAGE_STEPS}); choose one --hand"
            )
        start = _start_index(frames, record, hand, to)
        if frames:
            title = f"casino replay · {os.path.basename(doc.source) or doc.source}"  # a page sent on: no folder of ours
            write_file(html, replay_page(record, frames, title, start))
            opens = f", opening at step {start + 1}" if start else ""
            say(f"wrote {html}: {plural(len(frames), 'step')}{opens} (open it in a browser; arrow keys step)")
        else:  # a record of no hand and no claim: a page of nothing to step through
            say(f"--html: the record has no step to show; {html} not written")
        if svg is not None:  # where a replay without --html stops: at --to (as the page opens), else the end
            _save_stop(svg, _stop_of(record, frames[: start + 1] if to is not None else frames))
    else:
        from .steer import steer

        start = _start_index(frames, record, hand, to)
        steer(record, frames, start, doc.in_command())
    if more is not None:
        shown = "page" if html is not None else "view"
        page = f" --html {shlex.quote(html)}" if html is not None else ""
        say(
            f"{more.where()}: more records, left out: the {shown} shows a stream's first record;"
            f" to see record K: {take_record(doc)} > record.json, then casino replay record.json{page}"
        )
    if any(not f.unchecked for f in findings):
        raise Fail(VERDICT)


def _start_index(frames: list[Frame], record: Record, hand: int | None, to: int | None) -> int:
    """Where the terminal view or the page opens: --hand/--to, else the start."""
    if hand is None and to is None:
        return 0
    _check_bounds(record, hand, to)
    target = (hand or 1, to or 0)
    for i, frame in enumerate(frames):
        if (frame.hand, frame.number) >= target:
            return i
    return len(frames) - 1


def _show_stop(stop: Stop, fmt: Format, screen: Screen, record: Record, position: Position) -> None:
    """Where a record written part-way stops, and who was to play, said after its last move
    (as the page's last step says it); the JSON stream's last position shows it already."""
    frame = Frame(stop.hand, stop.number, stop, position, None, None)
    if fmt == Format.text:
        write_line(visible(frame_words(frame, record, card_code)))
    screen.print(shown_words(frame, record), style="bold", markup=False)


def _show(
    event: HandStart | Step | HandEnd, fmt: Format, screen: Screen, record: Record, line: int, before: Position | None
) -> None:
    """One event of a replay, on the table ``before`` it (which names the builds a capture takes)."""
    number = event.number if isinstance(event, Step) else 0
    frame = Frame(event.hand, number, event, event.position, before, None)
    if isinstance(event, HandEnd):
        if fmt == Format.text:  # cards as codes, as in the moves' lines
            write_line(visible(frame_words(frame, record, card_code)))
        screen.print(shown_words(frame, record), style="bold green", markup=False)
        return
    if fmt in (Format.json, Format.jsonl):
        info: dict[str, object] = {"line": line, "hand": event.hand, "move": number}
        if isinstance(event, Step):
            info.update(seat=event.seat, text=event.move.text())
            if event.comment is not None:
                info["comment"] = event.comment
        write_line(dumps(position_json(event.position, (("", "_replay", info),))))
    where = "" if isinstance(event, HandStart) else f"hand {event.hand}, move {number}: "  # a start says its hand
    if fmt == Format.text:  # cards as codes; names and comments shown, never obeyed
        write_line(where + visible(frame_words(frame, record, card_code)))
    if screen.active:
        from .render import position_view

        screen.rule(where + shown_words(frame, record))
        screen.print(position_view(event.position, names=shown_names(record.players)))

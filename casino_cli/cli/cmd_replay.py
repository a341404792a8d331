"""``casino replay``: every position of a record, move by move."""

from __future__ import annotations

import sys

from ..engine import HandEnd, HandStart, Step
from ..notation.fields import dumps
from ..notation.position import position_json
from ..records.describe import describe
from ..records.referee import Finding, walk
from .common import documents
from .output import OK, VERDICT, Fail, Format, Screen, resolve_format, say, write_line
from .plain import card_name
from .records_io import finding_line, record_of


def run_replay(path: str, hand: int | None, to: int | None, fmt: Format | None, svg: str | None = None) -> None:
    fmt = resolve_format(fmt)
    code = OK
    screen = Screen(fmt == Format.pretty, svg)
    stepper = _Stepper(screen) if fmt == Format.pretty and sys.stdin.isatty() and sys.stdout.isatty() else None
    for doc in documents(path):
        record = record_of(doc)
        for event in walk(record):
            if isinstance(event, Finding):
                say(finding_line(doc, event, record.players))
                code = code if event.unchecked else VERDICT
                continue
            if hand is not None and event.hand > hand:
                break
            _show(event, fmt, screen)
            if (
                isinstance(event, Step)
                and to is not None
                and event.number >= to
                and (hand is None or event.hand == hand)
            ):
                break
            if stepper is not None and not stepper.wait(event):
                break
    screen.close()
    if code:
        raise Fail(code)


def _show(event: HandStart | Step | HandEnd, fmt: Format, screen: Screen) -> None:
    if isinstance(event, HandEnd):
        words = (
            f"hand {event.hand} ends: points {'–'.join(map(str, event.score.points))}, "
            f"game {'–'.join(map(str, event.game.scores))}" + (f"; {event.game.reason}" if event.game.reason else "")
        )
        if fmt == Format.text:
            write_line(words)
        screen.print(words, style="bold green", markup=False)
        return
    number = event.number if isinstance(event, Step) else 0
    if fmt in (Format.json, Format.jsonl):
        info: dict[str, object] = {"hand": event.hand, "move": number}
        if isinstance(event, Step):
            info.update(seat=event.seat, text=event.move.text())
        write_line(dumps(position_json(event.position, (("", "_replay", info),))))
    if fmt == Format.text:
        write_line(
            f"hand {event.hand} starts"
            if isinstance(event, HandStart)
            else f"hand {event.hand}, move {number}: {describe(event)}"
        )
    if screen.active:
        from .render import position_view

        screen.rule(
            f"hand {event.hand} starts"
            if isinstance(event, HandStart)
            else f"hand {event.hand}, move {number}: {describe(event, card_name)}"
        )
        screen.print(position_view(event.position))


class _Stepper:
    """On a terminal: wait for a key after each step; a number jumps ahead to that move."""

    def __init__(self, screen: Screen):
        self.screen = screen
        self.target: tuple[int, int] | None = None  # (hand, move) to run to without stopping
        self.running = False

    def wait(self, event: HandStart | Step | HandEnd) -> bool:
        """False when the person quits."""
        if self.running or not isinstance(event, Step):
            return True
        if self.target is not None and (event.hand, event.number) < self.target:
            return True
        self.target = None
        assert self.screen.out is not None, "stepping happens on a terminal"
        answer = self.screen.out.input("[dim]Enter: next · N: to move N · h N: to hand N · a: all · q: quit[/dim] ")
        answer = answer.strip().lower()
        if answer == "q":
            return False
        if answer == "a":
            self.running = True
        elif answer.isdigit():
            self.target = (event.hand, int(answer))
        elif answer.startswith("h") and answer[1:].strip().isdigit():
            self.target = (int(answer[1:].strip()), 0)
        return True

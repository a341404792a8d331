"""The terminal's replay you can steer: forward, back, jump to a move or a hand, redrawn
in place on the alternate screen."""

from __future__ import annotations

from typing import NamedTuple

from ..engine import HandEnd, HandStart
from ..records.frames import Frame, frame_words
from ..records.record import Record
from ..records.referee import Finding
from .output import console
from .plain import card_name

KEYS = "Enter or n: next · p: back · N: move N of this hand (0: its start) · h N: hand N · e: end · q: quit"


class Answer(NamedTuple):
    """Where an answer leads: the frame to show, a message, and whether to stop."""

    at: int
    message: str = ""
    done: bool = False


def answer(text: str, frames: list[Frame], at: int) -> Answer:
    """What one line typed at the replay prompt does (no input is ever ignored)."""
    word = text.strip().lower()
    last = len(frames) - 1
    if word in ("q", "quit"):
        return Answer(at, done=True)
    if word in ("", "n", "next", "+"):
        return Answer(at + 1) if at < last else Answer(at, "this is the end of the record (p: back, q: quit)")
    if word in ("p", "b", "back", "-"):
        return Answer(at - 1) if at > 0 else Answer(at, "this is the start of the record (Enter: next)")
    if word in ("e", "end"):
        return Answer(last)
    if word in ("?", "help"):
        return Answer(at, KEYS)
    if word[:1] in "+-" and word[1:].isdigit():
        return Answer(max(0, min(last, at + int(word))))
    if word.isdigit():
        return _to_move(frames, at, int(word))
    if word[:1] == "h" and word[1:].strip().isdigit():
        return _to_hand(frames, at, int(word[1:].strip()))
    return Answer(at, f"unknown input {text.strip()!r}; {KEYS}")


def _to_move(frames: list[Frame], at: int, number: int) -> Answer:
    hand = frames[at].hand
    for i, frame in enumerate(frames):
        if frame.hand == hand and frame.number == number and not isinstance(frame.event, (HandEnd, Finding)):
            return Answer(i)
    played = max((f.number for f in frames if f.hand == hand), default=0)
    return Answer(at, f"hand {hand} has moves 1 to {played} (0 is its start)")


def _to_hand(frames: list[Frame], at: int, hand: int) -> Answer:
    for i, frame in enumerate(frames):
        if frame.hand == hand and isinstance(frame.event, HandStart):
            return Answer(i)
    hands = max(f.hand for f in frames)
    return Answer(at, f"the record has hand{'s 1 to' if hands != 1 else ''} {hands}; there is no hand {hand}")


def steer(record: Record, frames: list[Frame], start: int) -> None:
    """Show frames one at a time, redrawn in place, until the person quits."""
    from .render import position_view

    out = console()
    at, message = start, ""
    with out.screen():
        while True:
            out.clear()
            frame = frames[at]
            out.rule(f"hand {frame.hand} · step {at + 1} of {len(frames)}")
            out.print(position_view(frame.position, names=record.players))
            style = "bold red" if isinstance(frame.event, Finding) else "bold"
            out.print(frame_words(frame, record, card_name), style=style, markup=False)
            if message:
                out.print(message, style="yellow", markup=False)
            step = answer(out.input("[dim]Enter: next · p: back · ?: keys · q: quit[/dim] › "), frames, at)
            if step.done:
                break
            at, message = step.at, step.message
    out.print(f"left the replay at: {frame_words(frames[at], record, card_name)}", markup=False)
    if at != len(frames) - 1:
        out.print(f"the record ends: {frame_words(frames[-1], record, card_name)}", markup=False)

"""The terminal's replay you can steer: forward, back, jump to a move or a hand, redrawn
in place on the alternate screen."""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, NamedTuple

from ..engine import HandEnd, HandStart, Step
from ..records.frames import Frame, frame_words
from ..records.record import Record
from ..records.referee import Finding
from ..records.shown import visible
from .output import console, fitting, typed, typed_number
from .plain import card_name
from .safe_text import shown_names

if TYPE_CHECKING:
    from rich.console import Group

# The words each plain step is typed as, in any case ("" is Enter); docs/notation.md lists them all.
WORDS = {
    "next": ("", "n", "next", "+"),
    "back": ("p", "b", "back", "-"),
    "end": ("e", "end"),
    "keys": ("?", "help"),
    "quit": ("q", "quit"),
}
KEYS = (
    "Enter or n: next · p: back · +N/-N: N steps · N: move N of this hand (0: its start) · h N: hand N · "
    "e: end · q: quit"
)
PROMPTS = ("Enter: next · p: back · ?: keys · q: quit", "Enter: next · ?: keys · q: quit")  # the keys, then "›"
TYPING = 9  # the room on the prompt's line for " › " and the answer: h 12, +20
START = "this is the start of the record (Enter: next)"
END = "this is the end of the record (p: back, q: quit)"


class Answer(NamedTuple):
    """Where an answer leads: the frame to show, a message, and whether to stop."""

    at: int
    message: str = ""
    done: bool = False


def answer(text: str, frames: list[Frame], at: int, record_name: str = "RECORD") -> Answer:
    """What one line typed at the replay prompt does (no input is ever ignored);
    ``record_name`` is the record's name in a command it suggests."""
    word = text.strip().lower()
    if word in WORDS["quit"]:
        return Answer(at, done=True)
    if word in WORDS["next"]:
        return _to_step(frames, at + 1)
    if word in WORDS["back"]:
        return _to_step(frames, at - 1)
    if word in WORDS["end"]:
        return Answer(len(frames) - 1)
    if word in WORDS["keys"]:
        return Answer(at, KEYS)
    steps = typed_number(word[1:]) if word[:1] in "+-" else None
    if steps is not None:
        return _to_step(frames, at + (steps if word[0] == "+" else -steps))
    move = typed_number(word)
    if move is not None:
        return _to_move(frames, at, move)
    hand = typed_number(word[1:].strip()) if word[:1] == "h" else None
    if hand is not None:
        return _to_hand(frames, at, hand)
    if word in ("h", "hint"):  # play's key for a hint: said where the replay's hint is
        return Answer(at, _hint_words(frames[at], record_name))
    return Answer(at, f"unknown input {text.strip()!r}; {KEYS}")


def _hint_words(frame: Frame, record_name: str) -> str:
    """What bare ``h`` (a hint, in ``casino play``) gets here: ``h N`` is hand N, and the
    command that ranks the moves of the position shown."""
    if frame.position.turn is None:
        return "h N goes to hand N; there is no move to play here, so no hint"
    at = f"--hand {frame.hand} --move {frame.number + 1}"
    return f"h N goes to hand N; for a hint at this step, quit and run casino hint {record_name} {at}"


def _to_step(frames: list[Frame], target: int) -> Answer:
    """Go to step ``target``; past either end, to that end with a message saying so."""
    if target < 0:
        return Answer(0, START)
    if target >= len(frames):
        return Answer(len(frames) - 1, END)
    return Answer(target)


def _to_move(frames: list[Frame], at: int, number: int) -> Answer:
    hand = frames[at].hand
    for i, frame in enumerate(frames):
        if frame.hand == hand and frame.number == number and not isinstance(frame.event, (HandEnd, Finding)):
            return Answer(i)
    played = max((f.number for f in frames if f.hand == hand), default=0)
    moves = f"moves 1 to {played}" if played > 1 else "move 1" if played else "no moves"
    return Answer(at, f"hand {hand} has {moves} (0 is its start)")


def _to_hand(frames: list[Frame], at: int, hand: int) -> Answer:
    for i, frame in enumerate(frames):
        if frame.hand == hand and isinstance(frame.event, HandStart):
            return Answer(i)
    hands = max(f.hand for f in frames)
    return Answer(at, f"the record has hand{'s 1 to' if hands != 1 else ''} {hands}; there is no hand {hand}")


def shown_words(frame: Frame, record: Record) -> str:
    """:func:`frame_words` for people: names, comments and findings shown, never obeyed."""
    return visible(frame_words(frame, record, card_name))


def step_view(
    record: Record, frames: list[Frame], at: int, names: tuple[str, ...] | None, record_name: str = "RECORD"
) -> Group:
    """Step ``at`` as the replay shows it above its prompt: which step, the board, the step in
    words (a finding with the record's comment on its move, and the command for its ruling)."""
    from rich.console import Group
    from rich.rule import Rule
    from rich.text import Text

    from .render import position_view

    frame = frames[at]
    style = "bold red" if isinstance(frame.event, Finding) else "bold"
    move = f" · move {frame.number}" if isinstance(frame.event, Step) else ""  # as review, judge and hint number it
    more = [Text(line) for line in _finding_more(record, frame, record_name)]  # names and comments: never markup
    return Group(
        Rule(f"hand {frame.hand}{move} · step {at + 1} of {len(frames)}"),
        position_view(frame.position, names=names),
        Text(shown_words(frame, record), style=style),
        *more,
    )


MAX_COMMENT = 160  # a comment's characters shown under a finding (docs/notation.md, Limits); judge gives it whole


def _finding_more(record: Record, frame: Frame, record_name: str) -> list[str]:
    """Under a finding about a move: the record's comment on it, and the command that rules
    on the move with the moves that could have been played instead."""
    finding = frame.event
    if not isinstance(finding, Finding) or finding.hand is None or finding.move is None:
        return []
    comment = visible(finding.comment_in(record) or "")
    said = [f"{{{comment if len(comment) <= MAX_COMMENT else comment[:MAX_COMMENT] + '…'}}}"] if comment else []
    at = f"--hand {finding.hand} --move {finding.move}"
    why = "what would settle it" if finding.unchecked else "the ruling and what could have been played instead"
    return [*said, f"{why}: casino judge {record_name} {at}"]


TERMINAL = "/dev/tty"  # where the keys come from when standard input held the record


def keys_come(path: str) -> bool:
    """Whether a person at a terminal can steer a replay of ``path``: the keys come from
    standard input when it is a terminal, or, when the record itself comes through
    standard input (``-``), from the terminal the command runs in (as ``less`` reads them)."""
    if sys.stdin is not None and sys.stdin.isatty():
        return True
    if path != "-":
        return False
    try:
        os.close(os.open(TERMINAL, os.O_RDWR))
    except OSError:  # no terminal of its own (a job run by cron, a container): nothing to steer with
        return False
    return True


def _keys_from_the_terminal() -> None:
    """Standard input held the record, now read: it is the terminal from here on, so that
    the prompt reads (and edits, with readline) what the person types."""
    terminal = os.open(TERMINAL, os.O_RDWR)
    os.dup2(terminal, 0)
    os.close(terminal)
    sys.stdin = open(0, encoding=sys.stdin.encoding if sys.stdin else None, closefd=False)  # noqa: SIM115


def steer(record: Record, frames: list[Frame], start: int, record_name: str) -> None:
    """Show frames one at a time, redrawn in place, until the person quits; ``record_name``
    is the record's name in a command it suggests (:meth:`.Document.in_command`)."""
    if sys.stdin is None or not sys.stdin.isatty():
        _keys_from_the_terminal()
    out = console()
    names = shown_names(record.players)
    at, message = start, ""
    with out.screen(hide_cursor=False):  # rich's default hides it: the person types at the prompt
        while True:
            out.clear()
            out.print(step_view(record, frames, at, names, record_name))
            if message:
                out.print(message, style="yellow", markup=False)
            step = answer(typed(out, f"[dim]{fitting(PROMPTS, out.width, TYPING)}[/dim] › "), frames, at, record_name)
            if step.done:
                break
            at, message = step.at, step.message
    out.print(f"left the replay at: {shown_words(frames[at], record)}", markup=False)
    if at != len(frames) - 1:
        out.print(f"the record ends: {shown_words(frames[-1], record)}", markup=False)

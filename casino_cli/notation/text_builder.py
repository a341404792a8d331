"""A text record as it is read: :class:`_Builder` gathers one record's header, hands and
the line and column where each element starts, and closes into a :class:`TextRecord`, the
record's dict (or the :class:`.TextError` that stopped it) with those locations, so that a
finding about the record can point at its line.
"""

from __future__ import annotations

import re
from array import array
from typing import Any, NamedTuple

from .text_tokens import TextError

_MOVE_PATH = re.compile(r"\$\.hands\[(\d+)\]\.moves\[(\d+)\]")
_PACK = 1 << 32  # a packed location: line * _PACK + column
RECORD_FORMAT = "casino.record/1"
_SENTINEL = object()


class TextRecord(NamedTuple):
    """One record of a text file: its first line, its dict (or why it failed) and where
    each element starts (JSON path → line, column; a hand's moves, the most numerous, as
    one packed array per hand, so a long hand costs 8 bytes a move here)."""

    line: int
    value: dict[str, Any] | None
    error: TextError | None
    locations: dict[str, tuple[int, int]]
    moves_at: dict[int, array[int]]

    def locate(self, path: str) -> tuple[int, int] | None:
        """Where the element at a JSON path (or its nearest located ancestor) starts."""
        while True:
            if path in self.locations:
                return self.locations[path]
            move = _MOVE_PATH.fullmatch(path)
            if move:
                at = self.moves_at.get(int(move[1]))
                if at is not None and int(move[2]) < len(at):
                    return divmod(at[int(move[2])], _PACK)
            cut = max(path.rfind("."), path.rfind("["))
            if cut <= 0:
                return self.locations.get("$")
            path = path[:cut]


class _Builder:
    """The record being read: its header, hands and the locations of its elements."""

    def __init__(self, line: int, follows: bool = False):
        self.line = line
        self.follows = follows  # started by a tag line after the hands of the record before
        self.header: dict[str, Any] = {}
        self.user: dict[str, Any] = {}
        self.hands: list[dict[str, Any]] = []
        self.result: object = _SENTINEL
        self.locations: dict[str, tuple[int, int]] = {"$": (line, 1)}
        self.moves_at: dict[int, array[int]] = {}  # hand index → each move's line * _PACK + column
        self.error: TextError | None = None
        self.body = False  # a non-tag line has been read
        self.tags: set[str] = set()
        self.last_move: tuple[int, int] | None = None  # (hand index, move index) a comment may attach to
        self.text = ""  # the line being read
        self.numbered: tuple[int, int] | None = None  # (hand index, number) of the last move number read

    def value(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if "format" not in self.header:
            out["format"] = RECORD_FORMAT
        out.update(self.header)
        out["hands"] = self.hands
        if self.result is not _SENTINEL:
            out["result"] = self.result
        out.update(self.user)
        return out

    def done(self) -> TextRecord:
        if self.error is None and "rules" not in self.header:
            split = (
                "; a tag line after a hand starts a new record: a note goes in a {comment} after a move, "
                "or on a '_note' line in the hand"
                if self.follows
                else ""
            )
            self.error = TextError(f"the record has no [Rules …] tag, e.g. [Rules classic 2]{split}", self.line, 1)
        if self.error is not None:
            self.error.at = (self.error.line - self.line + 1, self.error.column)
            return TextRecord(self.line, None, self.error, self.locations, self.moves_at)
        return TextRecord(self.line, self.value(), None, self.locations, self.moves_at)

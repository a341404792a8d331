"""Where an element of a JSON document starts in its bytes (orjson gives no positions).

A scanner that runs only when a location is needed (an error message): it follows a
JSON path such as ``$.hands[1].moves[16]`` through the raw bytes, skipping every other
value without building it, and answers the byte offset where the element starts.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from functools import lru_cache

import orjson

# A string (with its escapes) or a structural character; numbers, literals and whitespace
# between them are skipped by the search itself.
_TOKEN = re.compile(rb'"(?:[^"\\]|\\.)*"|[{}\[\]:,]', re.DOTALL)
_SPACE = re.compile(rb"[ \t\r\n]*")
_STEP = re.compile(r"\.([^.\[]+)|\[(\d+)\]")


def steps(path: str) -> list[str | int]:
    """The keys and indexes of a JSON path (``$.a[2].b`` → ``["a", 2, "b"]``); a part it
    cannot read ends the list, so the answer is then the deepest element it could name."""
    out: list[str | int] = []
    at = 1 if path.startswith("$") else 0
    while at < len(path):
        m = _STEP.match(path, at)
        if m is None:
            break
        out.append(m.group(1) if m.group(1) is not None else int(m.group(2)))
        at = m.end()
    return out


def locate(data: bytes, path: str) -> int:
    """The byte offset in ``data`` where the element at ``path`` starts (or its deepest
    ancestor present in the document)."""
    return _locator(data).find(path)


class Locator:
    """The members of each container of one document, scanned once when first asked for,
    so that locating many elements (every finding of a long record) stays linear."""

    def __init__(self, data: bytes):
        self.data = data
        self.members: dict[int, dict[str | int, int]] = {}

    def find(self, path: str) -> int:
        """See :func:`locate`."""
        at = _value_start(self.data, 0)
        for step in steps(path):
            if at not in self.members:
                self.members[at] = _members(self.data, at)
            child = self.members[at].get(step)
            if child is None:
                break
            at = child
        return at


@lru_cache(maxsize=2)
def _locator(data: bytes) -> Locator:
    return Locator(data)


def line_column(data: bytes, offset: int) -> tuple[int, int]:
    """1-based line and column (in characters) of a byte offset, counted from the nearest
    of the places :class:`Places` keeps before it in a long document."""
    if len(data) <= STRIDE:
        return _counted(data, 0, 1, 1, offset)
    return _places(data).line_column(offset)


STRIDE = 4096  # bytes between the places of a long document whose line and column are kept
_ASCII = re.compile(rb"[\x00-\x7f]")


class Places:
    """The line and column of a place every STRIDE bytes or more of one document, counted in
    one pass when first asked for, so that locating many elements (every finding of a long
    record on one line) reads each byte a bounded number of times, not once a finding.

    Each place is at an ASCII byte: no character, nor a run of bytes that are none (decoded
    as one U+FFFD), spans it, so the characters before it and after it add up. An element
    starts at an ASCII byte, so it is less than STRIDE bytes past the place before it."""

    def __init__(self, data: bytes):
        self.data = data
        self.offsets = [0]
        self.lines_columns = [(1, 1)]
        at, line, column = 0, 1, 1
        while m := _ASCII.search(data, at + STRIDE):  # the first ASCII byte a stride on
            line, column = _counted(data, at, line, column, m.start())
            at = m.start()
            self.offsets.append(at)
            self.lines_columns.append((line, column))

    def line_column(self, offset: int) -> tuple[int, int]:
        """See :func:`line_column`."""
        i = bisect_right(self.offsets, offset) - 1
        return _counted(self.data, self.offsets[i], *self.lines_columns[i], offset)


@lru_cache(maxsize=2)
def _places(data: bytes) -> Places:
    return Places(data)


def _counted(data: bytes, at: int, line: int, column: int, offset: int) -> tuple[int, int]:
    """The line and column of ``offset`` in ``data``, given those of ``at`` (0, or an ASCII
    byte at or before it)."""
    newlines = data.count(b"\n", at, offset)
    if newlines:
        at = data.rfind(b"\n", at, offset) + 1
        line, column = line + newlines, 1
    return line, column + len(data[at:offset].decode("utf-8", "replace"))


def _value_start(data: bytes, at: int) -> int:
    m = _SPACE.match(data, at)
    return m.end() if m else at


def _members(data: bytes, at: int) -> dict[str | int, int]:
    """Where each member of the object or array starting at ``at`` starts: by key or index."""
    opener = data[at : at + 1]
    if opener not in (b"{", b"["):
        return {}
    is_object = opener == b"{"
    out: dict[str | int, int] = {}
    if not is_object:
        first = _value_start(data, at + 1)
        if data[first : first + 1] != b"]":
            out[0] = first
    depth, index, key = 0, 0, None
    for m in _TOKEN.finditer(data, at + 1):
        c = data[m.start()]
        if c in b"{[":
            depth += 1
        elif c in b"}]":
            if depth == 0:
                break
            depth -= 1
        elif depth:
            continue
        elif c == 0x22:  # a string at this level: a key, or a value of no interest
            if is_object and key is None:
                key = _text(m.group())
        elif c == 0x3A:  # ':'
            if key is not None:
                out[key] = _value_start(data, m.end())  # the last of a repeated key, as orjson reads it
        else:  # ','
            key = None
            index += 1
            if not is_object:
                out[index] = _value_start(data, m.end())
    return out


class _Frame:
    """An open container while scanning: its path, the keys seen, the member being read."""

    __slots__ = ("is_object", "path", "keys", "key", "index")

    def __init__(self, is_object: bool, path: str):
        self.is_object = is_object
        self.path = path
        self.keys: set[str | None] = set()
        self.key: str | None = None
        self.index = 0

    def child(self) -> str:
        return f"{self.path}.{self.key}" if self.is_object else f"{self.path}[{self.index}]"


def duplicate_key(data: bytes) -> str | None:
    """The JSON path of the first key that an object of the document names twice, if any
    (a full scan: run it only when a cheaper test says a key may repeat)."""
    frames: list[_Frame] = []
    for m in _TOKEN.finditer(data):
        c = data[m.start()]
        if c in b"{[":
            frames.append(_Frame(c == 0x7B, frames[-1].child() if frames else "$"))
        elif c in b"}]":
            if frames:
                frames.pop()
        elif not frames:
            continue
        elif c == 0x22:
            frame = frames[-1]
            if frame.is_object and frame.key is None:
                key = _text(m.group())
                if key in frame.keys:
                    return f"{frame.path}.{key}"
                frame.keys.add(key)
                frame.key = key
        elif c == 0x2C:  # ','
            frames[-1].key = None
            frames[-1].index += 1
    return None


def _text(token: bytes) -> str | None:
    try:
        value = orjson.loads(token)
    except orjson.JSONDecodeError:
        return None
    return value if isinstance(value, str) else None

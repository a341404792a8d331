"""Reading documents: one JSON document, or a JSON Lines stream read line by line.

The first non-blank line decides: if it is a whole JSON document on its own the
input is JSON Lines (each line one document, streamed in constant memory);
otherwise the whole input is one (pretty-printed) document.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from typing import BinaryIO, NamedTuple

from ..notation.errors import NotationError
from ..notation.fields import loads

MAX_LINE = 16 * 1024 * 1024  # one JSON Lines line
MAX_DOCUMENT = 16 * 1024 * 1024  # one multi-line document
_CHUNK = 1024 * 1024


class InputError(Exception):
    """A file that cannot be opened (a usage error, exit 2)."""


class Document(NamedTuple):
    """One input document: where it came from, and its parsed value or why it failed."""

    source: str
    line: int
    value: object = None
    error: NotationError | None = None

    def where(self) -> str:
        """``file:line`` for messages."""
        return f"{self.source}:{self.line}"


def open_input(path: str) -> tuple[BinaryIO, str]:
    """The byte stream for FILE (``-`` is standard input) and its name for messages."""
    if path == "-":
        return sys.stdin.buffer, "<stdin>"
    try:
        return open(path, "rb"), path
    except OSError as exc:
        raise InputError(f"cannot open {path}: {exc.strerror or exc}") from None


def read_documents(path: str) -> Iterator[Document]:
    """Every document of FILE in order (see the module docstring)."""
    stream, name = open_input(path)
    try:
        yield from _documents(stream, name)
    finally:
        if stream is not sys.stdin.buffer:
            stream.close()


def _documents(stream: BinaryIO, name: str) -> Iterator[Document]:
    number = 0
    first = None
    for number, line, too_long in _lines(stream):
        if line.strip() or too_long:
            first = (number, line, too_long)
            break
    if first is None:
        yield Document(name, max(number, 1), error=NotationError("empty input: expected a JSON document"))
        return
    number, line, too_long = first
    doc = _parse_line(name, number, line, too_long)
    lines = _lines(stream, number)
    if doc.error is None or too_long:
        yield doc
        yield from _parsed(name, lines)
        return
    # The first line is not a document on its own. If the next one is, this is JSON Lines
    # with a bad first line; otherwise the whole input is one multi-line document.
    following = next(((n, ln, long) for n, ln, long in lines if ln.strip() or long), None)
    if following is not None:
        second = _parse_line(name, *following)
        if second.error is None and isinstance(second.value, dict):
            yield doc
            yield second
            yield from _parsed(name, lines)
            return
    rest = stream.read(MAX_DOCUMENT + 1)
    data = line + (following[1] if following else b"") + rest
    if len(data) > MAX_DOCUMENT:
        yield Document(
            name,
            number,
            error=NotationError(
                f"document larger than {MAX_DOCUMENT // (1024 * 1024)} MB (use JSON Lines for many documents)"
            ),
        )
        return
    try:
        yield Document(name, number, loads(data))
    except NotationError as exc:
        yield Document(name, number, error=exc)


def _parsed(name: str, lines: Iterable[tuple[int, bytes, bool]]) -> Iterator[Document]:
    """The documents of the remaining non-blank lines."""
    for number, line, too_long in lines:
        if line.strip() or too_long:
            yield _parse_line(name, number, line, too_long)


def _lines(stream: BinaryIO, start: int = 0) -> Iterator[tuple[int, bytes, bool]]:
    """(line number, bytes, too long) for each line; an over-long line is skipped, not stored."""
    number = start
    while True:
        line = stream.readline(MAX_LINE + 1)
        if not line:
            return
        number += 1
        if len(line) > MAX_LINE and not line.endswith(b"\n"):
            while True:  # drop the rest of the line without holding it
                chunk = stream.readline(_CHUNK)
                if not chunk or chunk.endswith(b"\n"):
                    break
            yield number, b"", True
            continue
        yield number, line, False


def _parse_line(name: str, number: int, line: bytes, too_long: bool) -> Document:
    if too_long:
        return Document(name, number, error=NotationError(f"line longer than {MAX_LINE // (1024 * 1024)} MB"))
    try:
        return Document(name, number, loads(line))
    except NotationError as exc:
        return Document(name, number, error=exc)

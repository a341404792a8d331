"""Casino text input: telling a text record from JSON, and reading its records as documents.

Kept apart from :mod:`.inputs` (which reads JSON) so that the two meet in one call: an
input is casino text when its first non-blank line is a tag line (``[Rules classic 2]``)
or a ``Hand`` line — lines no JSON document starts with — or when its name ends in
``.cas`` and that line does not start a JSON object.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import BinaryIO

from .inputs import CR_HINT, Document, cr_too_large, has_bare_cr, read_lines, refused

_SNIFF_LIMIT = 64 * 1024  # the bytes of blank lines kept as read, looking for the first non-blank line


class _Rewound:
    """A byte stream, read by lines (as :func:`.inputs.read_lines` reads every input), that
    gives back the lines read ahead before the rest (an int in ``head``: that many blank
    lines, as ``\\n``); none after them if reading ahead met the end (a terminal's Ctrl-D is
    not met twice: read again, it would wait for more)."""

    def __init__(self, head: list[bytes | int], rest: BinaryIO, ended: bool):
        self.head = head
        self.rest = rest
        self.ended = ended

    def readline(self, limit: int = -1) -> bytes:
        if not self.head:
            return b"" if self.ended else self.rest.readline(limit)
        piece = self.head[0]
        if isinstance(piece, int):
            self.head[0] = piece - 1
            if piece == 1:
                self.head.pop(0)
            return b"\n"
        self.head.pop(0)
        if piece.endswith(b"\n") or self.head or 0 < limit <= len(piece) or self.ended:
            return piece
        return piece + self.rest.readline(limit - len(piece) if limit > 0 else -1)  # the line read ahead in part


_BOM = b"\xef\xbb\xbf"


def sniff(stream: BinaryIO, path: str) -> tuple[bool, BinaryIO]:
    """Whether the input is casino text, and a stream that still starts at its beginning.

    The first non-blank line decides however far down it is: blank lines past the first
    _SNIFF_LIMIT bytes are counted, not kept, and given back as empty lines (the same
    line numbers); a blank line longer than that limit past it ends the looking."""
    head: list[bytes | int] = []
    size = 0  # the bytes kept as read
    blank = 0  # the blank lines counted past them
    first = b""
    ended = False
    partial = b""  # the last line kept, while only a part of it is read
    while True:
        line = stream.readline(_SNIFF_LIMIT)
        ended = len(line) < _SNIFF_LIMIT and not line.endswith(b"\n")  # short of both: the end of input
        if not line:
            break
        found = bool(line.removeprefix(_BOM).strip())  # a BOM alone on the first line is not its first line
        if not found and not partial and size >= _SNIFF_LIMIT and line.endswith(b"\n"):
            blank += 1
            continue
        if blank:
            head.append(blank)
            blank = 0
        size += len(line)
        if partial:  # the rest of a line read in part: one line, as the reader reads it
            head[-1] = line = partial + line
        else:
            head.append(line)
        partial = b"" if line.endswith(b"\n") else line
        if found or ended or size > 2 * _SNIFF_LIMIT:
            first = line if found else b""
            break
    if blank:
        head.append(blank)
    opening = head[0] if head else b""
    rewound: BinaryIO = _Rewound(head, stream, ended)  # type: ignore[assignment]
    if isinstance(opening, bytes) and refused(opening):
        return False, rewound  # UTF-16, gzip…, whatever the name: the JSON reader names it and what to do
    text = first.decode("utf-8", "replace").lstrip("\ufeff")
    if text.lstrip(" \t").startswith("{"):
        return False, rewound  # JSON, whatever the name (the text reader is not even loaded)
    from ..notation.text_record import TEXT_EXTENSION, looks_like_text

    return path.lower().endswith(TEXT_EXTENSION) or looks_like_text(text), rewound


def text_documents(stream: BinaryIO, name: str) -> Iterator[Document]:
    """Every record of a casino text input as a document, located by line and column."""
    from ..notation.text_record import MAX_LINE_CHARS, TextError, read_text

    said: dict[int, str] = {}  # a line's message, in place of the reader's (an over-long line)
    limit = MAX_LINE_CHARS * 4  # bytes: a line of MAX_LINE_CHARS characters fits
    too_long = "\x00" * (MAX_LINE_CHARS + 1)  # what the reader refuses as an over-long line
    crs: set[int] = set()  # lines holding a CR that ends no line: an error there says so

    def lines() -> Iterator[str]:
        for line in read_lines(stream, limit):  # an endless line ends the input
            if line.cut:
                if line.cut == "cr":
                    said[line.number] = cr_too_large(f"{limit:,} bytes")
                yield too_long
                continue
            if has_bare_cr(line.data):
                crs.add(line.number)
            try:
                yield line.data.decode("utf-8")
            except UnicodeDecodeError:
                said[line.number] = "this line is not UTF-8 text"
                yield too_long

    empty = True
    for record in read_text(lines()):
        empty = False
        error = record.error
        if error is not None and error.line in said:
            error = TextError(said[error.line], error.line, 1)
            error.at = (error.line - record.line + 1, 1)
        elif error is not None and error.line in crs:
            hinted = TextError(f"{error.message}; {CR_HINT}", error.line, error.column)
            hinted.at, error = error.at, hinted
        yield Document(name, record.line, record.value, error, record.locate)
    if empty:  # as an empty JSON input is: unreadable, never "0 records, all valid"
        from ..notation.errors import NotationError

        yield Document(name, 1, error=NotationError("empty input: expected a record, e.g. [Rules classic 2]", ""))

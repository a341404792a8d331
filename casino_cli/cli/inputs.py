"""Reading documents: one JSON document, or a JSON Lines stream read line by line.

The reading rule (docs/notation.md, "Reading input"), chosen so that no record is ever lost:

- the first non-blank line is a whole JSON value on its own: JSON Lines, every non-blank
  line one document, streamed in constant memory;
- otherwise the input, when it ends within 16 MB, is one document if it parses as one;
- if it does not parse, and some line of it is on its own a whole document with a
  ``"format"`` key, it is JSON Lines and every line is reported on its own; if no line is,
  it is one broken document, reported at the line and column where it breaks;
- input larger than 16 MB that does not start with a whole line is JSON Lines when its
  first 16 MB hold a line that is a whole document, else refused as a whole.

UTF-16/UTF-32 text (with a byte order mark or without) and compressed input are
recognised by their first bytes and refused by name. Input whose lines end with CR alone
(no LF but at its end) is read as if they ended with LF. A line longer than 16 MB is reported and skipped; one still not ended after
256 MB (``/dev/zero``) ends the reading of that input.
"""

from __future__ import annotations

import io
import os
import re
import sys
from collections.abc import Callable, Iterator
from itertools import chain
from typing import BinaryIO, NamedTuple

from ..notation.errors import NotationError
from ..notation.fields import loads
from ..notation.locate import line_column, locate
from .output import IO_ERROR, USAGE, say

MAX_LINE = 16 * 1024 * 1024  # one JSON Lines line
MAX_DOCUMENT = 16 * 1024 * 1024  # one multi-line document
MAX_SKIP = 256 * 1024 * 1024  # the most of an over-long line skipped before reading stops
_CHUNK = 1024 * 1024
_MB = 1024 * 1024
STDIN = "<stdin>"  # standard input's name in messages

# First bytes of input that is not UTF-8 JSON, longest first: what it is, what to do.
_REFUSED = (
    (b"\xff\xfe\x00\x00", "UTF-32 text (byte order mark FF FE 00 00); convert it to UTF-8 first"),
    (b"\x00\x00\xfe\xff", "UTF-32 text (byte order mark 00 00 FE FF); convert it to UTF-8 first"),
    (b"\xff\xfe", "UTF-16 text (byte order mark FF FE); convert it to UTF-8 first, e.g. iconv -f UTF-16 -t UTF-8"),
    (b"\xfe\xff", "UTF-16 text (byte order mark FE FF); convert it to UTF-8 first, e.g. iconv -f UTF-16 -t UTF-8"),
    (b"\x1f\x8b", "gzip-compressed; decompress it first, e.g. gunzip -c FILE | casino ..."),
    (b"BZh", "bzip2-compressed; decompress it first, e.g. bunzip2 -c FILE | casino ..."),
    (b"\xfd7zXZ\x00", "xz-compressed; decompress it first, e.g. xz -dc FILE | casino ..."),
    (b"\x28\xb5\x2f\xfd", "zstd-compressed; decompress it first, e.g. zstd -dc FILE | casino ..."),
)


class InputError(Exception):
    """An input that cannot be opened: a usage error (exit 2), or 74 for a closed stream."""

    def __init__(self, message: str, code: int = USAGE):
        self.code = code
        super().__init__(message)


class Document(NamedTuple):
    """One input document: where it came from, its parsed value or why it failed, and its
    bytes (kept for locating an element when a message needs it)."""

    source: str
    line: int
    value: object = None
    error: NotationError | None = None
    locate: Callable[[str], tuple[int, int] | None] | None = None  # casino text: where an element starts
    raw: bytes = b""  # JSON: the document's bytes

    def position(self, path: str | None = None) -> tuple[int, int | None]:
        """Line and column in the file where the element at ``path`` (or the read error)
        starts; the column is None when only the document's first line is known."""
        at = getattr(self.error, "at", None)  # line (from the document's first) and column
        if at is None and path is not None and self.locate is not None:
            found = self.locate(path)
            at = (found[0] - self.line + 1, found[1]) if found else None
        elif at is None and path is not None and self.raw:
            at = line_column(self.raw, locate(self.raw, path))
        if at is None:
            return self.line, None
        return self.line + at[0] - 1, at[1]

    def in_command(self) -> str:
        """The document's name in a command a message suggests running: FILE for standard
        input (which that command cannot read again), else its path quoted for the shell."""
        import shlex  # here: only a message needs it

        return "FILE" if self.source == STDIN else shlex.quote(self.source)

    def where(self, path: str | None = None) -> str:
        """``file:line`` or ``file:line:column`` for messages."""
        line, column = self.position(path)
        return f"{self.source}:{line}" + (f":{column}" if column is not None else "")


class _Line(NamedTuple):
    number: int
    data: bytes
    cut: str = ""  # "long": over MAX_LINE, skipped; "endless": reading stopped inside it; "cr": see cr_too_large


def open_input(path: str) -> tuple[BinaryIO, str]:
    """The byte stream for FILE (``-`` is standard input) and its name for messages."""
    if path == "-":
        if sys.stdin is None:
            raise InputError(f"cannot read {STDIN}: standard input is closed", IO_ERROR)
        if sys.stdin.isatty():
            say("reading standard input from the terminal: paste the JSON, then Ctrl-D (or give a FILE)")
        return sys.stdin.buffer, STDIN
    name = shown_name(path)
    try:
        return open(path, "rb"), name
    except OSError as exc:
        raise InputError(f"cannot open {name}: {exc.strerror or exc}") from None


def shown_name(path: str) -> str:
    """A file's name as messages and JSON give it: a byte that is not UTF-8 (a Latin-1
    ``caf\xe9.jsonl``, which Python holds as a surrogate) written ``\\xe9``."""
    return os.fsencode(path).decode("utf-8", "backslashreplace")


def read_documents(path: str) -> Iterator[Document]:
    """Every document of FILE in order (see the module docstring)."""
    from .text_input import sniff, text_documents

    stream, name = open_input(path)
    try:
        text, rewound = sniff(stream, path)
        yield from (text_documents if text else _documents)(rewound, name)
    except OSError as exc:  # a read error (EIO, a vanished mount): the environment's (exit 74)
        raise InputError(f"cannot read {name}: {exc.strerror or exc}", IO_ERROR) from None
    finally:
        if path != "-":
            stream.close()


def _documents(stream: BinaryIO, name: str) -> Iterator[Document]:
    lines = read_lines(stream)
    first = None
    number = 0
    for item in lines:
        number = item.number
        if item.number == 1:
            what = refused(item.data)
            if what:
                yield Document(name, 1, error=NotationError(f"input is {what}", ""))
                return
            if item.data.startswith(b"\xef\xbb\xbf"):
                item = item._replace(data=item.data[3:])
        if item.data.strip() or item.cut:
            first = item
            break
    if first is None:
        yield Document(name, max(number, 1), error=NotationError("empty input: expected a JSON document"))
        return
    doc = _parse_line(name, first)
    if doc.error is None or first.cut:
        yield doc
        yield from _parsed(name, lines)
        return
    ahead, tail = bytearray(first.data), []  # the lines read ahead, as bytes: no object per line
    for item in lines:
        if item.cut:
            tail.append(item)
            break
        ahead += item.data
        if len(ahead) > MAX_DOCUMENT:
            break
    data = bytes(ahead)
    del ahead
    if not tail and len(data) <= MAX_DOCUMENT:
        whole = _parse(name, first.number, data)
        if whole.error is None or not _has_document(data):
            yield whole
            return
    elif not _has_document(data):  # larger than one document can be: JSON Lines or refused
        yield Document(name, first.number, error=NotationError(_TOO_BIG, ""))
        return
    yield from _parsed(name, chain(_lines_of(data, first.number), tail))
    yield from _parsed(name, lines)


_TOO_BIG = (
    f"input larger than {MAX_DOCUMENT // _MB} MB with no JSON Lines document in its first {MAX_DOCUMENT // _MB} MB: "
    "a document this large must be written as JSON Lines (one per line)"
)


def _has_document(data: bytes) -> bool:
    """Whether some line of ``data`` is on its own a whole document of the notation (an
    object with a format): only the lines starting with ``{`` are parsed, none is kept."""
    for m in _OBJECT_LINE.finditer(data):
        try:
            value = loads(m.group())
        except NotationError:
            continue
        if isinstance(value, dict) and "format" in value:
            return True
    return False


_OBJECT_LINE = re.compile(rb"^[ \t\r]*\{.*", re.MULTILINE)


def _lines_of(data: bytes, first: int) -> Iterator[_Line]:
    """The lines of ``data`` read again, numbered from ``first``."""
    for item in read_lines(io.BytesIO(data)):
        yield item._replace(number=item.number + first - 1)


# Without a byte order mark, UTF-16 and UTF-32 text is told by where the zero bytes of its
# first (ASCII) characters fall (RFC 4627, section 3): "x" is a byte that is not zero.
_UNMARKED = (("000x", "UTF-32BE"), ("x000", "UTF-32LE"), ("0x", "UTF-16BE"), ("x0", "UTF-16LE"))
_UNMARKED_SAMPLE = 16  # the first line's bytes looked at: `{"format"` and `[Rules` are ASCII


def refused(head: bytes) -> str:
    """What input whose first line is ``head`` is, when it is not UTF-8 text (UTF-16, gzip…), else ""."""
    marked = next((what for magic, what in _REFUSED if head.startswith(magic)), "")
    return marked or _unmarked(head[:_UNMARKED_SAMPLE])


def _unmarked(sample: bytes) -> str:
    """UTF-16 or UTF-32 text without a byte order mark, when every byte of ``sample`` (more
    than one character's) is zero or not as one of the patterns repeats (so a line of
    garbage with a zero byte, or ``/dev/zero``, is never taken for text), else ""."""
    shape = "".join("0" if byte == 0 else "x" for byte in sample)
    for pattern, encoding in _UNMARKED:
        if len(shape) > len(pattern) and shape == (pattern * len(shape))[: len(shape)]:
            return (
                f"{encoding} text with no byte order mark (zero bytes between its first characters);"
                f" convert it to UTF-8 first, e.g. iconv -f {encoding} -t UTF-8"
            )
    return ""


def _parsed(name: str, lines: Iterator[_Line]) -> Iterator[Document]:
    """The documents of the remaining non-blank lines."""
    for item in lines:
        if item.data.strip() or item.cut:
            yield _parse_line(name, item)


def read_lines(stream: BinaryIO, limit: int = MAX_LINE) -> Iterator[_Line]:
    """Each line of at most ``limit`` bytes; a longer one is skipped (not stored), an endless
    one (not ended MAX_SKIP bytes later) ends the input. Casino text reads its lines here too.
    Input whose lines end with CR alone is read as if they ended with LF (see :func:`_cr_lines`)."""
    number = 0
    ahead = b""  # a line read to see whether the first was the whole input
    while True:
        line, ahead = ahead or stream.readline(limit + 1), b""
        if not line:
            return
        number += 1
        if number == 1 and len(line) <= limit and _BARE_CR.search(line):
            ahead = stream.readline(limit + 1) if line.endswith(b"\n") else b""
            if not ahead:
                yield from _cr_lines(line)
                return
        if len(line) > limit and not line.endswith(b"\n"):
            if number == 1 and _BARE_CR.search(line):
                yield _Line(1, b"", "cr")  # a CR-ended input too large to be read in one piece
                return
            skipped = 0
            while skipped < MAX_SKIP:  # drop the rest of the line without holding it
                chunk = stream.readline(_CHUNK)
                skipped += len(chunk)
                if not chunk or chunk.endswith(b"\n"):
                    break
            else:
                yield _Line(number, b"", "endless")
                return
            yield _Line(number, b"", "long")
            continue
        yield _Line(number, line)


_BARE_CR = re.compile(rb"\r(?!\n)")


def _cr_lines(data: bytes) -> Iterator[_Line]:
    """The lines of an input with no line feed but at its end and a CR that is not before
    one (saved with old Mac line ends, or by ``tr '\\n' '\\r'``): each CR ends a line, as
    LF would. Input with a line feed inside keeps its CRs (JSON reads them as spaces)."""
    for number, piece in enumerate(data.splitlines(), 1):
        yield _Line(number, piece + b"\n")


CR_HINT = (
    "this line holds CRs that end no line (lines ended by CR alone are read as lines only when all of"
    " the input's are): convert them to LF, e.g. tr '\\r' '\\n' < OLD > NEW"
)


def has_bare_cr(line: bytes) -> bool:
    """Whether ``line`` holds a CR that is neither before an LF nor its line end."""
    return _BARE_CR.search(line.rstrip(b"\r\n")) is not None


def cr_too_large(most: str) -> str:
    """The message for input whose lines end with CR alone, larger than ``most`` ("16 MB")."""
    return (
        f"this input's lines end with CR alone (old Mac line ends), and such input is read in one piece"
        f" of at most {most}: convert its line ends to LF first, e.g. tr '\\r' '\\n' < OLD > NEW"
    )


def _parse_line(name: str, item: _Line) -> Document:
    if item.cut == "cr":
        return Document(name, 1, error=NotationError(cr_too_large(f"{MAX_LINE // _MB} MB")))
    if item.cut == "long":
        return Document(name, item.number, error=NotationError(f"line longer than {MAX_LINE // _MB} MB"))
    if item.cut == "endless":
        return Document(
            name,
            item.number,
            error=NotationError(
                f"line longer than {MAX_LINE // _MB} MB and not ended after {MAX_SKIP // _MB} MB more: "
                "the input is not read further"
            ),
        )
    doc = _parse(name, item.number, item.data.rstrip(b"\r\n"))  # an error at its end is on this line
    error = doc.error
    if error is None:
        return doc
    if has_bare_cr(doc.raw):
        hint = CR_HINT
    elif doc.raw.rstrip() in (b"{", b"[") and item.data.endswith(b"\n"):  # not inner, nor a cut last line
        hint = _OPENER_HINT
    else:
        return doc
    hinted = NotationError(f"{error.message}; {hint}", error.path)
    hinted.at = error.at
    return doc._replace(error=hinted)


_OPENER_HINT = (
    "this line opens a document written on the lines below it (as jq without -c writes one):"
    " in JSON Lines each document is one line, as jq -c writes them"
)


def _parse(name: str, number: int, data: bytes) -> Document:
    try:
        return Document(name, number, loads(data), raw=data)
    except NotationError as exc:
        return Document(name, number, error=exc, raw=data)

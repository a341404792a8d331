"""Casino text (``.cas``): a line-oriented, PGN-like form of ``casino.record/1``.

Reading a text record yields the very dict the JSON reader would parse, so the records
layer reads both forms alike; writing turns such a dict back into canonical text. The
grammar is in docs/notation.md ("Casino text"). Every element sits on one line, so a
line is tokenised on its own (nothing can run on for ever) and an error in one record
never swallows the next one: reading resumes at the next record's first tag line.

This module splits an input into records, line by line, and names the public API; beside
it are the tokens (``text_tokens``), the record being read (``text_builder``), its tag
lines (``text_tags``) and its hands (``text_hands``), the checks of a person's slips
(``text_slips``) and the writer (``text_writer``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from ..errors import wrong_type
from .text_builder import TextRecord, _Builder
from .text_hands import _read_body
from .text_tags import _read_tag, _tag_name
from .text_tokens import _SPACE_CLASS, _SPACES, TextError
from .text_writer import write_text

__all__ = ["MAX_LINE_CHARS", "TEXT_EXTENSION", "TextError", "TextRecord", "looks_like_text", "read_text", "write_text"]

TEXT_EXTENSION = ".cas"
MAX_LINE_CHARS = 1_000_000
MAX_RECORD_CHARS = 16_000_000  # as a JSON document's 16 MB: what is read of a record is held until its end

_DETECT = re.compile(rf"\s*(\[\s*[A-Za-z_][A-Za-z0-9_]*:?{_SPACE_CLASS}|hand:?{_SPACE_CLASS}+\d)", re.IGNORECASE)


def looks_like_text(first_line: str) -> bool:
    """Whether the first non-blank line of an input starts a text record (a tag line such as
    ``[Rules classic 2]``, or a ``Hand`` line), never a JSON document."""
    return _DETECT.match(first_line.lstrip("\ufeff")) is not None


def read_text(lines: Iterable[str]) -> Iterator[TextRecord]:
    """Every record of a text input, in order: ``lines`` without their line ends, or with
    (a file open as text), or the whole text as one string, whose lines end at LF (or CR LF),
    or at CR where it holds no LF (old Mac line ends, as the command line reads them); bytes
    are a TypeError (decode them first), at once, or at the first line that is not a text (a
    file open as binary)."""
    given: object = lines  # as a caller without mypy may give it
    if isinstance(given, bytes | bytearray) or not isinstance(given, Iterable):
        raise wrong_type("lines", given, "a text or its lines (decode bytes first)")
    # A whole text: its lines as a file's, ended by \n, or by \r where it holds no \n
    # (splitlines would also end one at U+2028).
    if isinstance(lines, str):
        lines = lines.split("\n" if "\n" in lines or "\r" not in lines else "\r")
    return _records(lines)


def _records(lines: Iterable[str]) -> Iterator[TextRecord]:
    """The records of ``lines``, as :func:`read_text` reads them."""
    current: _Builder | None = None
    size = 0  # characters of the current record's lines
    for number, raw in enumerate(lines, 1):
        if not isinstance(raw, str):
            raise wrong_type(f"line {number}", raw, "a text (decode bytes first)")
        line = raw.rstrip("\n").removesuffix("\r")
        if number == 1:
            line = line.removeprefix("\ufeff")
        if not line.strip():
            continue
        if len(line) > MAX_LINE_CHARS:
            if current is None:
                current = _Builder(number)
            current.error = current.error or TextError(f"line longer than {MAX_LINE_CHARS} characters", number, 1)
            continue
        stripped = line.lstrip(_SPACES)
        indent = len(line) - len(stripped)
        tag = _tag_name(stripped) if stripped.startswith("[") else None
        follows = False
        if current is not None and tag is not None and (current.body or tag in current.tags):
            follows = current.body
            yield current.done()
            current = None
        if current is None:
            current, size = _Builder(number, follows), 0
        size += len(line)
        if size > MAX_RECORD_CHARS and current.error is None:
            current = _too_long(current, number)
        if current.error is not None:
            current.body = current.body or tag is None
            continue
        try:
            if stripped.startswith("["):
                _read_tag(current, line, number, indent)
            else:
                current.body = True
                _read_body(current, line, number)
        except TextError as exc:
            current.error = exc
            current.body = current.body or tag is None
    if current is not None:
        yield current.done()


def _too_long(current: _Builder, number: int) -> _Builder:
    """A record that line ``number`` takes past MAX_RECORD_CHARS: unreadable, with what was
    read of it let go (the rest of it is skipped as after any error)."""
    cut = _Builder(current.line, current.follows)
    cut.body, cut.tags = current.body, current.tags
    cut.error = TextError(
        f"the record is longer than {MAX_RECORD_CHARS:,} characters (a JSON document's most is 16 MB): "
        "split it into records of fewer hands",
        number,
        1,
    )
    return cut

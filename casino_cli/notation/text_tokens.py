"""The tokens of casino text (``.cas``): how one line splits into words, quoted texts,
inline JSON ``<…>`` and ``{comments}``, and how a bare word reads as a value. Each line is
tokenised on its own, and a slip in one is a :class:`TextError` naming its column. The
keywords that the reader and the writer share (tag names, a hand's, a Shown line's and a
Result line's pairs) are here too, so both spell the grammar alike.
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple

import orjson

from .errors import NotationError
from .fields import exact, repeated_key, twice
from .locate import locate

# Spaces between words: a word processor's no-break and thin spaces count as spaces.
_SPACES = " \t\u00a0\u1680" + "".join(map(chr, range(0x2000, 0x200B))) + "\u202f\u205f\u3000"
_SPECIAL = frozenset(_SPACES + '{}<>[]"')
_CURLY = {"\u201c": "\u201d", "\u201e": "\u201c\u201d"}  # “…” and „…“ or „…”: the opening quote, the closing ones
_NUMBER = re.compile(r"(\d+)\.(.*)\Z", re.DOTALL)
_TAG_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_RESERVED = frozenset(("format", "rules", "players", "seed", "shuffle", "hands", "result"))
_LINE_WORDS = frozenset(("hand", "result", "dealer", "deck", "table", "score", "shown", "moves"))  # a line's first word
_HAND_PAIRS = ("dealer", "deck", "table")
_SHOWN_PAIRS = ("after", "seat", "cards", "all")
_RESULT_PAIRS = ("scores", "winner")
_ESCAPES = {"\\": "\\", "}": "}", "{": "{", "n": "\n", "r": "\r", "t": "\t"}
_ESCAPE_WORDS = ", ".join(f"\\{e}" for e in _ESCAPES) + " or \\uXXXX"  # what an unknown escape is told
_SPACE_CLASS = "[" + re.escape(_SPACES) + "]"


class TextError(NotationError):
    """A text record that cannot be read: what was expected, at ``line`` and ``column`` (1-based)."""

    def __init__(self, message: str, line: int, column: int):
        super().__init__(message, "")
        self.line = line
        self.column = column
        self.at: tuple[int, int] | None = None  # line (counted from the record's first) and column


class _Tok(NamedTuple):
    kind: str  # word, str (quoted), json (<...>), comment ({...})
    value: Any
    column: int  # 1-based
    end: int  # 0-based index just after the token


def _tokens(text: str, line: int, start: int = 0, comments: bool = True) -> list[_Tok]:
    """The tokens of one line (from ``start``); errors name the column."""
    out: list[_Tok] = []
    at, n = start, len(text)
    while at < n:
        c = text[at]
        if c in _SPACES:
            at += 1
        elif c == '"':
            end = _string_end(text, at, line)
            out.append(_Tok("str", _json(text[at:end], line, at), at + 1, end))
            at = end
        elif c in _CURLY:
            end = _curly_end(text, at, line)
            out.append(_Tok("str", text[at + 1 : end - 1], at + 1, end))
            at = end
        elif c == "<":
            end = _json_end(text, at + 1, line)
            out.append(_Tok("json", _json(text[at + 1 : end], line, at + 1), at + 1, end + 1))
            at = end + 1
        elif c == "{" and comments:
            value, end = _comment(text, at, line)
            out.append(_Tok("comment", value, at + 1, end))
            at = end
        elif c == "}" and any(t.kind == "comment" for t in out):  # a comment ended early
            raise TextError(
                "unexpected '}': a comment ends at its first '}' (write \\} for one inside it)", line, at + 1
            )
        elif c == "[" and comments and "]" in text[at:]:  # [Ben thinks], a remark as PGN writes a tag
            said = text[at + 1 : text.index("]", at)]
            raise TextError(f"unexpected '[': a comment is written in braces after its move, {{{said}}}", line, at + 1)
        elif c in "{}<>[]":
            raise TextError(f"unexpected {c!r} (quote a text that holds it)", line, at + 1)
        else:
            end = at
            while end < n and text[end] not in _SPECIAL:
                end += 1
            out.append(_Tok("word", text[at:end], at + 1, end))
            at = end
    return out


def _string_end(text: str, at: int, line: int) -> int:
    i = at + 1
    while i < len(text):
        if text[i] == "\\":
            i += 2
        elif text[i] == '"':
            return i + 1
        else:
            i += 1
    raise TextError('unterminated quoted text: expected a closing " on the same line', line, at + 1)


def _curly_end(text: str, at: int, line: int) -> int:
    """The end of a text in curly quotes (“Ana Maria”, as a phone or a word processor types
    quotes): read as written, without escapes, up to its closing quote."""
    closing = _CURLY[text[at]]
    for i in range(at + 1, len(text)):
        if text[i] in closing:
            return i + 1
    raise TextError(f"unterminated quoted text: expected a closing {closing[-1]} on the same line", line, at + 1)


def _json_end(text: str, at: int, line: int) -> int:
    """The index of the ``>`` that closes inline JSON starting at ``at``."""
    i, depth = at, 0
    while i < len(text):
        c = text[i]
        if c == '"':
            i = _string_end(text, i, line)
            continue
        if c in "[{":
            depth += 1
        elif c in "]}":
            depth -= 1
        elif c == ">" and depth <= 0:
            return i
        i += 1
    raise TextError("unterminated inline JSON: expected '>' on the same line", line, at)


def _json(text: str, line: int, at: int) -> object:
    try:
        value = orjson.loads(text)
    except orjson.JSONDecodeError as exc:  # located in the line (the JSON is on one line)
        raise TextError(f"expected a JSON value: {exc.msg}", line, at + 1 + min(exc.pos, len(text))) from None
    return _once(text, value, line, at)


def _once(text: str, value: object, line: int, at: int) -> object:
    """``value``, read from the JSON ``text`` at index ``at`` of its line, as a JSON document
    is read: an integer beyond 64 bits exactly (:func:`.fields.exact`), and an object that
    names a key twice refused there."""
    data = text.encode("utf-8", "surrogatepass")
    try:
        value = exact(data, value)
    except NotationError as exc:
        raise TextError(exc.message, line, at + 1) from None
    repeated = repeated_key(data, value)
    if repeated is None:
        return value
    before = data[: locate(data, repeated)].decode("utf-8", "surrogatepass")
    raise TextError(twice(repeated), line, at + 1 + len(before))


def _comment(text: str, at: int, line: int) -> tuple[str, int]:
    out: list[str] = []
    i = at + 1
    while i < len(text):
        c = text[i]
        if c == "}":
            return "".join(out), i + 1
        if c == "\\":
            nxt = text[i + 1 : i + 2]
            if nxt in _ESCAPES:
                out.append(_ESCAPES[nxt])
                i += 2
                continue
            code = text[i + 2 : i + 6]
            if nxt == "u" and len(code) == 4 and all(h in "0123456789abcdefABCDEF" for h in code):
                char = chr(int(code, 16))
                if 0xD800 <= ord(char) <= 0xDFFF:
                    raise TextError("a comment cannot hold a lone surrogate", line, i + 1)
                out.append(char)
                i += 6
                continue
            raise TextError(f"unknown escape in a comment (expected {_ESCAPE_WORDS})", line, i + 1)
        out.append(c)
        i += 1
    raise TextError("unterminated comment: expected '}' on the same line", line, at + 1)


def _scalar(word: str) -> object:
    """A bare word as JSON when it reads as a JSON scalar, else as text."""
    try:
        value = orjson.loads(word)
    except orjson.JSONDecodeError:
        return word
    return value if not isinstance(value, (list, dict)) else word


def _lenient(word: str) -> object:
    """A bare value of a Score, Shown or Result line as :func:`_scalar` reads it, and as
    people write them: ``True``, ``NULL``, ``09``, ``0000000009`` (the writer writes none of
    these, so nothing it writes reads otherwise); a number past 64 bits stays a text."""
    folded = word.casefold()
    if folded in ("true", "false", "null"):
        return _scalar(folded)
    if word.isascii() and word.isdigit():
        number = _scalar(word.lstrip("0") or "0")
        return number if isinstance(number, int) else word
    return _scalar(word)

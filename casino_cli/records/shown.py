"""Text from a document made safe to show: seen, never obeyed (for the terminal and pictures).

A player's name, a comment, user data or a move text may hold control characters (an
escape sequence can set the window title, write the clipboard with OSC 52 or clear the
screen) or bidirectional overrides that reorder what is shown. :func:`visible` writes
each such character as its escape (``\\x1b``, ``\\u202e``) so that it is seen, not obeyed.
"""

from __future__ import annotations

import unicodedata

# Bidirectional embeddings, overrides and isolates (they reorder the text around them).
_BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
_ESCAPED = frozenset(("Cc", "Zl", "Zp"))  # C0, DEL, C1 controls; line and paragraph separators


def visible(text: str) -> str:
    """``text`` with every control character, line separator and bidi override written
    as a Python-style escape; other text unchanged (plain text passes at C speed)."""
    if text.isprintable():
        return text
    return "".join(_escape(c) if obeyed(c) else c for c in text)


def obeyed(c: str) -> bool:
    """Whether a terminal or a text renderer would act on ``c`` rather than show it."""
    return c in _BIDI or unicodedata.category(c) in _ESCAPED


def _escape(c: str) -> str:
    code = ord(c)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"

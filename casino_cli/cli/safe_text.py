"""Text from a document made safe for the terminal: :func:`visible` (from
:mod:`casino_cli.records.shown`) for lines for people, :func:`terminal_safe` for data lines.
For pictures (SVG, HTML) the pictures themselves make document text visible and escape it.
"""

from __future__ import annotations

from ..records.shown import obeyed, visible


def shown_names(names: tuple[str, ...] | None) -> tuple[str, ...] | None:
    """A record's players' names for people (text, pretty): each :func:`visible`."""
    return None if names is None else tuple(visible(name) for name in names)


def terminal_safe(line: str) -> str:
    """A data line bound for a terminal with its C1 controls, line separators and bidi
    overrides written as JSON escapes (``\\u202e``): a JSON line stays valid JSON with the
    same value, and a text line was already made :func:`visible`. (JSON writers already
    escape the C0 controls.)"""
    if line.isascii() or line.isprintable():
        return line
    return "".join(f"\\u{ord(c):04x}" if c >= "\x80" and obeyed(c) else c for c in line)

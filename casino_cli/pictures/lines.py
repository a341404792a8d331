"""How wide a text will be drawn, and text cut or wrapped to fit a width.

The viewer's font decides the real width; the estimate is per character class, measured
on DejaVu Sans Bold (the widest of the pictures' fonts) and rounded up, so that text kept
within an estimate stays within its plate, column or picture.
Widths add up with ``math.fsum``: a text on the edge of its room fits, or not, on every
Python (from 3.12 ``sum`` rounds floats otherwise).
"""

from __future__ import annotations

import math
import re
import unicodedata

_NARROW = frozenset(" .,:;'!|·/ijlIJ")
_HALF = frozenset("frt()[]-▸")
_WIDE = frozenset("mwMW@%…—джмфшщыюЖМФЦШЩЪЫЮωΜæœÆŒ")
_LETTERS = {"Ll": 0.8, "Lu": 0.92, "Lt": 0.92}  # other scripts' small and capital letters; the rest 1.0
_WORD = re.compile("(?:\u2068[^\u2069]*\u2069?|[^ ])+")  # a name isolated by svg.named is one word
ITEM = re.compile("[^ ,][^,]*,?")  # an item of a list such as "A♥ 1, Big Casino 2", with its comma


def _em(c: str) -> float:
    """The width of one character, in ems."""
    if c in _NARROW:
        return 0.42
    if c in _HALF:
        return 0.5
    if c in _WIDE or unicodedata.east_asian_width(c) in "WF":
        return 1.1
    if unicodedata.category(c) in ("Mn", "Me", "Cf"):  # combining marks, bidi isolates: no width
        return 0.0
    if "0" <= c <= "9":
        return 0.7
    if "a" <= c <= "z":
        return 0.72
    if "A" <= c <= "Z":
        return 0.86
    base = unicodedata.normalize("NFD", c)[0]
    if base != c and base.isascii():  # é, Ż, ñ: as wide as e, Z, n
        return _em(base)
    return _LETTERS.get(unicodedata.category(c), 1.0)


def text_width(content: str, size: float) -> float:
    """The estimated width of ``content`` at font size ``size``."""
    return size * math.fsum(map(_em, content))


def fit(content: str, size: float, width: float) -> str:
    """``content`` whole if it fits ``width``, else its longest start that fits with ``…``
    (so a longer text is never shown more fully than a shorter one; a name's isolate cut
    into is closed after the ``…``); in one pass."""
    if text_width(content, size) <= width:
        return content
    room, used, end = width / size - _em("…"), 0.0, 0
    for c in content:
        used += _em(c)
        if used > room:
            break
        end += 1
    kept = content[:end]
    return kept + "…" + "\u2069" * (kept.count("\u2068") - kept.count("\u2069"))  # a name's isolate closed


def wrap(content: str, size: float, width: float, unit: re.Pattern[str] = _WORD) -> list[str]:
    """``content`` broken at spaces into lines that fit ``width`` (a word wider than a line
    has a line of its own), or only between the units ``unit`` finds (:data:`ITEM`: between
    the items of a list); each line's width kept as it grows."""
    lines: list[str] = []
    widths: list[float] = []
    space = _em(" ")
    for word in unit.findall(content):
        w = math.fsum(map(_em, word))
        if lines and (widths[-1] + space + w) * size <= width:
            lines[-1] += " " + word
            widths[-1] += space + w
        else:
            lines.append(word)
            widths.append(w)
    return lines or [""]

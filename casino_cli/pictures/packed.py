"""The replay page's pictures packed small, for the page's script to draw.

A step's pictures repeat most of the previous step's pieces (a card in a hand stays put for
several moves, the plates and the felt hardly change), and a piece repeats another but for
its numbers (a card drawn elsewhere). So a picture is kept as the list of its pieces (an
element with its text), each piece once, as a template and its numbers, each template once:
about a seventh of the markup. Joined back, a picture is the very markup
:func:`.table.position_frame` drew.
"""

from __future__ import annotations

import json
import re

# Every character is in one piece; a text is cut after each sentence (a picture's <desc>).
_PIECE = re.compile(r"<text\b.*?</text>|<[^>]*>|[^<]*?\. |[^<]+|<", re.S)
_NUMBER = re.compile(r"(?<![#\w.])\d+(?:\.\d+)?")  # a coordinate, a size, a count; not in #1f6b45 nor c10D
_DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"


def pack(pictures: list[str]) -> dict[str, object]:
    """``pictures`` (the markup of each step's) as ``templates`` (a piece's text between its
    numbers), ``pieces`` (a template's index and the numbers to put between its parts, space
    separated) and ``pictures`` (the indices of each one's pieces, written in base 64 with
    ``digits``, ``width`` digits each)."""
    templates: dict[tuple[str, ...], int] = {}
    pieces: dict[str, int] = {}
    packed = []
    for picture in pictures:
        indices = []
        for piece in _PIECE.findall(picture):
            template = templates.setdefault(tuple(_NUMBER.split(piece)), len(templates))
            numbered = " ".join([str(template), *_NUMBER.findall(piece)])
            indices.append(pieces.setdefault(numbered, len(pieces)))
        packed.append(indices)
    width = 1
    while len(_DIGITS) ** width < len(pieces):
        width += 1
    return {
        "templates": [list(t) for t in templates],
        "pieces": list(pieces),
        "digits": _DIGITS,
        "width": width,
        "pictures": ["".join(_digits(k, width) for k in indices) for indices in packed],
    }


def _digits(number: int, width: int) -> str:
    """``number`` in base 64, ``width`` digits."""
    return "".join(_DIGITS[number // len(_DIGITS) ** p % len(_DIGITS)] for p in reversed(range(width)))


def script_data(value: object) -> str:
    """``value`` as JSON to put in a ``<script type="application/json">``: every ``<`` escaped,
    so no text in it can end the script."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")

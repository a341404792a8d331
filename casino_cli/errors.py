"""The base of every error the package raises on purpose (below the cards, so all layers reach it)."""

from __future__ import annotations

import reprlib


class CasinoError(ValueError):
    """Base of every error raised on purpose: bad cards, rules, positions, moves, notation.

    It is a :class:`ValueError`, so code that already catches bad values catches it too.
    """


def wrong_type(name: str, value: object, wanted: str) -> TypeError:
    """What a public function says when given ``value`` for its argument ``name``, which must
    be ``wanted``: a TypeError naming the argument (as the compiled engine's own check is a
    TypeError), where the engine would otherwise fail deep inside, on an attribute."""
    return TypeError(f"{name} must be {wanted}, not {type(value).__name__} {shown(value, 40)}")


def shown(value: object, most: int) -> str:
    """``value`` as repr writes it, cut to ``most`` characters (…), in bounded work: nested
    lists a few levels deep (not a RecursionError), an object whose own repr fails (a Build
    of no cards) by its type."""
    text = _REPR.repr(value)
    return text if len(text) <= most else text[: most - 1] + "…"


_REPR = reprlib.Repr()
_REPR.maxstring = _REPR.maxother = 200  # more than any caller shows: only the cut at most marks a cut

"""The base of every error the package raises on purpose (below the cards, so all layers reach it)."""

from __future__ import annotations


class CasinoError(ValueError):
    """Base of every error raised on purpose: bad cards, rules, positions, moves, notation.

    It is a :class:`ValueError`, so code that already catches bad values catches it too.
    """


def wrong_type(name: str, value: object, wanted: str) -> TypeError:
    """What a public function says when given ``value`` for its argument ``name``, which must
    be ``wanted``: a TypeError naming the argument (as the compiled engine's own check is a
    TypeError), where the engine would otherwise fail deep inside, on an attribute."""
    shown = repr(value)
    shown = shown if len(shown) <= 40 else shown[:39] + "…"
    return TypeError(f"{name} must be {wanted}, not {type(value).__name__} {shown}")

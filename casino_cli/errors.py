"""The base of every error the package raises on purpose (below the cards, so all layers reach it)."""

from __future__ import annotations


class CasinoError(ValueError):
    """Base of every error raised on purpose: bad cards, rules, positions, moves, notation.

    It is a :class:`ValueError`, so code that already catches bad values catches it too.
    """

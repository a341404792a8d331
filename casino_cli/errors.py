"""The base of every error the package raises on purpose (below the cards, so all layers reach it)."""

from __future__ import annotations

import math
import reprlib
from collections.abc import Callable
from typing import Any


class CasinoError(ValueError):
    """Base of every error raised on purpose: bad cards, rules, positions, moves, notation.

    It is a :class:`ValueError`, so code that already catches bad values catches it too.
    """

    def __reduce__(self) -> tuple[Callable[..., CasinoError], tuple[type[CasinoError], tuple[Any, ...]], Any]:
        """Pickled (to a worker process, say) as its arguments and its attributes, rebuilt
        without its constructor, whose parameters differ by subclass: every part and the same
        str come back (a compiled error holds its attributes apart from BaseException's)."""
        return _unpickled, (type(self), self.args), _attributes(self)


def _attributes(error: BaseException) -> dict[str, Any]:
    """The attributes of ``error``: its ``__dict__``, which a compiled error does not show on
    Python 3.12+, though it holds them in BaseException's own, which that class pickles."""
    held: dict[str, Any] | None = getattr(error, "__dict__", None)
    return held if held is not None else dict(*BaseException.__reduce__(error)[2:])


def _unpickled(kind: type[CasinoError], args: tuple[Any, ...]) -> CasinoError:
    """An error of ``kind`` with ``args`` and no attributes yet (pickle sets them)."""
    return kind.__new__(kind, *args)


def wrong_type(name: str, value: object, wanted: str) -> TypeError:
    """What a public function says when given ``value`` for its argument ``name``, which must
    be ``wanted``: a TypeError naming the argument (as the compiled engine's own check is a
    TypeError), where the engine would otherwise fail deep inside, on an attribute."""
    return TypeError(f"{name} must be {wanted}, not {type(value).__name__} {shown(value)}")


def check_int(name: str, value: object, wanted: str = "an int") -> None:
    """Raise :func:`wrong_type` unless ``value`` is an int (a bool is not)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise wrong_type(name, value, wanted)


def plural(count: int, word: str) -> str:
    """``1 spade``, ``2 spades``: a count in a message."""
    return f"{count} {word}{'' if count == 1 else 's'}"


def shown(value: object, most: int = 40) -> str:
    """``value`` as repr writes it, cut to ``most`` characters (…; 40 unless told), in
    bounded work: nested lists a few levels deep (not a RecursionError), an object whose
    own repr fails (a Build of no cards) by its type, an int too long for Python to write by
    its size; a text cut says how much (``'vvv…[99,962 characters cut]``)."""
    text = _REPR.repr(value)
    if len(text) <= most:
        return text
    kept = text[: most - 1]
    if isinstance(value, str):  # kept: its opening quote and the start of the text
        return f"{kept}…[{len(value) - len(kept) + 1:,} characters cut]"
    return kept + "…"


class _Repr(reprlib.Repr):
    def repr_int(self, x: int, level: int) -> str:
        """An int as repr writes it, or one past 64 bits by its size: Python writes no int
        of more than 4,300 digits (a ValueError)."""
        if x.bit_length() > 64:
            return f"<int of about {round(x.bit_length() * math.log10(2)):,} digits>"
        return super().repr_int(x, level)


_REPR = _Repr()
_REPR.maxstring = _REPR.maxother = 200  # more than any caller shows: only the cut at most marks a cut


def utf8_writable(text: str) -> bool:
    """Whether UTF-8 can write ``text``: it holds no lone surrogate (what Python makes of a
    byte that is not UTF-8, in a command-line argument or a name read with surrogateescape)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True

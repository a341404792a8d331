"""Exceptions of the engine: each refusal carries a stable rule ID and a sentence.

Every one is a :class:`CasinoError`, and so a :class:`ValueError`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from ..errors import CasinoError, shown

__all__ = ["CasinoError", "DealError", "IllegalMove", "Pile", "PositionError", "Problem", "RulesError", "TooComplex"]


class BadValue(NamedTuple):
    """A value a rule set cannot take: ``what`` must be ``wanted`` (a text, or the values
    allowed), not ``value``. (Fields typed Any: a class of a module mypyc compiles cannot
    name ``object`` in its body.)"""

    what: str
    wanted: str | tuple[Any, ...]
    value: Any

    def worded(self, quote: Callable[[object], str]) -> str:
        """The sentence, with the values quoted by ``quote`` (the engine's :func:`shown`, as
        Python writes them; the notation's as JSON writes them)."""
        wanted = self.wanted if isinstance(self.wanted, str) else _one_of([quote(v) for v in self.wanted])
        return f"{self.what} must be {wanted}, not {quote(self.value)}"


def _one_of(words: Sequence[str]) -> str:
    """'a, b or c': the values allowed (two or more)."""
    return ", ".join(words[:-1]) + " or " + words[-1]


class RulesError(CasinoError):
    """An unknown option, a bad value or an impossible combination (docs/rules.md, Variants and
    options); for a bad value, ``bad`` is its :class:`BadValue` (else None)."""

    def __init__(self, problem: str | BadValue):
        self.bad: BadValue | None = problem if isinstance(problem, BadValue) else None
        super().__init__(problem.worded(shown) if isinstance(problem, BadValue) else problem)


class Pile(NamedTuple):
    """A pile a problem names: its JSON ``path``; a build also by its ``cards`` (a mask: the
    builds are sorted, a document may list them otherwise), with its ``label`` after the path."""

    path: str
    cards: int = 0
    label: str = ""

    def __str__(self) -> str:
        return f"{self.path} {self.label}" if self.label else self.path


class Problem(NamedTuple):
    """A problem of the position check that names piles: ``what`` is wrong at ``piles``, all
    about ``card`` when it is one card found in each of them."""

    piles: tuple[Pile, ...]
    what: str
    card: int | None = None

    def __str__(self) -> str:
        return f"{', '.join(map(str, self.piles))}: {self.what}"


class PositionError(CasinoError):
    """A position that is inconsistent; ``problems`` lists every problem found, as text, and
    ``found`` the same, a :class:`Problem` where it names piles."""

    def __init__(self, problems: Sequence[str | Problem]):
        self.found: tuple[str | Problem, ...] = tuple(problems)
        self.problems: list[str] = list(map(str, self.found))
        super().__init__("; ".join(self.problems))


class DealError(CasinoError):
    """A seed, deck or dealer that cannot start a hand (D1, D2)."""


class IllegalMove(CasinoError):
    """A move the rules refuse: ``rule`` is a rule ID of docs/rules.md (or ``turn``/``card``)."""

    def __init__(self, rule: str, message: str):
        self.rule: str = rule
        self.message: str = message
        super().__init__(f"{message} ({rule})")


class TooComplex(CasinoError):
    """A question the engine will not answer exactly within its bounded work."""

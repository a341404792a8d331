"""Exceptions of the engine: each refusal carries a stable rule ID and a sentence.

Every one is a :class:`CasinoError`, and so a :class:`ValueError`.
"""

from __future__ import annotations

from ..errors import CasinoError

__all__ = ["CasinoError", "DealError", "IllegalMove", "PositionError", "RulesError", "TooComplex"]


class RulesError(CasinoError):
    """An unknown option, a bad value or an impossible combination (docs/rules.md, Variants and options)."""


class PositionError(CasinoError):
    """A position that is inconsistent; ``problems`` lists every problem found."""

    def __init__(self, problems: list[str]):
        self.problems = list(problems)
        super().__init__("; ".join(self.problems))


class DealError(CasinoError):
    """A seed, deck or dealer that cannot start a hand (D1, D2)."""


class IllegalMove(CasinoError):
    """A move the rules refuse: ``rule`` is a rule ID of docs/rules.md (or ``turn``/``card``)."""

    def __init__(self, rule: str, message: str):
        self.rule = rule
        self.message = message
        super().__init__(f"{message} ({rule})")


class TooComplex(CasinoError):
    """A question the engine will not answer exactly within its bounded work."""

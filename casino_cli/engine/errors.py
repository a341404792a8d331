"""Exceptions of the engine: each refusal carries a stable rule ID and a sentence."""

from __future__ import annotations


class CasinoError(Exception):
    """Base of every error the engine raises on purpose."""


class RulesError(CasinoError, ValueError):
    """An unknown option, a bad value or an impossible combination (RULES.md §1)."""


class PositionError(CasinoError, ValueError):
    """A position that is inconsistent; ``problems`` lists every problem found."""

    def __init__(self, problems: list[str]):
        self.problems = list(problems)
        super().__init__("; ".join(self.problems))


class IllegalMove(CasinoError):
    """A move the rules refuse: ``rule`` is a RULES.md ID (or ``turn``/``card``)."""

    def __init__(self, rule: str, message: str):
        self.rule = rule
        self.message = message
        super().__init__(f"{message} ({rule})")

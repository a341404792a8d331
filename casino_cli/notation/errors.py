"""The error every reader of the notation raises: what is wrong, and where."""

from __future__ import annotations

from ..engine.errors import CasinoError


class NotationError(CasinoError, ValueError):
    """Input that cannot be read as the notation; ``path`` is a JSON path such as ``$.hands[0][2]``."""

    def __init__(self, message: str, path: str = "$"):
        self.message = message
        self.path = path
        self.at: tuple[int, int] | None = None  # line and column in the parsed text: bad JSON or UTF-8, a repeated key
        super().__init__(f"{path}: {message}" if path else message)

"""Stop signals held back while casino starts or ends a bot's program.

A stop signal's handler raises an exception (cli/process.py). One raised inside
``subprocess.Popen``, after the program was forked but before casino holds its handle,
would leave the program running with nobody to end it; one raised while the program is
being ended would cut that short, or be lost in the handle's ``__del__``. So the handlers
call :func:`hold` while :func:`holding` says so, and the signal is delivered again as
:func:`held` ends.
"""

from __future__ import annotations

import contextlib
import signal
from collections.abc import Iterator

_depth = 0
_held: list[int] = []


def holding() -> bool:
    """Whether a stop signal must wait (a program is being started or ended)."""
    return _depth > 0


def hold(number: int) -> None:
    """Keep signal ``number`` to deliver when the section ends."""
    _held.append(number)


@contextlib.contextmanager
def held() -> Iterator[None]:
    """A section in which stop signals wait; the first held one is delivered at its end."""
    global _depth
    _depth += 1
    try:
        yield
    finally:
        _depth -= 1
        if not _depth and _held:
            number = _held[0]
            _held.clear()
            signal.raise_signal(number)

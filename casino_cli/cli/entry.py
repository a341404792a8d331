"""The ``casino`` entry point: the fast path for the data commands' simple forms
(:mod:`.quick`), typer (:mod:`.main`) for everything else, and one translation of every
outcome into an exit code (NOTATION.md) for both."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import NoReturn

from .. import __version__
from .output import BROKEN_PIPE, INTERNAL, INTERRUPTED, Fail, say


def run(argv: list[str] | None = None) -> NoReturn:
    """Run ``casino`` with ``argv`` (default: the process's arguments) and exit."""
    args = sys.argv[1:] if argv is None else list(argv)
    call = None
    if "_CASINO_COMPLETE" not in os.environ:  # shell completion is typer's
        from .quick import parse

        call = parse(args)
    if call is None:
        from .main import run as run_typer

        run_typer(args)
    finish(call)


def finish(call: Callable[[], None]) -> NoReturn:
    """Run ``call`` and exit with the code its outcome means; never a traceback for users."""
    code = 0
    try:
        call()
    except Fail as exc:
        if exc.message:
            say(exc.message)
        code = exc.code
    except KeyboardInterrupt:
        say("interrupted")
        code = INTERRUPTED
    except BrokenPipeError:
        code = BROKEN_PIPE
    except Exception as exc:  # noqa: BLE001 - the last line of defence: no traceback for users
        if os.environ.get("CASINO_DEBUG"):
            raise
        say(
            f"internal error: {type(exc).__name__}: {exc}. This is a bug in casino {__version__}; please "
            f"report it with the command and its input (set CASINO_DEBUG=1 for the traceback)."
        )
        code = INTERNAL
    _flush(code)


def _flush(code: int) -> NoReturn:
    """Flush stdout; a reader that went away early means exit 141, quietly."""
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        code = BROKEN_PIPE
    if code == BROKEN_PIPE:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    sys.exit(code)

"""The ``casino`` entry point: the fast path for the data commands' simple forms
(:mod:`.quick`), typer (:mod:`.main`) for everything else, and one translation of every
outcome into an exit code (docs/notation.md) for both."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import NoReturn

from .. import __version__
from .output import BROKEN_PIPE, INTERNAL, INTERRUPTED, USAGE, Fail, say

MAX_ARGUMENT = 4096  # characters: a path's limit on Linux; seeds are at most 1,024 bytes


def run(argv: list[str] | None = None) -> NoReturn:
    """Run ``casino`` with ``argv`` (default: the process's arguments) and exit."""
    args = sys.argv[1:] if argv is None else list(argv)
    long = next((a for a in args if len(a) > MAX_ARGUMENT), None)
    if long is not None:  # no option, file name, seed or move is this long: say so, never echo it all
        from .process import finish as exit_with

        say(f"an argument of {len(long):,} characters is longer than any casino takes ({MAX_ARGUMENT:,}): {long}")
        exit_with(USAGE)
    try:
        call = None
        if "_CASINO_COMPLETE" not in os.environ:  # shell completion is typer's
            from .quick import load, parse

            call = parse(args)
            if call is None:
                load(".main")  # typer and the commands, loaded as the fast path loads one
        if call is None:
            from .main import run as run_typer

            run_typer(args)
    except KeyboardInterrupt:  # Ctrl-C while the modules load or the command line is parsed
        from .process import finish as exit_with

        say("interrupted")
        exit_with(INTERRUPTED)
    finish(call, args)


def finish(call: Callable[[], None], args: list[str] | None = None) -> NoReturn:
    """Run ``call`` and exit with the code its outcome means (``args``: the command line, to
    name an argument that is not UTF-8); never a traceback for users."""
    from ..errors import utf8_writable
    from .output import IO_ERROR, Interrupted
    from .process import finish as exit_with
    from .process import io_error_message, prepare

    code = 0
    try:
        prepare()
        call()
    except Fail as exc:
        if exc.message:
            say(exc.message)
        code = exc.code
    except _bot_error() as exc:  # a user's bot that raised, hung or chose an illegal move: named, no traceback
        say(str(exc))
        code = USAGE
    except KeyboardInterrupt:
        say("interrupted")
        code = INTERRUPTED
    except Interrupted as exc:
        say("interrupted")
        code = exc.code
    except BrokenPipeError:
        code = BROKEN_PIPE
    except OSError as exc:  # a full disk, a read error: the environment's, not a bug
        say(io_error_message(exc))
        code = IO_ERROR
    except UnicodeEncodeError as exc:
        bad = [a for a in args or sys.argv[1:] if not utf8_writable(a)]
        if not bad:
            code = _internal(exc)
        else:
            say(f"an argument is not UTF-8 text: {bad[0].encode('utf-8', 'surrogateescape')!r}")
            code = USAGE
    except Exception as exc:  # noqa: BLE001 - the last line of defence: no traceback for users
        code = _internal(exc)
    exit_with(code)
    raise AssertionError("unreachable: exit_with exits")


def _bot_error() -> type[Exception]:
    """The bots' error class, imported only when an exception is being handled (an except
    clause's expression is evaluated then), so that a start needs no bots."""
    from ..engine.views import BotError

    return BotError


def _internal(exc: Exception) -> int:
    if os.environ.get("CASINO_DEBUG"):
        raise exc
    say(
        f"internal error: {type(exc).__name__}: {exc}. This is a bug in casino {__version__}; please "
        f"report it with the command and its input (set CASINO_DEBUG=1 for the traceback)."
    )
    return INTERNAL

"""The process's edges: closed or full standard streams, signals, and the exit itself.

Every outcome ends in its documented exit code (docs/notation.md, "Output formats and
exit status") without a traceback: a closed stdout is 141 (quietly), an output or input
that cannot be written or read is 74, SIGINT/SIGTERM/SIGHUP are 130/143/129 after
``casino: interrupted`` and the output written so far. A stderr that is closed or full
never turns success into failure: messages are then lost, not fatal.
"""

from __future__ import annotations

import contextlib
import errno
import io
import os
import signal
import sys
from collections.abc import Callable
from types import FrameType
from typing import NoReturn, TextIO

from ..records.hold_signals import hold, holding
from .output import BROKEN_PIPE, GATE, IO_ERROR, Interrupted, say

# 128 + the signal's number; SIGHUP only where the platform has it.
SIGNAL_CODES = {
    getattr(signal, name): code
    for name, code in (("SIGINT", 130), ("SIGTERM", 143), ("SIGHUP", 129))
    if hasattr(signal, name)
}


class _Closed(io.RawIOBase):
    """Standard output when its descriptor is closed: every write is a closed pipe (141), as
    a pipe whose reader has gone is, until :func:`finish` has said so; then writes are
    dropped (the buffer's last flush when it is freed, at exit)."""

    silent = False

    def writable(self) -> bool:
        return True

    def write(self, data: object) -> int:
        if self.silent:
            return len(data) if isinstance(data, (bytes, bytearray, memoryview)) else 0
        raise BrokenPipeError(errno.EPIPE, "standard output is closed")


_saved: dict[int, object] = {}


def stop_quietly_until_run() -> None:
    """While the command's modules load (nothing written yet), a stop signal ends the
    process at once with ``casino: interrupted`` and its code; :func:`prepare` then
    installs the handlers that flush the output first."""

    def handler(number: int, frame: FrameType | None) -> None:
        with contextlib.suppress(OSError):
            os.write(2, b"casino: interrupted\n")
        os._exit(SIGNAL_CODES[signal.Signals(number)])

    for number in SIGNAL_CODES:
        signal.signal(number, handler)


def prepare() -> None:
    """Make the standard streams safe to use and turn the stop signals into Interrupted
    (until :func:`finish`, which puts the caller's handlers back)."""
    if sys.stdout is None:
        sys.stdout = io.TextIOWrapper(io.BufferedWriter(_Closed()), encoding="utf-8")
    if sys.stderr is None:
        sys.stderr = _devnull()
    for number, code in SIGNAL_CODES.items():
        with contextlib.suppress(ValueError, OSError):  # not the main thread (an embedding program)
            _saved[number] = signal.signal(number, _stop(code))


def _devnull() -> TextIO:
    return open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 - it replaces a standard stream


def _restore_signals() -> None:
    for number, handler in _saved.items():
        signal.signal(number, handler)  # type: ignore[arg-type]
    _saved.clear()


def _stop(code: int) -> Callable[[int, FrameType | None], None]:
    def handler(number: int, frame: FrameType | None) -> None:
        if GATE.writing:
            GATE.pending = code
            return
        if holding():
            hold(number)
            return
        raise Interrupted(code)

    return handler


class WorkerStopped(BaseException):
    """SIGTERM in a worker process (what the parent sends at the end), raised so that the
    worker unwinds and cleans up before it ends by that signal (cli/workers.py)."""


def _stop_worker(number: int, frame: FrameType | None) -> None:
    if holding():
        hold(number)
        return
    raise WorkerStopped


def _stopped_again(unraisable: sys.UnraisableHookArgs) -> None:
    """A :class:`WorkerStopped` raised where Python cannot raise (in a callback, such as an
    import lock's, or a ``__del__``) is not printed as "Exception ignored" with a
    traceback: the stop comes again a moment later (SIGALRM, handled as SIGTERM), once the
    callback has returned, where the worker can unwind."""
    if isinstance(unraisable.exc_value, WorkerStopped):
        signal.setitimer(signal.ITIMER_REAL, AGAIN)
        return
    sys.__unraisablehook__(unraisable)


AGAIN = 0.01  # seconds before a stop that landed in a callback comes again


def quiet_worker() -> None:
    """The first thing every worker process (simulate, match) does: it leaves Ctrl-C and a
    hang-up to the parent, and turns SIGTERM into :class:`WorkerStopped`, never into the
    parent's handlers (inherited by fork). The parent starts workers with the stop signals
    blocked; they are let through here, once handled."""
    if hasattr(signal, "setitimer"):  # not on Windows, which has no SIGTERM to stop a worker by
        sys.unraisablehook = _stopped_again
        signal.signal(signal.SIGALRM, _stop_worker)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "SIGHUP"):
        signal.signal(signal.SIGHUP, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _stop_worker)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, SIGNAL_CODES)


def io_error_message(exc: OSError) -> str:
    """What could not be read or written, and why, in one line."""
    what = f" {exc.filename}" if exc.filename else ""
    return f"input/output error{what}: {exc.strerror or exc}"


def finish(code: int) -> NoReturn:
    """Flush stdout and exit with ``code``, or the worse of it and what the flush meets: a
    reader that went away is 141 (quietly), an output that cannot be written 74; stdout is
    then pointed at /dev/null so that the interpreter's own last flush cannot fail again."""
    failed = True
    try:
        sys.stdout.flush()
        failed = False
    except BrokenPipeError:
        code = max(code, BROKEN_PIPE)
    except OSError as exc:
        say(io_error_message(exc))
        code = max(code, IO_ERROR)
    if failed or code in (BROKEN_PIPE, IO_ERROR):
        _silence_stdout()
    try:
        sys.stderr.flush()
    except (OSError, ValueError):
        sys.stderr = _devnull()
    _restore_signals()
    sys.exit(code)


def _silence_stdout() -> None:
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, io.UnsupportedOperation):
        _Closed.silent = True  # what the stdout being replaced still holds goes nowhere
        sys.stdout = _devnull()
    finally:
        os.close(devnull)

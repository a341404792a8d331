"""Worker processes for ``--jobs N`` (simulate, match, review, hint): an ordered map with
no lock shared between processes.

multiprocessing.Pool hangs for ever at its end if a worker is killed while it holds the
pool's shared queue lock, which an idle worker always holds; a stop signal sent to the
whole process group (what a terminal does) killed one there about one run in three. Here
each worker has a pipe of its own: chunk *i* of the work goes to worker *i mod N* and the
results are read back in the same order, at most two chunks in flight per worker. A
worker that dies shows as the end of its pipe, so nothing waits for it for ever. A worker
also says there which bot programs (cmd:) it starts and ends, so that those of a worker
killed before it could end them are ended by the parent.

The work is read, and sent, by a thread of its own (:class:`_Feeder`), so that a result is
handed on as soon as it and those before it are done, while the input (a live stream)
may be waiting for its next line; the caller's thread receives, and writes, the results.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from functools import partial
from itertools import count, islice
from queue import SimpleQueue
from typing import TYPE_CHECKING, Any

from ..engine.views import ended_words
from ..records import botproto
from .output import INTERNAL, Fail, Interrupted
from .process import SIGNAL_CODES, WorkerStopped, quiet_worker

if TYPE_CHECKING:
    from multiprocessing.connection import Connection

IN_FLIGHT = 2  # chunks sent ahead to each worker
# The workers are forked: they start with the stop signals the parent blocked. Python 3.14
# starts processes by forkserver on Linux unless told; macOS and Windows keep their spawn.
_FORK = sys.platform != "darwin" and hasattr(os, "fork")
_STOP_WAIT = 5.0  # seconds a stopped worker gets before it is killed
_PROGRAM = "program"  # a worker's message (_PROGRAM, pid, running): a bot program started or ended
Worker = tuple[Any, "Connection", set[int]]  # a process, its pipe, the bot programs it runs
Answer = tuple[list[Any], "Exception | None"]  # a chunk's results, up to what stopped them (None: all)


def _serve(
    func: Callable[[Any], Any], conn: Connection, at_end: Callable[[], None] | None, parents: Sequence[Connection]
) -> None:
    """A worker's life: results of ``func`` for each chunk received, until ``None`` or the
    parent has gone. An exception is sent back, after the chunk's results before it, to be
    raised in the parent. When the parent
    stops it (SIGTERM), or the work is done, ``at_end`` runs first; a stopped worker then
    ends by the signal, as the parent expects. ``parents``: the parent's ends of the pipes,
    forked with it, closed at once, so that the parent's end (killed, say) is this pipe's."""
    try:
        try:
            for end in parents:
                end.close()
            quiet_worker()  # a stop signal held since the start arrives here
            botproto.on_program = partial(_tell_parent, conn)
            while (chunk := _next_chunk(conn)) is not None:
                if not _answer(conn, results_until_failure(func, chunk)):
                    break
        finally:
            signal.signal(signal.SIGTERM, signal.SIG_IGN)  # the clean-up is not cut short
            if hasattr(signal, "SIGALRM"):  # nor by a stop that landed in a callback (process._stopped_again)
                signal.signal(signal.SIGALRM, signal.SIG_IGN)
            if at_end is not None:
                at_end()
            conn.close()
    except WorkerStopped:  # cleaned up: now end by the signal
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        os.kill(os.getpid(), signal.SIGTERM)


def results_until_failure(func: Callable[[Any], Any], chunk: Iterable[Any]) -> Answer:
    """``func`` of each item of ``chunk`` up to the first that raises, and what it raised
    (a --jobs worker's chunk, a Dask task's)."""
    done: list[Any] = []
    try:
        for item in chunk:
            done.append(func(item))
    except Exception as exc:  # noqa: BLE001 - handed to the parent, which raises it after the results
        return done, exc
    return done, None


def _answer(conn: Connection, answer: Answer) -> bool:
    """Send a chunk's answer (an exception that cannot be pickled as its text, results
    that cannot as that error's, neither with the results): False if the parent has gone."""
    try:
        try:
            conn.send(answer)
        except OSError:
            raise
        except Exception as exc:  # noqa: BLE001 - it does not pickle
            conn.send(([], in_words(exc if answer[1] is None else answer[1])))
    except OSError:
        return False
    return True


def in_words(exc: Exception) -> RuntimeError:
    """An exception that does not pickle, to be raised in another process: a RuntimeError
    of its type and text."""
    return RuntimeError(f"{type(exc).__name__}: {exc}")


def _tell_parent(conn: Connection, pid: int, running: bool) -> None:
    with contextlib.suppress(OSError):  # the parent has gone
        conn.send((_PROGRAM, pid, running))


def _next_chunk(conn: Connection) -> list[Any] | None:
    try:
        return conn.recv()  # type: ignore[no-any-return]
    except (EOFError, OSError):  # the parent has gone: end quietly
        return None


def ordered_map(
    func: Callable[[Any], Any],
    items: Iterable[Any],
    jobs: int,
    chunksize: int = 1,
    at_end: Callable[[], None] | None = None,
    size: int | None = None,
    named: Callable[[list[Any]], str] | None = None,
) -> Generator[Any, None, None]:
    """``map(func, items)`` computed by ``jobs`` worker processes (in this one if ``jobs``
    is 1), in order, lazily; given the number of items, ``size``, no more workers than
    there are chunks of them. The workers are started before it returns, so a caller can
    fork them before it starts a thread (a progress bar's); they are ended when the
    iterator is exhausted, closed, dropped or left by an exception, each running
    ``at_end`` before it ends (to end what ``func`` started there: bot programs). A worker
    that ends unexpectedly is an error saying what it was doing: ``named`` of its chunk
    (``in games 9 to 16 ...``)."""
    if size is not None:
        jobs = min(jobs, max(1, -(-size // chunksize)))
    results = _ordered(func, items, jobs, chunksize, at_end, named)
    next(results)  # up to the workers' start
    return results


def _ordered(
    func: Callable[[Any], Any],
    items: Iterable[Any],
    jobs: int,
    chunksize: int,
    at_end: Callable[[], None] | None,
    named: Callable[[list[Any]], str] | None,
) -> Generator[Any, None, None]:
    """:func:`ordered_map`'s generator: it yields ``None`` once its workers are started,
    then the results."""
    if jobs <= 1:
        yield None
        try:
            yield from map(func, items)
        finally:
            if at_end is not None:
                at_end()
        return
    workers: list[Worker] = []
    feeder = None
    try:
        _start(func, jobs, workers, at_end)
        yield None
        feeder = _Feeder(items, chunksize, [conn for _, conn, _ in workers])  # a thread: after the fork
        for i in count():
            if (chunk := feeder.sent()) is None:
                return
            done, error = _receive(workers[i % jobs], chunk, named)
            feeder.room.release()
            yield from done
            if error is not None:
                raise error
    finally:
        if feeder is not None:
            feeder.stop()
        _end(workers)


class _Feeder:
    """A thread that reads the work, a chunk at a time, and sends chunk *i* to worker
    *i mod N* while fewer than :data:`IN_FLIGHT` chunks a worker are unanswered (``room``,
    released as each result is received), saying in order what it sent: a chunk, ``None``
    at the end of the work, or what reading it raised, for :meth:`sent` to raise in its
    place, after the results before it."""

    def __init__(self, items: Iterable[Any], chunksize: int, conns: list[Connection]) -> None:
        self.room = threading.Semaphore(IN_FLIGHT * len(conns))
        self._said: SimpleQueue[list[Any] | BaseException | None] = SimpleQueue()
        self._stopped = False
        iterator = iter(items)
        chunks = iter(lambda: list(islice(iterator, chunksize)), [])
        # Daemon: one still waiting for a line of a live stream is left to the exit. It holds
        # standard input, so that the exit does not close it under that wait (a fatal error).
        # It takes no stop signal: Python runs the handler in the caller's thread, and one
        # taken by this thread would leave that thread asleep in its wait for this one.
        thread = threading.Thread(target=self._feed, args=(chunks, conns, sys.stdin), daemon=True)
        with _stop_signals_blocked():
            thread.start()

    def _feed(self, chunks: Iterator[list[Any]], conns: list[Connection], held_stdin: object) -> None:
        try:
            for i in count():
                self.room.acquire()
                chunk = None if self._stopped else next(chunks, None)
                if chunk is None or self._stopped:
                    break
                with contextlib.suppress(OSError):  # a dead worker (or the end): reported when read
                    conns[i % len(conns)].send(chunk)
                self._said.put(chunk)
            self._said.put(None)
        except BaseException as exc:  # noqa: BLE001 - raised in the caller's thread, in its place
            self._said.put(exc)

    def sent(self) -> list[Any] | None:
        """The next chunk sent, None at the end (it waits for the work to be read that far)."""
        said = self._said.get()
        if isinstance(said, BaseException):
            raise said
        return said

    def stop(self) -> None:
        """Read and send no more (a read under way ends first, or with the process)."""
        self._stopped = True
        self.room.release()


def _start(func: Callable[[Any], Any], jobs: int, workers: list[Worker], at_end: Callable[[], None] | None) -> None:
    """Start the workers with the stop signals blocked, so that none arrives in a worker
    before :func:`quiet_worker` has set its handlers (one held meanwhile is delivered then)."""
    import multiprocessing  # here: a command with one job never loads it

    context = multiprocessing.get_context("fork") if _FORK else multiprocessing.get_context()
    parents: list[Connection] = []  # a forked worker holds copies of these: it closes them
    with _stop_signals_blocked():
        for _ in range(jobs):
            mine, theirs = context.Pipe()
            parents.append(mine)
            forked = tuple(parents) if _FORK else ()
            process = context.Process(target=_serve, args=(func, theirs, at_end, forked), daemon=True)
            process.start()
            theirs.close()
            workers.append((process, mine, set()))


@contextlib.contextmanager
def _stop_signals_blocked() -> Iterator[None]:
    """The stop signals blocked in this thread meanwhile, and so in the processes and
    threads it starts, which inherit its mask."""
    mask = getattr(signal, "pthread_sigmask", None)  # not on Windows
    blocked = mask(signal.SIG_BLOCK, SIGNAL_CODES) if mask else set()
    try:
        yield
    finally:
        if mask:
            mask(signal.SIG_SETMASK, blocked)


def _receive(worker: Worker, chunk: list[Any], named: Callable[[list[Any]], str] | None) -> Answer:
    """The answer to ``chunk`` from ``worker``; its end before it answers is an interruption
    (a stop signal) or an error naming the chunk's work."""
    process, conn, programs = worker
    try:
        while _noted(message := conn.recv(), programs):
            pass
        return message  # type: ignore[no-any-return]
    except (EOFError, OSError):  # the pipe's end, or its reset when a worker dies mid-send
        process.join(_STOP_WAIT)
        code = process.exitcode
        if code is not None and code < 0 and -code in SIGNAL_CODES:
            raise Interrupted(SIGNAL_CODES[signal.Signals(-code)]) from None  # stopped with its group
        how = "" if code is None else f" ({ended_words(code)})"  # signal 9, not exit status -9
        doing = f" {named(chunk)}" if named else ""
        raise Fail(INTERNAL, f"a worker process ended unexpectedly{how}{doing}") from None


def _noted(message: tuple[Any, ...], programs: set[int]) -> bool:
    """Whether ``message`` is a worker's word on a bot program, noted in ``programs``."""
    if message[0] != _PROGRAM:
        return False
    _, pid, running = message
    (programs.add if running else programs.discard)(pid)
    return True


def _end(workers: list[Worker]) -> None:
    """Stop every worker (SIGTERM, then SIGKILL after a wait), end the programs a worker
    left running, and close the pipes."""
    for process, _, _ in workers:
        if process.is_alive():
            process.terminate()
    for process, conn, programs in workers:
        process.join(_STOP_WAIT)
        if process.is_alive():
            process.kill()
            process.join()
        _end_programs(conn, programs)
        conn.close()


def _end_programs(conn: Connection, programs: set[int]) -> None:
    """Kill the process group of each bot program an ended worker left running: one killed
    before it could end them (by the out-of-memory killer, say). A worker says a program
    has ended before reaping it; one that ended with its worker is reaped by the system,
    and its id taken again only once the system's ids have come round."""
    with contextlib.suppress(Exception):  # a message cut short by the worker's end reads as anything
        while conn.poll():
            _noted(conn.recv(), programs)
    for pid in programs if hasattr(os, "killpg") else ():
        with contextlib.suppress(OSError):
            os.killpg(pid, signal.SIGKILL)

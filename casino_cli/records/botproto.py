"""The bot protocol (``casino.bot/1``): a bot in any language, as a program that reads one
JSON object a line on stdin and answers one line on stdout (docs/bots.md).

For each decision the engine writes ``{"protocol": "casino.bot/1", "seat", "view",
"moves", "seed", "time_limit"}``: ``view`` is a ``casino.position/1`` object in which
the other hands are ``null``, with ``hand_counts``, ``unseen`` and ``history`` (the
hand's moves so far, ``{"seat", "move"}`` each) added; ``moves`` are
the legal moves' texts; ``seed`` an integer from the seat's rng (for a bot that wants
randomness, reproducibly). The bot answers ``{"move": TEXT}`` (or ``{"index": i}``, or
the move's text alone, in any spelling of the notation) within ``time_limit`` seconds
(CASINO_BOT_TIME_LIMIT, default 10; the first answer of a program has START_GRACE seconds
more, for it to start).

In a game (:func:`seated`) each seat has a program of its own, kept from game to game (for
at most DEALS_PER_PROGRAM deals) but never for a deal it has seen: partners never share one, and a program cannot remember the
cards of a mirrored pair's other game. Each program runs in a process group of its own, which is
killed when the program fails or ends, so nothing it started outlives it (a shell
script's children, say), unless it leaves the group (a session of its own: no sandbox).
"""

from __future__ import annotations

import atexit
import contextlib
import errno
import json
import math
import os
import random
import select
import shlex
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Sequence

import orjson

from ..cards import codes_of
from ..engine.bots import find_bot
from ..engine.moves import Move, MoveList
from ..engine.views import Bot, BotError, View, ended_words
from ..notation.errors import NotationError
from ..notation.fields import repeated_key, twice, whole
from ..notation.moves import read_move
from ..notation.position import position_json
from .hold_signals import held

PROTOCOL = "casino.bot/1"
TIME_LIMIT = 10.0  # seconds per answer; CASINO_BOT_TIME_LIMIT overrides it
START_GRACE = 5.0  # seconds more for a program's first answer: its start (an interpreter, a JVM)
MAX_ANSWER = 1 << 20  # bytes of one answer line: a program writing without a newline is stopped there
_STEP = 0.25  # seconds a wait on a program's pipe goes on before it looks whether the program has exited


def time_limit() -> float:
    """The time limit per answer: CASINO_BOT_TIME_LIMIT seconds, else (unset or empty) TIME_LIMIT. A value
    that is not a number of seconds from 0.01 on raises ValueError saying so."""
    text = os.environ.get("CASINO_BOT_TIME_LIMIT")
    if text is None or not text.strip():  # set empty: as if not set
        return TIME_LIMIT
    try:
        seconds = float(text)
    except ValueError:
        seconds = math.nan
    if not 0.01 <= seconds < math.inf:
        raise ValueError(
            f"CASINO_BOT_TIME_LIMIT is {text[:40]!r}: it must be a finite number of seconds, at least 0.01"
        )
    return seconds


VIEW_KEYS = ("seat", "hand_counts", "unseen", "history")  # what a view adds to its position's keys


def view_json(view: View) -> dict[str, object]:
    """A view as the protocol sends it: its position (the other hands null), and VIEW_KEYS."""
    known = view.known
    hidden = tuple(h if s == view.seat else None for s, h in enumerate(known.hands))
    added = (
        view.seat,
        [view.hand_count(s) for s in range(view.rules.players)],
        codes_of(view.unseen),
        [{"seat": p.seat, "move": p.move.text()} for p in view.history],
    )
    return position_json(known._replace(hands=hidden)) | dict(zip(VIEW_KEYS, added, strict=True))


class CommandBot:
    """A bot played by a program speaking ``casino.bot/1``."""

    def __init__(self, command: str, limit: float | None = None):
        self.command = command
        self.bot_name = f"cmd:{command}"
        self.time_limit = time_limit() if limit is None else limit
        self.process: subprocess.Popen[bytes] | None = None
        self.owner = 0  # the process that started it (a forked worker starts its own)
        self.answered = False  # whether the program running now has answered yet

    def fresh(self) -> CommandBot:
        """The same program for one seat: a process of its own (see :func:`seated`)."""
        return CommandBot(self.command, self.time_limit)

    def _start(self, seat: int) -> subprocess.Popen[bytes]:
        if self.process is None or self.owner != os.getpid():  # (a program that ended is not restarted)
            with held():  # a stop signal now would lose the program's handle
                try:
                    self.process = subprocess.Popen(
                        shlex.split(self.command),
                        stdin=subprocess.PIPE,
                        stdout=subprocess.PIPE,
                        bufsize=0,
                        process_group=0,  # a group of its own, killed whole; a terminal's Ctrl-C is casino's
                        preexec_fn=_announce if on_program is not None else None,
                    )
                except (OSError, ValueError) as exc:
                    raise BotError(self.bot_name, seat, f"could not be started: {exc}{_start_hint(exc)}") from None
                assert self.process.stdin is not None
                os.set_blocking(self.process.stdin.fileno(), False)  # a question is sent within the limit (_send)
                self.owner = os.getpid()
                self.answered = False
            _RUNNING.add(self)
        return self.process

    def close(self, wait: float = 1.0) -> None:
        """Close the program's stdin, give it ``wait`` seconds to end, then kill its process
        group (whatever it started, and the program itself if it lingers)."""
        close_all([self], wait)

    def _hang_up(self) -> subprocess.Popen[bytes] | None:
        """The program's handle, taken from this bot, its stdin closed (None if this process
        started none)."""
        process, self.process = self.process, None
        _RUNNING.discard(self)
        if process is None or self.owner != os.getpid():
            return None
        assert process.stdin is not None
        with contextlib.suppress(OSError):
            process.stdin.close()
        return process

    def _gone(self, process: subprocess.Popen[bytes]) -> str:
        """What to say of a program that ended before a question."""
        return f"exited before its {'next' if self.answered else 'first'} question{_how_ended(process)}"

    def _fail(self, seat: int, problem: str) -> BotError:
        self.close(wait=0)
        return BotError(self.bot_name, seat, problem)

    def __call__(self, view: View, moves: MoveList, rng: random.Random) -> Move:
        process = self._start(view.seat)
        texts = [m.text() for m in moves.moves]
        request = {
            "protocol": PROTOCOL,
            "seat": view.seat,
            "view": view_json(view),
            "moves": texts,
            "seed": rng.getrandbits(32),
            "time_limit": self.time_limit,
        }
        assert process.stdin is not None and process.stdout is not None
        if select.select([process.stdout.fileno()], [], [], 0)[0]:  # said something unasked
            extra = os.read(process.stdout.fileno(), 65536)
            when = "after its answer" if self.answered else "before its first question"
            if not extra:
                raise self._fail(view.seat, self._gone(process))
            if extra.strip():  # blank lines are no answer: let by, as they are wherever they come
                raise self._fail(view.seat, f"wrote {_shown(extra.lstrip())} {when} ({_TO_STDERR})")
        limit = self.time_limit + (0 if self.answered else START_GRACE)
        deadline = time.monotonic() + limit
        self._send(process, orjson.dumps(request) + b"\n", view.seat, limit, deadline)
        line = self._read_line(process, view.seat, limit, deadline)
        self.answered = True
        move = _chosen(line, moves)
        if isinstance(move, str):
            raise self._fail(view.seat, move)
        return move

    def _send(
        self, process: subprocess.Popen[bytes], question: bytes, seat: int, limit: float, deadline: float
    ) -> None:
        """Write a question whole by ``deadline``: a program that leaves its stdin unread
        until the pipe is full is late, never a hang."""
        assert process.stdin is not None
        fd = process.stdin.fileno()
        rest = memoryview(question)
        while rest:
            state = _wait(process, fd, deadline, write=True)
            if state == "ended":
                raise self._fail(seat, self._gone(process))
            if state == "late":
                said = f"did not read its question {_within(limit, self.answered)}: it must read each question"
                raise self._fail(seat, said)
            try:
                rest = rest[os.write(fd, rest) :]
            except BlockingIOError:  # the pipe filled between select and write
                continue
            except OSError:
                raise self._fail(seat, self._gone(process)) from None

    def _read_line(self, process: subprocess.Popen[bytes], seat: int, limit: float, deadline: float) -> bytes:
        """One line of the program's output, all of it by ``deadline``, ``limit`` seconds
        after its question was begun (the time limit, and START_GRACE more for the first
        answer of a program just started): a program that writes its answer a byte at a time
        is held to one limit for the whole line."""
        assert process.stdout is not None
        fd = process.stdout.fileno()
        data = b""
        while b"\n" not in data:  # the answer line ends here (what follows it in the same write: said below)
            state = _wait(process, fd, deadline)
            if state == "ended":  # and its output still open: held by a process it started
                raise self._fail(seat, f"exited without answering{_how_ended(process)}")
            if state == "late":
                raise self._fail(seat, _late(limit, data, self.answered))
            chunk = os.read(fd, 65536)
            if not chunk:
                code = _ended(process, 1.0)
                if code is None:
                    raise self._fail(seat, "closed its output without answering")
                raise self._fail(seat, f"exited without answering ({ended_words(code)})")
            data = (data + chunk).lstrip()  # blank lines before the answer are no answer
            if len(data) > MAX_ANSWER and b"\n" not in data[: MAX_ANSWER + 1]:  # the line, its newline not counted
                raise self._fail(seat, f"answered more than {MAX_ANSWER >> 20} MB without a newline")
        line, extra = data.split(b"\n", 1)
        if extra.strip():
            raise self._fail(
                seat,
                f"wrote two lines for one question, {_shown(line)} then {_shown(extra.strip().splitlines()[0])}"
                " (one answer a line; write anything else to stderr)",
            )
        return line


def _start_hint(exc: OSError | ValueError) -> str:
    """What to do about the usual slips that keep a script from starting: a file in the
    current directory named without ``./``, a script not executable, one without a ``#!`` line."""
    program = getattr(exc, "filename", None)
    if not isinstance(program, str):
        return ""
    if isinstance(exc, FileNotFoundError) and "/" not in program and os.path.isfile(program):
        return f" (none on the PATH; the file in the current directory is cmd:./{program})"
    if isinstance(exc, PermissionError) and os.path.isfile(program) and not os.access(program, os.X_OK):
        return f' (it is not executable: chmod +x {program}, or name its interpreter first, cmd:"sh {program}")'
    if isinstance(exc, OSError) and exc.errno == errno.ENOEXEC:
        return f' (a script names its interpreter on its first line, #!/bin/sh, or first in the command, cmd:"sh {program}")'
    return ""


def _wait(process: subprocess.Popen[bytes], fd: int, deadline: float, write: bool = False) -> str:
    """Wait for the program's pipe ``fd`` to be ready to read (or to ``write``): ``ready``;
    ``late``, at ``deadline``; or ``ended``, when the program has exited and the pipe is still
    not ready (a process it started holds it open). Waited in short steps, so that an exit
    is seen and a limit of any size never reaches select's own."""
    wanted: tuple[list[int], list[int]] = ([], [fd]) if write else ([fd], [])
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            return "late"
        if any(select.select(*wanted, [], min(left, _STEP))[:2]):
            return "ready"
        if hasattr(os, "waitid") and _ended(process, 0) is not None:  # (without waitid: the limit alone)
            return "ready" if any(select.select(*wanted, [], 0)[:2]) else "ended"


def _within(limit: float, answered: bool) -> str:
    """``within 6 s (its first answer: the limit and 5 s to start)``, or ``within 1 s``."""
    return f"within {limit:g} s" + (
        "" if answered else f" (its first answer: the limit and {START_GRACE:g} s to start)"
    )


def _late(limit: float, data: bytes, answered: bool) -> str:
    """What to say of a program whose answer did not come (or not whole) within ``limit``."""
    if data:
        return f"did not end its answer {_within(limit, answered)}: it wrote {_shown(data)} and no newline"
    return f"did not answer {_within(limit, answered)}; if it did answer, its output was not flushed"


_TO_STDERR = "stdout carries the answers alone: write anything else to stderr"


def _chosen(line: bytes, moves: MoveList) -> Move | str:
    """The move an answer line names (``{"move": TEXT}`` or ``{"move": OBJECT}``, ``{"index":
    I}``, or the text alone, in any spelling of the notation), or what is wrong with the answer
    (with the notation's reason, for a move it does not read)."""
    count = len(moves.moves)
    legal = "its only legal move" if count == 1 else f"one of its {count} legal moves"
    try:
        answer = orjson.loads(line)
    except orjson.JSONDecodeError:
        try:  # JSON that orjson does not read (an integer of more than 64 bits) is still JSON
            answer = json.loads(line)
        except (ValueError, RecursionError):  # RecursionError: nested deeper than Python's reader goes
            answer = line.decode("utf-8", "replace").strip()
            if answer.startswith(("{", "[")):  # meant as JSON: say that it is not (no move either)
                answer, legal = None, f"valid JSON, nor {legal}"
    repeated = repeated_key(line, answer)  # refused as a document's is: which of the two did the bot mean?
    if repeated is not None:
        return f"answered {_shown(line)}: {twice(repeated)}"
    by_index = by_text = None
    unread = ""  # why the notation does not read the move given
    if isinstance(answer, dict):
        index = whole(answer.get("index"))  # 4.0 is 4, as a document's whole numbers are
        if type(index) is int and 0 <= index < count:  # not a JSON true or false
            by_index = moves.moves[index]
        elif type(index) is int:
            unread = f" (an index counts from 0: 0 to {count - 1})"
        elif "index" in answer:  # true, 0.5, "4": no index
            unread = f" (an index is a whole number counted from 0: 0 to {count - 1})"
        elif "move" not in answer:  # {"Move": ...}: a move named under no key read
            unread = ' (an answer is {"move": TEXT} or {"index": I}: it has neither key)'
        text = answer.get("move")
    else:
        text = answer
        if isinstance(answer, (int, float)) and not isinstance(answer, bool):  # 4: an index without its key
            unread = ' (an index is written {"index": I})'
    if isinstance(text, (str, dict)):  # the text or the object form of a move
        try:
            move = read_move(text.strip() if isinstance(text, str) else text, "$.move")
            by_text = move if move in moves.moves else None
        except NotationError as exc:
            reason = str(exc) if len(str(exc)) <= 200 else f"{str(exc)[:199]}…"
            person = f"; {_TO_STDERR}" if isinstance(answer, str) else ""  # a line meant for a person?
            unread = f" ({reason}{person})"
    both = isinstance(answer, dict) and "index" in answer and "move" in answer
    if both and by_index is not None and by_text is not None and by_index != by_text:
        return f"answered {_shown(line)}: its index and its move name different moves (give one of them)"
    chosen = None if both and (by_index is None or by_text is None) else by_index or by_text
    return chosen if chosen is not None else f"answered {_shown(line)}, which is not {legal}{unread}"


def close_all(bots: Sequence[CommandBot], wait: float = 1.0) -> None:
    """End the programs of ``bots``: every stdin closed first, then ``wait`` seconds in all
    for them to end, then each process group killed (whatever a program started, and the
    program itself if it lingers) before the program is reaped: a reaped program's id, its
    group's too, may be another process's already (a group of casino's own, say). A stop
    signal waits until this is done: raised inside it (in a handle's ``__del__``, say) it
    would be lost, with a traceback. So the handles are kept, not dropped: a failing call's
    frames, kept by its exception, also hold the handle, and would drop it where no
    signal waits; the next clean-up drops them, inside its held section."""
    with held():
        _REAPED.clear()
        processes = [p for p in (bot._hang_up() for bot in bots) if p is not None]
        deadline = time.monotonic() + wait
        while processes:
            process = processes.pop()
            _ended(process, max(0.0, deadline - time.monotonic()))
            with contextlib.suppress(OSError):
                if hasattr(os, "killpg"):
                    os.killpg(process.pid, signal.SIGKILL)
                else:  # no process groups (Windows): the program alone
                    process.kill()
            _tell(process.pid, False)  # before it is reaped: its id is still its own
            process.wait()
            if process.stdout is not None:
                process.stdout.close()  # not left to the handle's drop (a ResourceWarning)
            _REAPED.append(process)


def _how_ended(process: subprocess.Popen[bytes]) -> str:
    """`` (exit status 3)``, for a message on a program that has ended (within a second), else ""."""
    code = _ended(process, 1.0)
    return "" if code is None else f" ({ended_words(code)})"


def _ended(process: subprocess.Popen[bytes], wait: float) -> int | None:
    """Wait up to ``wait`` seconds for the program to end, without reaping it (so its id
    stays its own): its exit status (a signal's number negated), or None if it has not
    ended or the platform cannot say without reaping it (no ``os.waitid``: macOS before
    Python 3.13, where the end of its output is waited for instead)."""
    if not hasattr(os, "waitid"):
        assert process.stdout is not None
        with contextlib.suppress(OSError, ValueError):
            fd, deadline = process.stdout.fileno(), time.monotonic() + wait
            while select.select([fd], [], [], max(0.0, deadline - time.monotonic()))[0] and os.read(fd, 65536):
                pass  # output nobody asked for: read past it, to its end or the deadline
        return None
    deadline = time.monotonic() + wait
    while True:
        try:
            info = os.waitid(os.P_PID, process.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
        except ChildProcessError:
            return None
        if info is not None:
            return info.si_status if info.si_code == os.CLD_EXITED else -info.si_status
        if time.monotonic() >= deadline:
            return None
        time.sleep(0.005)


def _shown(data: bytes) -> str:
    """At most 80 bytes of a program's output, for a message."""
    return repr(data[:80].decode("utf-8", "replace").strip())


_COMMANDS: dict[str, CommandBot] = {}
# the bots whose program runs, held until it is ended (a bot dropped unended, as play drops its
# seats, would leave it running past the exit)
_RUNNING: set[CommandBot] = set()
_REAPED: list[subprocess.Popen[bytes]] = []  # the handles of the programs close_all ended last (see there)
# Told each program's id (its process group's) as it starts (True, by the program itself: see
# _announce) and as it is ended (False): a worker of --jobs tells its parent, which ends the
# programs of a worker killed before it could (cli/workers.py).
on_program: Callable[[int, bool], None] | None = None


def _tell(pid: int, running: bool) -> None:
    if on_program is not None:
        on_program(pid, running)


def _announce() -> None:
    """Tell that a program runs from its own process, between its fork and its exec: a
    worker killed while it starts one (before Popen returns) cannot leave it untold, and
    the parent hears of it before the worker's pipe ends (the program holds the pipe until
    its exec). Only in a worker of --jobs, which runs no thread of its own."""
    _tell(os.getpid(), True)


def for_seat(bot: Bot) -> Bot:
    """The bot for one seat of one game: a ``cmd:`` bot as a program of its own (ended by
    :func:`close_bots` if not before); any other bot as it is."""
    return bot.fresh() if isinstance(bot, CommandBot) else bot


DEALS_PER_PROGRAM = 1000  # a program's deals, after which a new one is started: the seeds kept stay few
# (process, thread, bot, seat) -> the program and the seeds of the deals it has seen: games played
# at once (a Dask worker's threads) never share one. The bot itself is in the key, not its id(),
# which a bot made after it was dropped could take
_SEATED: dict[tuple[int, int, CommandBot, int], tuple[CommandBot, set[str]]] = {}


def seated(bots: Sequence[Bot], seed: str) -> list[Bot]:
    """The bots of the seats of the game dealt from ``seed``: each ``cmd:`` bot as a program
    of its own for its seat (partners never share one, nor the two sides of ``cmd:X cmd:X``:
    they are one bot, in different seats), kept from game to game but never for a deal it
    has seen. A program that would meet a deal again, as in the second game of a mirrored
    pair, where the cards it held are the other side's, is ended and started afresh, as is
    one that has played :data:`DEALS_PER_PROGRAM` deals (so the seeds kept do not grow
    with the games). Other bots as they are."""
    out: list[Bot] = []
    retired: list[CommandBot] = []  # ended together, sharing one wait
    for seat, bot in enumerate(bots):
        if not isinstance(bot, CommandBot):
            out.append(bot)
            continue
        key = (os.getpid(), threading.get_ident(), bot, seat)
        program, seen = _SEATED.get(key) or (None, set())
        if program is None or seed in seen or len(seen) >= DEALS_PER_PROGRAM:
            if program is not None:
                retired.append(program)
            program, seen = bot.fresh(), set()
            _SEATED[key] = (program, seen)
        seen.add(seed)
        out.append(program)
    close_all(retired)
    return out


def load_bot(name: str) -> Bot:
    """A bot by name: ``cmd:PROGRAM`` for a program speaking the protocol, otherwise a
    registered bot or ``module:function`` (:func:`~casino_cli.engine.bots.find_bot`)."""
    if name.startswith("cmd:"):
        command = name[4:].strip()
        if not command:
            raise LookupError("cmd: names no program: write the command after the colon (cmd:./mybot)")
        if name not in _COMMANDS:
            try:
                _COMMANDS[name] = CommandBot(command)
            except ValueError as exc:  # its time limit
                raise LookupError(f"cannot run bot {name!r}: {exc}") from None
        return _COMMANDS[name]
    return NamedBot(find_bot(name), name)


class NamedBot:
    """A bot that messages call by the name it was loaded as (``mybots:cautious``, not
    the function's own name, which two modules may share). What a ``module:function``
    bot prints goes to stderr: stdout is casino's data (``simulate``'s records). A
    KeyboardInterrupt it raises is its failure, as any exception is (a Ctrl-C reaches
    casino as its own stop, never as one)."""

    def __init__(self, bot: Bot, name: str):
        self.bot, self.bot_name = bot, name
        self.foreign = ":" in name  # code of the user's own, not a bot that ships

    def __call__(self, view: View, moves: MoveList, rng: random.Random) -> Move:
        if not self.foreign:
            return self.bot(view, moves, rng)
        try:
            with contextlib.redirect_stdout(sys.stderr):
                return self.bot(view, moves, rng)
        except KeyboardInterrupt:  # the bot's own: casino's stop signals raise Interrupted, and workers ignore Ctrl-C
            raise BotError(self.bot_name, view.seat, "raised KeyboardInterrupt") from None


def close_bots() -> None:
    """End every program this process started for a ``cmd:`` bot (what a worker process
    does before it ends; the main process does it at exit)."""
    close_all(list(_RUNNING))


atexit.register(close_bots)

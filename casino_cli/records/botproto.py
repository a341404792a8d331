"""The bot protocol (``casino.bot/1``): a bot in any language, as a program that reads one
JSON object a line on stdin and answers one line on stdout (docs/bots.md).

For each decision the engine writes ``{"protocol": "casino.bot/1", "seat", "view",
"moves", "seed", "time_limit"}``: ``view`` is a ``casino.position/1`` object in which
the other hands are ``null``, with ``hand_counts``, ``unseen`` and ``history`` (the
hand's moves so far, ``{"seat", "move"}`` each) added; ``moves`` are
the legal moves' texts; ``seed`` an integer from the seat's rng (for a bot that wants
randomness, reproducibly). The bot answers ``{"move": TEXT}`` (or ``{"index": i}``, or
the move's text alone) within ``time_limit`` seconds (CASINO_BOT_TIME_LIMIT, default 10). The program is started once and
kept for every decision of the process; its stdin is closed at the end. It runs in a
process group of its own, which is killed when the program fails or ends, so nothing it
started outlives it (a shell script's children, say).
"""

from __future__ import annotations

import atexit
import contextlib
import math
import os
import random
import select
import shlex
import signal
import subprocess

import orjson

from ..cards import codes_of
from ..engine.bots import find_bot
from ..engine.moves import Move, MoveList
from ..engine.views import Bot, BotError, View
from ..notation.position import position_json
from .hold_signals import held

PROTOCOL = "casino.bot/1"
TIME_LIMIT = 10.0  # seconds per answer; CASINO_BOT_TIME_LIMIT overrides it


def time_limit() -> float:
    """The time limit per answer: CASINO_BOT_TIME_LIMIT seconds, else TIME_LIMIT. A value
    that is not a number of seconds from 0.01 on raises ValueError saying so."""
    text = os.environ.get("CASINO_BOT_TIME_LIMIT")
    if text is None:
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


def view_json(view: View) -> dict[str, object]:
    """A view as the protocol sends it."""
    known = view.known
    hidden = tuple(h if s == view.seat else None for s, h in enumerate(known.hands))
    out = position_json(known._replace(hands=hidden))
    out["seat"] = view.seat
    out["hand_counts"] = [view.hand_count(s) for s in range(view.rules.players)]
    out["unseen"] = codes_of(view.unseen)
    out["history"] = [{"seat": p.seat, "move": p.move.text()} for p in view.history]
    return out


class CommandBot:
    """A bot played by a program speaking ``casino.bot/1``."""

    def __init__(self, command: str, limit: float | None = None):
        self.command = command
        self.bot_name = f"cmd:{command}"
        self.time_limit = time_limit() if limit is None else limit
        self.process: subprocess.Popen[bytes] | None = None
        self.owner = 0  # the process that started it (a forked worker starts its own)

    def _start(self, seat: int) -> subprocess.Popen[bytes]:
        if self.process is None or self.owner != os.getpid() or self.process.poll() is not None:
            with held():  # a stop signal now would lose the program's handle
                try:
                    self.process = subprocess.Popen(
                        shlex.split(self.command),
                        stdin=subprocess.PIPE,
                        stdout=subprocess.PIPE,
                        bufsize=0,
                        process_group=0,  # a group of its own, killed whole; a terminal's Ctrl-C is casino's
                    )
                except (OSError, ValueError) as exc:
                    raise BotError(self.bot_name, seat, f"could not be started: {exc}") from None
                self.owner = os.getpid()
            atexit.register(self.close)
        return self.process

    def close(self, wait: float = 1.0) -> None:
        """Close the program's stdin, give it ``wait`` seconds to end, then kill its process
        group (whatever it started, and the program itself if it lingers). A stop signal
        waits until this is done: raised inside it (in the handle's ``__del__``, say) it
        would be lost, with a traceback."""
        with held():
            process, self.process = self.process, None
            if process is None or self.owner != os.getpid():
                return
            assert process.stdin is not None
            with contextlib.suppress(OSError):
                process.stdin.close()
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(timeout=wait)
            with contextlib.suppress(OSError):
                if hasattr(os, "killpg"):
                    os.killpg(process.pid, signal.SIGKILL)
                else:  # no process groups (Windows): the program alone
                    process.kill()
            process.wait()
            del process  # its __del__ runs here, inside the held section

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
            extra = os.read(process.stdout.fileno(), 80)
            raise self._fail(
                view.seat, "exited before reading its view" if not extra else f"wrote {_shown(extra)} after its answer"
            )
        try:
            process.stdin.write(orjson.dumps(request) + b"\n")
        except OSError:
            raise self._fail(view.seat, "exited before reading its view") from None
        line = self._read_line(process, view.seat)
        try:
            answer = orjson.loads(line)
        except orjson.JSONDecodeError:
            answer = line.decode("utf-8", "replace").strip()
        index = answer.get("index") if isinstance(answer, dict) else None
        if type(index) is int and 0 <= index < len(texts):  # not a JSON true or false
            return moves.moves[index]
        text = answer.get("move") if isinstance(answer, dict) else answer
        upper = [t.upper() for t in texts]
        if isinstance(text, str) and text.strip().upper() in upper:
            return moves.moves[upper.index(text.strip().upper())]
        legal = "its only legal move" if len(texts) == 1 else f"one of its {len(texts)} legal moves"
        raise self._fail(view.seat, f"answered {_shown(line)}, which is not {legal}")

    def _read_line(self, process: subprocess.Popen[bytes], seat: int) -> bytes:
        """One line of the program's output, within the time limit."""
        assert process.stdout is not None
        fd = process.stdout.fileno()
        data = b""
        while not data.endswith(b"\n"):
            ready, _, _ = select.select([fd], [], [], self.time_limit)
            if not ready:
                raise self._fail(seat, f"did not answer within {self.time_limit:g} s")
            chunk = os.read(fd, 65536)
            if not chunk:
                raise self._fail(seat, "exited without answering")
            data += chunk
            if len(data) > 1 << 20:
                raise self._fail(seat, "answered more than 1 MB without a newline")
        line, extra = data.split(b"\n", 1)
        if extra.strip():
            raise self._fail(seat, f"wrote {_shown(extra)} after its answer")
        return line


def _shown(data: bytes) -> str:
    """At most 80 bytes of a program's output, for a message."""
    return repr(data[:80].decode("utf-8", "replace").strip())


_COMMANDS: dict[str, CommandBot] = {}


def load_bot(name: str) -> Bot:
    """A bot by name: ``cmd:PROGRAM`` for a program speaking the protocol, otherwise a
    registered bot or ``module:function`` (:func:`~casino_cli.engine.bots.find_bot`)."""
    if name.startswith("cmd:"):
        command = name[4:].strip()
        if not command:
            raise LookupError("cmd: names no program (e.g. --bots cmd:./mybot)")
        if name not in _COMMANDS:
            try:
                _COMMANDS[name] = CommandBot(command)
            except ValueError as exc:  # its time limit
                raise LookupError(f"cannot run bot {name!r}: {exc}") from None
        return _COMMANDS[name]
    return NamedBot(find_bot(name), name)


class NamedBot:
    """A bot that messages call by the name it was loaded as (``mybots:cautious``, not
    the function's own name, which two modules may share)."""

    def __init__(self, bot: Bot, name: str):
        self.bot, self.bot_name = bot, name

    def __call__(self, view: View, moves: MoveList, rng: random.Random) -> Move:
        return self.bot(view, moves, rng)


def close_bots() -> None:
    """End every program this process started for a ``cmd:`` bot (what a worker process
    does before it ends; the main process does it at exit)."""
    for bot in _COMMANDS.values():
        bot.close()

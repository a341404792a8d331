"""--jobs N on a live stream (``tail -f games.jsonl | casino review - --jobs 4``): each
result is written as soon as it and those before it are done, while the input waits for
its next line; a stop or a closed output then ends the command as ever.

No timing: the test writes a document into the command's stdin, reads its result line
from stdout, and only then writes the next. Before results were handed on this way, the
first one waited for more input, so the read reached its guard (GUARD seconds, a hang's
bound, never a measure of speed) and the test failed there.
"""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import orjson
import pytest

CASINO = [sys.executable, "-m", "casino_cli"]
GUARD = 60  # seconds: a hang's bound
RECORDS = Path("fixtures/records/corpus/classic-2.jsonl").read_bytes().splitlines(keepends=True)
COMMANDS = {
    "hint": ["hint", "-", "--hand", "1", "--move", "3", "--jobs", "2", "-f", "jsonl"],
    "review": ["review", "-", "--top", "1", "--jobs", "2", "-f", "jsonl"],
}


@pytest.fixture
def live() -> Iterator[Callable[[str], subprocess.Popen[bytes]]]:
    """Start ``casino COMMAND`` on a stdin the test writes to; any still running at the
    end (a test failed) is killed."""
    started: list[subprocess.Popen[bytes]] = []

    def start(command: str) -> subprocess.Popen[bytes]:
        started.append(
            subprocess.Popen(
                [*CASINO, *COMMANDS[command]],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                bufsize=0,
                start_new_session=True,
            )
        )
        return started[-1]

    yield start
    for proc in started:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)  # the command and its workers
        proc.communicate()


def _feed(proc: subprocess.Popen[bytes], document: bytes) -> None:
    assert proc.stdin is not None
    proc.stdin.write(document)
    proc.stdin.flush()


def _line(proc: subprocess.Popen[bytes]) -> bytes:
    """The next line of the command's stdout, or a failure after GUARD seconds without one."""
    assert proc.stdout is not None
    line = b""
    while not line.endswith(b"\n"):
        ready, _, _ = select.select([proc.stdout], [], [], GUARD)
        if not ready:
            pytest.fail(f"no result in {GUARD} s while the input stays open: {line!r} so far")
        part = os.read(proc.stdout.fileno(), 1)
        assert part, f"stdout ended: {proc.wait()}, {proc.stderr.read() if proc.stderr else b''!r}"
        line += part
    return line


@pytest.mark.parametrize("command", COMMANDS)
def test_each_result_is_written_before_the_next_document_is_read(live, command):
    proc = live(command)
    for number, record in enumerate(RECORDS[:2], 1):
        _feed(proc, record)
        assert orjson.loads(_line(proc))["line"] == number
    _, err = proc.communicate(timeout=GUARD)  # the input ends: so does the command
    assert proc.returncode == 0 and err == b"", err


@pytest.mark.parametrize("to", ["process", "reader"])
def test_a_stop_while_the_input_waits_is_143_after_the_results(live, to):
    """SIGTERM to the parent alone (it ends its workers; its reader waits on stdin), or to
    that reader thread itself (Linux): the caller's thread, waiting for the reader, must
    take it, as one in that thread would not wake it."""
    proc = live("hint")
    _feed(proc, RECORDS[0])
    first = _line(proc)
    if to == "reader":
        if not Path(f"/proc/{proc.pid}/task").is_dir():
            pytest.skip("a thread's id is read from /proc")
        threads = [int(tid) for tid in os.listdir(f"/proc/{proc.pid}/task") if int(tid) != proc.pid]
        assert len(threads) == 1, threads  # the reader, the command's only other thread
        os.kill(threads[0], signal.SIGTERM)  # Linux: the signal goes to that thread if it takes it
    else:
        os.kill(proc.pid, signal.SIGTERM)
    code = proc.wait(timeout=GUARD)  # stdin still open (communicate() would close it)
    assert proc.stdout is not None and proc.stderr is not None
    assert (code, proc.stderr.read(), proc.stdout.read()) == (143, b"casino: interrupted\n", b"")
    assert orjson.loads(first)["line"] == 1


def test_a_reader_gone_while_the_input_waits_is_141_quietly(live):
    """Standard input still open, read by a thread that waits on it, at the exit: the
    interpreter's end must not close it under that wait (a fatal error, exit 134)."""
    proc = live("hint")
    _feed(proc, RECORDS[0])
    _line(proc)
    assert proc.stdout is not None
    proc.stdout.close()  # the reader goes: the next result cannot be written
    _feed(proc, RECORDS[1])
    assert proc.wait(timeout=GUARD) == 141
    assert proc.stderr is not None and proc.stderr.read() == b""

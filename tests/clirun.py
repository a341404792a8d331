"""Run the ``casino`` command as a user would: a subprocess, its output and exit code."""

from __future__ import annotations

import shlex
import subprocess
import sys

# A hang's bound, not a measure of speed: a review's game search takes 2 s here, and on a
# loaded machine many times that (a test's four took 150 s at nice 19 beside other work).
HANG = 300

# This interpreter as one word of a command line (a cmd: bot, a shell's), whatever its path holds (a space).
PYTHON = shlex.quote(sys.executable)


def casino(*args: str, stdin: bytes | str | None = None, env: dict | None = None) -> subprocess.CompletedProcess:
    """``python -m casino_cli ARGS`` with bytes in and out, given up on after HANG seconds."""
    if isinstance(stdin, str):
        stdin = stdin.encode()
    return subprocess.run(
        [sys.executable, "-m", "casino_cli", *args], input=stdin, capture_output=True, timeout=HANG, env=env
    )

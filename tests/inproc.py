"""Run the ``casino`` command inside the test process: the same entry point as the console
script (``casino_cli.cli.entry.run``), with standard input, output and error swapped for
in-memory streams. About a hundred times faster than a subprocess, so the hostile-input
tables can be long; tests that need a real process (time, memory, signals) use clirun.
"""

from __future__ import annotations

import io
import sys
from typing import NamedTuple

from casino_cli.cli.entry import run


class Result(NamedTuple):
    """What one command did: its exit code, its stdout (bytes) and its stderr (text)."""

    returncode: int
    stdout: bytes
    stderr: str


class _Stdin:
    """Enough of ``sys.stdin`` for the readers: ``.buffer`` holds the bytes."""

    def __init__(self, data: bytes):
        self.buffer = io.BytesIO(data)

    def isatty(self) -> bool:
        return False

    def fileno(self) -> int:
        raise io.UnsupportedOperation("fileno")


def cli(*args: str, stdin: bytes | str = b"") -> Result:
    """``casino ARGS`` in-process; SystemExit becomes the exit code, never escapes."""
    if isinstance(stdin, str):
        stdin = stdin.encode()
    saved = sys.stdin, sys.stdout, sys.stderr
    out_bytes = io.BytesIO()
    out = io.TextIOWrapper(out_bytes, encoding="utf-8", write_through=True)
    err = io.StringIO()
    sys.stdin, sys.stdout, sys.stderr = _Stdin(stdin), out, err
    code = 0
    try:
        run(list(args))
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    finally:
        out.flush()
        sys.stdin, sys.stdout, sys.stderr = saved
    return Result(code, out_bytes.getvalue(), err.getvalue())

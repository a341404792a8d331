"""Run the ``casino`` command as a user would: a subprocess, its output and exit code."""

from __future__ import annotations

import subprocess
import sys


def casino(*args: str, stdin: bytes | str | None = None, env: dict | None = None) -> subprocess.CompletedProcess:
    """``python -m casino_cli ARGS`` with bytes in and out."""
    if isinstance(stdin, str):
        stdin = stdin.encode()
    return subprocess.run(
        [sys.executable, "-m", "casino_cli", *args], input=stdin, capture_output=True, timeout=60, env=env
    )

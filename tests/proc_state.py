"""A process's state as Linux's /proc shows it, for tests that wait on other processes."""

from __future__ import annotations

from pathlib import Path


def process_state(pid: int) -> str | None:
    """The state letter of ``pid`` (``R`` running, ``S`` sleeping, ``Z`` ended but not
    collected...), or ``None`` once it is gone."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return None

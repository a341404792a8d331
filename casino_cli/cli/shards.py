"""``--shard K/N``: the K-th of N contiguous parts of a run's work (games by number,
records by position in the input), so that the outputs of shards 1..N, concatenated in
order, are the output of the whole run."""

from __future__ import annotations

import contextlib
import os
import stat

from .output import USAGE, Fail, typed_number


def parse_shard(text: str | None) -> tuple[int, int]:
    """``"K/N"`` -> (K, N) with 1 <= K <= N; None (no --shard) is the whole run, 1/1."""
    if text is None:
        return 1, 1
    first, slash, last = text.partition("/")
    k, n = typed_number(first), typed_number(last)
    if slash and k is not None and n is not None and 1 <= k <= n < 10**9:
        return k, n
    raise Fail(USAGE, f"--shard takes K/N with 1 <= K <= N (e.g. 2/8), not {text!r}")


def shard_range(shard: tuple[int, int], total: int) -> range:
    """The indices (0-based) of the items of ``total`` that shard (K, N) takes: the K-th
    of N contiguous parts, as equal as can be (sizes differ by at most one)."""
    k, n = shard
    return range(total * (k - 1) // n, total * k // n)


def check_read_twice(paths: list[str]) -> None:
    """validate --shard reads its files twice (once to count their records): standard input,
    a pipe (``<(...)``, /dev/stdin, a FIFO) or a device reads once, so it is refused (the count
    would empty it, or wait for a FIFO's writer, and the shard would check nothing)."""
    why = "--shard reads its files twice (to count their records), so"
    for path in paths:
        if path == "-":
            raise Fail(USAGE, f"{why} not standard input (-)")
        with contextlib.suppress(OSError):  # a file that cannot be opened is said when it is read
            mode = os.stat(path).st_mode
            if stat.S_ISFIFO(mode) or stat.S_ISCHR(mode) or stat.S_ISSOCK(mode):
                raise Fail(USAGE, f"{why} not {path}, which is a pipe or a device: save it to a file first")

"""``--shard K/N``: the K-th of N contiguous parts of a run's work (games by number,
records by position in the input), so that the outputs of shards 1..N, concatenated in
order, are the output of the whole run."""

from __future__ import annotations

from .output import USAGE, Fail


def parse_shard(text: str | None) -> tuple[int, int]:
    """``"K/N"`` -> (K, N) with 1 <= K <= N; None (no --shard) is the whole run, 1/1."""
    if text is None:
        return 1, 1
    k, slash, n = text.partition("/")
    if slash and k.isdigit() and n.isdigit() and 1 <= int(k) <= int(n):
        return int(k), int(n)
    raise Fail(USAGE, f"--shard takes K/N with 1 <= K <= N (e.g. 2/8), not {text!r}")


def shard_range(shard: tuple[int, int], total: int) -> range:
    """The indices (0-based) of the items of ``total`` that shard (K, N) takes: the K-th
    of N contiguous parts, as equal as can be (sizes differ by at most one)."""
    k, n = shard
    return range(total * (k - 1) // n, total * k // n)

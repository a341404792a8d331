"""``--shard K/N``: shards 1..N of simulate and validate, concatenated in order, print
exactly what one run prints; a bad K/N is a usage error."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from inproc import cli

from casino_cli.cli.shards import shard_range


@pytest.mark.parametrize(("total", "n"), [(0, 3), (1, 4), (7, 3), (10, 10), (11, 4), (100, 7)])
def test_shards_cover_the_work_once_in_order(total: int, n: int) -> None:
    parts = [shard_range((k, n), total) for k in range(1, n + 1)]
    assert [i for part in parts for i in part] == list(range(total))
    assert max(map(len, parts)) - min(map(len, parts)) <= 1


@pytest.mark.parametrize("n", [1, 2, 3, 5, 9])
def test_simulate_shards_concatenate_to_one_run(n: int) -> None:
    args = ["simulate", "--games", "7", "--seed", "shard", "--bots", "greedy,random"]
    whole = cli(*args)
    assert whole.returncode == 0 and whole.stdout.count(b"\n") == 7
    shards = [cli(*args, "--shard", f"{k}/{n}") for k in range(1, n + 1)]
    assert all(s.returncode == 0 for s in shards)
    assert b"".join(s.stdout for s in shards) == whole.stdout


@pytest.mark.parametrize("fmt", ["json", "text"])
def test_validate_shards_concatenate_to_one_run(tmp_path: Path, fmt: str) -> None:
    records = cli("simulate", "--games", "6", "--seed", "v").stdout.splitlines(keepends=True)
    records[1] = records[1].replace(b'"8', b'"9', 1)  # a wrong claim or an illegal move: a finding
    records.insert(3, b"{not json\n")  # unreadable
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    first.write_bytes(b"".join(records[:4]))
    second.write_bytes(b"".join(records[4:]))
    args = ["validate", str(first), str(second), "--keep-going", "-f", fmt]
    whole = cli(*args)
    assert whole.returncode == 65 and whole.stdout.count(b"\n") >= 2
    for n in (2, 3, 7):
        shards = [cli(*args, "--shard", f"{k}/{n}") for k in range(1, n + 1)]
        assert b"".join(s.stdout for s in shards) == whole.stdout
        assert sum(int(s.stderr.split()[1]) for s in shards) == 7  # "casino: N records checked"


@pytest.mark.parametrize(
    "shard", ["0/3", "4/3", "1/0", "a/b", "2", "1/2/3", "", "²/3", "1/" + "9" * 4000, "1/9999999999"]
)
def test_a_bad_shard_is_a_usage_error(shard: str) -> None:
    result = cli("simulate", "--shard", shard)
    assert result.returncode == 2 and "--shard takes K/N" in result.stderr and not result.stdout


def test_validate_shards_refuse_standard_input() -> None:
    result = cli("validate", "-", "--shard", "1/2", stdin=b"{}")
    assert result.returncode == 2 and "standard input" in result.stderr


def test_validate_shards_refuse_a_pipe() -> None:
    """A pipe (``<(...)``, /dev/stdin, a FIFO) reads once: the counting pass would empty it
    (or, for a FIFO, wait for a writer forever), and a shard would check nothing."""
    records = cli("simulate", "--games", "4", "--seed", "p").stdout
    read_end, write_end = os.pipe()
    os.write(write_end, records)
    os.close(write_end)
    try:
        result = cli("validate", f"/dev/fd/{read_end}", "--shard", "2/2")
    finally:
        os.close(read_end)
    assert result.returncode == 2 and "is a pipe" in result.stderr and not result.stdout


def test_validate_on_a_cluster_refuses_pretty_before_anything_else():
    """--dask prints what --jobs 1 prints, in a data format: -f pretty is a usage error,
    said before the cluster is reached or Dask is looked for."""
    out = cli("validate", "--dask", "127.0.0.1:9", "-f", "pretty", "fixtures/records/dispute.json")
    assert (out.returncode, out.stdout) == (2, b"")
    assert out.stderr == "casino: --dask writes json, jsonl or text (-f), not pretty\n"


def test_a_simulate_shard_with_no_game_says_so() -> None:
    """With more shards than games, some shards hold none: such a shard wrote nothing and
    said nothing, and a validate reading it in a pipeline then met empty input (exit 65)
    with no word why; it says on stderr that it holds no game, and exits 0."""
    for k in range(1, 7):  # shards 1, 3 and 5 of 6 hold none of 3 games
        shard, games = f"{k}/6", len(shard_range((k, 6), 3))
        out = cli("simulate", "--games", "3", "--seed", "s", "--shard", shard)
        assert out.returncode == 0 and len(out.stdout.splitlines()) == games, out
        empty = f"--shard {shard} of 3 games holds none of them: it writes no record"
        assert (empty in out.stderr) == (not games), out.stderr

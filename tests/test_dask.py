"""``--dask ADDRESS`` on a LocalCluster of two worker processes: simulate and validate
print byte for byte what ``--jobs 1`` prints (skipped where Dask is not installed)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from clirun import casino

distributed = pytest.importorskip(
    "distributed", reason="Dask is not installed (pip install 'casino-cli[dask]'): the cluster tests are skipped"
)


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0") as cluster:
        yield cluster.scheduler_address


def test_simulate_on_a_cluster_prints_what_one_process_prints(scheduler: str) -> None:
    args = ["simulate", "--games", "9", "--seed", "dask", "--bots", "greedy,random"]
    one = casino(*args, "--jobs", "1")
    assert one.returncode == 0 and one.stdout.count(b"\n") == 9
    spread = casino(*args, "--dask", scheduler, "--per-task", "2")  # five tasks
    assert (spread.returncode, spread.stdout) == (0, one.stdout)
    shard = casino(*args, "--dask", scheduler, "--per-task", "2", "--shard", "2/3")
    assert shard.stdout == b"".join(one.stdout.splitlines(keepends=True)[3:6])


def test_validate_on_a_cluster_prints_what_one_process_prints(scheduler: str, tmp_path: Path) -> None:
    records = casino("simulate", "--games", "8", "--seed", "dv").stdout.splitlines(keepends=True)
    records[2] = records[2].replace(b'"8', b'"9', 1)
    records.insert(5, b"[1, 2]\n")
    path = tmp_path / "night.jsonl"
    path.write_bytes(b"".join(records))
    for fmt in ("json", "text"):
        one = casino("validate", str(path), "--keep-going", "-f", fmt)
        assert one.returncode == 65 and one.stdout.count(b"\n") >= 2
        spread = casino("validate", str(path), "--keep-going", "-f", fmt, "--dask", scheduler, "--per-task", "3")
        assert (spread.returncode, spread.stdout, spread.stderr) == (65, one.stdout, one.stderr)


def test_an_unreachable_scheduler_is_a_usage_error() -> None:
    env = dict(os.environ, DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT="1s")  # Dask's own setting
    result = casino("simulate", "--dask", "tcp://127.0.0.1:9", "--games", "1", env=env)
    assert result.returncode == 2 and b"cannot reach the scheduler" in result.stderr

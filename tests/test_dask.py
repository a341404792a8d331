"""``--dask ADDRESS`` on a LocalCluster of two worker processes: simulate and validate
print byte for byte what ``--jobs 1`` prints (skipped where Dask is not installed)."""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from clirun import casino
from test_process_edges import BOTS

from casino_cli.cli import cluster
from casino_cli.cli.cluster import (
    ordered,
    played_tasks,
    simulation_bag,
    task_bag,
    validation_bag,
    validation_tasks,
)
from casino_cli.cli.output import Format
from casino_cli.engine import make_rules

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
    with distributed.Client(scheduler):  # the Python interface: the same records
        bag = simulation_bag(make_rules("classic", 2), "dask", range(1, 10), ["greedy", "random"], per_task=2)
        assert b"".join(line + b"\n" for line in bag.compute()) == one.stdout


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


def test_a_failing_bot_leaves_the_records_and_message_of_jobs_1(scheduler: str, tmp_path: Path) -> None:
    """Games 17 to 24 are a task: the bot fails in game 18, and game 17 was lost with the task."""
    (tmp_path / "mybots.py").write_text(BOTS)
    with distributed.Client(scheduler) as client:
        client.upload_file(str(tmp_path / "mybots.py"))  # Dask's way to a module on every worker
    env = dict(os.environ, PYTHONPATH=str(tmp_path))
    args = ["simulate", "--games", "30", "--hands", "1", "--seed", "u", "--bots", "mybots:unlucky,greedy"]
    one = casino(*args, "--jobs", "1", env=env)
    said = "in unlucky (in game 18, dealt from seed 'u/18')\n"
    assert one.returncode == 2 and one.stderr.decode().endswith(said) and one.stdout.count(b"\n") == 17
    spread = casino(*args, "--dask", scheduler, "--per-task", "8", env=env)
    assert (spread.returncode, spread.stdout, spread.stderr) == (2, one.stdout, one.stderr)


@pytest.mark.parametrize("pickles, raised", [(True, ValueError), (False, RuntimeError)])
def test_a_task_s_exception_comes_after_the_results_before_it(scheduler: str, pickles: bool, raised: type) -> None:
    """As map does: 0 to 6, then the error (one that does not pickle as a RuntimeError in its
    words, as with --jobs); the task [4, 5, 6, 7] kept 4 to 6 back."""

    def seven_fails(n: int) -> int:  # local: Dask sends it to the workers by value
        if n != 7:
            return n
        exc = ValueError("seven")
        if not pickles:
            exc.held = threading.Lock()  # type: ignore[attr-defined]  # nothing pickles a lock
        raise exc

    got: list[int] = []
    with pytest.raises(raised, match="^(ValueError: )?seven$"):
        got.extend(ordered(task_bag(range(20), seven_fails, 4), scheduler))
    assert got == list(range(7))


def test_an_unreachable_scheduler_is_a_usage_error() -> None:
    env = dict(os.environ, DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT="1s")  # Dask's own setting
    result = casino("simulate", "--dask", "tcp://127.0.0.1:9", "--games", "1", env=env)
    assert result.returncode == 2 and b"cannot reach the scheduler" in result.stderr


@pytest.mark.parametrize("address", ["nonsense", "tcp://127.0.0.1:abc", "foo://127.0.0.1:80", "", "tls://127.0.0.1:9"])
def test_an_address_dask_cannot_use_is_a_usage_error(address: str) -> None:
    """An address Dask refuses before connecting (no port, a port that is no number, an
    unknown scheme, TLS without its settings) is the user's to fix: exit 2 naming it, not
    an internal error asking for a bug report."""
    result = casino("simulate", "--dask", address, "--games", "1", "--seed", "s")
    said = result.stderr.decode()
    assert result.returncode == 2 and not result.stdout, said
    assert f"--dask: {address!r} is not a scheduler address Dask can use (" in said and "tcp://10.0.0.5:8786" in said


@pytest.mark.parametrize("engine, games, records", [("python", 300, 600), ("compiled", 600, 1200)])
def test_a_default_task_is_about_a_second_of_the_engine_that_runs(
    engine: str, games: int, records: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """--per-task 0 (and the Python functions' default) makes tasks of about a second: 300
    games of the pure engine, but the compiled one (what pip install . gives) plays them
    in a third of that, and tasks of half a second cost the scheduler more than they are
    worth; it gets twice as many games, and twice as many records to validate. A task holds
    exactly that many: one more item makes a second task."""
    monkeypatch.setattr(cluster, "ENGINE", engine)
    rules, bots = make_rules("classic", 2), ["random", "random"]
    for n in (2400, games, games + 1):  # a task of 301 games made 8 tasks of 2,400 too
        assert played_tasks(rules, "s", range(1, n + 1), bots).npartitions == -(-n // games)
        assert simulation_bag(rules, "s", range(1, n + 1), bots).npartitions == -(-n // games)
    for n in (2400, records, records + 1):
        assert validation_tasks([None] * n, False, Format.json).npartitions == -(-n // records)  # type: ignore[list-item]
        assert validation_bag([None] * n, False, Format.json).npartitions == -(-n // records)  # type: ignore[list-item]

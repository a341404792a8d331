"""The worker processes behind --jobs N: the same answers as one process, in order, and an
end that never hangs, whatever becomes of a worker."""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from casino_cli.cli import workers
from casino_cli.cli.output import Interrupted
from casino_cli.cli.process import SIGNAL_CODES, _stop_worker
from casino_cli.cli.workers import ordered_map

CASINO = [sys.executable, "-m", "casino_cli"]

# pytest-xdist's worker runs a thread of its own, so a fork inside this test process is
# one from a process with threads, which Python 3.12+ warns of. The command itself forks
# before any thread of its own starts: test_a_command_with_a_progress_bar_forks_before_any_thread
# checks that in a process of its own, where the warning is shown.
pytestmark = pytest.mark.filterwarnings("ignore:This process .* is multi-threaded:DeprecationWarning")


def _square(n: int) -> int:
    return n * n


def _fails_on_seven(n: int) -> int:
    if n == 7:
        raise ValueError("seven")
    return n


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 60), st.integers(1, 3), st.integers(1, 9))
def test_the_results_are_map_s_in_order(count, jobs, chunksize):
    assert list(ordered_map(_square, range(count), jobs, chunksize)) == [n * n for n in range(count)]


def test_a_worker_s_exception_is_raised_in_the_parent_and_the_workers_end():
    with pytest.raises(ValueError, match="seven"):
        list(ordered_map(_fails_on_seven, range(20), 2, 3))
    assert multiprocessing.active_children() == []


def _unpicklable_at_three(n: int, fail: bool) -> object:
    """n, but at 3 a result or an exception that cannot be pickled (it holds a function)."""
    if n != 3:
        return n
    if not fail:
        return lambda: n
    exc = ValueError("three")
    exc.later = lambda: n  # type: ignore[attr-defined]
    raise exc


@pytest.mark.parametrize(
    "fail, said", [(True, r"^ValueError: three$"), (False, r"^(PicklingError|AttributeError): .*(pickle|local object)")]
)
def test_what_cannot_be_sent_back_is_an_error_in_its_words_after_the_results_before_it(fail, said):
    """A worker's exception that cannot be pickled is raised in the parent as a RuntimeError
    of its type and text; a result that cannot be, as the pickling's error."""
    import functools

    got = []
    with pytest.raises(RuntimeError, match=said):
        got.extend(ordered_map(functools.partial(_unpicklable_at_three, fail=fail), range(8), 2))
    assert got == [0, 1, 2]
    assert multiprocessing.active_children() == []


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_worker_s_exception_comes_after_the_results_before_it_in_its_chunk(jobs):
    """As map does: 0 to 6, then the error; the chunk [4, 5, 6, 7] kept 4 to 6 back."""
    got = []
    with pytest.raises(ValueError, match="seven"):
        got.extend(ordered_map(_fails_on_seven, range(20), jobs, 4))
    assert got == list(range(7))


def _unreadable_after(count: int):
    yield from range(count)
    raise OSError("the input failed")  # as a read error (EIO) in the middle of a stream


def test_an_error_reading_the_items_comes_after_every_result_before_it():
    """The results of the items read before it are handed on first (they were lost when
    the error came while the next chunk was read, before the results already received)."""
    results = ordered_map(_square, _unreadable_after(6), 2)
    got = []
    with pytest.raises(OSError, match="the input failed"):
        got.extend(results)
    assert got == [n * n for n in range(6)]
    assert multiprocessing.active_children() == []


def test_leaving_early_ends_the_workers():
    results = ordered_map(_square, range(10_000), 2)
    assert next(results) == 0
    results.close()
    assert multiprocessing.active_children() == []


def test_the_work_is_read_two_chunks_a_worker_ahead_and_no_further_once_left():
    """With 2 workers and 1 item a chunk, at most 2 chunks a worker are sent unanswered:
    4 items read before any result, a 5th once the first result is received. Left there,
    the work is read no further, and the thread that read it ends."""
    read = []
    fifth = threading.Event()

    def work():
        for n in range(100):
            read.append(n)
            if len(read) == 5:
                fifth.set()
            yield n

    before = set(threading.enumerate())
    results = ordered_map(_square, work(), 2)
    assert next(results) == 0
    assert fifth.wait(60), read  # a hang guard: the 5th read follows the first result
    (feeder,) = set(threading.enumerate()) - before
    results.close()
    feeder.join(60)  # a hang guard
    assert not feeder.is_alive() and read == [0, 1, 2, 3, 4]


def _mark_end(folder: str) -> None:
    with open(os.path.join(folder, str(os.getpid())), "w"):
        pass


def _squares_with(at_end: Callable[[], None], stop_early: bool) -> None:
    """Squares by two workers that run ``at_end`` as they end: all ten of them, or, stopped
    early (SIGTERM), the first of ten thousand."""
    results = ordered_map(_square, range(10_000 if stop_early else 10), 2, at_end=at_end)
    if stop_early:
        assert next(results) == 0
        results.close()
    else:
        assert list(results) == [n * n for n in range(10)]


@pytest.mark.parametrize("stop_early", [False, True])
def test_each_worker_runs_at_end_as_it_ends(tmp_path, stop_early):
    """``at_end`` (what ends a worker's bot programs) runs in every worker, whether the work
    was done or the parent stopped the workers mid-way (SIGTERM), and in this process when
    there is one job; the stopped workers still end, and nothing is left."""
    import functools

    _squares_with(functools.partial(_mark_end, str(tmp_path)), stop_early)
    assert multiprocessing.active_children() == []
    marks = list(tmp_path.iterdir())
    assert len(marks) == 2 and all(int(m.name) != os.getpid() for m in marks)
    here = ordered_map(_square, range(3), 1, at_end=functools.partial(_mark_end, str(tmp_path)))
    assert list(here) == [0, 1, 4] and (tmp_path / str(os.getpid())).exists()


def _signal_state(_: object) -> tuple[object, ...]:
    blocked = signal.pthread_sigmask(signal.SIG_BLOCK, [])
    return signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGHUP), signal.getsignal(signal.SIGTERM), blocked


def test_workers_start_quiet_whatever_the_parent_handles():
    """A forked worker would inherit the parent's handlers, which raise Interrupted: each
    worker leaves Ctrl-C and a hang-up to the parent, ends on SIGTERM (after its clean-up),
    and blocks nothing."""

    def raising(number, frame):
        raise KeyboardInterrupt

    stops = (signal.SIGINT, signal.SIGHUP, signal.SIGTERM)
    previous = {number: signal.signal(number, raising) for number in stops}
    try:
        state = list(ordered_map(_signal_state, range(4), 2))
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)
    assert state == [(signal.SIG_IGN, signal.SIG_IGN, _stop_worker, set())] * 4
    assert signal.pthread_sigmask(signal.SIG_BLOCK, []) == set()  # the parent's mask is back


def test_the_workers_and_the_thread_feeding_them_start_with_the_stop_signals_blocked(monkeypatch, tmp_path):
    """A stop signal that reached a worker before :func:`quiet_worker` set its handlers would
    run the parent's (inherited by fork), and one taken by the feeding thread would leave the
    caller waiting for it: each starts with SIGINT, SIGTERM and SIGHUP blocked."""
    stops = set(SIGNAL_CODES)
    real_quiet, real_feed = workers.quiet_worker, workers._Feeder._feed
    fed_blocked = []

    def quiet_noting_its_mask() -> None:
        (tmp_path / str(os.getpid())).write_text(repr(sorted(signal.pthread_sigmask(signal.SIG_BLOCK, []))))
        real_quiet()

    def feed_noting_its_mask(self, *args):
        fed_blocked.append(signal.pthread_sigmask(signal.SIG_BLOCK, []))
        return real_feed(self, *args)

    monkeypatch.setattr(workers, "quiet_worker", quiet_noting_its_mask)
    monkeypatch.setattr(workers._Feeder, "_feed", feed_noting_its_mask)
    assert list(ordered_map(_square, range(4), 2)) == [0, 1, 4, 9]
    noted = [path.read_text() for path in tmp_path.iterdir()]
    assert len(noted) == 2 and all(mask == repr(sorted(stops)) for mask in noted), noted
    assert len(fed_blocked) == 1 and stops <= fed_blocked[0]


def test_a_worker_stopped_alone_by_sigterm_ends_by_it_and_is_an_interruption():
    """SIGTERM sent to one worker (not the group) ends it by that signal after its clean-up,
    and the parent stops as interrupted (143), not as by a worker's failure (70)."""
    results = ordered_map(_square, range(10_000), 2)
    assert next(results) == 0
    (worker, *_) = multiprocessing.active_children()
    os.kill(worker.pid, signal.SIGTERM)
    worker.join(60)  # a hang guard
    assert worker.exitcode == -signal.SIGTERM
    with pytest.raises(Interrupted) as stopped:
        list(results)
    assert stopped.value.code == 143 and multiprocessing.active_children() == []


def _terminated_then_marked(folder: str) -> None:
    os.kill(os.getpid(), signal.SIGTERM)  # as the group's SIGTERM and then the parent's both reach it
    _mark_end(folder)


@pytest.mark.parametrize("stop_early", [False, True])
def test_a_second_sigterm_does_not_cut_a_worker_s_clean_up_short(tmp_path, stop_early):
    """A worker's clean-up (``at_end``: ending its bot programs) runs to its end even when a
    SIGTERM arrives during it."""
    import functools

    _squares_with(functools.partial(_terminated_then_marked, str(tmp_path)), stop_early)
    assert len(list(tmp_path.iterdir())) == 2


def _deaf_and_stuck_after_zero(n: int) -> int:
    """0, then never an answer, deaf to SIGTERM (as a bot that loops catching WorkerStopped)."""
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    if n:
        threading.Event().wait()
    return n


def test_a_worker_that_does_not_end_on_sigterm_is_killed(monkeypatch):
    monkeypatch.setattr(workers, "_STOP_WAIT", 0.2)  # how long it is waited for, not a check
    results = ordered_map(_deaf_and_stuck_after_zero, range(100), 2)
    assert next(results) == 0
    results.close()
    left = multiprocessing.active_children()
    for process in left:
        process.kill()
    assert left == []


def _parent(_: object) -> int:
    return os.getppid()


@pytest.mark.skipif(sys.platform != "linux", reason="Python 3.14's default start method on Linux")
def test_the_workers_are_forked_where_python_starts_processes_by_forkserver():
    """Python 3.14 starts processes by forkserver on Linux unless told: the workers, which
    must start with the stop signals blocked (so that a SIGTERM ends one only after its
    clean-up, which a worker the forkserver started often missed when the work stopped
    early), are still this process's forks."""
    multiprocessing.set_start_method("forkserver", force=True)
    try:
        parents = list(ordered_map(_parent, range(4), 2))
    finally:
        multiprocessing.set_start_method(None, force=True)
    assert parents == [os.getpid()] * 4


def _children(pid: int) -> list[int]:
    for _ in range(200):  # the workers are started before the first line is written
        out = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout
        if found := [int(p) for p in out.split()]:
            return found
        time.sleep(0.05)
    raise AssertionError("no worker processes")


def test_a_killed_worker_is_a_clear_error_not_a_hang():
    """A worker killed by a signal is said so (signal 9), as a bot program's end is: it was
    'exit status -9', a status no process can have."""
    proc = subprocess.Popen(
        [*CASINO, "simulate", "--seed", "1", "--games", "100000", "--jobs", "2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    proc.stdout.readline()
    os.kill(_children(proc.pid)[0], signal.SIGKILL)  # as the kernel's out-of-memory killer does
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 70, err
    assert b"a worker process ended unexpectedly (signal 9) (in games " in err and b"Traceback" not in err


def test_the_workers_of_a_killed_command_end_and_release_its_output():
    """The command killed (SIGKILL: no clean-up of its own), each worker sees its pipe end
    and ends quietly, so a reader of the command's output is not left waiting for ever."""
    proc = subprocess.Popen(
        [*CASINO, "simulate", "--seed", "1", "--games", "100000", "--jobs", "2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    proc.stdout.readline()
    workers = _children(proc.pid)
    proc.kill()
    try:
        _, err = proc.communicate(timeout=60)  # the end of the output: the workers hold it too
    finally:
        for pid in workers:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
    assert b"Traceback" not in err, err


def test_the_workers_are_forked_before_ordered_map_returns():
    """So a command can start them before its progress bar's thread (no fork from a
    process with threads); dropping the iterator unstarted ends them."""
    results = ordered_map(_square, range(10), 2)
    assert len(multiprocessing.active_children()) == 2
    del results
    assert multiprocessing.active_children() == []


def test_commands_fork_their_workers_before_the_progress_bar_starts(monkeypatch, capsysbinary, tmp_path):
    """A progress bar runs a thread; the workers must be forked before it starts."""
    from casino_cli.cli import cmd_match, cmd_review, cmd_simulate
    from casino_cli.cli.output import Format

    children_seen = []

    class Bar:
        def __init__(self, label, total=None, after=False):
            children_seen.append(len(multiprocessing.active_children()))

        def advance(self):
            pass

        def close(self):
            pass

    for module in (cmd_match, cmd_simulate, cmd_review):
        monkeypatch.setattr(module, "Progress", Bar)
    cmd_simulate.run_simulate(16, "f", "classic", 2, None, [], "greedy,random", 1, 2)  # two chunks of 8 games
    cmd_match.run_match_command("greedy", "random", 3, "f", "classic", 2, None, [], 1, 1, 2, Format.json)
    records = tmp_path / "two.jsonl"  # review --jobs 2: a bar of the stream's records, none of each one's moves
    records.write_bytes(b"".join(capsysbinary.readouterr().out.splitlines(keepends=True)[:2]))
    cmd_review.run_review(str(records), 3, "f", Format.json, 2)
    out = capsysbinary.readouterr().out.splitlines()
    assert len(out) == 2 and children_seen == [2, 2, 2]


@pytest.mark.parametrize("command", [["simulate", "--games", "6"], ["match", "greedy", "random", "--pairs", "3"]])
def test_a_command_with_a_progress_bar_forks_before_any_thread(command):
    """With stderr on a terminal the progress bar's thread runs; no worker is forked after
    it starts (on Python 3.12+ such a fork warns, and the warning is shown here)."""
    import pty

    leader, follower = pty.openpty()
    try:
        res = subprocess.run(
            [
                sys.executable,
                "-W",
                "always::DeprecationWarning",
                "-m",
                "casino_cli",
                *command,
                "--seed",
                "f",
                "--jobs",
                "2",
            ],
            stdout=subprocess.PIPE,
            stderr=follower,
            timeout=120,
            env={**os.environ, "TERM": "xterm"},  # a terminal that draws the bar (TERM=dumb draws none)
        )
        os.close(follower)
        shown = b""
        while True:
            try:
                chunk = os.read(leader, 65536)
            except OSError:  # the terminal's other end is closed: all of it is read
                break
            if not chunk:
                break
            shown += chunk
    finally:
        os.close(leader)
    assert res.returncode == 0 and res.stdout, shown.decode(errors="replace")
    assert b"multi-threaded" not in shown and b"Warning" not in shown


@pytest.mark.parametrize(("items", "chunksize", "workers"), [(3, 1, 3), (20, 8, 3), (9, 8, 2), (1, 8, 1)])
def test_no_more_workers_start_than_there_are_chunks_of_work(tmp_path, items, chunksize, workers):
    """``--jobs 200`` for a few games starts a worker per chunk of them, not 200 (each worker
    marks its end: ``at_end``); with a single chunk the work is done here."""
    import functools

    at_end = functools.partial(_mark_end, str(tmp_path))
    results = ordered_map(_square, range(items), 200, chunksize=chunksize, at_end=at_end, size=items)
    assert list(results) == [n * n for n in range(items)]
    marks = [int(m.name) for m in tmp_path.iterdir()]
    assert len(marks) == workers and (workers > 1) == (os.getpid() not in marks)


def test_a_message_cut_short_on_a_dead_workers_pipe_does_not_stop_the_clean_up():
    """A worker stopped mid-send leaves a message that unpickles as anything: ending the
    programs it noted must not raise, and a word noted before the cut still counts."""
    from casino_cli.cli import workers

    mine, theirs = multiprocessing.Pipe()
    theirs.send((workers._PROGRAM, 2**22 + 12345, True))
    theirs.send_bytes(b"\x80\x05\x95 not a pickle")
    theirs.close()
    programs: set[int] = set()
    workers._end_programs(mine, programs)  # the pid is no process: killpg's error is suppressed
    assert programs == {2**22 + 12345}


def test_a_stop_that_lands_in_a_callback_ends_the_worker_without_a_traceback():
    """SIGTERM, the parent's stop, raises WorkerStopped wherever the worker is; landing in
    a callback (an import lock's, as a --jobs match that a bot ended once showed), Python
    printed 'Exception ignored in: …' and a traceback on stderr and the worker went on.
    The signal is now sent again, and the worker stops where it can unwind, saying nothing."""
    script = (
        "import os, signal, sys, time, weakref\n"
        "from casino_cli.cli.process import WorkerStopped, quiet_worker\n"
        "quiet_worker()\n"
        "class Thing: pass\n"
        "def callback(_):\n"
        "    os.kill(os.getpid(), signal.SIGTERM)\n"
        "    for _ in range(10_000): pass  # the handler runs here, inside the callback\n"
        "thing = Thing(); ref = weakref.ref(thing, callback)\n"
        "try:\n"
        "    del thing\n"
        "    for _ in range(500): time.sleep(0.01)  # the worker's work goes on: the stop comes again\n"
        "    print('went on')\n"
        "except WorkerStopped:\n"
        "    print('stopped')\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert (done.stdout, done.stderr) == ("stopped\n", "")

"""Shared helpers of the benchmark scripts: pinning to one core, machine facts,
positions from seeded random play, printing a table or one JSON object, and the head of
the ``--jobs 1`` v ``--jobs 2`` scripts.

Not a benchmark itself. The scripts import it as ``_common`` (they run as
``python bench/NAME.py``, so this directory is first on ``sys.path``).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from casino_cli import ENGINE_DESCRIPTION
from casino_cli.engine import groups, legal_moves, listing, make_rules, play_judged, seeded_deck, start_position


def _cpu() -> float:
    """CPU time used so far by this process and its finished children."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


_WALL0, _CPU0 = time.perf_counter(), _cpu()  # for the CPU share printed with the figures (see report)

# The configurations benchmarked: (label, variant, players). 4 players means partnerships.
CONFIGS = [
    ("classic 2p", "classic", 2),
    ("royal 2p", "royal", 2),
    ("american-royal 2p", "american-royal", 2),
    ("classic 4p", "classic", 4),
    ("royal 4p", "royal", 4),
]


def bytecode_env() -> dict[str, str]:
    """An environment for timed children: bytecode cached (in a folder of its own, so nothing
    is written into the tree), as for an installed package, even where the shell sets
    PYTHONDONTWRITEBYTECODE (then every start would compile casino_cli from source)."""
    env = dict(os.environ, PYTHONPYCACHEPREFIX=str(Path(tempfile.gettempdir()) / "casino-bench-pycache"))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def child_cpu(cmd: list[str], env: dict[str, str], out=subprocess.DEVNULL) -> float:
    """CPU time (user + system, from ``os.wait4``) of one run of ``cmd`` with stdout to ``out``;
    fails loudly on an exit code other than 0."""
    proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.PIPE, env=env)
    err = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode:
        sys.exit(f"{' '.join(cmd)} exited {proc.returncode}: {err.decode()[-500:]}")
    return usage.ru_utime + usage.ru_stime


def pin_one_core() -> str:
    """Run on CPU 0 only (children started later inherit it); say what was done."""
    if hasattr(os, "sched_setaffinity"):
        try:
            os.sched_setaffinity(0, {0})
            return "pinned to CPU 0 (os.sched_setaffinity)"
        except OSError as exc:
            return f"not pinned ({exc})"
    return "not pinned (os.sched_setaffinity unavailable)"


def machine_facts(pinning: str) -> dict:
    """The facts to record next to any figure: the engine timed (compiled or pure: its
    figures differ 3-4 times), cores, Python, load at the start."""
    load = os.getloadavg() if hasattr(os, "getloadavg") else None
    return {
        "nproc": os.cpu_count(),
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "platform": platform.platform(),
        "commit": project_commit(),
        "engine": ENGINE_DESCRIPTION,
        "pinning": pinning,
        "loadavg_start": [round(x, 2) for x in load] if load else None,
    }


def clear_caches() -> None:
    """Forget the engine's memo tables (module-level dicts named ``*_cache`` in the
    listing's modules, e.g. group sums by loose set), so a timed pass starts cold, as a
    fresh ``casino`` process would. Per-rule-set tables (built once) are left alone."""
    for module in (groups, listing):
        for name, value in vars(module).items():
            if name.endswith("_cache") and isinstance(value, dict):
                value.clear()


def project_commit() -> str | None:
    """The project's git commit (``+dirty`` if casino_cli/ has changes): the engine being timed."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    try:
        head = subprocess.run(
            ["git", "-C", root, "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=True
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "-C", root, "status", "--porcelain", "--", "casino_cli"], capture_output=True, text=True
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return None
    return head + ("+dirty" if dirty else "")


def random_hand(rules, seed: str, rng: random.Random, visit=None) -> int:
    """Play one hand from seeded_deck(seed) with uniformly random legal moves.

    ``visit(pos)`` is called on every position with a player to move. Returns the move count."""
    pos = start_position(rules, seeded_deck(seed), rules.players - 1)
    played = 0
    while not pos.finished:
        if visit is not None:
            visit(pos)
        choices = legal_moves(pos)
        i = rng.randrange(len(choices.moves))
        pos = play_judged(pos, choices.moves[i], choices.facts[i])
        played += 1
    return played


def collect_positions(variant: str, players: int, count: int, seed: str) -> list:
    """The first ``count`` positions (player to move) met in seeded random play."""
    rules = make_rules(variant, players)
    rng = random.Random(f"{seed}/{variant}/{players}")
    out: list = []
    hand = 0
    while len(out) < count:
        hand += 1
        random_hand(rules, f"{seed}/{variant}/{players}/{hand}", rng, out.append)
    return out[:count]


def report(title: str, header: list[str], rows: list[list], figures: dict, facts: dict, as_json: bool) -> None:
    """Print the figures as one JSON object (``as_json``, from --json) or as an aligned table."""
    # CPU time of this process and its finished children over wall time since this module
    # loaded: near 1.0 when the core was ours; well below, other work shared it (noisy timings).
    facts = dict(facts, cpu_share=round((_cpu() - _CPU0) / (time.perf_counter() - _WALL0), 2))
    if as_json:
        print(json.dumps({"benchmark": title, "machine": facts, **figures}))
        return
    cells = [header] + [[str(c) for c in row] for row in rows]
    widths = [max(len(r[k]) for r in cells) for k in range(len(header))]
    print(title)
    print(
        f"[commit {facts['commit']}; engine {facts['engine']}; {facts['pinning']}; nproc {facts['nproc']}; Python {facts['python']}; "
        f"load {facts['loadavg_start']}; cpu share {facts['cpu_share']}]"
    )
    for i, row in enumerate(cells):
        print("  ".join(c.rjust(w) if k else c.ljust(w) for k, (c, w) in enumerate(zip(row, widths))))
        if i == 0:
            print("  ".join("-" * w for w in widths))


def wall_rounds(commands: dict[str, list[str]], rounds: int) -> dict[str, list[float]]:
    """Each command run ``rounds`` times, interleaved: its wall times (the point of more
    workers is to finish sooner; their CPU time is spent in other processes). Every run must
    print the same bytes."""
    times: dict[str, list[float]] = {name: [] for name in commands}
    outputs = set()
    for _ in range(rounds):
        for name, cmd in commands.items():
            start = time.perf_counter()
            outputs.add(subprocess.run(cmd, capture_output=True, check=True).stdout)
            times[name].append(time.perf_counter() - start)
    assert len(outputs) == 1, f"{', '.join(commands)} printed different output"
    return times


def print_wall(times: dict[str, list[float]], width: int) -> None:
    """Best and median wall time of each command, and its speed against the first."""
    one = next(iter(times.values()))
    for name, t in times.items():
        print(
            f"{name:{width}} best {min(t):6.2f} s  median {statistics.median(t):6.2f} s  "
            f"speed vs {next(iter(times))}: best {min(one) / min(t):4.2f}x  "
            f"median {statistics.median(one) / statistics.median(t):4.2f}x"
        )


CASINO = [sys.executable, "-m", "casino_cli"]


def jobs_args(doc: str, items: str, default: int) -> argparse.Namespace:
    """The command line of a ``--jobs`` script: how many ``items`` in the stream, and rounds."""
    ap = argparse.ArgumentParser(description=doc.splitlines()[0])
    ap.add_argument(f"--{items}", type=int, default=default, help=f"{items} in the stream (default {default})")
    ap.add_argument("--rounds", type=int, default=3, help="runs of each command, interleaved (default 3)")
    return ap.parse_args()


def compare_jobs(title: str, stream: bytes, command: list[str], rounds: int) -> None:
    """``casino COMMAND[0] STREAM COMMAND[1:]`` with --jobs 1 and --jobs 2, ``rounds`` times
    each, interleaved (the stream in a file: made once, not timed); their wall times printed
    under ``title``, with the machine's facts (not pinned: the point is to use two cores)."""
    facts = machine_facts("not pinned (the point is to use both cores)")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "stream.jsonl"
        path.write_bytes(stream)
        runs = {f"--jobs {j}": [*CASINO, command[0], str(path), *command[1:], "--jobs", str(j)] for j in (1, 2)}
        times = wall_rounds(runs, rounds)
    print(f"{title}, {rounds} interleaved rounds, wall time")
    print(f"[{facts}]")
    print_wall(times, 9)


def casino_output(*args: str, stdin: bytes | None = None) -> bytes:
    """What ``casino ARGS`` prints (its exit status must be 0)."""
    return subprocess.run([*CASINO, *args], input=stdin, capture_output=True, check=True).stdout

"""The command line as users meet it: ``casino validate`` throughput and the
start-up cost of a small ``casino moves``.

(a) Records validated per second: ``casino simulate --games N --seed bench``
    (classic, 2 players, random bots) writes N game records as JSON Lines into a
    temporary file (not timed); then ``casino validate FILE`` is run --repeat times
    with subprocess and the best CPU time counts. The rate includes process
    start-up (see (b) for its size).
(b) CPU time of ``casino moves fixtures/examples/worked-1.json`` (a 6-card table),
    next to ``python -c 'import orjson'`` (the interpreter plus the one compiled
    dependency: the floor for any Python CLI reading JSON), ``casino --version`` and
    the same ``casino moves`` parsed by typer (cli/main.py, without the fast path),
    --runs runs of each, interleaved, best and median; and the ratio moves / orjson.

Every command uses the current interpreter (sys.executable) and the ``casino``
script beside it, output to /dev/null, bytecode cached as for an installed package;
a child's CPU time (user + system, from os.wait4) is what is measured. One core: this process pins itself to
CPU 0 (os.sched_setaffinity, where available) and the children inherit it.
Usage: python bench/cli.py [--games N] [--repeat N] [--runs N] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from _common import bytecode_env, child_cpu, machine_facts, pin_one_core, report

HERE = Path(__file__).resolve().parent
SMALL_POSITION = HERE.parent / "fixtures" / "examples" / "worked-1.json"
BIN = Path(sys.executable).parent  # the venv's bin/ (not resolved: keep the venv's python)
CASINO = str(BIN / "casino")
# the command line with typer parsing every command (no fast path), loaded as entry.run loads
# it where the fast path leaves the words to typer: what the fast path saves
TYPER_RUN = "import sys; from casino_cli.cli.quick import load; load('.main').run(sys.argv[1:])"


ENV = bytecode_env()


def cpu(cmd: list[str]) -> float:
    """CPU time (user + system) of one run of ``cmd``, output to /dev/null."""
    return child_cpu(cmd, ENV)


def validate_rate(games: int, repeat: int) -> dict:
    """(a): generate the records, then time ``casino validate`` on them."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "records.jsonl"
        with open(path, "wb") as out:
            subprocess.run([CASINO, "simulate", "--games", str(games), "--seed", "bench"], stdout=out, check=True)
        lines = path.read_bytes().splitlines()
        moves = sum(len(hand["moves"]) for line in lines for hand in json.loads(line)["hands"])
        best = min(cpu([CASINO, "validate", str(path)]) for _ in range(repeat))
        size = path.stat().st_size
    return {
        "records": len(lines),
        "moves": moves,
        "bytes": size,
        "best_seconds": round(best, 4),
        "records_per_s": round(len(lines) / best, 1),
        "moves_per_s": round(moves / best),
    }


def startup(runs: int) -> dict:
    """(b): interleaved runs of the three commands; best and median of each."""
    commands = {
        "casino moves (small position)": [CASINO, "moves", str(SMALL_POSITION), "--format", "json"],
        "python -c 'import orjson'": [sys.executable, "-c", "import orjson"],
        "casino --version": [CASINO, "--version"],
        "the same moves through typer": [sys.executable, "-c", TYPER_RUN, "moves", str(SMALL_POSITION), "-f", "json"],
    }
    times: dict[str, list[float]] = {name: [] for name in commands}
    for cmd in commands.values():  # one untimed run each: warm the OS file cache and the bytecode
        cpu(cmd)
    for _ in range(runs):
        for name, cmd in commands.items():
            times[name].append(cpu(cmd))
    return {
        name: {"best_ms": round(min(t) * 1e3, 1), "median_ms": round(statistics.median(t) * 1e3, 1)}
        for name, t in times.items()
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=500, help="records to validate (default 500)")
    ap.add_argument("--repeat", type=int, default=3, help="validate runs, best counts (default 3)")
    ap.add_argument("--runs", type=int, default=20, help="runs of each start-up command (default 20)")
    ap.add_argument("--json", action="store_true", help="print one JSON object instead of tables")
    args = ap.parse_args()
    if not os.access(CASINO, os.X_OK):
        sys.exit(f"no casino script next to {sys.executable}; install the project in this venv")
    facts = machine_facts(pin_one_core())

    val = validate_rate(args.games, args.repeat)
    start = startup(args.runs)
    moves_t, orjson_t = start["casino moves (small position)"], start["python -c 'import orjson'"]
    ratio = {
        "best": round(moves_t["best_ms"] / orjson_t["best_ms"], 2),
        "median": round(moves_t["median_ms"] / orjson_t["median_ms"], 2),
    }

    rows = [
        [
            f"casino validate ({val['records']} records, {val['moves']} moves, {val['bytes']} B)",
            f"{val['best_seconds'] * 1e3:.0f}",
            "",
            f"{val['records_per_s']} records/s, {val['moves_per_s']} moves/s",
        ]
    ]
    rows += [[name, t["best_ms"], t["median_ms"], ""] for name, t in start.items()]
    rows.append(["ratio casino moves / import orjson", ratio["best"], ratio["median"], ""])
    report(
        "cli: casino validate throughput and command start-up (CPU time of the child, ms)",
        ["command", "best ms", "median ms", "rate"],
        rows,
        {
            "casino": CASINO,
            "validate": val,
            "validate_repeat": args.repeat,
            "startup_runs": args.runs,
            "startup": start,
            "ratio_moves_to_orjson": ratio,
        },
        facts,
        args.json,
    )
    if not args.json:
        print(f"(validate: best of {args.repeat}, start-up included; start-up: {args.runs} interleaved runs each)")


if __name__ == "__main__":
    main()

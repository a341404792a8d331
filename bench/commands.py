"""The pipeline commands on many records: two versions of the project side by side, interleaved.

``python bench/commands.py OLD_TREE [--new TREE] [--games N] [--rounds N] [--only WORD]``
makes its inputs once (``casino simulate --games N --seed bench``, classic 2 players and
royal 4 players in partnerships; the classic records as casino text; every 10th position of
their replay; the first record alone, for the commands a script runs once a record), then
runs each command below once untimed (the bytecode cached) and --rounds times with
``PYTHONPATH=OLD_TREE`` and with ``PYTHONPATH`` the new tree (default: this one),
alternately, through the ``casino`` script beside ``sys.executable``. It prints per command
the CPU time (user + system of the child, from ``os.wait4``) of each, best and median, their
ratio old / new (above 1: the new one is faster), and whether both printed the same bytes
(a speed-up must not change the output). Ratios measured in one run are the figures to
quote on a shared machine.
"""

from __future__ import annotations

import argparse
import hashlib
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from _common import bytecode_env, child_cpu, machine_facts, pin_one_core

HERE = Path(__file__).resolve().parent
CASINO = str(Path(sys.executable).parent / "casino")
# name: the arguments, where RECORDS, ROYAL, TEXT, POSITIONS and ONE (the first record) are the input files
COMMANDS = {
    "validate": ["validate", "RECORDS"],
    "validate royal 4p": ["validate", "ROYAL"],
    "validate .cas": ["validate", "TEXT"],
    "score": ["score", "RECORDS"],
    "replay -f text": ["replay", "-f", "text", "RECORDS"],
    "replay (jsonl)": ["replay", "RECORDS"],
    "convert --to text": ["convert", "--to", "text", "RECORDS"],
    "convert --to json": ["convert", "--to", "json", "TEXT"],
    "moves (positions)": ["moves", "POSITIONS"],
    "moves -f text": ["moves", "-f", "text", "POSITIONS"],
    "judge (one record)": ["judge", "ONE", "--hand", "2", "--move", "10"],
    "replay -f text (one)": ["replay", "-f", "text", "ONE"],
    "convert (one record)": ["convert", "ONE"],
    "simulate greedy": ["simulate", "--games", "GAMES", "--seed", "bench", "--bots", "greedy,greedy"],
}


def make_inputs(folder: Path, games: int) -> dict[str, str]:
    """The input files (not timed), by the names COMMANDS uses."""
    files = {name: folder / f"{name.lower()}{ext}" for name, ext in (("RECORDS", ".jsonl"), ("ROYAL", ".jsonl"))}
    files |= {"TEXT": folder / "records.cas", "POSITIONS": folder / "positions.jsonl", "ONE": folder / "one.json"}
    simulate = [CASINO, "simulate", "--games", str(games), "--seed", "bench"]
    files["RECORDS"].write_bytes(subprocess.run(simulate, capture_output=True, check=True).stdout)
    royal = [*simulate, "--variant", "royal", "--players", "4"]
    files["ROYAL"].write_bytes(subprocess.run(royal, capture_output=True, check=True).stdout)
    files["ONE"].write_bytes(files["RECORDS"].read_bytes().split(b"\n", 1)[0])
    text = [CASINO, "convert", "--to", "text", str(files["RECORDS"])]
    files["TEXT"].write_bytes(subprocess.run(text, capture_output=True, check=True).stdout)
    steps = subprocess.run([CASINO, "replay", str(files["RECORDS"])], capture_output=True, check=True).stdout
    files["POSITIONS"].write_bytes(b"".join(steps.splitlines(keepends=True)[9::10]))
    return {name: str(path) for name, path in files.items()} | {"GAMES": str(max(games // 5, 1))}


def timed(args: list[str], tree: Path, out: Path) -> tuple[float, str]:
    """CPU time of ``casino ARGS`` importing ``tree``'s casino_cli, and a digest of its stdout."""
    with open(out, "wb") as sink:
        seconds = child_cpu([CASINO, *args], {**ENV, "PYTHONPATH": str(tree)}, sink)
    return seconds, hashlib.sha256(out.read_bytes()).hexdigest()


ENV = bytecode_env()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("old", type=Path, help="the other tree (its casino_cli/ is imported)")
    ap.add_argument("--new", type=Path, default=HERE.parent, help="the tree to compare with it (default: this one)")
    ap.add_argument("--games", type=int, default=500, help="records of each input (default 500)")
    ap.add_argument("--rounds", type=int, default=5, help="runs of each, interleaved (default 5)")
    ap.add_argument("--only", default="", help="only the commands whose name holds this word")
    args = ap.parse_args()
    trees = {"old": args.old.resolve(), "new": args.new.resolve()}
    facts = machine_facts(pin_one_core())
    commands = {name: cmd for name, cmd in COMMANDS.items() if args.only in name}
    seen: dict[str, dict[str, list[float]]] = {name: {"old": [], "new": []} for name in commands}
    digests: dict[str, set[str]] = {name: set() for name in commands}
    with tempfile.TemporaryDirectory() as tmp:
        inputs = make_inputs(Path(tmp), args.games)
        for warm_up in [True] + [False] * args.rounds:
            for name, cmd in commands.items():
                for which, tree in trees.items():
                    seconds, digest = timed([inputs.get(a, a) for a in cmd], tree, Path(tmp) / "out")
                    digests[name].add(digest)
                    if not warm_up:
                        seen[name][which].append(seconds)
    print(f"new {trees['new']} vs old {trees['old']}: --games {args.games}, {args.rounds} interleaved rounds, CPU s")
    print(f"[{facts['pinning']}; nproc {facts['nproc']}; Python {facts['python']}; load {facts['loadavg_start']}]")
    print(f"{'command':20} {'old best':>9} {'new best':>9} {'old/new best':>12} {'old/new median':>14}  same output")
    for name, times in seen.items():
        old, new = times["old"], times["new"]
        print(
            f"{name:20} {min(old):9.3f} {min(new):9.3f} {min(old) / min(new):12.2f}"
            f" {statistics.median(old) / statistics.median(new):14.2f}  {'yes' if len(digests[name]) == 1 else 'NO'}"
        )


if __name__ == "__main__":
    main()

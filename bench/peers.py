"""This engine next to two public Casino engines, a C++ one and a Go one: random full
2-player hands per CPU second each, interleaved in one run.

The peers are fetched at run time into a temporary folder (``git clone``; never
vendored): by default github.com/Genesis-Grid-Lab/kasino (C++, its game logic only)
and github.com/dkmccandless/cassino (Go). ``--cpp`` and ``--go`` name other clones or
local git folders of them. Each is built with a small driver of ours (bench/peers/*:
it plays N hands with the peer's own functions and prints the hands and the CPU time
of its loop); where git cannot fetch a peer, or its toolchain (g++, go) is missing,
the script says so and skips that peer. This engine plays classic 2-player hands with
uniformly random legal moves (bench/_common.random_hand), timed with
time.process_time. --rounds rounds, each running every engine once in turn; best and
median hands per CPU second, and each peer's speed as a multiple of ours.

The engines do not implement the same game: the C++ peer lists fewer kinds of move
(one subset-sum group per capture, no multiple builds), the Go peer has no move
listing at all (its driver's player only trails or takes single piles). The ratios
say how far apart the implementations are, not who is right.
Usage: python bench/peers.py [--hands N] [--rounds N] [--cpp URL] [--go URL]
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from _common import machine_facts, pin_one_core, random_hand

from casino_cli import ENGINE
from casino_cli.engine import make_rules

HERE = Path(__file__).resolve().parent / "peers"
CPP_URL = "https://github.com/Genesis-Grid-Lab/kasino"
GO_URL = "https://github.com/dkmccandless/cassino"
OURS = (
    "casino-cli (compiled)" if ENGINE == "compiled" else "casino-cli (pure Python)"
)  # which of ours ran: 3-4 times apart
GO_MODULE = "github.com/dkmccandless/cassino"

Runner = Callable[[int], tuple[int, float]]  # hands -> (hands played, CPU seconds)


def ours(hands: int) -> tuple[int, float]:
    """This engine: ``hands`` random classic 2-player hands, CPU time of this process."""
    rules = make_rules("classic", 2)
    rng = random.Random("peers")
    start = time.process_time()
    for i in range(hands):
        random_hand(rules, f"peers/{i}", rng)
    return hands, time.process_time() - start


def _git_fetch(url: str, into: Path, paths: list[str]) -> str | None:
    """Clone ``url`` into ``into`` with only ``paths`` checked out; None, or why not."""
    for cmd in (
        ["git", "clone", "--quiet", "--depth", "1", "--no-checkout", url, str(into)],
        ["git", "-C", str(into), "checkout", "--quiet", "HEAD", "--", *paths],
    ):
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
        if proc.returncode:
            return (
                f"cannot fetch {url}: {proc.stderr.strip().splitlines()[-1] if proc.stderr.strip() else 'git failed'}"
            )
    return None


def _driver(binary: Path) -> Runner:
    def run(hands: int) -> tuple[int, float]:
        out = subprocess.run([str(binary), str(hands)], capture_output=True, text=True, check=True).stdout.split()
        return int(out[0]), float(out[1])

    return run


def cpp_peer(url: str, work: Path) -> Runner | str:
    """Build the C++ peer's game logic with bench/peers/kasino_driver.cpp, or say why not."""
    compiler = shutil.which("g++")
    if compiler is None:
        return "no C++ compiler (g++) on PATH"
    src = work / "kasino"
    why = _git_fetch(url, src, ["include/Kasino", "src/Kasino/GameLogic.cpp"])
    if why:
        return why
    binary = work / "kasino_driver"
    proc = subprocess.run(
        [compiler, "-O2", "-std=c++17", f"-I{HERE / 'stub'}", f"-I{src / 'include'}",
         str(HERE / "kasino_driver.cpp"), str(src / "src" / "Kasino" / "GameLogic.cpp"), "-o", str(binary)],
        capture_output=True, text=True,
    )  # fmt: skip
    if proc.returncode:
        return f"the C++ peer did not build: {proc.stderr.strip()[-300:]}"
    return _driver(binary)


def go_peer(url: str, work: Path) -> Runner | str:
    """Build the Go peer with bench/peers/cassino_driver.go, or say why not."""
    go = shutil.which("go")
    if go is None:
        return "no Go toolchain (go) on PATH"
    src = work / "cassino"
    why = _git_fetch(url, src, ["go.mod", "card", "game"])
    if why:
        return why
    main = work / "cassino_driver"
    main.mkdir()
    shutil.copy(HERE / "cassino_driver.go", main / "main.go")
    (main / "go.mod").write_text(
        f"module cassinodriver\n\ngo 1.16\n\nrequire {GO_MODULE} v0.0.0\n\nreplace {GO_MODULE} => {src}\n"
    )
    env = dict(os.environ, GOFLAGS="-mod=mod", GOPROXY="off", GOCACHE=str(work / "gocache"))
    proc = subprocess.run(
        [go, "build", "-o", str(work / "cassino_bin"), "."], cwd=main, capture_output=True, text=True, env=env
    )
    if proc.returncode:
        return f"the Go peer did not build: {proc.stderr.strip()[-300:]}"
    return _driver(work / "cassino_bin")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=300, help="hands of this engine per round (default 300)")
    ap.add_argument("--peer-hands", type=int, default=5000, help="hands of each peer per round (default 5000)")
    ap.add_argument("--rounds", type=int, default=5, help="rounds, each engine once per round (default 5)")
    ap.add_argument("--cpp", default=CPP_URL, help=f"the C++ peer's git URL or folder (default {CPP_URL})")
    ap.add_argument("--go", default=GO_URL, help=f"the Go peer's git URL or folder (default {GO_URL})")
    args = ap.parse_args()
    facts = machine_facts(pin_one_core())
    with tempfile.TemporaryDirectory(prefix="casino-peers-") as tmp:
        engines: dict[str, tuple[Runner, int]] = {OURS: (ours, args.hands)}
        for name, build, url in (("C++ peer (kasino)", cpp_peer, args.cpp), ("Go peer (cassino)", go_peer, args.go)):
            built = build(url, Path(tmp))
            if isinstance(built, str):
                print(f"skipped {name}: {built}", file=sys.stderr)
            else:
                engines[name] = (built, args.peer_hands)
        rates: dict[str, list[float]] = {name: [] for name in engines}
        for _ in range(args.rounds):
            for name, (run, hands) in engines.items():
                played, cpu = run(hands)
                rates[name].append(played / cpu)
    print(f"peers: random full 2-player hands per CPU second, {args.rounds} interleaved rounds")
    print(f"[commit {facts['commit']}; engine {facts['engine']}; {facts['pinning']}; nproc {facts['nproc']}; Python {facts['python']}; "
          f"{facts['platform']}; load {facts['loadavg_start']}]")  # fmt: skip
    base = rates[OURS]
    print(f"{'engine':26} {'best':>10} {'median':>10} {'x ours (best)':>14} {'x ours (median)':>16}")
    for name, r in rates.items():
        print(
            f"{name:26} {max(r):10.0f} {statistics.median(r):10.0f} {max(r) / max(base):14.1f}"
            f" {statistics.median(r) / statistics.median(base):16.1f}"
        )


if __name__ == "__main__":
    main()

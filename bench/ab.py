"""Two versions of the engine side by side: ``bench/hands.py`` under each, interleaved.

``python bench/ab.py OLD_TREE [--new TREE] [--rounds N] [-- HANDS_ARGS...]`` runs
``bench/hands.py --json`` alternately with ``PYTHONPATH=OLD_TREE`` (a checkout of another
commit, e.g. ``git worktree add /tmp/old HEAD~1``) and with this tree (or --new); with
``pure`` for OLD_TREE, the installed package with ``CASINO_ENGINE=python`` and as it is
(the compiled engine against the pure one), --rounds times each, and
prints per configuration the hands and listings per CPU second of each (best and
median over the rounds) and their ratio new / old. Ratios measured in one run are
the figures to quote on a shared machine; the absolute ones move with its load.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
FIGURES = ("hands_per_cpu_s", "listings_per_cpu_s_cold")


def run(tree: Path | None, args: list[str], pure: bool = False) -> dict[str, Any]:
    """``bench/hands.py --json ARGS`` with ``tree`` first on the import path (None: the
    installed package), with ``CASINO_ENGINE=python`` when ``pure``."""
    env = dict(os.environ)
    env.pop("CASINO_ENGINE", None)
    if tree is not None:
        env["PYTHONPATH"] = str(tree)
    if pure:
        env["CASINO_ENGINE"] = "python"
    out = subprocess.run(
        [sys.executable, str(HERE / "hands.py"), "--json", *args], env=env, capture_output=True, text=True, check=True
    ).stdout
    result: dict[str, Any] = json.loads(out)
    return result


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("old", type=Path, help="the other tree (its casino_cli/ is imported), or 'pure'")
    ap.add_argument("--new", type=Path, default=HERE.parent, help="the tree to compare with it (default: this one)")
    ap.add_argument("--rounds", type=int, default=5, help="runs of each, interleaved (default 5)")
    argv = sys.argv[1:]
    cut = argv.index("--") if "--" in argv else len(argv)
    args = ap.parse_args(argv[:cut])
    args.rest = argv[cut + 1 :]  # for bench/hands.py
    if str(args.old) == "pure":  # the installed package's two engines: pure (old) and as installed (new)
        trees: dict[str, Path | None] = {"old": None, "new": None}
    else:
        trees = {"old": args.old.resolve(), "new": args.new.resolve()}
    seen: dict[str, dict[tuple[str, str], list[float]]] = {name: {} for name in trees}
    for _ in range(args.rounds):
        for name, tree in trees.items():
            for row in run(tree, args.rest, pure=tree is None and name == "old")["results"]:
                for fig in FIGURES:
                    seen[name].setdefault((row["config"], fig), []).append(row[fig])
    names = ("the installed engine", "its pure engine") if trees["old"] is None else (trees["new"], trees["old"])
    print(f"new {names[0]} vs old {names[1]}: {args.rounds} interleaved rounds, CPU time")
    print(f"{'config':20} {'figure':26} {'old best':>10} {'new best':>10} {'ratio best':>10} {'ratio median':>12}")
    for key, old in seen["old"].items():
        new = seen["new"][key]
        print(
            f"{key[0]:20} {key[1]:26} {max(old):10.0f} {max(new):10.0f} {max(new) / max(old):10.3f}"
            f" {statistics.median(new) / statistics.median(old):12.3f}"
        )


if __name__ == "__main__":
    main()

"""A truncated listing is a function of the position alone (docs/rules.md, Crowded tables).

tests/crowded_listings.py prints bounded listings of crowded tables; it is run in fresh
interpreters under different ``PYTHONHASHSEED`` values, and with the search's sets
iterating in seeded random orders (as another interpreter or build might): every run
must print the same bytes.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import orjson

SCRIPT = Path(__file__).resolve().parent / "crowded_listings.py"


def _run(hash_seed: str, *args: str) -> bytes:
    env = dict(os.environ, PYTHONHASHSEED=hash_seed)
    if args:  # shuffling patches the pure engine's modules (a compiled engine binds its calls early)
        env["CASINO_ENGINE"] = "python"
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, check=True, env=env).stdout


def test_crowded_listings_do_not_depend_on_iteration_order() -> None:
    plain = _run("0")
    lines = [orjson.loads(line) for line in plain.splitlines()]
    assert sum(doc["truncated"] for doc in lines) >= len(lines) // 2  # the cut is exercised
    for hash_seed, shuffle in (("1", ()), ("12345", ()), ("0", ("1",)), ("7", ("2",)), ("random", ("3",))):
        assert _run(hash_seed, *shuffle) == plain, (hash_seed, shuffle)
